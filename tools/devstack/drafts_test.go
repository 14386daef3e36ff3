package main

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// createDraft does what tools/draftctl does for the admin panel: a draft of Hostwerk (brand 1)
// with the products preconfigured.
func createDraft(t *testing.T, st *stack, products ...int32) (id, code string) {
	t.Helper()
	conn, err := grpc.NewClient(st.addrs["order"], grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ctx = callctx.ToOutgoing(ctx, callctx.Values{BrandID: 1, RequestID: callctx.NewRequestID()})
	cart := &cartv1.Cart{}
	for _, p := range products {
		cart.Items = append(cart.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: p}})
	}
	resp, err := orderv1.NewOrderServiceClient(conn).CreateDraft(ctx, &orderv1.CreateDraftRequest{Cart: cart, CustomerNumber: "100001", CreatedBy: "panel-op"})
	if err != nil {
		t.Fatal(err)
	}
	return resp.GetDraft().GetId(), resp.GetSessionCode()
}

// signInAgent walks the local admin panel's sign-in for b: the panel signs a token, the shop's
// /admin/sign-in sets the admin cookie.
func signInAgent(t *testing.T, st *stack, b *browser, roles string) {
	t.Helper()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	q := url.Values{"shop": {"http://" + b.host}, "admin": {"agent-7"}, "name": {"Ada Agent"}, "roles": {roles}, "next": {"/cart"}}
	resp, err := noRedirect.Get(st.adminPanel + "/sign-in?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Path != "/admin/sign-in" {
		t.Fatalf("admin panel sent the agent to %q", resp.Header.Get("Location"))
	}
	req, _ := http.NewRequest(http.MethodGet, b.base+loc.RequestURI(), nil)
	req.Host = b.host
	for _, c := range b.cookies { // the browser's own cookies go along, as on any navigation
		req.AddCookie(c)
	}
	before := b.cookies["sid"]
	resp, err = noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/cart" {
		t.Fatalf("shop sign-in: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, c := range resp.Cookies() {
		b.cookies[c.Name] = c
	}
	// The sign-in rotates the session's cookie token (the session and its cart stay).
	if before != nil && b.cookies["sid"].Value == before.Value {
		t.Fatal("admin sign-in kept the session cookie token")
	}
}

func errorKey(body map[string]any) string { s, _ := body["error"].(string); return s }

func cartOf(t *testing.T, b *browser) (items []any, version string, draft bool) {
	t.Helper()
	code, _, body := b.do(http.MethodGet, "/api/v2/session/cart", "")
	if code != http.StatusOK {
		t.Fatalf("cart: %d %v", code, body)
	}
	cart, _ := body["cart"].(map[string]any)
	items, _ = cart["items"].([]any)
	version, _ = cart["version"].(string)
	draft, _ = cart["is_draft"].(bool)
	return items, version, draft
}

// checkDrafts attempts every spec §6 rule of drafts as a visitor, a customer continuing a draft
// and sales agents with and without a draft, with bodies claiming more rights than the caller has.
// Every refusal leaves the cart and the draft as they were.
func checkDrafts(t *testing.T, st *stack) {
	const host = "hostwerk.localhost"
	draftID, code := createDraft(t, st, 1001)

	// A visitor: no admin, claims in bodies change nothing.
	visitor := newBrowser(t, st.base, host)
	if c, _, _ := visitor.do(http.MethodGet, "/api/v2/admins/me", ""); c != http.StatusNoContent {
		t.Fatalf("visitor /admins/me: %d", c)
	}
	if c, _, body := visitor.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001,"is_sales_agent":true}`); c != http.StatusOK {
		t.Fatalf("visitor add: %d %v", c, body)
	}
	if c, _, body := visitor.do(http.MethodPut, "/api/v2/session/cart", `{"items":[{"product":{"id":1002},"is_preconfigured":true}],"is_sales_agent":true}`); c != http.StatusForbidden || errorKey(body) != "cart.preconfigured_item_locked" {
		t.Fatalf("visitor brings a preconfigured item: %d %v", c, body)
	}
	_, v, _ := cartOf(t, visitor)
	if c, _, body := visitor.do(http.MethodPut, "/api/v2/session/cart", `{"items":[{"product":{"id":1002}}],"version":"`+v+`","is_draft":true,"is_sales_agent":true}`); c != http.StatusOK {
		t.Fatalf("visitor replace: %d %v", c, body)
	}
	if items, _, draft := cartOf(t, visitor); draft || len(items) != 1 || items[0].(map[string]any)["is_preconfigured"] == true {
		t.Fatalf("a visitor's body made the cart a draft or preconfigured: draft %v, %v", draft, items)
	}
	for _, tc := range []struct{ method, path, body string }{
		{http.MethodGet, "/api/v2/order-drafts/current", ""},
		{http.MethodPost, "/api/v2/order-drafts/current", `{"version":1,"is_sales_agent":true}`},
		{http.MethodDelete, "/api/v2/order-drafts/current", ""},
	} {
		if c, _, body := visitor.do(tc.method, tc.path, tc.body); c == http.StatusOK || c == http.StatusNoContent {
			t.Fatalf("visitor %s %s: %d %v", tc.method, tc.path, c, body)
		}
	}
	for _, bad := range []string{"unknown0code", "x'; DROP", ""} {
		if c, _, body := visitor.do(http.MethodPost, "/api/v2/session/restore", `{"session_code":"`+bad+`"}`); c != http.StatusNotFound || errorKey(body) != "order_drafts.not_found" {
			t.Fatalf("restore with %q: %d %v", bad, c, body)
		}
	}

	// The customer continues the draft: sees it, cannot add or change, cannot save.
	customer := newBrowser(t, st.base, host)
	if c, _, body := customer.do(http.MethodPost, "/api/v2/order-drafts/continue", `{"session_code":"`+code+`"}`); c != http.StatusOK || body["taken_over"] != true {
		t.Fatalf("continue: %d %v", c, body)
	}
	items, version, draft := cartOf(t, customer)
	if !draft || len(items) != 1 || items[0].(map[string]any)["is_preconfigured"] != true {
		t.Fatalf("draft cart: draft %v %v", draft, items)
	}
	row := items[0].(map[string]any)["row_id"].(string)
	// The stored item exactly as it is, plus one of the customer's own.
	withExtra := mustJSON(map[string]any{"items": []any{items[0], map[string]any{"product": map[string]any{"id": 1002}}}, "is_sales_agent": true})
	refusals := []struct{ method, path, body, key string }{
		{http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1002,"is_sales_agent":true}`, "order_drafts.items_locked"},
		{http.MethodPut, "/api/v2/session/cart", withExtra, "order_drafts.items_locked"},
		{http.MethodDelete, "/api/v2/session/cart/items/" + row, "", "cart.preconfigured_item_locked"},
		{http.MethodDelete, "/api/v2/session/cart", "", "cart.preconfigured_item_locked"},
		{http.MethodPost, "/api/v2/order-drafts/current", `{"version":1,"is_sales_agent":true}`, "order_drafts.agent_only"},
	}
	for _, r := range refusals {
		if c, _, body := customer.do(r.method, r.path, r.body); c != http.StatusForbidden || errorKey(body) != r.key {
			t.Fatalf("customer %s %s: %d %v, want 403 %s", r.method, r.path, c, body, r.key)
		}
	}
	if items, v, _ := cartOf(t, customer); len(items) != 1 || v != version {
		t.Fatalf("refusals changed the draft cart: %d items, version %s→%s", len(items), version, v)
	}
	if c, _, body := customer.do(http.MethodGet, "/api/v2/order-drafts/current", ""); c != http.StatusOK || body["draft"].(map[string]any)["id"] != draftID {
		t.Fatalf("customer's current draft: %d %v", c, body)
	}

	// A sales agent without a draft code: is an agent, but has no draft to save, and continuing a
	// draft does not take it over.
	loose := newBrowser(t, st.base, host)
	signInAgent(t, st, loose, "sales-agent")
	if c, _, body := loose.do(http.MethodGet, "/api/v2/admins/me", ""); c != http.StatusOK || body["is_sales_agent"] != true {
		t.Fatalf("agent /admins/me: %d %v", c, body)
	}
	if c, _, body := loose.do(http.MethodPost, "/api/v2/order-drafts/current", `{"version":1}`); c != http.StatusNotFound || errorKey(body) != "order_drafts.no_draft" {
		t.Fatalf("agent without a draft saves: %d %v", c, body)
	}
	if c, _, body := loose.do(http.MethodPost, "/api/v2/order-drafts/continue", `{"session_code":"`+code+`"}`); c != http.StatusOK || body["taken_over"] != false {
		t.Fatalf("agent continue: %d %v", c, body)
	}
	if _, _, draft := cartOf(t, loose); draft {
		t.Fatal("continue took the draft over for a sales agent")
	}
	// An admin without the sales-agent role is no agent.
	support := newBrowser(t, st.base, host)
	signInAgent(t, st, support, "support")
	if c, _, body := support.do(http.MethodPost, "/api/v2/session/restore", `{"session_code":"`+code+`"}`); c != http.StatusOK {
		t.Fatalf("support restore: %d %v", c, body)
	}
	if c, _, body := support.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1002}`); c != http.StatusForbidden {
		t.Fatalf("support admin adds to the draft: %d %v", c, body)
	}

	// The sales agent restores the draft, edits it, cannot order, saves; a stale save is refused.
	agent := newBrowser(t, st.base, host)
	signInAgent(t, st, agent, "sales-agent")
	if c, _, body := agent.do(http.MethodPost, "/api/v2/session/restore", `{"session_code":"`+code+`"}`); c != http.StatusOK || body["taken_over"] != true {
		t.Fatalf("agent restore: %d %v", c, body)
	}
	if c, _, body := agent.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1002}`); c != http.StatusOK {
		t.Fatalf("agent adds: %d %v", c, body)
	}
	if c, _, body := agent.do(http.MethodPost, "/api/v2/orders", `{"generalbusinessterm":true,"privacyterm":true}`); c != http.StatusForbidden || errorKey(body) != "order_drafts.agents_save_drafts" {
		t.Fatalf("agent orders: %d %v", c, body)
	}
	c, _, body := agent.do(http.MethodPost, "/api/v2/order-drafts/current", `{"version":1}`)
	saved, _ := body["draft"].(map[string]any)
	if c != http.StatusOK || saved["version"] != float64(2) || !strings.HasSuffix(body["redirect_url"].(string), "/session-order-drafts/"+draftID) {
		t.Fatalf("agent save: %d %v", c, body)
	}
	if c, _, body := agent.do(http.MethodPost, "/api/v2/order-drafts/current", `{"version":1}`); c != http.StatusConflict || errorKey(body) != "order_drafts.version_conflict" {
		t.Fatalf("stale save: %d %v", c, body)
	}
	if c, _, body := agent.do(http.MethodDelete, "/api/v2/order-drafts/current", ""); c != http.StatusForbidden || errorKey(body) != "order_drafts.customer_only" {
		t.Fatalf("agent cancels: %d %v", c, body)
	}

	// The customer sees the agent's item, locked for them, and cancels: the browser gets a new,
	// empty session and the code opens nothing any more.
	items, _, _ = cartOf(t, customer)
	if len(items) != 2 || items[1].(map[string]any)["is_preconfigured"] != true {
		t.Fatalf("customer after the agent's save: %v", items)
	}
	if c, _, body := customer.do(http.MethodDelete, "/api/v2/order-drafts/current", ""); c != http.StatusNoContent {
		t.Fatalf("customer cancels: %d %v", c, body)
	}
	if items, _, draft := cartOf(t, customer); len(items) != 0 || draft {
		t.Fatalf("after cancel: %v draft %v", items, draft)
	}
	if c, _, body := customer.do(http.MethodPost, "/api/v2/order-drafts/continue", `{"session_code":"`+code+`"}`); c != http.StatusNotFound || errorKey(body) != "order_drafts.not_found" {
		t.Fatalf("continue a cancelled draft: %d %v", c, body)
	}
}
