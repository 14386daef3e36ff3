package deploytest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sigs.k8s.io/yaml"
)

// skaffoldConfig is the part of skaffold.yaml (skaffold/v4beta11) the tests read; unknown fields
// are allowed here because skaffold's schema is larger than this.
type skaffoldConfig struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Build      struct {
		Artifacts []skaffoldArtifact `json:"artifacts"`
	} `json:"build"`
	Manifests struct {
		Helm struct {
			Releases []struct {
				Name        string   `json:"name"`
				ChartPath   string   `json:"chartPath"`
				ValuesFiles []string `json:"valuesFiles"`
			} `json:"releases"`
		} `json:"helm"`
	} `json:"manifests"`
	Profiles []struct {
		Name string `json:"name"`
	} `json:"profiles"`
}

type skaffoldArtifact struct {
	Image  string `json:"image"`
	Docker struct {
		Dockerfile string             `json:"dockerfile"`
		Target     string             `json:"target"`
		BuildArgs  map[string]*string `json:"buildArgs"`
	} `json:"docker"`
}

func TestSkaffoldHasAnArtifactPerImage(t *testing.T) {
	root := repoRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "skaffold.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg skaffoldConfig
	if err := yaml.Unmarshal(src, &cfg); err != nil {
		t.Fatalf("skaffold.yaml: %v", err)
	}
	if cfg.APIVersion != "skaffold/v4beta11" || cfg.Kind != "Config" {
		t.Errorf("skaffold.yaml: %s %s", cfg.APIVersion, cfg.Kind)
	}
	byImage := map[string]skaffoldArtifact{}
	for _, a := range cfg.Build.Artifacts {
		byImage[a.Image] = a
	}
	df := parseDockerfile(t)
	check := func(image, target, service string) {
		a, ok := byImage[image]
		if !ok {
			t.Errorf("skaffold.yaml: no artifact %s", image)
			return
		}
		if a.Docker.Target != target || df.stage(target) == nil {
			t.Errorf("artifact %s: target %q, want the Dockerfile stage %q", image, a.Docker.Target, target)
		}
		if service != "" && (a.Docker.BuildArgs["SERVICE"] == nil || *a.Docker.BuildArgs["SERVICE"] != service) {
			t.Errorf("artifact %s: buildArgs.SERVICE must be %s", image, service)
		}
		if _, ok := a.Docker.BuildArgs["VERSION"]; !ok {
			t.Errorf("artifact %s: no VERSION build arg", image)
		}
	}
	check("hostcart/gateway", "gateway", "")
	for _, s := range services(t) {
		check("hostcart/"+s.Name, "service", s.Name)
	}
	if len(cfg.Manifests.Helm.Releases) != 1 || cfg.Manifests.Helm.Releases[0].ChartPath != "charts/hostcart" {
		t.Errorf("skaffold.yaml: want one Helm release of charts/hostcart, got %+v", cfg.Manifests.Helm.Releases)
	}
	var profiles []string
	for _, p := range cfg.Profiles {
		profiles = append(profiles, p.Name)
	}
	for _, want := range []string{"dev", "prod"} {
		if !slices.Contains(profiles, want) {
			t.Errorf("skaffold.yaml: no %s profile (have %v)", want, profiles)
		}
	}
}
