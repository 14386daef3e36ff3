package deploytest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the repository root, two levels above this module.
func repoRoot(t *testing.T) string {
	t.Helper()
	// Every test here reads the repository outside this module (charts, Dockerfile, sources) or
	// builds binaries, which go test's cache does not see: reading the variable `make test-go` sets
	// anew for each run keeps the result from being replayed (libs/go/platform/testrun, which this
	// module does not import).
	_ = os.Getenv("HOSTCART_TEST_RUN")
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Clean(filepath.Join(wd, "..", ".."))
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Fatalf("repository root not found from %s: %v", wd, err)
	}
	return root
}

// service is a deployable Go service found in the sources.
type service struct {
	Name string
	// ListenVar is the variable its main reads for the gRPC address (CATALOG_LISTEN).
	ListenVar string
	// Calls are the services whose <NAME>_ADDR it reads.
	Calls []string
}

var (
	listenRe = regexp.MustCompile(`"([A-Z_]+_LISTEN)"`)
	addrRe   = regexp.MustCompile(`"([A-Z_]+)_ADDR"`)
	backRe   = regexp.MustCompile(`(?s)var backends = \[\]string\{([^}]*)\}`)
)

// services lists services/<name> with a main at services/<name>/cmd/<name>, sorted.
func services(t *testing.T) []service {
	t.Helper()
	root := repoRoot(t)
	dirs, err := filepath.Glob(filepath.Join(root, "services", "*", "cmd", "*", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []service
	for _, main := range dirs {
		cmdDir := filepath.Dir(main)
		name := filepath.Base(cmdDir)
		svcDir := filepath.Dir(filepath.Dir(cmdDir))
		if filepath.Base(svcDir) != name {
			continue // a second command of a service (a tool), not the service's main
		}
		src, err := os.ReadFile(main)
		if err != nil {
			t.Fatal(err)
		}
		s := service{Name: name}
		if m := listenRe.FindSubmatch(src); m != nil {
			s.ListenVar = string(m[1])
		}
		s.Calls = addrVars(t, svcDir)
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b service) int { return strings.Compare(a.Name, b.Name) })
	if len(out) < 6 {
		t.Fatalf("found %d services under services/*/cmd; expected at least catalog, domain, cart, promotion, customer, payment", len(out))
	}
	return out
}

// addrVars returns the peers whose <NAME>_ADDR the non-test Go files under dir read, lower case.
func addrVars(t *testing.T, dir string) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range addrRe.FindAllSubmatch(src, -1) {
			seen[strings.ToLower(strings.ReplaceAll(string(m[1]), "_", "-"))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// gatewayBackends is the gateway's list of services it dials (gatewaysvc.backends).
func gatewayBackends(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "gateway", "gatewaysvc", "run.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := backRe.FindSubmatch(src)
	if m == nil {
		t.Fatal("gateway/gatewaysvc/run.go: var backends = []string{...} not found")
	}
	var out []string
	for part := range strings.SplitSeq(string(m[1]), ",") {
		if p := strings.Trim(strings.TrimSpace(part), `"`); p != "" {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

func TestSourcesAreFound(t *testing.T) {
	svcs := services(t)
	byName := map[string]service{}
	for _, s := range svcs {
		byName[s.Name] = s
		if s.ListenVar != strings.ToUpper(s.Name)+"_LISTEN" {
			t.Errorf("%s: main reads listen variable %q, want %s_LISTEN (the chart sets it)", s.Name, s.ListenVar, strings.ToUpper(s.Name))
		}
	}
	if got := byName["cart"].Calls; !slices.Equal(got, []string{"catalog", "customer", "domain", "promotion"}) {
		t.Errorf("cart calls %v", got)
	}
	if got := gatewayBackends(t); !slices.Contains(got, "catalog") {
		t.Errorf("gateway backends %v", got)
	}
}
