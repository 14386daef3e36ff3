// Package spa serves the built frontend: files from a directory, index.html for every other page
// path so the client-side router can handle deep links, and cache headers that let browsers keep
// content-hashed assets forever while always revalidating the entry points.
package spa

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const indexFile = "index.html"

// Handler serves the single-page app of one directory.
type Handler struct {
	dir string
}

// New serves dir. A missing directory is not an error: the API works without the frontend, the
// pages explain how to build it, and the files are served as soon as a build creates them.
func New(dir string) (*Handler, error) {
	info, err := os.Stat(dir)
	if err == nil && !info.IsDir() {
		return nil, fmt.Errorf("spa: %s is not a directory", dir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("spa: stat %s: %w", dir, err)
	}
	return &Handler{dir: dir}, nil
}

// ServeHTTP answers GET and HEAD with a file or the app's index page.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// Opened per request rather than once: a rebuild may replace the whole directory. os.Root
	// keeps every lookup inside it, also through symlinks and "..".
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		h.serveNotBuilt(w)
		return
	}
	defer root.Close()
	files := root.FS()
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = indexFile
	}
	if isFile(files, name) {
		h.serveFile(w, r, files, name)
		return
	}
	// A missing script or stylesheet must stay a 404: answering with HTML would surface as a
	// confusing MIME error in the browser instead of the real cause.
	if looksLikeAsset(name) {
		http.NotFound(w, r)
		return
	}
	if !isFile(files, indexFile) {
		h.serveNotBuilt(w)
		return
	}
	h.serveFile(w, r, files, indexFile)
}

func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, files fs.FS, name string) {
	cache := CacheControl(name)
	w.Header().Set("Cache-Control", cache)
	if name != indexFile {
		if subresource[strings.ToLower(path.Ext(name))] {
			dropDocumentHeaders(w.Header())
		}
		h.serveAsset(w, r, files, name, cache == immutable)
		return
	}
	// Not ServeFileFS: it redirects requests for /index.html, but deep links need the page itself.
	page, err := fs.ReadFile(files, indexFile)
	if err != nil {
		http.Error(w, "frontend unavailable", http.StatusInternalServerError)
		return
	}
	var modified time.Time
	if info, err := fs.Stat(files, indexFile); err == nil {
		modified = info.ModTime()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, indexFile, modified, bytes.NewReader(page))
}

// precompressed are the encodings the build writes beside an asset (frontend/tools/precompress.mjs),
// best first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveAsset answers the precompressed sibling the browser accepts, else the file itself. Range
// requests get the plain file: a byte range of a compressed body is not what they asked for.
func (h *Handler) serveAsset(w http.ResponseWriter, r *http.Request, files fs.FS, name string, hashed bool) {
	w.Header().Add("Vary", "Accept-Encoding")
	if r.Header.Get("Range") == "" {
		for _, p := range precompressed {
			if !accepts(r.Header.Get("Accept-Encoding"), p.encoding) || !isFile(files, name+p.suffix) {
				continue
			}
			f, err := files.Open(name + p.suffix)
			if err != nil {
				break
			}
			defer f.Close()
			info, err := f.Stat()
			rs, ok := f.(io.ReadSeeker)
			if err != nil || !ok {
				break
			}
			if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
				w.Header().Set("Content-Type", ctype)
			}
			w.Header().Set("Content-Encoding", p.encoding)
			modified := info.ModTime()
			if hashed {
				// A hashed name is never revalidated (immutable), so Last-Modified would only be
				// bytes on every response of the first load.
				modified = time.Time{}
			}
			http.ServeContent(w, r, name, modified, rs)
			return
		}
	}
	http.ServeFileFS(w, r, files, name)
}

// subresource are the files a page loads as scripts, styles and fonts. The headers that only
// govern a document (a policy for what it may load, framing, the referrer it sends) have no effect
// on them and cost about 300 bytes per file over HTTP/1.1, a tenth of the first load's 33 files'
// share of the budget. nosniff stays: it is what makes browsers refuse a script served with the
// wrong type. Images are not among them: an SVG opened on its own is a document.
var subresource = map[string]bool{".js": true, ".mjs": true, ".css": true, ".woff": true, ".woff2": true}

// dropDocumentHeaders takes those headers off a subresource, and the request id too: it exists to
// match a visitor's report of a failed call with the gateway's logs, and a script or style is the
// same build file for everyone (the access log still records the id). Each is a different value,
// so even HTTP/2's header compression cannot shrink it: about 50 bytes per file, 1.6 KB of the
// first load.
func dropDocumentHeaders(h http.Header) {
	for _, name := range []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy", "X-Request-Id"} {
		h.Del(name)
	}
}

// accepts reports whether an Accept-Encoding header allows encoding (a q=0 entry refuses it).
func accepts(header, encoding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), encoding) {
			continue
		}
		for _, param := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if strings.EqualFold(k, "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				return err == nil && q > 0
			}
		}
		return true
	}
	return false
}

func (h *Handler) serveNotBuilt(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// Explicit: a router may have preset 404 for unmatched paths.
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "The frontend is not built (no %s in %s). Run `make build`; the API under /api/v2 works without it.\n",
		indexFile, h.dir)
}

func isFile(files fs.FS, name string) bool {
	info, err := fs.Stat(files, name)
	return err == nil && info.Mode().IsRegular()
}

// hashedName matches build outputs whose name carries a content hash, e.g. main.3f2a1b9c.js or
// 123.a1b2c3d4e5f6.css: their content never changes under the same name.
var hashedName = regexp.MustCompile(`[.-][0-9a-f]{8,}\.[a-z0-9]+$`)

const immutable = "public, max-age=31536000, immutable"

// CacheControl returns the caching policy of a served file. Entry points (index.html, module
// federation manifests and remote entries) must be revalidated on every load so a deployment takes
// effect at once; hashed assets can be cached for a year.
func CacheControl(name string) string {
	base := path.Base(name)
	switch {
	case base == indexFile, base == "mf-manifest.json", strings.HasSuffix(base, ".manifest.json"):
		return "no-cache"
	case hashedName.MatchString(base):
		return immutable
	default:
		return "no-cache"
	}
}

var assetExtensions = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".map": true, ".json": true, ".wasm": true,
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".ico": true, ".webp": true,
	".woff": true, ".woff2": true, ".ttf": true, ".txt": true, ".xml": true,
}

func looksLikeAsset(name string) bool {
	return assetExtensions[strings.ToLower(path.Ext(name))]
}
