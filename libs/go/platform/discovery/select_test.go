package discovery

import (
	"strings"
	"testing"

	"google.golang.org/grpc/resolver"
)

// stubBuilder stands in for the resolvers of libs/go/discovery-ext, which this module does not import.
type stubBuilder struct{ scheme string }

func (b stubBuilder) Build(resolver.Target, resolver.ClientConn, resolver.BuildOptions) (resolver.Resolver, error) {
	return nil, nil
}
func (b stubBuilder) Scheme() string { return b.scheme }

func TestNewNeedsTheResolverRegistered(t *testing.T) {
	for _, mode := range []string{ModeConsul, ModeKubernetes} {
		if resolver.Get(mode) != nil {
			t.Skipf("a %s resolver is registered in this test binary", mode)
		}
		_, err := New(Options{Mode: mode}, "catalog")
		if err == nil || !strings.Contains(err.Error(), "discovery-ext") {
			t.Errorf("New(%s) = %v, want an error naming the package to import", mode, err)
		}
	}
	if _, err := New(Options{Mode: "etcd"}); err == nil {
		t.Error("New(etcd) succeeded")
	}
}

// Registers stubs for good (gRPC has no public unregistering): runs after the test above.
func TestFromEnvSelectsTargets(t *testing.T) {
	resolver.Register(stubBuilder{SchemeConsul})
	resolver.Register(stubBuilder{SchemeKubernetes})
	t.Setenv("CATALOG_ADDR", "127.0.0.1:7001")
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "127.0.0.1:7001"},
		{map[string]string{"DISCOVERY": "static"}, "127.0.0.1:7001"},
		{map[string]string{"DISCOVERY": "consul"}, "consul:///catalog"},
		{map[string]string{"DISCOVERY": "Consul", "CONSUL_SERVICE_TAG": "v2", "DISCOVERY_SERVICE_PREFIX": "shop-"}, "consul:///shop-catalog?tag=v2"},
		{map[string]string{"DISCOVERY": "kubernetes"}, "kubernetes:///catalog:grpc"},
		{map[string]string{"DISCOVERY": "kubernetes", "K8S_NAMESPACE": "shop", "K8S_PORT_NAME": "rpc", "DISCOVERY_SERVICE_PREFIX": "prod-hostcart-"}, "kubernetes:///prod-hostcart-catalog.shop:rpc"},
	} {
		for _, k := range []string{"DISCOVERY", "CONSUL_SERVICE_TAG", "DISCOVERY_SERVICE_PREFIX", "K8S_NAMESPACE", "K8S_PORT_NAME"} {
			t.Setenv(k, tc.env[k])
		}
		r, err := FromEnv("catalog")
		if err != nil {
			t.Fatalf("%v: %v", tc.env, err)
		}
		got, err := r.Target("catalog")
		if err != nil || got != tc.want {
			t.Errorf("%v: Target(catalog) = %q, %v, want %q", tc.env, got, err, tc.want)
		}
	}
}

// Runs after TestFromEnvSelectsTargets, which registered the stub resolvers.
func TestResolvePeersKeepsAbsentPeersAbsent(t *testing.T) {
	catalog, promotion := "10.0.0.7:9101", ""
	peers := map[string]*string{"catalog": &catalog, "promotion": &promotion}
	if err := ResolvePeers(Options{}, peers); err != nil || catalog != "10.0.0.7:9101" || promotion != "" {
		t.Fatalf("static: %v, catalog %q, promotion %q", err, catalog, promotion)
	}
	if err := ResolvePeers(Options{Mode: ModeKubernetes, Prefix: "shop-", Namespace: "prod"}, peers); err != nil {
		t.Fatal(err)
	}
	if catalog != "kubernetes:///shop-catalog.prod:grpc" || promotion != "" {
		t.Errorf("kubernetes: catalog %q, promotion %q", catalog, promotion)
	}
	catalog = "consul"
	if err := ResolvePeers(Options{Mode: ModeConsul, ConsulTag: "blue"}, peers); err != nil || catalog != "consul:///catalog?tag=blue" {
		t.Errorf("consul: %v, catalog %q", err, catalog)
	}
	if err := ResolvePeers(Options{Mode: "zookeeper"}, peers); err == nil {
		t.Error("an unknown mode was accepted")
	}
}
