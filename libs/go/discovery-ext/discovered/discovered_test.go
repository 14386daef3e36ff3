package discovered_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
)

// The composition root sees its peers as the mode's dial targets, and only the peers it was
// configured to call.
func TestServiceHandsRunTheDiscoveredPeers(t *testing.T) {
	for _, tc := range []struct {
		env                    map[string]string
		wantCatalog, wantPromo string
	}{
		{map[string]string{"DISCOVERY": ""}, "10.0.0.1:9101", ""},
		{map[string]string{"DISCOVERY": "kubernetes", "DISCOVERY_SERVICE_PREFIX": "shop-hostcart-", "K8S_NAMESPACE": "prod"}, "kubernetes:///shop-hostcart-catalog.prod:grpc", ""},
	} {
		for k, v := range tc.env {
			t.Setenv(k, v)
		}
		catalog, promotion := "10.0.0.1:9101", ""
		var seen [2]string
		run := discovered.Service("cart", map[string]*string{"catalog": &catalog, "promotion": &promotion},
			func(context.Context, net.Listener, *slog.Logger) error {
				seen = [2]string{catalog, promotion}
				return nil
			})
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		if err := run(context.Background(), lis, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		_ = lis.Close()
		if seen != [2]string{tc.wantCatalog, tc.wantPromo} {
			t.Errorf("%v: run saw catalog %q, promotion %q; want %q, %q", tc.env, seen[0], seen[1], tc.wantCatalog, tc.wantPromo)
		}
	}
}

// A mode the process cannot serve stops it before anything is served.
func TestServiceRefusesAnUnknownMode(t *testing.T) {
	t.Setenv("DISCOVERY", "zookeeper")
	ran := false
	err := discovered.Service("cart", nil, func(context.Context, net.Listener, *slog.Logger) error { ran = true; return nil })(context.Background(), nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil || ran {
		t.Errorf("err %v, ran %v", err, ran)
	}
}
