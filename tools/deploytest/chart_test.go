package deploytest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/action"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// workload is a Deployment or StatefulSet: pod labels and pod spec.
type workload struct {
	Kind, Name string
	Labels     map[string]string
	Spec       corev1.PodSpec
}

func workloads(objs []object) []workload {
	var out []workload
	for _, d := range ofKind[*appsv1.Deployment](objs) {
		out = append(out, workload{"Deployment", d.Name, d.Spec.Template.Labels, d.Spec.Template.Spec})
	}
	for _, s := range ofKind[*appsv1.StatefulSet](objs) {
		out = append(out, workload{"StatefulSet", s.Name, s.Spec.Template.Labels, s.Spec.Template.Spec})
	}
	return out
}

func selects(sel *metav1.LabelSelector, lbls map[string]string) bool {
	s, err := metav1.LabelSelectorAsSelector(sel)
	if err != nil || s.Empty() {
		return false
	}
	return s.Matches(labels.Set(lbls))
}

// component is the app.kubernetes.io/name of a chart object.
func component(lbls map[string]string) string { return lbls["app.kubernetes.io/name"] }

// componentDeployments are the Deployments of the gateway and the services (not the bundled
// stores or the collector).
func componentDeployments(objs []object) map[string]*appsv1.Deployment {
	out := map[string]*appsv1.Deployment{}
	for _, d := range ofKind[*appsv1.Deployment](objs) {
		if c := component(d.Spec.Template.Labels); c != "otel-collector" {
			out[c] = d
		}
	}
	return out
}

func forEachSet(t *testing.T, check func(t *testing.T, objs []object)) {
	for _, set := range []string{"default", "dev", "prod"} {
		t.Run(set, func(t *testing.T) { check(t, render(t, set)) })
	}
}

func TestChartDeploysEveryService(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		deps := componentDeployments(objs)
		want := []string{"gateway"}
		for _, s := range services(t) {
			want = append(want, s.Name)
		}
		for _, name := range want {
			if deps[name] == nil {
				t.Errorf("no Deployment for %s (add a components.%s entry to charts/hostcart/values.yaml)", name, name)
			}
		}
		for _, s := range services(t) {
			d := deps[s.Name]
			if d == nil {
				continue
			}
			env := configEnv(t, objs, d)
			want := fmt.Sprintf("0.0.0.0:%d", grpcPort(d))
			if env[s.ListenVar] != want {
				t.Errorf("%s: %s=%q, want %q (the port its probes and Service use)", s.Name, s.ListenVar, env[s.ListenVar], want)
			}
		}
	})
}

func grpcPort(d *appsv1.Deployment) int32 {
	for _, p := range d.Spec.Template.Spec.Containers[0].Ports {
		if p.Name == "grpc" || p.Name == "http" {
			return p.ContainerPort
		}
	}
	return 0
}

// configEnv is the environment of a Deployment's first container from its ConfigMaps and
// literal env values.
func configEnv(t *testing.T, objs []object, d *appsv1.Deployment) map[string]string {
	t.Helper()
	cms := map[string]*corev1.ConfigMap{}
	for _, cm := range ofKind[*corev1.ConfigMap](objs) {
		cms[cm.Name] = cm
	}
	env := map[string]string{}
	c := d.Spec.Template.Spec.Containers[0]
	for _, from := range c.EnvFrom {
		if from.ConfigMapRef == nil {
			continue
		}
		cm := cms[from.ConfigMapRef.Name]
		if cm == nil {
			t.Errorf("%s: ConfigMap %s is not rendered", d.Name, from.ConfigMapRef.Name)
			continue
		}
		for k, v := range cm.Data {
			env[k] = v
		}
	}
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			env[e.Name] = e.Value
		} else {
			env[e.Name] = "<from " + refName(e.ValueFrom) + ">"
		}
	}
	return env
}

func refName(src *corev1.EnvVarSource) string {
	switch {
	case src.SecretKeyRef != nil:
		return "secret " + src.SecretKeyRef.Name + "/" + src.SecretKeyRef.Key
	case src.ConfigMapKeyRef != nil:
		return "configmap " + src.ConfigMapKeyRef.Name
	default:
		return "field"
	}
}

func TestDeploymentsAreHardened(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		pdbs := ofKind[*policyv1.PodDisruptionBudget](objs)
		for _, d := range ofKind[*appsv1.Deployment](objs) {
			pod := d.Spec.Template.Spec
			if sc := pod.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
				t.Errorf("Deployment %s: pod securityContext must set runAsNonRoot and a non-zero runAsUser", d.Name)
			}
			for _, c := range pod.Containers {
				where := fmt.Sprintf("Deployment %s container %s", d.Name, c.Name)
				if c.ReadinessProbe == nil || c.LivenessProbe == nil || c.StartupProbe == nil {
					t.Errorf("%s: needs readiness, liveness and startup probes", where)
				}
				if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
					t.Errorf("%s: needs cpu and memory requests and a memory limit", where)
				}
				sc := c.SecurityContext
				if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
					sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
					sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
					t.Errorf("%s: needs readOnlyRootFilesystem, no privilege escalation and all capabilities dropped", where)
				}
				if strings.HasSuffix(c.Image, ":latest") || !strings.Contains(c.Image[strings.LastIndex(c.Image, "/")+1:], ":") {
					t.Errorf("%s: image %q needs a version tag", where, c.Image)
				}
				// gRPC services are probed with grpc.health.v1 on their serving port.
				for _, p := range c.Ports {
					if p.Name != "grpc" {
						continue
					}
					for kind, pr := range map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe, "startup": c.StartupProbe} {
						if pr == nil || pr.GRPC == nil || pr.GRPC.Port != p.ContainerPort {
							t.Errorf("%s: %s probe must be a gRPC health probe on port %d", where, kind, p.ContainerPort)
						}
					}
				}
			}
			n := 0
			for _, p := range pdbs {
				if selects(p.Spec.Selector, d.Spec.Template.Labels) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("Deployment %s: %d PodDisruptionBudgets select it, want 1", d.Name, n)
			}
		}
	})
}

func TestServiceAccountsAndAutoscaling(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		sas := map[string]bool{}
		for _, sa := range ofKind[*corev1.ServiceAccount](objs) {
			sas[sa.Name] = true
		}
		hpas := map[string]*autoscalingv2.HorizontalPodAutoscaler{}
		for _, h := range ofKind[*autoscalingv2.HorizontalPodAutoscaler](objs) {
			hpas[h.Spec.ScaleTargetRef.Name] = h
		}
		for name, d := range componentDeployments(objs) {
			if sa := d.Spec.Template.Spec.ServiceAccountName; sa == "" || !sas[sa] {
				t.Errorf("%s: ServiceAccount %q is not rendered", name, sa)
			}
			h := hpas[d.Name]
			if (h != nil) == (d.Spec.Replicas != nil) {
				t.Errorf("%s: exactly one of replicas and a HorizontalPodAutoscaler must set the replica count", name)
			}
			if h != nil && (h.Spec.ScaleTargetRef.Kind != "Deployment" || h.Spec.MaxReplicas < *h.Spec.MinReplicas) {
				t.Errorf("%s: HorizontalPodAutoscaler %+v", name, h.Spec)
			}
		}
	})
	// Production scales every component.
	prod := render(t, "prod")
	for name, d := range componentDeployments(prod) {
		if d.Spec.Replicas != nil {
			t.Errorf("prod: %s has a fixed replica count, want a HorizontalPodAutoscaler", name)
		}
	}
}

func TestServicesTargetContainerPorts(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		ws := workloads(objs)
		for _, svc := range ofKind[*corev1.Service](objs) {
			var matched []workload
			for _, w := range ws {
				if len(svc.Spec.Selector) > 0 && labels.SelectorFromSet(svc.Spec.Selector).Matches(labels.Set(w.Labels)) {
					matched = append(matched, w)
				}
			}
			if len(matched) != 1 {
				t.Errorf("Service %s selects %d workloads, want 1", svc.Name, len(matched))
				continue
			}
			for _, sp := range svc.Spec.Ports {
				if !hasContainerPort(matched[0].Spec, sp.TargetPort) {
					t.Errorf("Service %s port %s: targetPort %s is no container port of %s %s", svc.Name, sp.Name, sp.TargetPort.String(), matched[0].Kind, matched[0].Name)
				}
			}
		}
	})
}

func hasContainerPort(pod corev1.PodSpec, target intstr.IntOrString) bool {
	for _, c := range pod.Containers {
		for _, p := range c.Ports {
			if (target.Type == intstr.String && p.Name == target.StrVal) || (target.Type == intstr.Int && p.ContainerPort == target.IntVal) {
				return true
			}
		}
	}
	return false
}

// TestNoSecretInConfigMaps: the chart renders Secrets only for generated values (the dev
// PostgreSQL password); none of their values may reach a ConfigMap or a literal env value, and
// no ConfigMap key may look like a credential.
func TestNoSecretInConfigMaps(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		var secretValues []string
		for _, s := range ofKind[*corev1.Secret](objs) {
			for _, v := range s.Data {
				secretValues = append(secretValues, string(v))
			}
			for _, v := range s.StringData {
				secretValues = append(secretValues, v)
			}
		}
		suspicious := []string{"PASSWORD", "SECRET", "API_KEY", "APIKEY", "TOKEN", "PRIVATE", "HMAC", "DSN"}
		for _, cm := range ofKind[*corev1.ConfigMap](objs) {
			for k, v := range cm.Data {
				for _, sv := range secretValues {
					if len(sv) >= 6 && strings.Contains(v, sv) {
						t.Errorf("ConfigMap %s key %s holds a Secret's value", cm.Name, k)
					}
				}
				for _, word := range suspicious {
					if strings.Contains(strings.ToUpper(k), word) && !strings.HasSuffix(k, "_SANDBOX") {
						t.Errorf("ConfigMap %s key %s looks like a credential: reference it from a Secret (secretEnv)", cm.Name, k)
					}
				}
				if strings.Contains(v, "://") && strings.Contains(strings.SplitN(v, "@", 2)[0], ":") && strings.Contains(v, "@") {
					t.Errorf("ConfigMap %s key %s holds a URL with credentials", cm.Name, k)
				}
			}
		}
		for _, w := range workloads(objs) {
			for _, c := range w.Spec.Containers {
				for _, e := range c.Env {
					for _, sv := range secretValues {
						if len(sv) >= 6 && strings.Contains(e.Value, sv) {
							t.Errorf("%s %s: env %s holds a Secret's value literally", w.Kind, w.Name, e.Name)
						}
					}
				}
			}
		}
	})
}

// TestNetworkPolicies: a default deny, a policy per component, and exactly the calls the code
// makes: every <NAME>_ADDR a component is given is a call its sources read, the callee's policy
// admits the caller on that port and the caller's policy lets it out.
func TestNetworkPolicies(t *testing.T) {
	codeCalls := map[string][]string{"gateway": gatewayBackends(t)}
	for _, s := range services(t) {
		codeCalls[s.Name] = s.Calls
	}
	forEachSet(t, func(t *testing.T, objs []object) {
		pols := ofKind[*networkingv1.NetworkPolicy](objs)
		deps := componentDeployments(objs)
		var denyAll bool
		for _, p := range pols {
			if len(p.Spec.Ingress) == 0 && len(p.Spec.Egress) == 0 && len(p.Spec.PolicyTypes) == 2 && p.Spec.PodSelector.MatchLabels["app.kubernetes.io/instance"] == releaseName {
				denyAll = true
			}
		}
		if !denyAll {
			t.Error("no default-deny NetworkPolicy for the release's pods")
		}
		policyOf := func(lbls map[string]string) *networkingv1.NetworkPolicy {
			for _, p := range pols {
				if len(p.Spec.PodSelector.MatchLabels) > 1 && selects(&p.Spec.PodSelector, lbls) {
					return p
				}
			}
			return nil
		}
		for name, d := range deps {
			if policyOf(d.Spec.Template.Labels) == nil {
				t.Errorf("%s: no NetworkPolicy of its own", name)
			}
		}
		for name, d := range deps {
			env := configEnv(t, objs, d)
			var given []string
			for k := range env {
				if callee, ok := strings.CutSuffix(k, "_ADDR"); ok {
					given = append(given, strings.ToLower(strings.ReplaceAll(callee, "_", "-")))
				}
			}
			slices.Sort(given)
			var want []string
			for _, c := range codeCalls[name] {
				if deps[c] != nil {
					want = append(want, c)
				}
			}
			if !slices.Equal(given, want) {
				t.Errorf("%s: the chart gives it addresses of %v, its sources dial %v (fix its calls in values.yaml)", name, given, want)
			}
			own := policyOf(d.Spec.Template.Labels)
			for _, callee := range given {
				cd := deps[callee]
				if cd == nil {
					t.Errorf("%s: calls %s, which is not deployed", name, callee)
					continue
				}
				port := grpcPort(cd)
				if own != nil && !egressAllows(own, cd.Spec.Template.Labels, port) {
					t.Errorf("%s: its NetworkPolicy does not let it dial %s:%d", name, callee, port)
				}
				if cp := policyOf(cd.Spec.Template.Labels); cp != nil && !ingressAllows(cp, d.Spec.Template.Labels, port) {
					t.Errorf("%s: its NetworkPolicy does not admit %s on %d", callee, name, port)
				}
			}
			// Nobody else may reach a service's port: only its callers are admitted.
			for other, od := range deps {
				if other == name || slices.Contains(codeCallsEnabled(codeCalls[other], deps), name) {
					continue
				}
				if cp := policyOf(d.Spec.Template.Labels); cp != nil && ingressAllows(cp, od.Spec.Template.Labels, grpcPort(d)) {
					t.Errorf("%s: its NetworkPolicy admits %s, which does not call it", name, other)
				}
			}
		}
	})
}

func codeCallsEnabled(calls []string, deps map[string]*appsv1.Deployment) []string {
	var out []string
	for _, c := range calls {
		if deps[c] != nil {
			out = append(out, c)
		}
	}
	return out
}

func portMatches(ports []networkingv1.NetworkPolicyPort, port int32) bool {
	if len(ports) == 0 {
		return true
	}
	for _, p := range ports {
		if p.Port == nil || (p.Port.Type == intstr.Int && p.Port.IntVal == port) {
			return true
		}
	}
	return false
}

func peerSelects(peers []networkingv1.NetworkPolicyPeer, lbls map[string]string) bool {
	if len(peers) == 0 {
		return true
	}
	for _, p := range peers {
		if p.PodSelector != nil && p.NamespaceSelector == nil && p.IPBlock == nil && selects(p.PodSelector, lbls) {
			return true
		}
	}
	return false
}

func egressAllows(p *networkingv1.NetworkPolicy, to map[string]string, port int32) bool {
	for _, r := range p.Spec.Egress {
		if peerSelects(r.To, to) && portMatches(r.Ports, port) {
			return true
		}
	}
	return false
}

func ingressAllows(p *networkingv1.NetworkPolicy, from map[string]string, port int32) bool {
	for _, r := range p.Spec.Ingress {
		if peerSelects(r.From, from) && portMatches(r.Ports, port) {
			return true
		}
	}
	return false
}

func TestIngressPerBrandWithTLS(t *testing.T) {
	for set, hosts := range map[string][]string{
		"default": {"shop.alpenhost.at", "shop.hostwerk.de"},
		"prod":    {"shop.alpenhost.at", "shop.hostwerk.de"},
		"dev":     {"alpenhost.localhost", "hostwerk.localhost"},
	} {
		t.Run(set, func(t *testing.T) {
			var got []string
			for _, ing := range ofKind[*networkingv1.Ingress](render(t, set)) {
				if len(ing.Spec.Rules) != 1 || len(ing.Spec.TLS) != 1 {
					t.Errorf("Ingress %s: want one host rule and its TLS", ing.Name)
					continue
				}
				host := ing.Spec.Rules[0].Host
				got = append(got, host)
				if !slices.Contains(ing.Spec.TLS[0].Hosts, host) || ing.Spec.TLS[0].SecretName == "" {
					t.Errorf("Ingress %s: TLS does not cover %s with a certificate Secret", ing.Name, host)
				}
				b := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service
				if b == nil || b.Name != releaseName+"-gateway" || b.Port.Name != "http" {
					t.Errorf("Ingress %s: backend %+v, want the gateway's http port", ing.Name, b)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, hosts) {
				t.Errorf("Ingress hosts %v, want %v", got, hosts)
			}
		})
	}
}

func TestScrapingOfAdminPort(t *testing.T) {
	forEachSet(t, func(t *testing.T, objs []object) {
		for name, d := range componentDeployments(objs) {
			a := d.Spec.Template.Annotations
			env := configEnv(t, objs, d)
			var admin int32
			for _, p := range d.Spec.Template.Spec.Containers[0].Ports {
				if p.Name == "admin" {
					admin = p.ContainerPort
				}
			}
			if admin == 0 || a["prometheus.io/scrape"] != "true" || a["prometheus.io/port"] != fmt.Sprint(admin) || env["ADMIN_LISTEN"] != fmt.Sprintf(":%d", admin) {
				t.Errorf("%s: admin port %d, ADMIN_LISTEN %q, annotations %v", name, admin, env["ADMIN_LISTEN"], a)
			}
			if env["OTEL_METRICS_EXPORTER"] != "prometheus" {
				t.Errorf("%s: OTEL_METRICS_EXPORTER=%q, /metrics answers 404 without prometheus", name, env["OTEL_METRICS_EXPORTER"])
			}
		}
	})
	sms := ofKind[*serviceMonitor](render(t, "prod"))
	if len(sms) != 1 || len(sms[0].Spec.Endpoints) != 1 || sms[0].Spec.Endpoints[0].Port != "admin" {
		t.Errorf("prod: want one ServiceMonitor scraping the admin port, got %+v", sms)
	}
}

func TestStoresAreWired(t *testing.T) {
	for _, set := range []string{"default", "prod"} {
		objs := render(t, set)
		for name, d := range componentDeployments(objs) {
			for _, e := range d.Spec.Template.Spec.Containers[0].Env {
				if (e.Name == "DATABASE_URL" || e.Name == "REDIS_URL") && (e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil) {
					t.Errorf("%s: %s: %s must come from a Secret", set, name, e.Name)
				}
			}
		}
		if n := len(ofKind[*appsv1.StatefulSet](objs)); n != 0 {
			t.Errorf("%s: %d StatefulSets; production uses external stores", set, n)
		}
		if n := len(ofKind[*corev1.Secret](objs)); n != 0 {
			t.Errorf("%s: the chart renders %d Secrets; they are referenced, never created", set, n)
		}
	}
	dev := render(t, "dev")
	for name, d := range componentDeployments(dev) {
		env := configEnv(t, dev, d)
		if env["REDIS_URL"] == "" {
			t.Errorf("dev: %s has no REDIS_URL", name)
		}
		if name != "gateway" && name != "cart" && !strings.Contains(env["DATABASE_URL"], "$(POSTGRES_PASSWORD)@hostcart-postgresql") {
			t.Errorf("dev: %s DATABASE_URL %q, want the bundled PostgreSQL", name, env["DATABASE_URL"])
		}
	}
}

// TestSealingKeysAreWired: the payment and order services read their sealing keys
// (PAYMENT_SECRET_KEYS, ORDER_SECRET_KEYS) from a Secret in prod and in dev; without them they
// refuse SEPA orders. Prod references Secrets the operator creates; dev generates them (a key in
// secretbox's "id:base64 of 32 bytes" form), so a dev cluster needs none created beforehand.
func TestSealingKeysAreWired(t *testing.T) {
	want := map[string]string{"payment": "PAYMENT_SECRET_KEYS", "order": "ORDER_SECRET_KEYS"}
	for _, set := range []string{"dev", "prod"} {
		objs := render(t, set)
		deps := componentDeployments(objs)
		secrets := map[string]*corev1.Secret{}
		for _, s := range ofKind[*corev1.Secret](objs) {
			secrets[s.Name] = s
		}
		for name, key := range want {
			d := deps[name]
			if d == nil {
				t.Fatalf("%s: no %s Deployment", set, name)
			}
			var ref *corev1.SecretKeySelector
			for _, e := range d.Spec.Template.Spec.Containers[0].Env {
				if e.Name == key && e.ValueFrom != nil {
					ref = e.ValueFrom.SecretKeyRef
				}
			}
			if ref == nil || ref.Key != key || ref.Name != "hostcart-"+name {
				t.Errorf("%s: %s: %s from %+v, want secretKeyRef hostcart-%s/%s", set, name, key, ref, name, key)
				continue
			}
			s := secrets[ref.Name]
			if set == "prod" {
				if s != nil {
					t.Errorf("prod: the chart renders Secret %s; production creates it", ref.Name)
				}
				continue
			}
			if s == nil {
				t.Errorf("dev: %s reads %s from Secret %s, which the chart does not render", name, key, ref.Name)
				continue
			}
			if s.Annotations["helm.sh/resource-policy"] != "keep" {
				t.Errorf("dev: Secret %s is not kept on uninstall (sealed values would no longer open)", s.Name)
			}
			id, encoded, ok := strings.Cut(string(s.Data[key]), ":")
			raw, err := base64.StdEncoding.DecodeString(encoded)
			if !ok || id == "" || err != nil || len(raw) != 32 {
				t.Errorf("dev: Secret %s key %s is not id:base64 of a 32-byte key (%d bytes, %v)", s.Name, key, len(raw), err)
			}
		}
		if set == "dev" {
			p, o := secrets["hostcart-payment"], secrets["hostcart-order"]
			if p != nil && o != nil && bytes.Equal(p.Data["PAYMENT_SECRET_KEYS"], o.Data["ORDER_SECRET_KEYS"]) {
				t.Errorf("dev: the payment and order services share one sealing key")
			}
		}
	}
}

// TestGeneratedKeyMustBeRead: a generated key no pod reads (not in the component's secretEnv) is
// refused when rendering, instead of a dev cluster silently running without it.
func TestGeneratedKeyMustBeRead(t *testing.T) {
	if testing.Short() {
		t.Skip("-short (make check): renders the Helm chart; make test runs it")
	}
	chrt, err := loader.Load(filepath.Join(repoRoot(t), "charts", "hostcart"))
	if err != nil {
		t.Fatalf("load chart: %v", err)
	}
	inst := action.NewInstall(&action.Configuration{Log: func(string, ...any) {}})
	inst.ClientOnly, inst.DryRun, inst.Replace = true, true, true
	inst.ReleaseName, inst.Namespace = releaseName, namespace
	inst.KubeVersion = &chartutil.KubeVersion{Version: "v1.33.0", Major: "1", Minor: "33"}
	_, err = inst.Run(chrt, map[string]any{"generatedSecretKeys": map[string]any{"order": []any{"ORDER_SECRET_KEYS"}}})
	if err == nil || !strings.Contains(err.Error(), "ORDER_SECRET_KEYS is not in components.order.secretEnv") {
		t.Errorf("render with a generated key no pod reads: %v, want a failure naming it", err)
	}
}

// TestNewServiceIsOneValuesEntry: a service the chart has never seen, given as one entry, gets
// everything the others get.
func TestNewServiceIsOneValuesEntry(t *testing.T) {
	objs := renderValues(t, "extra service", map[string]any{
		"components": map[string]any{
			"invoice": map[string]any{"port": 9110, "database": true, "redis": true, "calls": []any{"catalog"}},
		},
	})
	name := releaseName + "-invoice"
	for kind, n := range map[string]int{"Deployment": 1, "Service": 1, "ServiceAccount": 1, "ConfigMap": 1, "HorizontalPodAutoscaler": 1, "PodDisruptionBudget": 1, "NetworkPolicy": 1} {
		got := 0
		for _, o := range objs {
			if o.Kind == kind && o.Name == name {
				got++
			}
		}
		if got != n {
			t.Errorf("%s %s: %d rendered, want %d", kind, name, got, n)
		}
	}
	for _, cm := range ofKind[*corev1.ConfigMap](objs) {
		if cm.Name == name && (cm.Data["INVOICE_LISTEN"] != "0.0.0.0:9110" || cm.Data["CATALOG_ADDR"] != releaseName+"-catalog:9101") {
			t.Errorf("invoice ConfigMap %v", cm.Data)
		}
	}
}
