package deploytest

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// buildOverlay builds k8s/overlays/<name> as `kubectl kustomize` would and decodes every object
// strictly.
func buildOverlay(t *testing.T, name string) []object {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "k8s", "overlays", name)
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resMap, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build k8s/overlays/%s: %v", name, err)
	}
	out, err := resMap.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	var objs []object
	for doc := range bytes.SplitSeq(out, []byte("\n---\n")) {
		if o, ok := decodeStrict(t, "k8s/overlays/"+name, doc); ok {
			objs = append(objs, o)
		}
	}
	return objs
}

func TestKustomizeOverlays(t *testing.T) {
	consulReplicas := map[string]int32{"dev": 1, "prod": 3}
	for _, overlay := range []string{"dev", "prod"} {
		t.Run(overlay, func(t *testing.T) {
			objs := buildOverlay(t, overlay)
			var nss []string
			for _, ns := range ofKind[*corev1.Namespace](objs) {
				nss = append(nss, ns.Name)
				if ns.Labels["pod-security.kubernetes.io/enforce"] != "restricted" {
					t.Errorf("namespace %s: Pod Security is not enforced as restricted", ns.Name)
				}
			}
			slices.Sort(nss)
			if !slices.Equal(nss, []string{"consul", "hostcart", "observability"}) {
				t.Errorf("namespaces %v", nss)
			}
			pdbs := ofKind[*policyv1.PodDisruptionBudget](objs)
			ws := workloads(objs)
			if len(ws) != 2 {
				t.Errorf("%d workloads, want Consul and the collector", len(ws))
			}
			for _, w := range ws {
				if sc := w.Spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
					t.Errorf("%s %s: not runAsNonRoot", w.Kind, w.Name)
				}
				for _, c := range w.Spec.Containers {
					if c.ReadinessProbe == nil || c.LivenessProbe == nil || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
						t.Errorf("%s %s: needs probes, memory request and limit", w.Kind, w.Name)
					}
					if c.SecurityContext == nil || c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
						t.Errorf("%s %s: root file system is writable", w.Kind, w.Name)
					}
				}
				n := 0
				for _, p := range pdbs {
					if selects(p.Spec.Selector, w.Labels) {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%s %s: %d PodDisruptionBudgets", w.Kind, w.Name, n)
				}
			}
			for _, ss := range ofKind[*appsv1.StatefulSet](objs) {
				if ss.Name != "consul" {
					continue
				}
				if *ss.Spec.Replicas != consulReplicas[overlay] {
					t.Errorf("consul replicas %d, want %d", *ss.Spec.Replicas, consulReplicas[overlay])
				}
				for _, e := range ss.Spec.Template.Spec.Containers[0].Env {
					if e.Name == "CONSUL_SERVERS" && e.Value != string('0'+rune(consulReplicas[overlay])) {
						t.Errorf("consul -bootstrap-expect=%s with %d replicas", e.Value, consulReplicas[overlay])
					}
				}
			}
			if ofKind[*corev1.Service](objs) == nil {
				t.Error("no Services")
			}
		})
	}
}
