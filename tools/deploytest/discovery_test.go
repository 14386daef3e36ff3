package deploytest

import (
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"
)

// callers are the components that dial others (some <NAME>_ADDR in their environment).
func callers(t *testing.T, objs []object) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for name, d := range componentDeployments(objs) {
		env := configEnv(t, objs, d)
		for k := range env {
			if strings.HasSuffix(k, "_ADDR") {
				out[name] = env
				break
			}
		}
	}
	return out
}

// With discovery.mode kubernetes every component that calls others (the gateway, cart, customer,
// payment, order) gets what the kubernetes:// resolver (libs/go/discovery-ext/k8sresolver) needs:
// DISCOVERY and the parts of its targets (kubernetes:///<prefix><callee>.<namespace>:<port name>)
// naming Services that exist, the service account token, get/list/watch on endpointslices, and a
// way to the API server. The components that call nobody get none of it.
func TestKubernetesDiscovery(t *testing.T) {
	objs := renderValues(t, "kubernetes discovery", map[string]any{"discovery": map[string]any{"mode": "kubernetes"}})
	deps := componentDeployments(objs)
	clients := callers(t, objs)
	for _, want := range []string{"gateway", "cart", "customer", "payment", "order"} {
		if clients[want] == nil {
			t.Errorf("%s calls no peer", want)
		}
	}
	services := map[string]*corev1.Service{}
	for _, s := range ofKind[*corev1.Service](objs) {
		services[s.Name] = s
	}
	accounts := map[string]string{}
	for name, env := range clients {
		d := deps[name]
		prefix := strings.TrimSuffix(d.Name, name)
		for k, want := range map[string]string{"DISCOVERY": "kubernetes", "DISCOVERY_SERVICE_PREFIX": prefix, "K8S_NAMESPACE": namespace, "K8S_PORT_NAME": "grpc"} {
			if env[k] != want {
				t.Errorf("%s: %s=%q, want %q", name, k, env[k], want)
			}
		}
		for k := range env {
			callee, ok := strings.CutSuffix(k, "_ADDR")
			if !ok {
				continue
			}
			svc := prefix + strings.ToLower(strings.ReplaceAll(callee, "_", "-"))
			s := services[svc]
			if s == nil || !slices.ContainsFunc(s.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == env["K8S_PORT_NAME"] }) {
				t.Errorf("%s dials kubernetes:///%s.%s:%s, which is no Service port", name, svc, namespace, env["K8S_PORT_NAME"])
			}
		}
		accounts[d.Spec.Template.Spec.ServiceAccountName] = name
	}
	for name, d := range deps {
		mounted := d.Spec.Template.Spec.AutomountServiceAccountToken != nil && *d.Spec.Template.Spec.AutomountServiceAccountToken
		if mounted != (clients[name] != nil) {
			t.Errorf("%s: automountServiceAccountToken %v", name, mounted)
		}
		if clients[name] == nil && configEnv(t, objs, d)["DISCOVERY"] != "" {
			t.Errorf("%s: DISCOVERY is set, but it calls nobody", name)
		}
	}

	roles := map[string]*rbacv1.Role{}
	for _, r := range ofKind[*rbacv1.Role](objs) {
		roles[r.Name] = r
	}
	granted := map[string]bool{}
	for _, b := range ofKind[*rbacv1.RoleBinding](objs) {
		r := roles[b.RoleRef.Name]
		if b.RoleRef.Kind != "Role" || r == nil {
			t.Errorf("RoleBinding %s: Role %s is not rendered", b.Name, b.RoleRef.Name)
			continue
		}
		for _, s := range b.Subjects {
			client, ok := accounts[s.Name]
			if s.Kind != "ServiceAccount" || !ok || s.Namespace != namespace {
				t.Errorf("RoleBinding %s binds %s %s/%s, want only the ServiceAccounts of callers", b.Name, s.Kind, s.Namespace, s.Name)
				continue
			}
			for _, rule := range r.Rules {
				if slices.Contains(rule.APIGroups, "discovery.k8s.io") && slices.Contains(rule.Resources, "endpointslices") &&
					slices.Contains(rule.Verbs, "list") && slices.Contains(rule.Verbs, "watch") {
					granted[client] = true
				}
				if slices.Contains(rule.Verbs, "*") || slices.ContainsFunc(rule.Verbs, func(v string) bool { return v != "get" && v != "list" && v != "watch" }) {
					t.Errorf("Role %s grants %v: read only", r.Name, rule.Verbs)
				}
			}
		}
	}
	for name := range clients {
		if !granted[name] {
			t.Errorf("%s's ServiceAccount may not list and watch endpointslices", name)
		}
		var toAPI bool
		for _, p := range ofKind[*networkingv1.NetworkPolicy](objs) {
			if !selects(&p.Spec.PodSelector, deps[name].Spec.Template.Labels) || len(p.Spec.PodSelector.MatchLabels) < 2 {
				continue
			}
			for _, e := range p.Spec.Egress {
				if len(e.To) > 0 && e.To[0].IPBlock != nil && portMatches(e.Ports, 443) {
					toAPI = true
				}
			}
		}
		if !toAPI {
			t.Errorf("%s's NetworkPolicy does not let it reach the API server", name)
		}
	}
}

// With discovery.mode consul every component resolves its peers through the Consul agent, every
// gRPC service registers its pod's IP (downward API) so the agent can health-check it, and the
// NetworkPolicies let the components reach the agent and the agents reach the gRPC ports. Nothing
// gets Kubernetes API access.
func TestConsulDiscovery(t *testing.T) {
	objs := renderValues(t, "consul discovery", map[string]any{"discovery": map[string]any{"mode": "consul", "consul": map[string]any{"tag": "blue"}}})
	if n := len(ofKind[*rbacv1.Role](objs)); n != 0 {
		t.Errorf("%d Roles rendered", n)
	}
	consulNS := map[string]string{"kubernetes.io/metadata.name": "consul"}
	policies := ofKind[*networkingv1.NetworkPolicy](objs)
	for name, d := range componentDeployments(objs) {
		env := configEnv(t, objs, d)
		prefix := strings.TrimSuffix(d.Name, name)
		for k, want := range map[string]string{"DISCOVERY": "consul", "DISCOVERY_SERVICE_PREFIX": prefix, "CONSUL_HTTP_ADDR": "consul.consul.svc.cluster.local:8500", "CONSUL_SERVICE_TAG": "blue"} {
			if env[k] != want {
				t.Errorf("%s: %s=%q, want %q", name, k, env[k], want)
			}
		}
		if a := d.Spec.Template.Spec.AutomountServiceAccountToken; a == nil || *a {
			t.Errorf("%s: the service account token is mounted", name)
		}
		if d.Spec.Template.Spec.Containers[0].Ports[0].Name != "grpc" {
			continue // the gateway serves HTTP and registers nothing
		}
		port := grpcPort(d)
		var podIP bool
		for _, e := range d.Spec.Template.Spec.Containers[0].Env {
			podIP = podIP || e.Name == "POD_IP" && e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "status.podIP"
		}
		if !podIP {
			t.Errorf("%s: no POD_IP from the downward API to register", name)
		}
		var checked, toAgent bool
		for _, p := range policies {
			if !selects(&p.Spec.PodSelector, d.Spec.Template.Labels) || len(p.Spec.PodSelector.MatchLabels) < 2 {
				continue
			}
			for _, in := range p.Spec.Ingress {
				for _, from := range in.From {
					if from.NamespaceSelector != nil && selects(from.NamespaceSelector, consulNS) && portMatches(in.Ports, port) {
						checked = true
					}
				}
			}
			for _, e := range p.Spec.Egress {
				for _, to := range e.To {
					if to.NamespaceSelector != nil && selects(to.NamespaceSelector, consulNS) && portMatches(e.Ports, 8500) {
						toAgent = true
					}
				}
			}
		}
		if !checked || !toAgent {
			t.Errorf("%s: NetworkPolicy lets Consul health-check the gRPC port: %v, reach the agent: %v", name, checked, toAgent)
		}
	}
}

// By default (static discovery) no pod gets API access.
func TestStaticDiscoveryHasNoAPIAccess(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		if n := len(ofKind[*rbacv1.Role](objs)) + len(ofKind[*rbacv1.RoleBinding](objs)); n != 0 {
			t.Errorf("%d Roles and RoleBindings rendered", n)
		}
		for name, d := range componentDeployments(objs) {
			if a := d.Spec.Template.Spec.AutomountServiceAccountToken; a == nil || *a {
				t.Errorf("%s: the service account token is mounted", name)
			}
			if v := configEnv(t, objs, d)["DISCOVERY"]; v != "" {
				t.Errorf("%s: DISCOVERY=%s", name, v)
			}
		}
	})
}
