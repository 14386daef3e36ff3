package consulresolver

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

// deregisterTimeout bounds the deregistration on stop, so an unreachable agent cannot hold the
// shutdown past the pod's grace period (Consul then drops the instance itself once its check fails).
const deregisterTimeout = 5 * time.Second

// RegistrationFromEnv describes the instance serving on lis as it is announced when DISCOVERY=consul:
// the name is DISCOVERY_SERVICE_PREFIX + service (what consul:///<name> targets look up), tagged
// CONSUL_SERVICE_TAG; the address others dial is CONSUL_SERVICE_ADDRESS, else POD_IP (the chart sets
// it from the downward API), else the listener's own address when it is a specific one (a process on
// loopback in development); the port is the listener's.
func RegistrationFromEnv(service string, lis net.Listener) (Registration, error) {
	opts := discovery.OptionsFromEnv()
	tcp, ok := lis.Addr().(*net.TCPAddr)
	if !ok {
		return Registration{}, fmt.Errorf("consulresolver: %s listens on %s, not TCP", service, lis.Addr())
	}
	addr := firstNonEmpty(os.Getenv("CONSUL_SERVICE_ADDRESS"), os.Getenv("POD_IP"))
	if addr == "" && tcp.IP != nil && !tcp.IP.IsUnspecified() {
		addr = tcp.IP.String()
	}
	if addr == "" {
		return Registration{}, fmt.Errorf("consulresolver: %s listens on %s: set POD_IP or CONSUL_SERVICE_ADDRESS to the address other instances dial", service, lis.Addr())
	}
	reg := Registration{Name: opts.Prefix + service, Address: addr, Port: tcp.Port}
	if opts.ConsulTag != "" {
		reg.Tags = []string{opts.ConsulTag}
	}
	if v := strings.TrimSpace(os.Getenv("APP_RELEASE")); v != "" {
		reg.Meta = map[string]string{"version": v}
	}
	return reg, nil
}

// Announced wraps a service's composition root: with DISCOVERY=consul the instance is registered
// with the agent (CONSUL_HTTP_ADDR) once its listener is open, and deregistered as soon as the
// process is told to stop, while the server drains its in-flight calls, so clients stop picking it
// before it goes. In the other modes run is called as it is.
func Announced(service string, run app.RunFunc) app.RunFunc {
	return func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		if discovery.OptionsFromEnv().Mode != discovery.ModeConsul {
			return run(ctx, lis, log)
		}
		reg, err := RegistrationFromEnv(service, lis)
		if err != nil {
			return err
		}
		deregister, err := Register(ctx, nil, reg)
		if err != nil {
			return err
		}
		log.InfoContext(ctx, "registered in Consul", slog.String("name", reg.Name), slog.String("address", reg.Address), slog.Int("port", reg.Port))
		served := make(chan struct{})
		gone := make(chan struct{})
		go func() {
			defer close(gone)
			select {
			case <-ctx.Done():
			case <-served: // failed or stopped on its own: leave no instance behind that cannot answer
			}
			dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deregisterTimeout)
			defer cancel()
			if err := deregister(dctx); err != nil {
				log.WarnContext(ctx, "deregistering from Consul", slog.String("error", err.Error()))
			}
		}()
		err = run(ctx, lis, log)
		close(served)
		<-gone
		return err
	}
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}
