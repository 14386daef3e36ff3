// Package paymentapi serves the payment routes of /api/v2 (spec §7): the brand's payment types and
// the session's selected payment option. Refused options answer 400 validation.failed with the
// broken rules per field under errors (httperr), like every form.
package paymentapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/reqbody"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// maxBodyBytes bounds an option: a handful of short fields.
const maxBodyBytes = 8 << 10

// CardProvider names the card provider in its routes (spec §7 /{card-provider}/payment-methods,
// /{card-provider}/create-payment, /{card-provider}/payment-details) and starts the slugs of its
// payment types (adyen-scheme): a brand's card provider is the one whose methods it offers.
const CardProvider = paymenttypes.CardProvider

// KeyCardProviderNotFound answers a card route naming a provider the brand does not offer.
const KeyCardProviderNotFound = "payment.card_provider_not_found"

// ProviderParam is the card routes' path parameter.
const ProviderParam = "provider"

// maxNotificationBytes bounds a notification batch of the card provider.
const maxNotificationBytes = 1 << 20

// Handlers answers the payment routes with the payment service.
type Handlers struct {
	payments paymentv1.PaymentServiceClient
	isHTTPS  func(*http.Request) bool
	// orders receives the verified card notifications (nil: they are only verified and recorded).
	orders orderv1.OrderServiceClient
}

// WithOrders passes verified card notifications on to the order service, which moves the orders
// they concern.
func (h *Handlers) WithOrders(orders orderv1.OrderServiceClient) *Handlers {
	h.orders = orders
	return h
}

// New returns the handlers; isHTTPS tells whether the browser came over TLS (for the return URL).
func New(payments paymentv1.PaymentServiceClient, isHTTPS func(*http.Request) bool) *Handlers {
	if isHTTPS == nil {
		isHTTPS = func(*http.Request) bool { return false }
	}
	return &Handlers{payments: payments, isHTTPS: isHTTPS}
}

// Register adds the routes to api, which must run the session, CSRF, brand, locale and
// call-context middleware first.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/payment-types", h.listTypes)
	api.GET("/session/payment", h.getPayment)
	api.PUT("/session/payment", h.putPayment)
	// Spec §7: the card calls at /{card-provider}/..., the provider the brand's payment types
	// name. Spec §7 names payment-methods a POST that sends the country: the country is the session
	// customer's, so the body is not read and GET answers alike.
	card := "/:" + ProviderParam
	api.GET(card+"/payment-methods", h.brandCardProvider, h.cardMethods)
	api.POST(card+"/payment-methods", h.brandCardProvider, h.cardMethods)
	api.POST(card+"/create-payment", h.brandCardProvider, h.createPayment)
	api.POST(card+"/payment-details", h.brandCardProvider, h.paymentDetails)
	api.POST("/paypal/create-subscription", h.createSubscription)
	api.POST("/paypal/confirm-subscription", h.confirmSubscription)
	api.POST("/paypal/cancel-subscription", h.cancelSubscription)
	// The paths before spec §7's, kept for browsers still running an earlier bundle during a
	// deploy (docs/api.md): the same handlers, rate limits and CSRF.
	api.POST("/create-payment", h.createPayment)
	api.POST("/payment-details", h.paymentDetails)
}

// brandCardProvider lets a card route through when its {card-provider} is the provider of one of
// the brand's active payment types, else answers 404 payment.card_provider_not_found before the
// provider (or the rate limit in front of it) is asked.
func (h *Handlers) brandCardProvider(c *gin.Context) {
	name := c.Param(ProviderParam)
	if name != CardProvider {
		httperr.AbortKey(c, http.StatusNotFound, KeyCardProviderNotFound, "")
		return
	}
	resp, err := h.payments.ListPaymentTypes(c.Request.Context(), &paymentv1.ListPaymentTypesRequest{})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	for _, t := range resp.GetPaymentTypes() {
		if slug := t.GetSlug(); strings.HasPrefix(slug, name+"-") && len(slug) > len(name)+1 {
			c.Next()
			return
		}
	}
	httperr.AbortKey(c, http.StatusNotFound, KeyCardProviderNotFound, "")
}

// RegisterWebhooks adds the card provider's and PayPal's notification endpoints to routes, which
// must not run the session, CSRF or brand middleware: the providers are not browsers. Their
// signatures are the authentication (the card provider's HMAC; PayPal's transmission signature,
// which PayPal itself confirms).
func (h *Handlers) RegisterWebhooks(routes gin.IRoutes) {
	routes.POST("/webhooks/card-provider", h.notifications)
	routes.POST("/webhooks/paypal", h.paypalWebhook)
}

func (h *Handlers) cardMethods(c *gin.Context) {
	resp, err := h.payments.ListCardPaymentMethods(c.Request.Context(), &paymentv1.ListCardPaymentMethodsRequest{})
	apijson.Write(c, resp, err)
}

// idempotencyKey reads the attempt's key; a missing, oversized or not printable ASCII one (which
// the call to the service could not carry) answers 400.
func idempotencyKey(c *gin.Context) (string, bool) {
	key := c.GetHeader("Idempotency-Key")
	if !grpcclient.ValidIdempotencyKey(key) {
		httperr.AbortKey(c, http.StatusBadRequest, "payment.idempotency_key_required", "")
		return "", false
	}
	return key, true
}

func (h *Handlers) origin(c *gin.Context) string {
	scheme := "http"
	if h.isHTTPS(c.Request) {
		scheme = "https"
	}
	return scheme + "://" + c.Request.Host
}

// createPayment takes {"payment_method": <the component's data>}; the amount is the server's, and
// so are the shopper (the session customer), the return URL, the origin and the channel: whatever
// else the body carries (spec §7 lists payment data, return URL, channel, shopper email, origin)
// is not read.
func (h *Handlers) createPayment(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	var body struct {
		PaymentMethod json.RawMessage `json:"payment_method"`
	}
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	if err == nil {
		err = json.Unmarshal(raw, &body)
	}
	// The component's data is an object; its strings, kept as sent, must be UTF-8 for the call to
	// the service to carry them (encoding/json lets other bytes through in a raw value).
	if err != nil || len(body.PaymentMethod) == 0 || body.PaymentMethod[0] != '{' || !utf8.Valid(body.PaymentMethod) {
		if err != nil {
			_ = c.Error(err)
		}
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	origin := h.origin(c)
	resp, err := h.payments.CreateCardPayment(c.Request.Context(), &paymentv1.CreateCardPaymentRequest{
		PaymentMethodJson: string(body.PaymentMethod), ReturnUrl: origin + "/confirm", Origin: origin, IdempotencyKey: key,
	})
	apijson.Write(c, resp, err)
}

// paymentDetails takes the redirect result of the return to /confirm (redirectResult).
func (h *Handlers) paymentDetails(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	result, ok := "", false
	if err == nil {
		result, ok = redirectResult(raw)
	}
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	resp, err := h.payments.SubmitCardPaymentDetails(c.Request.Context(), &paymentv1.SubmitCardPaymentDetailsRequest{
		RedirectResult: result, IdempotencyKey: key,
	})
	apijson.Write(c, resp, err)
}

// redirectResult reads a payment-details body: {"redirect_result": "..."} (the frontend's) or spec
// §7's {"details": {"redirectResult": "..."}}, the first when both are present; nothing else of
// the body is read. False for a body that is no JSON object or names no result.
func redirectResult(raw []byte) (string, bool) {
	var body struct {
		RedirectResult string `json:"redirect_result"`
		Details        *struct {
			RedirectResult string `json:"redirectResult"`
		} `json:"details"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return "", false
	}
	if body.RedirectResult == "" && body.Details != nil {
		body.RedirectResult = body.Details.RedirectResult
	}
	return body.RedirectResult, body.RedirectResult != ""
}

// orderCode keeps what an order code may hold (word characters), for the PayPal cancel URL.
var orderCode = regexp.MustCompile(`^\w{1,64}$`)

// pendingOrderCode stands in the cancel URL while no order exists yet (spec §4: the order is
// placed after the return from PayPal).
const pendingOrderCode = "new"

// createSubscription takes {"order_code": optional}; PayPal returns the shopper to /confirm or,
// cancelling, to /cancel-paypal-subscription/{order_code}. The amount is the server's.
func (h *Handlers) createSubscription(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	var body struct {
		OrderCode string `json:"order_code"`
	}
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	if err == nil && len(bytes.TrimSpace(raw)) > 0 {
		err = json.Unmarshal(raw, &body)
	}
	if err != nil || (body.OrderCode != "" && !orderCode.MatchString(body.OrderCode)) {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	if body.OrderCode == "" {
		body.OrderCode = pendingOrderCode
	}
	origin := h.origin(c)
	resp, err := h.payments.CreatePayPalSubscription(c.Request.Context(), &paymentv1.CreatePayPalSubscriptionRequest{
		ReturnUrl: origin + "/confirm", CancelUrl: origin + "/cancel-paypal-subscription/" + body.OrderCode, IdempotencyKey: key,
	})
	apijson.Write(c, resp, err)
}

// confirmSubscription takes {"subscription_id": "..."} from the return to /confirm.
func (h *Handlers) confirmSubscription(c *gin.Context) {
	var body struct {
		SubscriptionID string `json:"subscription_id"`
	}
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	if err == nil {
		err = json.Unmarshal(raw, &body)
	}
	if err != nil || body.SubscriptionID == "" || len(body.SubscriptionID) > 128 {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	resp, err := h.payments.ConfirmPayPalSubscription(c.Request.Context(), &paymentv1.ConfirmPayPalSubscriptionRequest{SubscriptionId: body.SubscriptionID})
	apijson.Write(c, resp, err)
}

func (h *Handlers) cancelSubscription(c *gin.Context) {
	resp, err := h.payments.CancelPayPalSubscription(c.Request.Context(), &paymentv1.CancelPayPalSubscriptionRequest{})
	apijson.Write(c, resp, err)
}

// notifications answers the provider "[accepted]" once the batch is verified and processed.
func (h *Handlers) notifications(c *gin.Context) {
	raw, err := reqbody.Read(c.Request, maxNotificationBytes)
	if err != nil {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	resp, err := h.payments.HandleCardNotifications(c.Request.Context(), &paymentv1.HandleCardNotificationsRequest{Body: raw})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	// The order service moves the orders the notifications concern. Its transitions are
	// idempotent, so a failure here answers an error and the provider's retry of the batch
	// (repeats included in the payment service's answer) applies it then.
	if err := h.applyNotifications(c, paymenttypes.RefCard, resp.GetNotifications()); err != nil {
		httperr.Abort(c, err)
		return
	}
	c.String(http.StatusOK, "[accepted]")
}

// paypalWebhook answers PayPal 200 once the event is verified, recorded and applied; anything else
// makes PayPal deliver it again (up to 25 times over 3 days), and a repeat is applied idempotently.
func (h *Handlers) paypalWebhook(c *gin.Context) {
	raw, err := reqbody.Read(c.Request, maxNotificationBytes)
	if err != nil {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	hd := c.Request.Header
	req := &paymentv1.HandlePayPalWebhookRequest{Body: raw,
		TransmissionId: hd.Get("PAYPAL-TRANSMISSION-ID"), TransmissionTime: hd.Get("PAYPAL-TRANSMISSION-TIME"),
		TransmissionSig: hd.Get("PAYPAL-TRANSMISSION-SIG"), CertUrl: hd.Get("PAYPAL-CERT-URL"), AuthAlgo: hd.Get("PAYPAL-AUTH-ALGO")}
	// PayPal's headers are ASCII; other bytes (net/http lets them through) in a string field would
	// fail the call to the service, a 500 for anyone posting them.
	for _, v := range []string{req.TransmissionId, req.TransmissionTime, req.TransmissionSig, req.CertUrl, req.AuthAlgo} {
		if !utf8.ValidString(v) {
			httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
			return
		}
	}
	resp, err := h.payments.HandlePayPalWebhook(c.Request.Context(), req)
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	if err := h.applyNotifications(c, paymenttypes.RefPayPal, resp.GetNotifications()); err != nil {
		httperr.Abort(c, err)
		return
	}
	c.Status(http.StatusOK)
}

// applyNotifications passes verified notifications of a provider to the order service, which
// moves the orders paid with their references.
func (h *Handlers) applyNotifications(c *gin.Context, provider string, ns []*paymentv1.CardNotification) error {
	if h.orders == nil || len(ns) == 0 {
		return nil
	}
	req := &orderv1.ApplyPaymentNotificationsRequest{}
	for _, n := range ns {
		req.Notifications = append(req.Notifications, &orderv1.PaymentNotification{Provider: provider, Reference: n.GetPaymentReference(),
			EventCode: n.GetEventCode(), Success: n.GetSuccess()})
	}
	_, err := h.orders.ApplyPaymentNotifications(c.Request.Context(), req)
	return err
}

func (h *Handlers) listTypes(c *gin.Context) {
	resp, err := h.payments.ListPaymentTypes(c.Request.Context(), &paymentv1.ListPaymentTypesRequest{})
	apijson.Write(c, resp, err)
}

// getPayment answers {"payment": Option|null}.
func (h *Handlers) getPayment(c *gin.Context) {
	resp, err := h.payments.GetSessionPayment(c.Request.Context(), &paymentv1.GetSessionPaymentRequest{})
	apijson.Write(c, resp, err)
}

// putPayment takes the option itself as the body (type, holder, iban, bic, bank, permission).
func (h *Handlers) putPayment(c *gin.Context) {
	var option paymentv1.PaymentOption
	if err := reqbody.Proto(c.Request, &option, maxBodyBytes); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	resp, err := h.payments.SetSessionPayment(c.Request.Context(), &paymentv1.SetSessionPaymentRequest{Payment: &option})
	apijson.Write(c, resp, err)
}
