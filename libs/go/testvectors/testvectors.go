// Package testvectors reads the shared test vectors of libs/testvectors for Go tests: the files that
// pin a rule implemented in Go and in TypeScript, checked by both against the same cases
// (libs/testvectors/README.md). One reader for every module: a test names the file and the type
// it decodes into, wherever its package lives in the repository.
package testvectors

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
)

// rel is the vectors' directory below the repository root.
var rel = filepath.Join("libs", "testvectors")

// Locate answers the repository's libs/testvectors directory: the first one found from the working
// directory (go test runs a package's tests in its own directory) upwards.
func Locate() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		candidate := filepath.Join(dir, rel)
		if info, err := os.Stat(candidate); err == nil && info.IsDir() {
			return candidate, nil
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s in %s or any directory above it", rel, dir)
		}
		dir = parent
	}
}

// Path answers the path of the vector file name (e.g. "sepa.json"), for a test that rewrites it.
// The vectors are outside every Go module: the calling test is marked as reading the outside world
// (testrun.Outside), so go test never replays its result after they changed.
func Path(t testing.TB, name string) string {
	t.Helper()
	testrun.Outside()
	dir, err := Locate()
	if err != nil {
		t.Fatalf("test vectors: %v", err)
	}
	return filepath.Join(dir, name)
}

// Read decodes the vector file name (e.g. "sepa.json") into a T; a file that is missing or does
// not decode fails the test.
func Read[T any](t testing.TB, name string) T {
	t.Helper()
	raw, err := os.ReadFile(Path(t, name))
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	var out T
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("decode vectors %s: %v", name, err)
	}
	return out
}
