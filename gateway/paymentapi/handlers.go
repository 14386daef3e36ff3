// Package paymentapi serves the payment routes of /api/v2 (spec §7): the brand's payment types and
// the session's selected payment option. Refused options answer 400 validation.failed with the
// broken rules per field under errors (httperr), like every form.
package paymentapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/reqbody"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
)

// maxBodyBytes bounds an option: a handful of short fields.
const maxBodyBytes = 8 << 10

// Handlers answers the payment routes with the payment service.
type Handlers struct {
	payments paymentv1.PaymentServiceClient
}

// New returns the handlers.
func New(payments paymentv1.PaymentServiceClient) *Handlers { return &Handlers{payments: payments} }

// Register adds the routes to api, which must run the session, CSRF, brand, locale and
// call-context middleware first.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/payment-types", h.listTypes)
	api.GET("/session/payment", h.getPayment)
	api.PUT("/session/payment", h.putPayment)
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
