package deploytest

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"helm.sh/helm/v3/pkg/action"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/releaseutil"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

const (
	releaseName = "hostcart"
	namespace   = "shop"
)

// strictDecoder decodes YAML or JSON into client-go's typed objects and fails on unknown or
// duplicate fields.
var strictDecoder = serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()

// object is one rendered manifest: its source (template or resource) and the decoded object.
type object struct {
	Source string
	Kind   string
	Name   string
	Obj    runtime.Object
}

// serviceMonitor is the part of prometheus-operator's ServiceMonitor the chart writes; it is not
// in client-go's scheme, so it is decoded strictly into this type.
type serviceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Selector  metav1.LabelSelector `json:"selector"`
		Endpoints []struct {
			Port     string `json:"port"`
			Path     string `json:"path"`
			Interval string `json:"interval"`
		} `json:"endpoints"`
	} `json:"spec"`
}

func (s *serviceMonitor) DeepCopyObject() runtime.Object { c := *s; return &c }

// decodeStrict decodes every YAML document of manifests.
func decodeStrict(t *testing.T, source string, doc []byte) (object, bool) {
	t.Helper()
	if len(bytes.TrimSpace(doc)) == 0 {
		return object{}, false
	}
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal(doc, &meta); err != nil {
		t.Errorf("%s: not YAML: %v", source, err)
		return object{}, false
	}
	if meta.Kind == "" {
		return object{}, false // a document holding only comments
	}
	if meta.APIVersion == "monitoring.coreos.com/v1" && meta.Kind == "ServiceMonitor" {
		var sm serviceMonitor
		if err := yaml.UnmarshalStrict(doc, &sm); err != nil {
			t.Errorf("%s: ServiceMonitor %s: %v", source, meta.Metadata.Name, err)
			return object{}, false
		}
		return object{Source: source, Kind: meta.Kind, Name: meta.Metadata.Name, Obj: &sm}, true
	}
	obj, gvk, err := strictDecoder.Decode(doc, nil, nil)
	if err != nil {
		t.Errorf("%s: %s %s does not decode strictly: %v", source, meta.Kind, meta.Metadata.Name, err)
		return object{}, false
	}
	return object{Source: source, Kind: gvk.Kind, Name: meta.Metadata.Name, Obj: obj}, true
}

// valueSets are the chart's value files the tests render, by name.
var valueSets = map[string][]string{
	"default": nil,
	"dev":     {"values-dev.yaml"},
	"prod":    {"values-prod.yaml"},
}

var (
	renderMu    sync.Mutex
	renderCache = map[string][]object{}
)

// render renders charts/hostcart with the named value set (cached: each set renders once per
// test binary).
func render(t *testing.T, set string) []object {
	t.Helper()
	renderMu.Lock()
	defer renderMu.Unlock()
	if objs, ok := renderCache[set]; ok {
		return objs
	}
	files, ok := valueSets[set]
	if !ok {
		t.Fatalf("unknown value set %q", set)
	}
	chartDir := filepath.Join(repoRoot(t), "charts", "hostcart")
	vals := map[string]any{}
	for _, f := range files {
		v, err := chartutil.ReadValuesFile(filepath.Join(chartDir, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		vals = chartutil.CoalesceTables(v.AsMap(), vals)
	}
	objs := renderValues(t, set, vals)
	renderCache[set] = objs
	return objs
}

// renderValues renders the chart as `helm install --dry-run --client-only` would, with vals over
// the chart's values.yaml, and decodes every object strictly.
func renderValues(t *testing.T, label string, vals map[string]any) []object {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make check): renders the Helm chart; make test runs it")
	}
	chartDir := filepath.Join(repoRoot(t), "charts", "hostcart")
	chrt, err := loader.Load(chartDir)
	if err != nil {
		t.Fatalf("load chart: %v", err)
	}
	cfg := &action.Configuration{Log: func(string, ...any) {}}
	inst := action.NewInstall(cfg)
	inst.ClientOnly = true
	inst.DryRun = true
	inst.Replace = true
	inst.ReleaseName = releaseName
	inst.Namespace = namespace
	inst.KubeVersion = &chartutil.KubeVersion{Version: "v1.33.0", Major: "1", Minor: "33"}
	inst.APIVersions = chartutil.VersionSet{"monitoring.coreos.com/v1", "monitoring.coreos.com/v1/ServiceMonitor"}
	rel, err := inst.Run(chrt, vals)
	if err != nil {
		t.Fatalf("render chart (%s values): %v", label, err)
	}
	if len(rel.Hooks) > 0 {
		t.Errorf("%s: the chart has hooks; include them in the checks", label)
	}
	manifests := releaseutil.SplitManifests(rel.Manifest)
	keys := slices.Sorted(maps.Keys(manifests))
	var objs []object
	for _, k := range keys {
		doc := manifests[k]
		source := k
		if i := strings.Index(doc, "# Source: "); i >= 0 {
			source = strings.TrimSpace(strings.SplitN(doc[i+len("# Source: "):], "\n", 2)[0])
		}
		if o, ok := decodeStrict(t, fmt.Sprintf("%s (%s)", source, label), []byte(doc)); ok {
			objs = append(objs, o)
		}
	}
	sort.SliceStable(objs, func(i, j int) bool {
		if objs[i].Kind != objs[j].Kind {
			return objs[i].Kind < objs[j].Kind
		}
		return objs[i].Name < objs[j].Name
	})
	if len(objs) == 0 {
		t.Fatalf("%s: the chart rendered no objects", label)
	}
	return objs
}

// ofKind returns the objects of kind as T.
func ofKind[T runtime.Object](objs []object) []T {
	var out []T
	for _, o := range objs {
		if v, ok := o.Obj.(T); ok {
			out = append(out, v)
		}
	}
	return out
}
