package deploytest

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

// dockerfile is the parsed ./Dockerfile.
type dockerfile struct {
	stages   []instructions.Stage
	metaArgs map[string]string
}

func parseDockerfile(t *testing.T) dockerfile {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := parser.Parse(bytes.NewReader(src))
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	for _, w := range res.Warnings {
		t.Errorf("Dockerfile: %s", w.Short)
	}
	stages, metaArgs, err := instructions.Parse(res.AST, nil)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	df := dockerfile{stages: stages, metaArgs: map[string]string{}}
	for _, a := range metaArgs {
		for _, kv := range a.Args {
			if kv.Value != nil {
				df.metaArgs[kv.Key] = *kv.Value
			}
		}
	}
	return df
}

var argRef = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?`)

// base is a stage's FROM with the global ARG defaults substituted.
func (d dockerfile) base(s instructions.Stage) string {
	return argRef.ReplaceAllStringFunc(s.BaseName, func(ref string) string {
		return d.metaArgs[argRef.FindStringSubmatch(ref)[1]]
	})
}

func (d dockerfile) stage(name string) *instructions.Stage {
	for i := range d.stages {
		if strings.EqualFold(d.stages[i].Name, name) {
			return &d.stages[i]
		}
	}
	return nil
}

// finalStages are the stages no other stage builds on or copies from: the images.
func (d dockerfile) finalStages() []instructions.Stage {
	used := map[string]bool{}
	for _, s := range d.stages {
		used[strings.ToLower(s.BaseName)] = true
		for _, c := range s.Commands {
			if cp, ok := c.(*instructions.CopyCommand); ok && cp.From != "" {
				used[strings.ToLower(cp.From)] = true
			}
		}
	}
	var out []instructions.Stage
	for _, s := range d.stages {
		if !used[strings.ToLower(s.Name)] {
			out = append(out, s)
		}
	}
	return out
}

var pinnedTag = regexp.MustCompile(`:[^/@]*\d+\.\d+`)

func TestDockerfileBaseImagesArePinned(t *testing.T) {
	df := parseDockerfile(t)
	for _, s := range df.stages {
		if df.stage(s.BaseName) != nil {
			continue // built on an earlier stage
		}
		img := df.base(s)
		if img == "" || strings.Contains(img, "$") {
			t.Errorf("stage %s: base image %q is not resolved from the ARG defaults", s.Name, s.BaseName)
			continue
		}
		hasDigest := regexp.MustCompile(`@sha256:[0-9a-f]{64}$`).MatchString(img)
		if strings.Contains(img, ":latest") || (!hasDigest && !pinnedTag.MatchString(img)) {
			t.Errorf("stage %s: base image %s must be pinned by a version tag or a digest", s.Name, img)
		}
	}
}

func TestDockerfileFinalStagesRunAsNonRoot(t *testing.T) {
	df := parseDockerfile(t)
	finals := df.finalStages()
	var names []string
	for _, s := range finals {
		names = append(names, s.Name)
		var user string
		var entrypoint bool
		for _, c := range s.Commands {
			switch c := c.(type) {
			case *instructions.UserCommand:
				user = c.User
			case *instructions.EntrypointCommand:
				entrypoint = true
			case *instructions.RunCommand:
				t.Errorf("final stage %s: RUN %v; a distroless image has no shell, build in an earlier stage", s.Name, c.CmdLine)
			}
		}
		uid, _, _ := strings.Cut(user, ":")
		if uid == "" || uid == "0" || uid == "root" {
			t.Errorf("final stage %s: runs as %q, want a non-root USER", s.Name, user)
		}
		if !entrypoint {
			t.Errorf("final stage %s: no ENTRYPOINT", s.Name)
		}
		if img := df.base(s); !strings.Contains(img, "distroless/static") && img != "scratch" {
			t.Errorf("final stage %s: base %s, want distroless/static or scratch", s.Name, img)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"gateway", "service"}) {
		t.Errorf("final stages %v, want gateway and service", names)
	}
}

func TestDockerfileHasNoRemoteAddOrSecrets(t *testing.T) {
	df := parseDockerfile(t)
	secretish := regexp.MustCompile(`(?i)(secret|password|passwd|token|api_?key|private|credential)`)
	for _, s := range df.stages {
		for _, c := range s.Commands {
			switch c := c.(type) {
			case *instructions.AddCommand:
				for _, src := range c.SourcePaths {
					if strings.Contains(src, "://") || strings.HasPrefix(src, "git@") {
						t.Errorf("stage %s: ADD of remote %s; fetch with a pinned checksum in a build stage", s.Name, src)
					}
				}
			case *instructions.ArgCommand:
				for _, kv := range c.Args {
					if secretish.MatchString(kv.Key) {
						t.Errorf("stage %s: ARG %s looks like a secret; build args end up in the image history", s.Name, kv.Key)
					}
				}
			case *instructions.EnvCommand:
				for _, kv := range c.Env {
					if secretish.MatchString(kv.Key) {
						t.Errorf("stage %s: ENV %s looks like a secret; configuration comes from the cluster", s.Name, kv.Key)
					}
				}
			}
		}
	}
}

// TestDockerfileBuildsEveryService: the service stage builds services/<SERVICE>/cmd/<SERVICE>,
// which exists for every service, and the gateway stage carries the frontend.
func TestDockerfileBuildsEveryService(t *testing.T) {
	df := parseDockerfile(t)
	build := df.stage("go-build")
	if build == nil {
		t.Fatal("no go-build stage")
	}
	var cmd string
	for _, c := range build.Commands {
		if r, ok := c.(*instructions.RunCommand); ok {
			cmd += strings.Join(r.CmdLine, " ")
		}
	}
	if !strings.Contains(cmd, `./services/${SERVICE}/cmd/${SERVICE}`) || !strings.Contains(cmd, "CGO_ENABLED") && !envHas(build, "CGO_ENABLED", "0") {
		t.Errorf("go-build must build ./services/${SERVICE}/cmd/${SERVICE} statically; RUN %s", cmd)
	}
	for _, s := range services(t) {
		if _, err := os.Stat(filepath.Join(repoRoot(t), "services", s.Name, "cmd", s.Name)); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
	}
	gw := df.stage("gateway")
	if gw == nil {
		t.Fatal("no gateway stage")
	}
	var froms []string
	for _, c := range gw.Commands {
		if cp, ok := c.(*instructions.CopyCommand); ok {
			froms = append(froms, cp.From+":"+cp.DestPath)
		}
	}
	if !slices.Contains(froms, "web-build:/app/frontend") || !envHas(gw, "FRONTEND_DIR", "/app/frontend") {
		t.Errorf("gateway stage must copy the built frontend to /app/frontend and set FRONTEND_DIR; copies %v", froms)
	}
}

func envHas(s *instructions.Stage, key, val string) bool {
	for _, c := range s.Commands {
		if e, ok := c.(*instructions.EnvCommand); ok {
			for _, kv := range e.Env {
				if kv.Key == key && kv.Value == val {
					return true
				}
			}
		}
	}
	return false
}
