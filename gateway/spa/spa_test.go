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

// The build writes .br and .gz beside text assets; the browser gets the best one it accepts, with
// Content-Encoding, the original type and Vary, and the plain file otherwise.
func TestPrecompressedAssets(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "page", "main.0123abcd.js": "plain js", "main.0123abcd.js.br": "brotli js", "main.0123abcd.js.gz": "gzip js",
		"styles.0123abcd.css": "plain css", "styles.0123abcd.css.gz": "gzip css",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		target, accept, rangeHeader, body, encoding, ctype string
	}{
		{"/main.0123abcd.js", "gzip, deflate, br, zstd", "", "brotli js", "br", "text/javascript; charset=utf-8"},
		{"/main.0123abcd.js", "gzip", "", "gzip js", "gzip", "text/javascript; charset=utf-8"},
		{"/main.0123abcd.js", "br;q=0, gzip;q=0.8", "", "gzip js", "gzip", "text/javascript; charset=utf-8"},
		{"/main.0123abcd.js", "br;q=0.0, gzip;q=0", "", "plain js", "", "text/javascript; charset=utf-8"},
		{"/main.0123abcd.js", "", "", "plain js", "", "text/javascript; charset=utf-8"},
		{"/main.0123abcd.js", "br", "bytes=0-2", "pla", "", "text/javascript; charset=utf-8"},
		{"/styles.0123abcd.css", "br, gzip", "", "gzip css", "gzip", "text/css; charset=utf-8"},
	}
	for _, tc := range cases {
		req := httptest.NewRequest(http.MethodGet, tc.target, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		if tc.rangeHeader != "" {
			req.Header.Set("Range", tc.rangeHeader)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Body.String() != tc.body || rec.Header().Get("Content-Encoding") != tc.encoding || rec.Header().Get("Content-Type") != tc.ctype ||
			rec.Header().Get("Vary") != "Accept-Encoding" || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s with %q: %q %v", tc.target, tc.accept, rec.Body, rec.Header())
		}
	}
}

// A hashed asset is never revalidated, so it is served without Last-Modified; an entry point that
// is revalidated keeps it.
func TestLastModifiedOnlyWhereRevalidated(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"main.0123abcd.js": "js", "main.0123abcd.js.br": "br", "remoteEntry.js": "entry", "remoteEntry.js.br": "entry br"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	for target, want := range map[string]bool{"/main.0123abcd.js": false, "/remoteEntry.js": true} {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("Accept-Encoding", "br")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != "br" || (rec.Header().Get("Last-Modified") != "") != want {
			t.Errorf("%s: %v, want Last-Modified %v", target, rec.Header(), want)
		}
	}
}
