package deploytest

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
)

// goBuildLine is the `go build ...` of a RUN command, up to the end of its shell command.
var goBuildLine = regexp.MustCompile(`go build [^;&|\n]*`)

// stageBuild returns the go build command of a Dockerfile stage and the environment its ENV sets.
func stageBuild(t *testing.T, s *instructions.Stage) (cmd string, env []string) {
	t.Helper()
	for _, c := range s.Commands {
		switch c := c.(type) {
		case *instructions.EnvCommand:
			for _, kv := range c.Env {
				env = append(env, kv.Key+"="+kv.Value)
			}
		case *instructions.RunCommand:
			if m := goBuildLine.FindString(strings.Join(c.CmdLine, " ")); m != "" {
				cmd = strings.TrimSpace(m)
			}
		}
	}
	if cmd == "" {
		t.Fatalf("stage %s runs no go build", s.Name)
	}
	return cmd, env
}

// The images hold what the Dockerfile's build stages compile. With no Docker engine here, this runs
// those very commands (flags, environment, package paths taken from the Dockerfile, /out/app
// redirected to a temporary folder) for the gateway and every service, and checks the binaries are
// what a distroless/static image can run: statically linked (no ELF interpreter) and stripped.
func TestImageBinariesBuildWithTheDockerfileFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("-short (make check): builds the gateway and every service; make test runs it")
	}
	df := parseDockerfile(t)
	out := t.TempDir()
	type build struct{ name, stage, service string }
	builds := []build{{"gateway", "gateway-build", ""}}
	for _, s := range services(t) {
		builds = append(builds, build{s.Name, "go-build", s.Name})
	}
	for _, b := range builds {
		st := df.stage(b.stage)
		if st == nil {
			t.Fatalf("no %s stage", b.stage)
		}
		cmd, env := stageBuild(t, st)
		bin := filepath.Join(out, b.name)
		cmd = strings.ReplaceAll(cmd, "/out/app", bin)
		cmd = strings.NewReplacer("${SERVICE}", b.service, "$SERVICE", b.service).Replace(cmd)
		if !strings.Contains(cmd, "-trimpath") || !strings.Contains(cmd, "-s -w") {
			t.Errorf("%s: %q builds without -trimpath or stripping", b.name, cmd)
		}
		sh := exec.Command("sh", "-c", cmd)
		sh.Dir = repoRoot(t)
		sh.Env = append(os.Environ(), env...)
		if msg, err := sh.CombinedOutput(); err != nil {
			t.Errorf("%s: %s: %v\n%s", b.name, cmd, err, msg)
			continue
		}
		f, err := elf.Open(bin)
		if err != nil {
			t.Errorf("%s: %v", b.name, err)
			continue
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Errorf("%s is dynamically linked: it would not start on distroless/static", b.name)
			}
		}
		if f.Section(".symtab") != nil {
			t.Errorf("%s keeps its symbol table: -ldflags -s is not in force", b.name)
		}
		_ = f.Close()
	}
}
