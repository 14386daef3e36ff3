package main

import (
	"context"
	"encoding/json"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	_ "github.com/lib/pq"
)

// These tests start the whole stack the way `make run` does — catalog and gateway on loopback
// listeners talking real gRPC — and check the seeded catalogue through the public HTTP API.

func TestStackEmbeddedStores(t *testing.T) {
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	checkSeededAPI(t, st.base)
	checkDomainAPI(t, st.base)
	checkCartAPI(t, st.base)
	checkCustomerAPI(t, st)
	checkPaymentAPI(t, st)
	checkVAT(t, st)
	checkCardPayment(t, st)
	checkPayPalSubscription(t, st)
	checkPayPalWebhooks(t, st)
	checkPaymentBinding(t, st)
	checkExistingCustomerOrders(t, st, "")
	checkAlpenhostPanelOrder(t, st, "")
	checkSessionBrand(t, st)
	_, _ = checkOrders(t, st)
	checkDrafts(t, st)
}

// The same stack on the machine's real PostgreSQL and Redis, in a throwaway database.
func TestStackPostgresAndRedis(t *testing.T) {
	skipFullStackInShort(t)
	answers := recordAnswers(t)
	dbURL := testinfra.Postgres(t, "devstack_test")
	testinfra.Redis(t, "devstack") // fails here when Redis is missing
	redisURL := testinfra.RedisURL()
	natsURL := testinfra.NATS(t)
	// A stream of this test's own on the machine's NATS, removed afterwards.
	stream := strings.ToUpper(testinfra.Name("devstack_orders"))
	t.Setenv("NATS_STREAM", stream)
	t.Setenv("NATS_SUBJECT_PREFIX", strings.ToLower(stream)+".")
	logger, logs := captureLogs(t)
	st := startStackLogged(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir(), DatabaseURL: dbURL, RedisURL: redisURL, NATSURL: natsURL}, logger)
	checkSeededAPI(t, st.base)
	checkDomainAPI(t, st.base)
	checkCartAPI(t, st.base)
	checkCustomerAPI(t, st)
	checkPaymentAPI(t, st)
	checkVAT(t, st)
	checkCardPayment(t, st)
	checkPayPalSubscription(t, st)
	checkPayPalWebhooks(t, st)
	checkPaymentBinding(t, st)
	checkExistingCustomerOrders(t, st, dbURL)
	checkPanelOrder(t, st, dbURL)
	checkAlpenhostPanelOrder(t, st, dbURL)
	checkSEPAMandates(t, st, dbURL)
	checkOrderRecord(t, st, dbURL)
	checkOrderRecordEvent(t, st, dbURL, natsURL, stream)
	checkOrderVIESEvidence(t, st, dbURL)
	checkSessionBrand(t, st)
	placed, awaiting := checkOrders(t, st)
	checkOrderEvents(t, natsURL, stream, placed, awaiting)
	checkDrafts(t, st)
	checkNoClearIBAN(t, logs, answers)
}

// skipFullStackInShort skips a test of the whole stack under -short: `make check` leaves them to
// `make test`, which never runs -short.
func skipFullStackInShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make check): starts the whole stack; make test runs it")
	}
}

func startStack(t *testing.T, cfg Config) string {
	t.Helper()
	return startStackHandle(t, cfg).base
}

// startStackHandle starts the stack as `make run` does and returns once it reports every service
// serving; the test ends by stopping it and checking that it stopped cleanly.
func startStackHandle(t *testing.T, cfg Config) *stack {
	t.Helper()
	return startStackLogged(t, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// startStackLogged is startStackHandle with the services logging to log.
func startStackLogged(t *testing.T, cfg Config, log *slog.Logger) *stack {
	t.Helper()
	skipFullStackInShort(t)
	// Port 0: start listens on a free port and keeps it (a port found free here and closed could be
	// taken by a parallel test before the stack listens on it).
	cfg.Port = 0

	ctx, cancel := context.WithCancel(context.Background())
	st, err := start(ctx, cfg, log)
	if err != nil {
		cancel()
		t.Fatalf("devstack: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		done := make(chan error, 1)
		go func() { done <- st.wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("devstack stopped with error: %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Errorf("devstack did not stop within 15s of cancellation")
		}
	})
	return st
}

func getJSON(t *testing.T, base, host, path string, into any) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if into != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, into); err != nil {
			t.Fatalf("GET %s: decode %q: %v", path, body, err)
		}
	}
	return resp.StatusCode
}

func checkSeededAPI(t *testing.T, base string) {
	brands := map[string]struct{ name, country string }{
		"hostwerk.localhost":  {"Hostwerk", "DE"},
		"alpenhost.localhost": {"Alpenhost", "AT"},
	}
	for host, want := range brands {
		t.Run(host, func(t *testing.T) {
			var brand struct {
				Name       string                  `json:"name"`
				Locales    []struct{ Code string } `json:"locales"`
				Properties map[string]string       `json:"properties"`
			}
			if code := getJSON(t, base, host, "/api/v2/brands/current", &brand); code != http.StatusOK {
				t.Fatalf("brands/current: status %d", code)
			}
			if brand.Name != want.name || brand.Properties["country_code"] != want.country || len(brand.Locales) < 2 {
				t.Fatalf("brands/current = %+v, want %s in %s with 2 locales", brand, want.name, want.country)
			}

			var cats struct {
				Categories []struct {
					Slug          string `json:"slug"`
					DomainCapable bool   `json:"domain_capable"`
				} `json:"categories"`
			}
			getJSON(t, base, host, "/api/v2/categories", &cats)
			if len(cats.Categories) < 3 {
				t.Fatalf("categories: got %d, want several", len(cats.Categories))
			}
			var domainCats struct {
				Categories []struct {
					DomainCapable bool `json:"domain_capable"`
				} `json:"categories"`
			}
			getJSON(t, base, host, "/api/v2/categories?d=example.de", &domainCats)
			if len(domainCats.Categories) == 0 || len(domainCats.Categories) >= len(cats.Categories) {
				t.Fatalf("categories?d: got %d of %d, want a non-empty subset", len(domainCats.Categories), len(cats.Categories))
			}
			for _, c := range domainCats.Categories {
				if !c.DomainCapable {
					t.Fatalf("categories?d listed a category that is not domain capable")
				}
			}

			var products struct {
				Products []struct {
					ID        int32 `json:"id"`
					IsHidden  bool  `json:"is_hidden"`
					FromPrice *struct {
						NetCents   int32 `json:"net_cents"`
						GrossCents int32 `json:"gross_cents"`
					} `json:"from_price"`
					PaymentMaturities []struct {
						Months int32 `json:"months"`
					} `json:"payment_maturities"`
				} `json:"products"`
			}
			getJSON(t, base, host, "/api/v2/products", &products)
			if len(products.Products) < 10 {
				t.Fatalf("products: got %d, want the seeded catalogue", len(products.Products))
			}
			priced := 0
			for _, p := range products.Products {
				if p.IsHidden {
					t.Fatalf("products listed hidden product %d", p.ID)
				}
				if p.FromPrice != nil && p.FromPrice.GrossCents > p.FromPrice.NetCents {
					priced++
				}
			}
			if priced == 0 {
				t.Fatalf("no product has a from-price with VAT above its net price")
			}

			var countries struct {
				Countries []struct{ Code string } `json:"countries"`
			}
			getJSON(t, base, host, "/api/v2/countries", &countries)
			if len(countries.Countries) < 3 {
				t.Fatalf("countries: got %d", len(countries.Countries))
			}
			var intervals struct {
				PaymentIntervals []struct {
					Months      int32   `json:"months"`
					IntervalVat float64 `json:"interval_vat"`
				} `json:"payment_intervals"`
			}
			getJSON(t, base, host, "/api/v2/payment-intervals", &intervals)
			if len(intervals.PaymentIntervals) == 0 {
				t.Fatalf("payment-intervals: none")
			}
		})
	}

	var zips struct {
		ZipCodes []struct{ Code, City string } `json:"zip_codes"`
	}
	getJSON(t, base, "hostwerk.localhost", "/api/v2/zipcodes/101", &zips)
	if len(zips.ZipCodes) == 0 || !strings.HasPrefix(zips.ZipCodes[0].Code, "101") {
		t.Fatalf("zipcodes/101 (DE): %+v", zips.ZipCodes)
	}
	zips.ZipCodes = nil
	getJSON(t, base, "alpenhost.localhost", "/api/v2/zipcodes/101", &zips)
	if len(zips.ZipCodes) == 0 {
		t.Fatalf("zipcodes/101 (AT): none")
	}
	for _, z := range zips.ZipCodes {
		if !strings.HasPrefix(z.Code, "101") || len(z.Code) != 4 {
			t.Fatalf("zipcodes/101 (AT) returned %+v, want Austrian 4-digit codes", z)
		}
	}
	if code := getJSON(t, base, "unknown.example", "/api/v2/brands/current", nil); code != http.StatusNotFound {
		t.Fatalf("unknown host: status %d, want 404", code)
	}
}

// A visitor's locale choice is kept per session: categories come back in English after the switch,
// and a state-changing call without the CSRF token is refused.
func TestStackSessionLocale(t *testing.T) {
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	// Cookies are kept by hand: the brand is chosen by the Host header, which net/http's cookie jar
	// does not consider.
	cookies := map[string]*http.Cookie{}
	do := func(method, path, body, token string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = "hostwerk.localhost"
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("X-XSRF-TOKEN", token)
		}
		for _, c := range cookies {
			req.AddCookie(c)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		for _, c := range resp.Cookies() {
			cookies[c.Name] = c
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	if code, body := do(http.MethodGet, "/api/v2/session/locale", "", ""); code != http.StatusOK || !strings.Contains(body, `"de-DE"`) {
		t.Fatalf("initial locale: %d %s, want de-DE", code, body)
	}
	_, german := do(http.MethodGet, "/api/v2/categories", "", "")

	if code, _ := do(http.MethodPut, "/api/v2/session/locale", `{"code":"en-GB"}`, ""); code != http.StatusForbidden {
		t.Fatalf("PUT without CSRF token: status %d, want 403", code)
	}
	if cookies["sid"] == nil || !cookies["sid"].HttpOnly || cookies["sid"].SameSite != http.SameSiteLaxMode {
		t.Fatalf("session cookie missing or not HttpOnly+SameSite=Lax: %+v", cookies["sid"])
	}
	token := ""
	if c := cookies["XSRF-TOKEN"]; c != nil {
		token = c.Value
	}
	if token == "" {
		t.Fatalf("no XSRF-TOKEN cookie was set")
	}
	if code, body := do(http.MethodPut, "/api/v2/session/locale", `{"code":"fr-FR"}`, token); code != http.StatusBadRequest {
		t.Fatalf("PUT unsupported locale: %d %s, want 400", code, body)
	}
	if code, body := do(http.MethodPut, "/api/v2/session/locale", `{"code":"en-GB"}`, token); code != http.StatusOK || !strings.Contains(body, `"en-GB"`) {
		t.Fatalf("PUT en-GB: %d %s", code, body)
	}
	_, english := do(http.MethodGet, "/api/v2/categories", "", "")
	if english == german {
		t.Fatalf("categories unchanged after switching to en-GB: %s", english)
	}
}
