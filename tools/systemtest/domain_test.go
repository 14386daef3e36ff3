package systemtest

import (
	"net/http"
	"strconv"
	"testing"
)

func TestGatewayWithRealDomainService(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de")

	if tlds := b.list("/api/v2/domains", "tlds"); len(tlds) < 40 {
		t.Fatalf("%d TLDs, want the seeded catalogue", len(tlds))
	}
	b.do(http.MethodGet, "/api/v2/session/locale", "") // fetch the CSRF cookie
	code, body := b.do(http.MethodPost, "/api/v2/domain-availability",
		`{"domains":["WWW.Example.DE.","shop.example.co.uk","müller.de"]}`)
	if code != http.StatusOK {
		t.Fatalf("availability: %d %v", code, body)
	}
	results := body["results"].([]any)
	want := []string{"example.de", "example.co.uk", "xn--mller-kva.de"}
	for i, r := range results {
		res := r.(map[string]any)
		if res["domain"] != want[i] {
			t.Errorf("result %d = %v, want %s", i, res["domain"], want[i])
		}
	}

	code, body = b.do(http.MethodPost, "/api/v2/domain-availability", `{"domains":["ex ample!.de"]}`)
	params, _ := body["params"].(map[string]any)
	if code != http.StatusBadRequest || body["error"] != "domain.input_invalid" || params["input"] != "ex ample!.de" || params["chars"] == "" {
		t.Fatalf("forbidden characters: %d %v", code, body)
	}

	// A product's free TLDs come from the real catalog.
	products := b.list("/api/v2/products", "products")
	for _, p := range products {
		free, _ := p["free_tlds"].(map[string]any)
		if tlds, _ := free["domains"].([]any); len(tlds) > 0 {
			id := int(p["id"].(float64))
			code, body := b.do(http.MethodPost, "/api/v2/products/"+strconv.Itoa(id)+"/inclusive-tlds", `{"domains":[]}`)
			if code != http.StatusOK || len(body["inclusive_tlds"].([]any)) == 0 {
				t.Fatalf("inclusive tlds of product %d: %d %v", id, code, body)
			}
			return
		}
	}
	t.Fatal("no seeded product has free TLDs")
}
