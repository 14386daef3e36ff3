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
