// Package orderapi serves the order routes (spec §7, issue 11): placing the session's order with
// an idempotency key, reading it back, the SMS validation and its resend, the referral id and the
// session's cancel. The order service builds the order from the session; of the browser's body only
// the confirm page's feedback and consents are read.
package orderapi

import (
	"encoding/json"
	"net/http"
	"regexp"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc/metadata"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/reqbody"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// maxBodyBytes bounds a confirm body: spec §3's payload may carry the whole cart, which is not
// read but must still fit.
const maxBodyBytes = 256 << 10

// Message keys the gateway answers itself.
const (
	KeyIdempotencyKeyRequired = "order.idempotency_key_required"
	KeyNotFound               = "order.not_found"
)

// orderID is the shape of an order id (a ULID); anything else cannot be an order.
var orderID = regexp.MustCompile(`^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$`)

// smsFields renames the service's fields to spec §7's names of the SMS form.
var smsFields = map[string]string{"phone_no": "phoneNo", "sms_code": "smsCode"}

// Handlers answers the order routes with the order service.
type Handlers struct {
	orders   orderv1.OrderServiceClient
	panelURL string
}

// New returns the handlers.
func New(orders orderv1.OrderServiceClient) *Handlers { return &Handlers{orders: orders} }

// Register adds the /api/v2 routes to api, which must run the session, CSRF, brand and
// call-context middleware first.
func (h *Handlers) Register(api gin.IRoutes) {
	api.POST("/orders", h.place)
	api.GET("/orders/:id", h.get)
	api.POST("/orders/:id/validate", h.validate)
	api.GET("/session/referral", h.getReferral)
	api.PUT("/session/referral", h.putReferral)
	// A GET by the spec that changes state: it needs the CSRF token like a POST.
	api.GET("/session/cancel", middleware.RequireCSRFToken(), h.cancel)
}

// RegisterV1 adds the resend route, which spec §7 names under /api/v1, to v1 (the same middleware
// as /api/v2).
func (h *Handlers) RegisterV1(v1 gin.IRoutes) {
	// Sending an SMS costs money and reaches a phone: POST under the CSRF check, the number (for a
	// customer without one) in the body, never in a URL. The spec's GET form needs the CSRF token
	// and sends to the order's number only.
	v1.POST("/:id/sms", h.resend)
	v1.GET("/:id/sms", middleware.RequireCSRFToken(), h.resend)
}

func readJSON(c *gin.Context, into any) bool {
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	if err == nil {
		err = json.Unmarshal(raw, into)
	}
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return false
	}
	return true
}

func (h *Handlers) place(c *gin.Context) {
	// A sales agent saves the draft instead of ordering for the customer (spec §4, §6).
	if adminauth.IsSalesAgent(c) {
		httperr.AbortKey(c, http.StatusForbidden, KeyAgentsSaveDrafts, "")
		return
	}
	// A key gRPC cannot carry (not printable ASCII) would fail the call: 500 for a visitor's
	// header. The browser sends a UUID.
	key := c.GetHeader("Idempotency-Key")
	if !grpcclient.ValidIdempotencyKey(key) {
		httperr.AbortKey(c, http.StatusBadRequest, KeyIdempotencyKeyRequired, "")
		return
	}
	// Of spec §3's order payload only the feedback and consents are fields of the request;
	// basic_info, address_info, payment and cart are unknown to it and dropped.
	var req orderv1.PlaceOrderRequest
	if err := reqbody.Proto(c.Request, &req, maxBodyBytes); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	// The attempt's key is the header's, whatever the body says; the referral cookies are the
	// request's cookies, never a body's.
	req.IdempotencyKey, req.Cookies = key, referralCookies(c)
	// The key in the metadata too: with it the gRPC client may send the call again after a lost
	// answer, and the service answers the first call's order.
	ctx := metadata.AppendToOutgoingContext(c.Request.Context(), grpcclient.IdempotencyKeyHeader, key)
	resp, err := h.orders.PlaceOrder(ctx, &req)
	apijson.Write(c, resp, err)
}

// id reads the order id of the path; one that cannot be an order answers 404 at once.
func id(c *gin.Context) (string, bool) {
	v := c.Param("id")
	if !orderID.MatchString(v) {
		httperr.AbortKey(c, http.StatusNotFound, KeyNotFound, "")
		return "", false
	}
	return v, true
}

func (h *Handlers) get(c *gin.Context) {
	orderID, ok := id(c)
	if !ok {
		return
	}
	resp, err := h.orders.GetOrder(c.Request.Context(), &orderv1.GetOrderRequest{OrderId: orderID})
	apijson.Write(c, resp, err)
}

func (h *Handlers) validate(c *gin.Context) {
	orderID, ok := id(c)
	if !ok {
		return
	}
	var body struct {
		PhoneNo string `json:"phoneNo"`
		SMSCode string `json:"smsCode"`
		Method  string `json:"method"`
	}
	if !readJSON(c, &body) {
		return
	}
	if body.Method != "" && body.Method != "sms" {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "method")
		return
	}
	resp, err := h.orders.ValidateSMS(c.Request.Context(), &orderv1.ValidateSMSRequest{OrderId: orderID, PhoneNo: body.PhoneNo, SmsCode: body.SMSCode})
	if err != nil {
		abortRenamed(c, err)
		return
	}
	apijson.Write(c, resp, nil)
}

// abortRenamed answers err like httperr.Abort with the SMS form's field names of spec §7.
func abortRenamed(c *gin.Context, err error) {
	status, body := httperr.FromError(err)
	renamed := make(map[string][]string, len(body.Errors))
	for field, keys := range body.Errors {
		if name, ok := smsFields[field]; ok {
			field = name
		}
		renamed[field] = keys
	}
	body.Errors = renamed
	if status == http.StatusTooManyRequests {
		if d, ok := httperr.RetryAfter(err); ok {
			c.Header("Retry-After", httperr.RetryAfterHeader(d))
		}
	}
	_ = c.Error(err)
	c.AbortWithStatusJSON(status, body)
}

func (h *Handlers) resend(c *gin.Context) {
	orderID, ok := id(c)
	if !ok {
		return
	}
	var body struct {
		PhoneNo string `json:"phoneNo"`
	}
	if c.Request.Method == http.MethodPost && c.Request.ContentLength != 0 && !readJSON(c, &body) {
		return
	}
	resp, err := h.orders.ResendSMS(c.Request.Context(), &orderv1.ResendSMSRequest{OrderId: orderID, PhoneNo: body.PhoneNo})
	if err != nil {
		abortRenamed(c, err)
		return
	}
	apijson.Write(c, resp, nil)
}

func (h *Handlers) getReferral(c *gin.Context) {
	resp, err := h.orders.GetReferral(c.Request.Context(), &orderv1.GetReferralRequest{Cookies: referralCookies(c)})
	apijson.Write(c, resp, err)
}

// Referral cookies (spec §7 referral source order) the hoster's partner and mail campaigns set on
// its domain; the order service decides which one counts.
const (
	CookiePVID = "pvid"
	CookieEMID = "emid"
)

// referralCookies reads the request's pvid and emid cookies; an absent one is empty, and so is
// one whose unescaped value is no UTF-8 ("%ff"): no referral id is, and gRPC refuses to send such
// a string, which would fail the visitor's call with 500.
func referralCookies(c *gin.Context) *orderv1.ReferralCookies {
	pvid, emid := referralCookie(c, CookiePVID), referralCookie(c, CookieEMID)
	if pvid == "" && emid == "" {
		return nil
	}
	return &orderv1.ReferralCookies{Pvid: pvid, Emid: emid}
}

func referralCookie(c *gin.Context, name string) string {
	v, _ := c.Cookie(name)
	if !utf8.ValidString(v) {
		return ""
	}
	return v
}

func (h *Handlers) putReferral(c *gin.Context) {
	var body struct {
		ID string `json:"id"`
	}
	if !readJSON(c, &body) {
		return
	}
	resp, err := h.orders.SetReferral(c.Request.Context(), &orderv1.SetReferralRequest{Id: body.ID})
	apijson.Write(c, resp, err)
}

func (h *Handlers) cancel(c *gin.Context) {
	resp, err := h.orders.CancelSession(c.Request.Context(), &orderv1.CancelSessionRequest{})
	apijson.Write(c, resp, err)
}
