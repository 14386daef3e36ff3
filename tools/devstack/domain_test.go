package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// browser keeps one visitor's cookies by hand (the brand comes from the Host header, which a
// cookie jar does not file cookies under) and sends the CSRF header on state-changing calls.
type browser struct {
	t       *testing.T
	base    string
	host    string
	cookies map[string]*http.Cookie
}

func newBrowser(t *testing.T, base, host string) *browser {
	b := &browser{t: t, base: base, host: host, cookies: map[string]*http.Cookie{}}
	if code, _, _ := b.do(http.MethodGet, "/api/v2/session/locale", ""); code != http.StatusOK {
		t.Fatalf("session start: status %d", code)
	}
	return b
}

func (b *browser) do(method, path, body string) (int, http.Header, map[string]any) {
	b.t.Helper()
	req, err := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Host = b.host
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
		if c := b.cookies["XSRF-TOKEN"]; c != nil {
			req.Header.Set("X-XSRF-TOKEN", c.Value)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		b.cookies[c.Name] = c
	}
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(raw) == 0 && resp.StatusCode == http.StatusNoContent {
		return resp.StatusCode, resp.Header, nil
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		b.t.Fatalf("%s %s: %d, not a JSON object: %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, resp.Header, out
}

func (b *browser) availability(names ...string) (int, http.Header, map[string]any) {
	b.t.Helper()
	body, err := json.Marshal(map[string][]string{"domains": names})
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(http.MethodPost, "/api/v2/domain-availability", string(body))
}

// checkDomainAPI drives the domain routes through the gateway against the seeded domain service
// and the sandbox registry.
func checkDomainAPI(t *testing.T, base string) {
	for _, host := range []string{"hostwerk.localhost", "alpenhost.localhost"} {
		b := newBrowser(t, base, host)
		code, _, body := b.do(http.MethodGet, "/api/v2/domains", "")
		tlds, _ := body["tlds"].([]any)
		if code != http.StatusOK || len(tlds) < 40 {
			t.Fatalf("%s /domains: %d with %d TLDs", host, code, len(tlds))
		}
		code, _, body = b.do(http.MethodGet, "/api/v2/domains?group=true", "")
		if groups, _ := body["domain_groups"].([]any); code != http.StatusOK || len(groups) < 3 {
			t.Fatalf("%s /domains?group=true: %d %v", host, code, body)
		}
	}

	b := newBrowser(t, base, "hostwerk.localhost")
	code, _, body := b.availability("WWW.Example.DE.", "shop.example.co.uk", "müller.de", "takenname.com", "freeplace.eu")
	if code != http.StatusOK {
		t.Fatalf("availability: %d %v", code, body)
	}
	results, _ := body["results"].([]any)
	want := []struct{ domain, tld, sld string }{
		{"example.de", "de", "example"},
		{"example.co.uk", "co.uk", "example"},
		{"xn--mller-kva.de", "de", "xn--mller-kva"},
		{"takenname.com", "com", "takenname"},
		{"freeplace.eu", "eu", "freeplace"},
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d: %v", len(results), len(want), body)
	}
	for i, w := range want {
		r := results[i].(map[string]any)
		if r["domain"] != w.domain || r["tld"] != w.tld || r["sld"] != w.sld {
			t.Errorf("result %d = %v/%v/%v, want %+v", i, r["domain"], r["tld"], r["sld"], w)
		}
		if _, ok := r["price"].(map[string]any); !ok {
			t.Errorf("result %d has no price: %v", i, r)
		}
	}
	if r := results[2].(map[string]any); r["domain_unicode"] != "müller.de" {
		t.Errorf("umlaut name shown as %v, want müller.de", r["domain_unicode"])
	}
	if r := results[3].(map[string]any); r["status"] != float64(1) || r["authcode"] != true {
		t.Errorf("takenname.com = status %v authcode %v, want 1 (transfer)", r["status"], r["authcode"])
	}
	if r := results[4].(map[string]any); r["status"] != float64(0) || r["status_text"] != "domain.status.available" {
		t.Errorf("freeplace.eu = %v %v, want available", r["status"], r["status_text"])
	}
	// The same names again come from the cache.
	_, _, again := b.availability("WWW.Example.DE.")
	if r := again["results"].([]any)[0].(map[string]any); r["cached"] != true {
		t.Errorf("repeated check not served from the cache: %v", r)
	}

	code, _, body = b.availability("fine.de", "ex@mple!.de")
	params, _ := body["params"].(map[string]any)
	if code != http.StatusBadRequest || body["error"] != "domain.input_invalid" || params["input"] != "ex@mple!.de" ||
		!strings.Contains(fmt.Sprint(params["chars"]), "@") || !strings.Contains(fmt.Sprint(params["chars"]), "!") {
		t.Fatalf("forbidden characters: %d %v", code, body)
	}
	if errs, _ := body["errors"].(map[string]any); errs["domains"] == nil {
		t.Fatalf("forbidden characters not reported under domains: %v", body)
	}

	code, _, body = b.availability("a1.de", "a2.de", "a3.de", "a4.de", "a5.de", "a6.de")
	if code != http.StatusBadRequest || body["error"] != "domain.too_many_names" {
		t.Fatalf("6 names: %d %v", code, body)
	}
}
