package testvectors

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
)

func TestLocateFindsTheRepositoryVectors(t *testing.T) {
	testrun.Outside() // looks at libs/testvectors, outside this module
	dir, err := Locate()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		t.Fatalf("%s is not the vectors' directory: %v", dir, err)
	}
}

func TestLocateOutsideTheRepositoryFails(t *testing.T) {
	t.Chdir(t.TempDir())
	if dir, err := Locate(); err == nil {
		t.Fatalf("found %s outside the repository", dir)
	}
}

func TestReadDecodesANamedFile(t *testing.T) {
	cases := Read[[]struct {
		Name string `json:"name"`
		OK   bool   `json:"ok"`
	}](t, "field-rules.json")
	if len(cases) == 0 || cases[0].Name == "" {
		t.Fatalf("field-rules.json decoded to %v", cases)
	}
}

// recorder is a testing.TB that keeps the first fatal message and ends its goroutine, as t.Fatal
// ends a test's.
type recorder struct {
	testing.TB
	fatal string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func fatalOf(t *testing.T, read func(tb testing.TB)) string {
	r := &recorder{TB: t}
	var wg sync.WaitGroup
	wg.Go(func() { read(r) })
	wg.Wait()
	return r.fatal
}

func TestReadFailsOnAMissingOrUndecodableFile(t *testing.T) {
	if msg := fatalOf(t, func(tb testing.TB) { Read[[]string](tb, "no-such-file.json") }); !strings.Contains(msg, "no-such-file.json") {
		t.Errorf("missing file: fatal %q", msg)
	}
	if msg := fatalOf(t, func(tb testing.TB) { Read[string](tb, "field-rules.json") }); !strings.Contains(msg, "decode vectors field-rules.json") {
		t.Errorf("undecodable file: fatal %q", msg)
	}
}
