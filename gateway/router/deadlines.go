package router

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/paymentapi"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
)

// Deadlines are the gateway's route deadlines (docs/operations.md "Deadlines"): every request
// runs under one, which travels with each gRPC call to the services and from there to the
// outside systems they call. A route's deadline must be longer than the longest call behind it;
// the calls behind it give up a margin before it (platform/outbound), so the visitor gets the
// outside system's outage as an answer rather than a gateway timeout.
type Deadlines struct {
	// Default (ROUTE_TIMEOUT; zero: GRPC_CLIENT_TIMEOUT, 3 s) bounds every route not in
	// providerRoutes or outsideRoutes (nor shortens those): they read and write the shop's own
	// stores.
	Default time.Duration
	// Provider (PROVIDER_ROUTE_TIMEOUT, 12 s) bounds the routes with a payment provider or the SMS
	// gateway behind them: a card payment or a PayPal subscription may take the provider several
	// seconds, and placing an order sends the first SMS. Never shorter than providerCalls.
	Provider time.Duration
}

// DefaultProviderRouteTimeout is Deadlines.Provider's default: longer than the provider calls
// behind those routes (providerCalls), shorter than a visitor waits for a payment.
const DefaultProviderRouteTimeout = 12 * time.Second

// providerCalls is the shortest deadline of a provider route: the longest outbound call behind
// one (card provider, PayPal, SMS gateway) plus the margin to answer its outage.
var providerCalls = outbound.RouteDeadline(outbound.CardProviderTimeout, outbound.PayPalTimeout, outbound.SMSTimeout)

// outsideRoutes are the routes with an outside system other than a payment provider behind them,
// by method and gin route pattern, with that system's timeout (the one table of outbound
// timeouts, platform/outbound): their deadline is the longer of Deadlines.Default and the
// timeout plus outbound.RouteMargin, so the service answers the system's silence (or, for basic
// info, saves the form without the VAT id check) before the visitor's request ends.
var outsideRoutes = map[string]time.Duration{
	http.MethodPut + " " + APIPrefix + "/session/basic-info":              outbound.VIESTimeout,     // VAT id check at VIES
	http.MethodPost + " " + APIPrefix + "/contract-transfer/:transfer_id": outbound.TransferTimeout, // transfer service
	http.MethodPost + " " + APIPrefix + "/customer/login":                 outbound.OIDCTimeout,     // token exchange
	http.MethodPost + " " + APIPrefix + "/customer/authorization-url":     outbound.OIDCTimeout,     // discovery
	http.MethodGet + " " + APIPrefix + "/customer/authorization-url":      outbound.OIDCTimeout,
	// The registries' timeout fits in the default deadline; listed so that a shorter
	// ROUTE_TIMEOUT does not cut their answers off.
	http.MethodPost + " " + APIPrefix + "/domain-availability":           outbound.RegistryTimeout,
	http.MethodGet + " " + APIPrefix + "/domains/search":                 outbound.RegistryTimeout,
	http.MethodGet + " " + APIPrefix + "/domain-groups/:id/search":       outbound.RegistryTimeout,
	http.MethodGet + " " + APIPrefix + "/domain-recommendations/:domain": outbound.RegistryTimeout,
}

// cardProvider is the card routes' {card-provider} segment as gin names it.
const cardProvider = "/:" + paymentapi.ProviderParam

// providerRoutes is the one table of routes that get Deadlines.Provider, by method and gin route
// pattern; every other route gets Deadlines.Default.
var providerRoutes = map[string]bool{
	http.MethodPost + " " + APIPrefix + cardProvider + "/create-payment":  true, // card provider: payment
	http.MethodPost + " " + APIPrefix + cardProvider + "/payment-details": true, // card provider: 3-D Secure result
	http.MethodGet + " " + APIPrefix + cardProvider + "/payment-methods":  true, // card provider: methods
	http.MethodPost + " " + APIPrefix + cardProvider + "/payment-methods": true,
	http.MethodPost + " " + APIPrefix + "/create-payment":                 true, // the paths before spec §7's
	http.MethodPost + " " + APIPrefix + "/payment-details":                true,
	http.MethodPost + " " + APIPrefix + "/paypal/create-subscription":     true, // PayPal
	http.MethodPost + " " + APIPrefix + "/paypal/confirm-subscription":    true,
	http.MethodPost + " " + APIPrefix + "/paypal/cancel-subscription":     true,
	http.MethodPost + " " + APIPrefix + "/orders":                         true, // payment check, first SMS, mail
	http.MethodPost + " " + APIPrefix + "/orders/:id/validate":            true, // may finalize: payment, mail
	http.MethodPost + " /api/v1/:id/sms":                                  true, // SMS gateway
	http.MethodGet + " /api/v1/:id/sms":                                   true,
	http.MethodPost + " /webhooks/paypal":                                 true, // verified by calling PayPal
	http.MethodPost + " /webhooks/card-provider":                          true, // moves orders, may void
}

func (d Deadlines) withDefaults() Deadlines {
	if d.Default <= 0 {
		d.Default = grpcclient.DefaultTimeout
	}
	if d.Provider <= 0 {
		d.Provider = DefaultProviderRouteTimeout
	}
	// A provider route does everything an ordinary route does, and then calls the provider, which
	// it must outlast.
	d.Provider = max(d.Provider, d.Default, providerCalls)
	return d
}

// For is the deadline of the route with method and gin pattern fullPath ("" for no route).
func (d Deadlines) For(method, fullPath string) time.Duration {
	d = d.withDefaults()
	route := method + " " + fullPath
	if providerRoutes[route] {
		return d.Provider
	}
	if timeout, ok := outsideRoutes[route]; ok {
		return max(d.Default, outbound.RouteDeadline(timeout))
	}
	return d.Default
}

// middleware puts the route's deadline on the request's context.
func (d Deadlines) middleware() gin.HandlerFunc {
	d = d.withDefaults()
	return func(c *gin.Context) {
		ctx, cancel := context.WithTimeout(c.Request.Context(), d.For(c.Request.Method, c.FullPath()))
		defer cancel()
		c.Request = c.Request.WithContext(ctx)
		c.Next()
	}
}
