package router

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
)

// The one table: routes with a payment provider or the SMS gateway behind them get the provider
// deadline, every other route (and a path that names no route) the default; zero values take the
// defaults, and a provider deadline is never shorter than the default.
func TestRouteDeadlineTable(t *testing.T) {
	d := Deadlines{Default: 2 * time.Second, Provider: 11 * time.Second}
	cases := []struct {
		method, path string
		want         time.Duration
	}{
		{"POST", "/api/v2/create-payment", 11 * time.Second},
		{"POST", "/api/v2/payment-details", 11 * time.Second},
		{"POST", "/api/v2/:provider/create-payment", 11 * time.Second},
		{"POST", "/api/v2/:provider/payment-details", 11 * time.Second},
		{"POST", "/api/v2/:provider/payment-methods", 11 * time.Second},
		{"POST", "/api/v2/paypal/create-subscription", 11 * time.Second},
		{"POST", "/api/v2/orders", 11 * time.Second},
		{"POST", "/api/v1/:id/sms", 11 * time.Second},
		{"POST", "/webhooks/paypal", 11 * time.Second},
		{"GET", "/api/v2/orders/:id", 2 * time.Second},
		{"GET", "/api/v2/session/cart", 2 * time.Second},
		{"PUT", "/api/v2/session/basic-info", outbound.VIESTimeout + outbound.RouteMargin},
		{"POST", "/api/v2/contract-transfer/:transfer_id", outbound.TransferTimeout + outbound.RouteMargin},
		{"POST", "/api/v2/customer/login", outbound.OIDCTimeout + outbound.RouteMargin},
		{"POST", "/api/v2/customer/logout", 2 * time.Second},
		{"GET", "/api/v2/create-payment", 2 * time.Second},
		{"GET", "", 2 * time.Second},
	}
	for _, tc := range cases {
		if got := d.For(tc.method, tc.path); got != tc.want {
			t.Errorf("%s %s: %v, want %v", tc.method, tc.path, got, tc.want)
		}
	}
	zero := Deadlines{}
	if zero.For("GET", "/api/v2/session/cart") != grpcclient.DefaultTimeout || zero.For("POST", "/api/v2/orders") != DefaultProviderRouteTimeout {
		t.Errorf("defaults: %v, %v", zero.For("GET", "/api/v2/session/cart"), zero.For("POST", "/api/v2/orders"))
	}
	if short := (Deadlines{Default: 20 * time.Second, Provider: time.Second}); short.For("POST", "/api/v2/orders") != 20*time.Second ||
		short.For("PUT", "/api/v2/session/basic-info") != 20*time.Second {
		t.Errorf("deadlines below the default: %v, %v", short.For("POST", "/api/v2/orders"), short.For("PUT", "/api/v2/session/basic-info"))
	}
}

// Every route with an outside system behind it outlasts that system's timeout (the one table,
// platform/outbound) by outbound.RouteMargin, whatever the configured deadlines: so the service
// answers the system's silence (or saves the form without VIES) before the visitor's request
// ends, instead of the gateway's timeout.
func TestRouteDeadlinesOutlastTheCallsBehindThem(t *testing.T) {
	behind := map[string][]time.Duration{
		"PUT " + APIPrefix + "/session/basic-info":              {outbound.VIESTimeout},
		"POST " + APIPrefix + "/contract-transfer/:transfer_id": {outbound.TransferTimeout},
		"POST " + APIPrefix + "/customer/login":                 {outbound.OIDCTimeout},
		"POST " + APIPrefix + "/customer/authorization-url":     {outbound.OIDCTimeout},
		"POST " + APIPrefix + "/domain-availability":            {outbound.RegistryTimeout},
		"GET " + APIPrefix + "/domains/search":                  {outbound.RegistryTimeout},
		"POST " + APIPrefix + "/orders":                         {outbound.CardProviderTimeout, outbound.SMSTimeout},
		"POST " + APIPrefix + cardProvider + "/create-payment":  {outbound.CardProviderTimeout},
		"POST " + APIPrefix + "/paypal/create-subscription":     {outbound.PayPalTimeout},
		"POST /api/v1/:id/sms":                                  {outbound.SMSTimeout},
	}
	for _, d := range []Deadlines{{}, {Default: time.Second, Provider: time.Second}} {
		for route, timeouts := range behind {
			method, path, _ := strings.Cut(route, " ")
			for _, timeout := range timeouts {
				if got := d.For(method, path); got < timeout+outbound.RouteMargin {
					t.Errorf("%+v: %s has %v, shorter than the %v call behind it plus %v", d, route, got, timeout, outbound.RouteMargin)
				}
			}
		}
	}
}

// Every route of the table is one the router serves (a renamed route would silently fall back to
// the short deadline).
func TestRouteDeadlineTableNamesServedRoutes(t *testing.T) {
	h, err := New(Deps{Log: logging.Discard(), StaticDir: t.TempDir(),
		Payments: paymentv1.NewPaymentServiceClient(nil), Orders: orderv1.NewOrderServiceClient(nil),
		Cart: cartv1.NewCartServiceClient(nil), Promotions: promotionv1.NewPromotionServiceClient(nil),
		Customers: customerv1.NewCustomerServiceClient(nil)})
	if err != nil {
		t.Fatal(err)
	}
	served := map[string]bool{}
	for _, r := range h.Routes() {
		served[r.Method+" "+r.Path] = true
	}
	for route := range providerRoutes {
		if !served[route] {
			t.Errorf("deadline table names %q, which the router does not serve", route)
		}
	}
	for route := range outsideRoutes {
		if !served[route] {
			t.Errorf("deadline table names %q, which the router does not serve", route)
		}
	}
}

// The middleware puts the route's deadline on the request's context: a provider route's deadline
// lies the difference of the two deadlines later than an ordinary route's asked right after it
// (deadlines compared with each other, not with the clock).
func TestRouteDeadlineMiddleware(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(Deadlines{Default: time.Second, Provider: 12 * time.Second}.middleware())
	seen := map[string]time.Time{}
	record := func(c *gin.Context) {
		dl, ok := c.Request.Context().Deadline()
		if !ok {
			t.Errorf("%s: no deadline", c.FullPath())
		}
		seen[c.FullPath()] = dl
	}
	e.POST("/api/v2/create-payment", record)
	e.GET("/api/v2/session/cart", record)
	for _, r := range []*http.Request{
		httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/api/v2/create-payment", strings.NewReader("{}")),
		httptest.NewRequestWithContext(context.Background(), http.MethodGet, "/api/v2/session/cart", nil),
	} {
		e.ServeHTTP(httptest.NewRecorder(), r)
	}
	if gap := seen["/api/v2/create-payment"].Sub(seen["/api/v2/session/cart"]); gap <= 10*time.Second || gap > 11*time.Second {
		t.Errorf("provider deadline is %v after the ordinary one, want about 11s", gap)
	}
}
