// Package discovered is how a gRPC service's cmd/<name>/main.go takes part in service discovery,
// the same way in every service: its peers are dialled as DISCOVERY says (static <NAME>_ADDR,
// consul:///<name> or kubernetes:///<name>.<namespace>:<port>, round robin over healthy instances),
// and with DISCOVERY=consul the service registers itself while it serves. The composition roots
// (services/<name>/<name>svc) stay unaware of it, so devstack runs them with static addresses.
package discovered

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/consulresolver"
	// The kubernetes:// resolver, registered for its side effect like consulresolver's consul://.
	_ "github.com/hostcart/checkout/libs/go/discovery-ext/k8sresolver"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

// Service wraps the composition root of service: before run starts, the peer addresses its
// configuration read (peer name → the config field holding <NAME>_ADDR) become dial targets of the
// DISCOVERY mode (discovery.ResolvePeers: a peer left empty stays uncalled), and run is announced in
// Consul when that is the mode (consulresolver.Announced).
func Service(service string, peers map[string]*string, run app.RunFunc) app.RunFunc {
	announced := consulresolver.Announced(service, run)
	return func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		if err := discovery.ResolvePeers(discovery.OptionsFromEnv(), peers); err != nil {
			return err
		}
		return announced(ctx, lis, log)
	}
}
