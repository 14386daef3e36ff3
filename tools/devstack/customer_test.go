package main

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/hostcart/checkout/gateway/sessions"
	"net/http"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/services/customer/adapters/redisstore"
	"github.com/hostcart/checkout/services/customer/domain"
)

// checkCustomerAPI drives the customer routes through the gateway as the checkout screens do. It
// runs in both store modes, so the customer service's Redis store is exercised as `make run`
// configures it.
func checkCustomerAPI(t *testing.T, st *stack) {
	checkCustomerLogin(t, st)
	checkPanelSignIn(t, st)
	t.Run("customer rules and storage", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		code, _, body := b.do(http.MethodGet, "/api/v2/session/customer", "")
		if code != http.StatusOK || summary(body) != "basic_info=<nil> address=<nil> validated=false notices=[]" {
			t.Fatalf("fresh session: %d %v", code, body)
		}
		// A form sent without the CSRF token (another site posting into the visitor's session)
		// is refused before it reaches the service.
		if code := putWithoutCSRF(t, b, "/api/v2/session/basic-info", `{"first_name":"Mallory","last_name":"M","email":"m@example.de"}`); code != http.StatusForbidden {
			t.Fatalf("PUT without CSRF token: %d", code)
		}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/basic-info", ""); basicInfoOf(t, body) != nil {
			t.Fatalf("PUT without CSRF token stored: %v", body)
		}
		checkBasicInfoRules(t, b)
		checkAddressRules(t, b)

		code, _, body = b.do(http.MethodGet, "/api/v2/session/customer", "")
		if c := customerOf(t, body); code != http.StatusOK || c["validated"] != true {
			t.Fatalf("both forms stored: %d %v", code, body)
		}

		// Another session sees none of it.
		other := newBrowser(t, st.base, "hostwerk.localhost")
		code, _, body = other.do(http.MethodGet, "/api/v2/session/customer", "")
		if code != http.StatusOK || summary(body) != "basic_info=<nil> address=<nil> validated=false notices=[]" {
			t.Fatalf("another session: %d %v", code, body)
		}
	})

	t.Run("unsupported country is reset with a notice", func(t *testing.T) {
		b := newBrowser(t, st.base, "alpenhost.localhost")
		// An address stored while the brand still delivered to a country the catalog no longer
		// lists: written straight into the customer service's store under the session's id.
		seedAddress(t, st, b.cookies["sid"].Value, domain.Address{
			Street: "5th Avenue 1", PostalCode: "10001", City: "New York", CountryCode: "US", Phone: "+1 212 5550100",
		})
		code, _, body := b.do(http.MethodGet, "/api/v2/session/address-info", "")
		address, _ := customerOf(t, body)["address"].(map[string]any)
		if code != http.StatusOK || fmt.Sprint(address) != "map[city: country_code:AT phone:+1 212 5550100 postal_code: street:5th Avenue 1]" {
			t.Fatalf("reset address: %d %v", code, body)
		}
		if fmt.Sprint(body["notices"]) != "[map[key:customer.country_not_supported params:map[] type:warning]]" {
			t.Fatalf("notices: %v", body["notices"])
		}
		// The reset was stored: the next read has nothing left to say.
		code, _, body = b.do(http.MethodGet, "/api/v2/session/customer", "")
		address, _ = customerOf(t, body)["address"].(map[string]any)
		if code != http.StatusOK || address["country_code"] != "AT" || fmt.Sprint(body["notices"]) != "[]" {
			t.Fatalf("after the reset: %d %v", code, body)
		}
	})
}

// checkBasicInfoRules stores a valid form, then sends one broken rule of spec §5 at a time: each is
// refused at its field with its key, and the stored form stays as it was.
func checkBasicInfoRules(t *testing.T, b *browser) {
	t.Helper()
	valid := `{"group":1,"gender":1,"first_name":"Erika","last_name":"Mustermann","email":"erika@example.de"}`
	code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", valid)
	if code != http.StatusOK {
		t.Fatalf("valid basic info: %d %v", code, body)
	}
	stored := basicInfoOf(t, body)
	long := strings.Repeat("a", 101)
	for _, tt := range []struct{ body, field, key string }{
		{`{"group":1,"gender":1,"last_name":"M","email":"e@example.de"}`, "first_name", "validation.required"},
		{`{"group":1,"gender":1,"first_name":"E","last_name":"  ","email":"e@example.de"}`, "last_name", "validation.required"},
		{`{"group":1,"gender":1,"first_name":"E","last_name":"M"}`, "email", "validation.required"},
		{`{"group":1,"gender":1,"first_name":"` + long + `","last_name":"M","email":"e@example.de"}`, "first_name", "validation.max_length"},
		{`{"group":1,"gender":1,"first_name":"E","last_name":"` + long + `","email":"e@example.de"}`, "last_name", "validation.max_length"},
		{`{"group":1,"gender":1,"first_name":"E","last_name":"M","email":"erika.example.de"}`, "email", "validation.email"},
		{`{"group":7,"gender":1,"first_name":"E","last_name":"M","email":"e@example.de"}`, "group", "validation.in"},
		{`{"group":1,"gender":5,"first_name":"E","last_name":"M","email":"e@example.de"}`, "gender", "validation.in"},
		{`{"group":0,"gender":1,"first_name":"E","last_name":"M","email":"e@example.de"}`, "company_name", "validation.required"},
		{`{"group":0,"gender":1,"first_name":"E","last_name":"M","email":"e@example.de","company_name":"` + long + `"}`, "company_name", "validation.max_length"},
		{`{"group":0,"gender":1,"first_name":"E","last_name":"M","email":"e@example.de","company_name":"C","company_vat_id":"DE` + long + `"}`, "company_vat_id", "validation.max_length"},
	} {
		code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", tt.body)
		if errs, _ := body["errors"].(map[string]any); code != http.StatusBadRequest || body["error"] != "validation.failed" || firstKey(errs[tt.field]) != tt.key || len(errs) != 1 {
			t.Errorf("%s %s: %d %v", tt.field, tt.key, code, body)
		}
		if _, _, after := b.do(http.MethodGet, "/api/v2/session/basic-info", ""); fmt.Sprint(basicInfoOf(t, after)) != fmt.Sprint(stored) {
			t.Fatalf("refused %s changed the stored form: %v", tt.field, after)
		}
	}

	// A private person's company fields are dropped.
	code, _, body = b.do(http.MethodPut, "/api/v2/session/basic-info",
		`{"group":1,"gender":0,"first_name":" Max ","last_name":"Muster","email":"max@example.de","company_name":"Muster GmbH","company_vat_id":"DE 1"}`)
	if info := basicInfoOf(t, body); code != http.StatusOK || fmt.Sprint(info) != "map[company_name: company_vat_id: email:max@example.de first_name:Max gender:0 group:1 last_name:Muster]" {
		t.Fatalf("private person: %d %v", code, body)
	}
	// A company's VAT id is stored without spaces.
	code, _, body = b.do(http.MethodPut, "/api/v2/session/basic-info",
		`{"group":0,"gender":1,"first_name":"Erika","last_name":"Mustermann","email":"erika@example.de","company_name":"Muster GmbH","company_vat_id":" DE 123 456 789 "}`)
	if info := basicInfoOf(t, body); code != http.StatusOK || info["company_vat_id"] != "DE123456789" || info["group"] != float64(0) {
		t.Fatalf("company: %d %v", code, body)
	}
	if _, _, body = b.do(http.MethodGet, "/api/v2/session/basic-info", ""); basicInfoOf(t, body)["company_vat_id"] != "DE123456789" {
		t.Fatalf("stored VAT id: %v", body)
	}
}

// checkAddressRules does the same for the address form.
func checkAddressRules(t *testing.T, b *browser) {
	t.Helper()
	code, _, body := b.do(http.MethodPut, "/api/v2/session/address-info",
		`{"street":"Unter den Linden 1","postal_code":"10117","city":"Berlin","phone":"030 1234567"}`)
	address, _ := customerOf(t, body)["address"].(map[string]any)
	// No country: the brand's.
	if code != http.StatusOK || address["country_code"] != "DE" {
		t.Fatalf("valid address: %d %v", code, body)
	}
	field := func(f, v string) string {
		a := map[string]string{"street": "Ring 1", "postal_code": "1010", "city": "Wien", "country_code": "AT", "phone": "+43 1 58800"}
		a[f] = v
		raw, _ := json.Marshal(a)
		return string(raw)
	}
	for _, tt := range []struct{ body, field, key string }{
		{field("street", ""), "street", "validation.required"},
		{field("street", strings.Repeat("s", 201)), "street", "validation.max_length"},
		{field("postal_code", ""), "postal_code", "validation.required"},
		{field("postal_code", "12345678901"), "postal_code", "validation.max_length"},
		{field("city", " "), "city", "validation.required"},
		{field("city", strings.Repeat("c", 101)), "city", "validation.max_length"},
		{field("phone", ""), "phone", "validation.required"},
		{field("phone", "+43-1-58800"), "phone", "customer.phone_invalid"},
		{field("country_code", "US"), "country_code", "customer.country_not_supported"},
	} {
		code, _, body := b.do(http.MethodPut, "/api/v2/session/address-info", tt.body)
		if errs, _ := body["errors"].(map[string]any); code != http.StatusBadRequest || body["error"] != "validation.failed" || firstKey(errs[tt.field]) != tt.key {
			t.Errorf("%s %s: %d %v", tt.field, tt.key, code, body)
		}
		_, _, after := b.do(http.MethodGet, "/api/v2/session/address-info", "")
		if a, _ := customerOf(t, after)["address"].(map[string]any); fmt.Sprint(a) != fmt.Sprint(address) {
			t.Fatalf("refused %s changed the stored address: %v", tt.field, a)
		}
	}
}

func putWithoutCSRF(t *testing.T, b *browser, path, body string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, b.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = b.host
	req.Header.Set("Content-Type", "application/json")
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func customerOf(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	c, ok := body["customer"].(map[string]any)
	if !ok {
		t.Fatalf("no customer in %v", body)
	}
	return c
}

func basicInfoOf(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	info, _ := customerOf(t, body)["basic_info"].(map[string]any)
	return info
}

func summary(body map[string]any) string {
	c, _ := body["customer"].(map[string]any)
	return fmt.Sprintf("basic_info=%v address=%v validated=%v notices=%v", c["basic_info"], c["address"], c["validated"], body["notices"])
}

func firstKey(keys any) string {
	list, _ := keys.([]any)
	if len(list) == 0 {
		return ""
	}
	s, _ := list[0].(string)
	return s
}

// seedAddress stores an address for the session the way the customer service does.
func seedAddress(t *testing.T, st *stack, sid string, a domain.Address) {
	t.Helper()
	opt, err := redis.ParseURL(st.redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	id, err := sessions.NewRedis(rdb, sessions.RedisOptions{}).Resolve(context.Background(), sid)
	if err != nil {
		t.Fatalf("session of cookie %q: %v", sid, err)
	}
	store := redisstore.New(rdb, redisstore.Options{})
	if _, err := store.Update(context.Background(), id, func(c *domain.SessionCustomer) error {
		c.Address = &a
		return nil
	}); err != nil {
		t.Fatalf("seed address: %v", err)
	}
}
