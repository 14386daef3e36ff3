package deploytest

import (
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"
)

// With discovery.mode kubernetes the gateway gets what the kubernetes:// resolver
// (libs/go/discovery-ext/k8sresolver) needs: DISCOVERY and the parts of its targets
// (kubernetes:///<prefix><callee>.<namespace>:<port name>) naming Services that exist, the service
// account token, get/list/watch on endpointslices, and a way to the API server. Nothing else does.
func TestKubernetesDiscovery(t *testing.T) {
	objs := renderValues(t, "kubernetes discovery", map[string]any{"discovery": map[string]any{"mode": "kubernetes"}})
	deps := componentDeployments(objs)
	gw := deps["gateway"]
	if gw == nil {
		t.Fatal("no gateway Deployment")
	}
	env := configEnv(t, objs, gw)
	prefix := strings.TrimSuffix(gw.Name, "gateway")
	for k, want := range map[string]string{"DISCOVERY": "kubernetes", "DISCOVERY_SERVICE_PREFIX": prefix, "K8S_NAMESPACE": namespace, "K8S_PORT_NAME": "grpc"} {
		if env[k] != want {
			t.Errorf("gateway: %s=%q, want %q", k, env[k], want)
		}
	}
	services := map[string]*corev1.Service{}
	for _, s := range ofKind[*corev1.Service](objs) {
		services[s.Name] = s
	}
	for k := range env {
		callee, ok := strings.CutSuffix(k, "_ADDR")
		if !ok {
			continue
		}
		name := prefix + strings.ToLower(strings.ReplaceAll(callee, "_", "-"))
		s := services[name]
		if s == nil || !slices.ContainsFunc(s.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == env["K8S_PORT_NAME"] }) {
			t.Errorf("gateway dials kubernetes:///%s.%s:%s, which is no Service port", name, namespace, env["K8S_PORT_NAME"])
		}
	}

	sa := gw.Spec.Template.Spec.ServiceAccountName
	for name, d := range deps {
		mounted := d.Spec.Template.Spec.AutomountServiceAccountToken != nil && *d.Spec.Template.Spec.AutomountServiceAccountToken
		if mounted != (name == "gateway") {
			t.Errorf("%s: automountServiceAccountToken %v", name, mounted)
		}
		if name != "gateway" && configEnv(t, objs, d)["DISCOVERY"] != "" {
			t.Errorf("%s: DISCOVERY is set, but it reads static <NAME>_ADDR", name)
		}
	}

	roles := map[string]*rbacv1.Role{}
	for _, r := range ofKind[*rbacv1.Role](objs) {
		roles[r.Name] = r
	}
	var granted bool
	for _, b := range ofKind[*rbacv1.RoleBinding](objs) {
		r := roles[b.RoleRef.Name]
		if b.RoleRef.Kind != "Role" || r == nil {
			t.Errorf("RoleBinding %s: Role %s is not rendered", b.Name, b.RoleRef.Name)
			continue
		}
		for _, s := range b.Subjects {
			if s.Kind != "ServiceAccount" || s.Name != sa || s.Namespace != namespace {
				t.Errorf("RoleBinding %s binds %s %s/%s, want only the gateway's ServiceAccount", b.Name, s.Kind, s.Namespace, s.Name)
				continue
			}
			for _, rule := range r.Rules {
				if slices.Contains(rule.APIGroups, "discovery.k8s.io") && slices.Contains(rule.Resources, "endpointslices") &&
					slices.Contains(rule.Verbs, "list") && slices.Contains(rule.Verbs, "watch") {
					granted = true
				}
				if slices.Contains(rule.Verbs, "*") || slices.ContainsFunc(rule.Verbs, func(v string) bool { return v != "get" && v != "list" && v != "watch" }) {
					t.Errorf("Role %s grants %v: read only", r.Name, rule.Verbs)
				}
			}
		}
	}
	if !granted {
		t.Error("the gateway's ServiceAccount may not list and watch endpointslices")
	}

	var toAPI bool
	for _, p := range ofKind[*networkingv1.NetworkPolicy](objs) {
		if !selects(&p.Spec.PodSelector, gw.Spec.Template.Labels) || len(p.Spec.PodSelector.MatchLabels) < 2 {
			continue
		}
		for _, e := range p.Spec.Egress {
			if len(e.To) > 0 && e.To[0].IPBlock != nil && portMatches(e.Ports, 443) {
				toAPI = true
			}
		}
	}
	if !toAPI {
		t.Error("the gateway's NetworkPolicy does not let it reach the API server")
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
