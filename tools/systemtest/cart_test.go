package systemtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

// The acceptance of issue 4 through the API: the gateway in front of the real cart, catalog,
// domain and promotion services with the seed data.

// m walks a decoded JSON document: m(t, doc, "priced", "items", 0, "product"). A step that is not
// there fails the test: a typo in a path must not read as an absent value and let a check pass.
func m(t testing.TB, doc any, path ...any) any {
	t.Helper()
	for i, p := range path {
		switch k := p.(type) {
		case string:
			obj, ok := doc.(map[string]any)
			if !ok {
				t.Fatalf("JSON path %v: step %d (%q) on %T, not an object", path, i, k, doc)
			}
			v, ok := obj[k]
			if !ok {
				t.Fatalf("JSON path %v: no key %q in %v", path, k, obj)
			}
			doc = v
		case int:
			list, ok := doc.([]any)
			if !ok || k < 0 || k >= len(list) {
				t.Fatalf("JSON path %v: no element %d in %v", path, k, doc)
			}
			doc = list[k]
		default:
			t.Fatalf("JSON path %v: step %d is a %T", path, i, p)
		}
	}
	return doc
}

// num reads a number; int64 fields (the cart's version) arrive as JSON strings. Anything else
// fails the test.
func num(t testing.TB, doc any, path ...any) int {
	t.Helper()
	switch v := m(t, doc, path...).(type) {
	case float64:
		return int(v)
	case string:
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("JSON path %v: %q is not a number", path, v)
		}
		return n
	default:
		t.Fatalf("JSON path %v: %v is not a number", path, v)
		return 0
	}
}

// cartJSON re-encodes the cart of an answer, for a PUT of the whole cart.
func cartJSON(t *testing.T, body map[string]any) string {
	t.Helper()
	raw, err := json.Marshal(body["cart"])
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func (b *browser) mustDo(method, path, body string) map[string]any {
	b.t.Helper()
	code, out := b.do(method, path, body)
	if code != http.StatusOK {
		b.t.Fatalf("%s %s: %d %v", method, path, code, out)
	}
	return out
}

// start opens the session, so mutations carry the CSRF token.
func (b *browser) start() *browser {
	b.mustDo(http.MethodGet, "/api/v2/session/cart", "")
	return b
}

func TestCartPromotionsAgainstHandCalculations(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de").start()

	added := b.mustDo(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
	row, _ := added["row_id"].(string)
	if len(row) != 32 || m(t, added, "cart", "items", 0, "product", "promotion") != "AUTO-WEB24-HALF" {
		t.Fatalf("added: %v", added)
	}
	b.mustDo(http.MethodPost, "/api/v2/session/cart/items/"+row+"/addons", `{"addon_id":1204}`)

	priced := b.mustDo(http.MethodGet, "/api/v2/session/cart/priced", "")
	p := m(t, priced, "priced", "items", 0, "product", "promotion")
	// Web hosting S, 24 months at 4.49 on the 12-month interval; AUTO-WEB24-HALF takes 50 % off the
	// first billing period: 449 × 0.5 = 224.5 → 225 a month (× 1.19 = 267.75 → 268 shown);
	// 12 × 449 × 0.5 = 2694 net off; shown as 50 % of 12 printed months of 5.34 (449 × 1.19 =
	// 534.31): 3204 (issue 23: printed parts add up).
	if m(t, p, "applied") != true || num(t, p, "months") != 12 || num(t, p, "promoted_monthly_net_cents") != 225 || num(t, p, "promoted_monthly_display_cents") != 268 ||
		num(t, p, "discount_net_cents") != 2694 || num(t, p, "discount_display_cents") != 3204 {
		t.Errorf("product promotion = %v", p)
	}
	// Totals from the printed figures: product 24 × 5.34 = 128.16 − 32.04 = 96.12 gross (VAT
	// taken out: 15.35, 80.77 net); daily backup 24 × 2.38 = 57.12 − 25 % of 12 months (7.14) =
	// 49.98 gross (42.00 net); the auto-assigned addons are free. 122.77 net, 146.10 gross.
	tot := m(t, priced, "priced", "totals")
	if num(t, tot, "total_net_cents") != 12277 || num(t, tot, "total_gross_cents") != 14610 || num(t, tot, "discount_net_cents") != 2694+600 ||
		m(t, priced, "priced", "prices_with_vat") != true || m(t, priced, "priced", "promotions_unavailable") != false {
		t.Errorf("totals = %v", tot)
	}

	// A manual code replaces the automatic one on the product: WELCOME10, 10 % of the first 12
	// months: 12 × 449 × 0.1 = 538.8 → 539 net off, × 1.19 = 641.4 → 641 shown.
	redeemed := b.mustDo(http.MethodPost, "/api/v2/session/cart/promotions", `{"code":" welcome10 "}`)
	if redeemed["code"] != "WELCOME10" || m(t, redeemed, "cart", "items", 0, "product", "promotion") != "WELCOME10" {
		t.Fatalf("redeem: %v", redeemed)
	}
	priced = b.mustDo(http.MethodGet, "/api/v2/session/cart/priced", "")
	if p := m(t, priced, "priced", "items", 0, "product", "promotion"); num(t, p, "discount_net_cents") != 539 || num(t, p, "discount_display_cents") != 641 || num(t, p, "percent_label") != 10 {
		t.Errorf("WELCOME10 = %v", p)
	}
	// 128.16 − 6.41 = 121.75 gross, of which 19.44 VAT: 102.31 net, plus the backup's 42.00.
	if tot := m(t, priced, "priced", "totals"); num(t, tot, "total_net_cents") != 10231+4200 {
		t.Errorf("totals with WELCOME10 = %v", tot)
	}
	version := num(t, priced, "priced", "cart", "version")

	for _, tt := range []struct {
		code   string
		status int
		key    string
	}{
		{"NOPE", http.StatusNotFound, "confirm.manual_promotion_not_found"},
		{"SUMMER2019", http.StatusNotFound, "confirm.manual_promotion_not_found"},
		{"SSL20", http.StatusUnprocessableEntity, "confirm.manual_promotion_not_applicable"},
	} {
		code, body := b.do(http.MethodPost, "/api/v2/session/cart/promotions", `{"code":"`+tt.code+`"}`)
		if code != tt.status || body["error"] != tt.key || m(t, body, "params", "code") != tt.code {
			t.Errorf("%s: %d %v", tt.code, code, body)
		}
	}
	after := b.mustDo(http.MethodGet, "/api/v2/session/cart", "")
	if num(t, after, "cart", "version") != version || m(t, after, "cart", "items", 0, "product", "promotion") != "WELCOME10" {
		t.Errorf("refused codes changed the cart: %v", after)
	}

	// Removing the manual code brings the automatic one back.
	removed := b.mustDo(http.MethodDelete, "/api/v2/session/cart/promotions/WELCOME10", "")
	if m(t, removed, "cart", "items", 0, "product", "promotion") != "AUTO-WEB24-HALF" {
		t.Errorf("after removing WELCOME10: %v", removed)
	}
	if code, body := b.do(http.MethodDelete, "/api/v2/session/cart/promotions/WELCOME10", ""); code != http.StatusNotFound || body["error"] != "cart.promotion_not_found" {
		t.Errorf("removing it again: %d %v", code, body)
	}
}

func TestPromotionRoutes(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de")
	list := b.list("/api/v2/promotions", "promotions")
	codes := map[string]bool{}
	for _, p := range list {
		codes[p["code"].(string)] = true
		if p["is_automatic"] != true {
			t.Errorf("a manual promotion is published: %v", p)
		}
	}
	if !codes["AUTO-WEB24-HALF"] || codes["WELCOME10"] {
		t.Errorf("automatic promotions = %v", codes)
	}
	code, body := b.do(http.MethodGet, "/api/v2/promotions/welcome10", "")
	if code != http.StatusOK || body["code"] != "WELCOME10" || body["value_type"] != "percentage" || num(t, body, "percent_label") != 10 {
		t.Errorf("GET /promotions/welcome10: %d %v", code, body)
	}
	code, body = b.do(http.MethodGet, "/api/v2/promotions/NOPE", "")
	if code != http.StatusNotFound || body["error"] != "confirm.manual_promotion_not_found" || m(t, body, "params", "code") != "NOPE" {
		t.Errorf("unknown code: %d %v", code, body)
	}
}

func TestAlpenhostShowsNetPricesAndNoAutomaticPromotions(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.alpenhost.at").start()
	added := b.mustDo(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":2001}`)
	if code := m(t, added, "cart", "items", 0, "product", "promotion"); code != "" {
		t.Fatalf("automatic code on Alpenhost: %v", code)
	}
	b.mustDo(http.MethodPost, "/api/v2/session/cart/promotions", `{"code":"servus15"}`)
	priced := b.mustDo(http.MethodGet, "/api/v2/session/cart/priced", "")
	// Web hosting Start, 24 months at 3.90: 24 × 390 = 9360; SERVUS15 takes 15 % of one billing
	// period of 24 months: 9360 × 0.15 = 1404, shown net as Alpenhost shows prices.
	p := m(t, priced, "priced", "items", 0, "product", "promotion")
	if m(t, priced, "priced", "prices_with_vat") != false || num(t, p, "discount_net_cents") != 1404 || num(t, p, "discount_display_cents") != 1404 ||
		num(t, priced, "priced", "totals", "total_display_cents") != 9360-1404 {
		t.Errorf("priced = %v", m(t, priced, "priced"))
	}
}

// Tampered whole-cart PUTs are refused as a whole and leave the stored cart as it was.
func TestTamperedCartPutsAreRefused(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de").start()
	added := b.mustDo(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1011}`)
	row := added["row_id"].(string)
	b.mustDo(http.MethodPost, "/api/v2/session/cart/items/"+row+"/domains", `{"name":"blog.de"}`)
	stored := b.mustDo(http.MethodGet, "/api/v2/session/cart", "")
	pricedBefore := b.mustDo(http.MethodGet, "/api/v2/session/cart/priced", "")
	cart := cartJSON(t, stored)
	item := cartJSON(t, map[string]any{"cart": m(t, stored, "cart", "items", 0)})

	unchanged := func(t *testing.T) {
		t.Helper()
		after := b.mustDo(http.MethodGet, "/api/v2/session/cart", "")
		if cartJSON(t, after) != cart {
			t.Errorf("the stored cart changed:\n%s\nwas\n%s", cartJSON(t, after), cart)
		}
	}
	version := num(t, stored, "cart", "version")
	if version < 2 {
		t.Fatalf("version %d after two changes", version)
	}
	tests := []struct {
		name   string
		body   string
		status int
		key    string
		field  string
	}{
		{"qty_max + 1 (WordPress Start allows 5)",
			`{"version":` + fmt.Sprint(version) + `,"items":[` + item + strings.Repeat(`,{"product":{"id":1011}}`, 5) + `]}`,
			http.StatusBadRequest, "cart.max_amount_of_same_products_in_cart_reached", "items[5].product.id"},
		{"a domain twice",
			`{"version":` + fmt.Sprint(version) + `,"items":[` + item + `,{"product":{"id":1001},"domains":[{"name":"BLOG.de"}]}]}`,
			http.StatusBadRequest, "cart.domain_duplicate", "items[1].domains[0].name"},
		{"a stale version", strings.Replace(cart, `"version":"`+fmt.Sprint(version)+`"`, `"version":"`+fmt.Sprint(version-1)+`"`, 1),
			http.StatusConflict, "cart.version_conflict", ""},
		{"a preconfigured item made up by a visitor, claiming to be an agent",
			`{"is_sales_agent":true,"version":` + fmt.Sprint(version) + `,"items":[` + item + `,{"product":{"id":1005},"is_preconfigured":true}]}`,
			http.StatusForbidden, "cart.preconfigured_item_locked", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := b.do(http.MethodPut, "/api/v2/session/cart", tt.body)
			if code != tt.status || body["error"] != tt.key {
				t.Fatalf("%d %v, want %d %s", code, body, tt.status, tt.key)
			}
			if tt.field != "" {
				if errs, _ := m(t, body, "errors", tt.field).([]any); len(errs) == 0 || errs[0] != tt.key {
					t.Errorf("errors = %v, want %s at %s", body["errors"], tt.key, tt.field)
				}
			}
			unchanged(t)
		})
	}

	// Prices in the body are not part of the contract: they are ignored, the stored cart is what
	// the ids say, and the priced view shows the catalog's prices.
	t.Run("foreign prices are ignored", func(t *testing.T) {
		var doc map[string]any
		if err := json.Unmarshal([]byte(cart), &doc); err != nil {
			t.Fatal(err)
		}
		it := m(t, doc, "items", 0).(map[string]any)
		it["price_cents"] = 1
		it["total_gross_cents"] = 1
		it["product"].(map[string]any)["price_cents"] = 1
		it["product"].(map[string]any)["monthly_net_cents"] = 1
		raw, _ := json.Marshal(doc)
		code, body := b.do(http.MethodPut, "/api/v2/session/cart", string(raw))
		if code != http.StatusOK {
			t.Fatalf("%d %v", code, body)
		}
		priced := b.mustDo(http.MethodGet, "/api/v2/session/cart/priced", "")
		if got, want := m(t, priced, "priced", "totals"), m(t, pricedBefore, "priced", "totals"); fmt.Sprint(got) != fmt.Sprint(want) || num(t, got, "total_net_cents") < 1000 {
			t.Errorf("totals after a PUT with prices = %v, want the catalog's %v", got, want)
		}
		if p := m(t, priced, "priced", "items", 0, "product", "price"); num(t, p, "monthly_net_cents") == 1 {
			t.Errorf("price from the body: %v", p)
		}
	})
}

// A visitor cannot change an item a sales agent preconfigured (spec §4); the gateway never lets
// a visitor act as an agent. The draft is put into the visitor's session the way only an internal
// caller can: the cart service's ReplaceCart with is_sales_agent.
func TestVisitorCannotChangePreconfiguredItems(t *testing.T) {
	st := startStack(t)
	b := newBrowser(t, st.base, "shop.hostwerk.de").start()

	conn, err := grpcclient.Dial(st.cartAddr, logging.Discard(), grpcclient.Config{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ctx = callctx.With(ctx, callctx.Values{SessionID: st.sessionID(t, b.cookies["sid"]), BrandID: 1, Locale: "en-GB"})
	draft, err := cartv1.NewCartServiceClient(conn).ReplaceCart(ctx, &cartv1.ReplaceCartRequest{IsSalesAgent: true, Cart: &cartv1.Cart{Items: []*cartv1.Item{
		{Product: &cartv1.ProductLine{Id: 1005}, IsPreconfigured: true},
		{Product: &cartv1.ProductLine{Id: 1031}},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	locked, own := draft.GetCart().GetItems()[0].GetRowId(), draft.GetCart().GetItems()[1].GetRowId()

	stored := b.mustDo(http.MethodGet, "/api/v2/session/cart", "")
	if m(t, stored, "cart", "items", 0, "is_preconfigured") != true {
		t.Fatalf("the draft is not the visitor's cart: %v", stored)
	}
	cart := cartJSON(t, stored)
	var changed map[string]any
	_ = json.Unmarshal([]byte(cart), &changed)
	changed["is_sales_agent"] = true
	m(t, changed, "items", 0).(map[string]any)["domains"] = []any{map[string]any{"name": "classic.de"}}
	changedJSON, _ := json.Marshal(changed)

	for _, tt := range []struct{ method, path, body string }{
		{http.MethodPut, "/api/v2/session/cart", string(changedJSON)},
		{http.MethodDelete, "/api/v2/session/cart/items/" + locked, ""},
		{http.MethodPost, "/api/v2/session/cart/items/" + locked + "/domains", `{"name":"classic.de","is_sales_agent":true}`},
		{http.MethodPut, "/api/v2/session/cart/items/" + locked + "/period", `{"maturity_id":0,"interval_id":0,"is_sales_agent":true}`},
		{http.MethodDelete, "/api/v2/session/cart", ""},
	} {
		code, body := b.do(tt.method, tt.path, tt.body)
		if code != http.StatusForbidden || body["error"] != "cart.preconfigured_item_locked" {
			t.Errorf("%s %s: %d %v", tt.method, tt.path, code, body)
		}
		if after := b.mustDo(http.MethodGet, "/api/v2/session/cart", ""); cartJSON(t, after) != cart {
			t.Errorf("%s %s changed the cart:\n%s", tt.method, tt.path, cartJSON(t, after))
		}
	}
	// The visitor's own item stays theirs to change.
	removed := b.mustDo(http.MethodDelete, "/api/v2/session/cart/items/"+own, "")
	if items, _ := m(t, removed, "cart", "items").([]any); len(items) != 1 || m(t, items, 0, "row_id") != locked {
		t.Errorf("after removing the own item: %v", removed)
	}
}

func TestCartRoundTripThroughTheRoutes(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de").start()
	added := b.mustDo(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001,"informations":{"webcard_demo_reference":"demo-1"}}`)
	row := added["row_id"].(string)

	withAddon := b.mustDo(http.MethodPost, "/api/v2/session/cart/items/"+row+"/addons", `{"addon_id":1204}`)
	if ids := addonIDs(t, withAddon); !strings.Contains(ids, "1204") {
		t.Fatalf("addons after adding 1204: %s", ids)
	}
	withoutAddon := b.mustDo(http.MethodDelete, "/api/v2/session/cart/items/"+row+"/addons/1204", "")
	if ids := addonIDs(t, withoutAddon); strings.Contains(ids, "1204") {
		t.Fatalf("addons after removing 1204: %s", ids)
	}
	period := b.mustDo(http.MethodPut, "/api/v2/session/cart/items/"+row+"/period", `{"maturity_id":100102,"interval_id":4}`)
	if num(t, period, "cart", "items", 0, "product", "maturity_id") != 100102 {
		t.Fatalf("period: %v", period)
	}
	domain := b.mustDo(http.MethodPost, "/api/v2/session/cart/items/"+row+"/domains", `{"name":"Mein-Shop.DE"}`)
	if m(t, domain, "cart", "items", 0, "domains", 0, "name") != "mein-shop.de" {
		t.Fatalf("domain: %v", domain)
	}
	if code, body := b.do(http.MethodPost, "/api/v2/session/cart/items/"+row+"/domains", `{"name":"x"}`); code != http.StatusBadRequest || body["error"] != "cart.domain_invalid" {
		t.Errorf("invalid domain: %d %v", code, body)
	}
	gone := b.mustDo(http.MethodDelete, "/api/v2/session/cart/domains/mein-shop.de", "")
	if d, _ := m(t, gone, "cart", "items", 0, "domains").([]any); len(d) != 0 {
		t.Fatalf("domain not removed: %v", gone)
	}
	if code, body := b.do(http.MethodDelete, "/api/v2/session/cart/items/nope", ""); code != http.StatusNotFound || body["error"] != "cart.item_not_found" {
		t.Errorf("unknown row: %d %v", code, body)
	}
	// qty_max of a single add: SSL Basic allows 20 and cannot be exceeded one by one either.
	cleared := b.mustDo(http.MethodDelete, "/api/v2/session/cart", "")
	if items, _ := m(t, cleared, "cart", "items").([]any); len(items) != 0 {
		t.Fatalf("clear: %v", cleared)
	}
}

func addonIDs(t testing.TB, body map[string]any) string {
	var ids []string
	addons, _ := m(t, body, "cart", "items", 0, "addons").([]any)
	for _, a := range addons {
		ids = append(ids, fmt.Sprint(num(t, a, "id")))
	}
	return strings.Join(ids, ",")
}

func TestAdditionalFieldsValidation(t *testing.T) {
	base := stack(t)
	b := newBrowser(t, base, "shop.hostwerk.de").start()
	code, body := b.do(http.MethodPost, "/api/v2/additional-fields/validate",
		`{"fields":[{"id":8,"value":"Mein Blog","type":"product"},{"id":"9","value":"admin@example.de","type":"product"}]}`)
	if code != http.StatusOK || len(body) != 0 {
		t.Errorf("valid values: %d %v", code, body)
	}
	code, body = b.do(http.MethodPost, "/api/v2/additional-fields/validate",
		`{"fields":[{"id":8,"value":"","type":"product"},{"id":1,"value":"not a domain","type":"upsell"},{"id":999,"value":"x","type":"addon"}]}`)
	want := `map[1:[validation.fqdn] 8:[validation.required] 999:[validation.unknown_field]]`
	// Spec §7's shape (the keys per field id under error) and the API's (under errors), answered
	// 200: broken rules are the answer of a validation call, not a failed request (issue 22).
	if code != http.StatusOK || fmt.Sprint(body["error"]) != want || fmt.Sprint(body["errors"]) != want {
		t.Errorf("invalid values: %d %v, want errors %s", code, body, want)
	}
	code, body = b.do(http.MethodPost, "/api/v2/additional-fields/validate", `{"fields":[{"id":1,"value":"AT","type":"domain"}]}`)
	if code != http.StatusBadRequest || body["error"] != "fields.invalid" {
		t.Errorf("a domain field: %d %v", code, body)
	}
}
