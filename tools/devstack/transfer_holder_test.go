package main

import (
	"net/http"
	"strings"
	"testing"
)

// A contract transfer names its holder only to the session that first put it into its cart
// (issue 21, finding 3): a second session looking the same id up gets the transfer product, never
// the first session's holder, however often it asks; a transfer of its own it is told.
func TestStackTransferHolderOnlyToItsSession(t *testing.T) {
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	owner := newBrowser(t, base, "hostwerk.localhost")
	other := newBrowser(t, base, "hostwerk.localhost")
	holder := func(body map[string]any) string {
		tr, _ := body["transfer"].(map[string]any)
		h, _ := tr["holder"].(string)
		return h
	}
	code, _, body := owner.post("/api/v2/contract-transfer/T-41", "", "")
	if code != http.StatusOK || holder(body) != "Erika Mustermann" {
		t.Fatalf("owner's lookup: %d %v", code, body)
	}
	for i := range 3 {
		code, _, body := other.post("/api/v2/contract-transfer/T-41", "", "")
		if code != http.StatusOK || body["row_id"] == "" {
			t.Fatalf("other session's lookup %d: %d %v", i+1, code, body)
		}
		if strings.Contains(mustJSON(body), "Mustermann") {
			t.Fatalf("other session's lookup %d named the owner's holder: %v", i+1, body)
		}
	}
	if code, _, body := other.post("/api/v2/contract-transfer/T-42", "", ""); code != http.StatusOK || holder(body) != "Erika Mustermann" {
		t.Fatalf("other session's own transfer: %d %v", code, body)
	}
	if code, _, body := owner.post("/api/v2/contract-transfer/T-41", "", ""); code != http.StatusOK || holder(body) != "Erika Mustermann" {
		t.Fatalf("owner's reload: %d %v", code, body)
	}
}
