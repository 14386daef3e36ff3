package spa

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestCacheControl(t *testing.T) {
	tests := map[string]string{
		"index.html":                       "no-cache",
		"mf-manifest.json":                 "no-cache",
		"flow/mf-manifest.json":            "no-cache",
		"module-federation.manifest.json":  "no-cache",
		"remoteEntry.js":                   "no-cache",
		"main.3f2a1b9c7d6e5f40.js":         "public, max-age=31536000, immutable",
		"styles.0123abcd.css":              "public, max-age=31536000, immutable",
		"checkout/456.deadbeefcafe0123.js": "public, max-age=31536000, immutable",
		"assets/font-9f8e7d6c5b4a.woff2":   "public, max-age=31536000, immutable",
		"favicon.ico":                      "no-cache",
		"main.js":                          "no-cache",
		"assets/logo.v2.svg":               "no-cache",
		"notahash.ghijklmnop.js":           "no-cache",
	}
	for name, want := range tests {
		if got := CacheControl(name); got != want {
			t.Errorf("CacheControl(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFrontendAppearsAfterBuild(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shell")
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	get := func() *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/categories", nil))
		return rec
	}
	if rec := get(); rec.Body.String() == "built" {
		t.Fatal("served a page before the build")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("built"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rec := get(); rec.Code != http.StatusOK || rec.Body.String() != "built" {
		t.Fatalf("after build: %d %q", rec.Code, rec.Body)
	}
}

func TestSymlinkOutOfDirIsNotServed(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("app"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "leak.txt")); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/leak.txt", nil))
	if rec.Body.String() == "secret" {
		t.Fatal("a symlink leaked a file from outside the frontend directory")
	}
}

func TestNewRejectsAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(f); err == nil {
		t.Fatal("New accepted a file as frontend directory")
	}
}
