package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// signIn logs the session in as a seed customer through the local authority, as the login popup
// does, and fails unless the session is that customer now.
func signIn(t *testing.T, b *browser, username, password, customerNo string) {
	t.Helper()
	code, state, err := loginAtAuthority(authorizationURL(t, b), b.host, username, password)
	if err != nil {
		t.Fatal(err)
	}
	status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":%q,"state":%q,"clear_cart":false}`, code, state))
	if status != http.StatusOK || customerOf(t, body)["customer_no"] != customerNo {
		t.Fatalf("login as %s: %d %v", username, status, body)
	}
}

// A contract transfer names its holder only to a session signed in as the customer the transfer
// service names as the contract's holder (issue 21, finding 3; the sandbox's transfers are held by
// Erika Mustermann, customer 100002, the seed's "erika"). A visitor's session that looks an id up
// first is not told (it was before: the first session to look an id up learned the holder, so an
// enumerating session that came first learned every holder), nor is a second visitor or a session
// signed in as another customer, however often they ask; all of them still get the transfer
// product with its contract reference.
func TestStackTransferHolderOnlyToItsCustomer(t *testing.T) {
	// The enumerating session looks up more ids than its budget's burst; its 429s are another test's.
	t.Setenv("TRANSFER_RATELIMIT_SESSION", "off")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	holder := func(body map[string]any) string {
		tr, _ := body["transfer"].(map[string]any)
		h, _ := tr["holder"].(string)
		return h
	}
	withoutHolder := func(who string, b *browser, id string) {
		t.Helper()
		for i := range 2 {
			code, _, body := b.post("/api/v2/contract-transfer/"+id, "", "")
			tr, _ := body["transfer"].(map[string]any)
			if code != http.StatusOK || body["row_id"] == "" || tr["contract_reference"] == "" {
				t.Fatalf("%s: lookup %d of %s: %d %v", who, i+1, id, code, body)
			}
			if answer := mustJSON(body); strings.Contains(answer, "Mustermann") || strings.Contains(answer, "100002") {
				t.Fatalf("%s: lookup %d of %s named the holder: %s", who, i+1, id, answer)
			}
		}
	}
	enumerator := newBrowser(t, base, "hostwerk.localhost")
	for _, id := range []string{"T-41", "T-42", "T-43"} {
		withoutHolder("the first visitor to look it up", enumerator, id)
	}
	withoutHolder("another visitor", newBrowser(t, base, "hostwerk.localhost"), "T-41")
	other := newBrowser(t, base, "hostwerk.localhost")
	signIn(t, other, "max", "hostwerk-demo", "100001")
	withoutHolder("another customer (100001)", other, "T-41")

	owner := newBrowser(t, base, "hostwerk.localhost")
	signIn(t, owner, "erika", "hostwerk-demo", "100002")
	for _, id := range []string{"T-41", "T-44"} {
		code, _, body := owner.post("/api/v2/contract-transfer/"+id, "", "")
		if code != http.StatusOK || holder(body) != "Erika Mustermann" {
			t.Fatalf("the holder's own session (100002), %s: %d %v", id, code, body)
		}
		if strings.Contains(mustJSON(body), "100002") {
			t.Fatalf("the answer carries the holder's customer number: %v", body)
		}
	}
	// Her being told does not tell the others afterwards.
	withoutHolder("the first visitor again", enumerator, "T-41")
}
