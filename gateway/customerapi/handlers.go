// Package customerapi serves the customer routes of /api/v2 (spec §7): the session's customer, its
// basic info and its address. It reads the forms, calls the customer service and writes the
// contract's answer as JSON: every route answers {"customer": {...}, "notices": [...]}, so a
// screen learns of a reset address whichever route it asked. Refused forms answer 400
// validation.failed with the broken rules per field under errors (httperr).
package customerapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/reqbody"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// maxBodyBytes bounds a form: seven fields of at most a few hundred characters each.
const maxBodyBytes = 16 << 10

// Handlers answers the customer routes with the customer service.
type Handlers struct {
	customers customerv1.CustomerServiceClient
}

// New returns the handlers.
func New(customers customerv1.CustomerServiceClient) *Handlers {
	return &Handlers{customers: customers}
}

// Register adds the routes to api, the /api/v2 group, which must run the session, CSRF, brand
// and call-context middleware first: the data belongs to the session and the rules to the brand.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/session/customer", h.getCustomer)
	api.GET("/session/basic-info", h.getCustomer)
	api.GET("/session/address-info", h.getCustomer)
	api.PUT("/session/basic-info", h.putBasicInfo)
	api.PUT("/session/address-info", h.putAddress)
}

func (h *Handlers) getCustomer(c *gin.Context) {
	resp, err := h.customers.GetSessionCustomer(c.Request.Context(), &customerv1.GetSessionCustomerRequest{})
	apijson.Write(c, resp, err)
}

// putBasicInfo takes the form itself as the body (group, gender, first_name, ...).
func (h *Handlers) putBasicInfo(c *gin.Context) {
	var form customerv1.BasicInfo
	if !decode(c, &form) {
		return
	}
	resp, err := h.customers.SetBasicInfo(c.Request.Context(), &customerv1.SetBasicInfoRequest{BasicInfo: &form})
	apijson.Write(c, resp, err)
}

// putAddress takes the form itself as the body (street, postal_code, city, country_code, phone).
func (h *Handlers) putAddress(c *gin.Context) {
	var form customerv1.Address
	if !decode(c, &form) {
		return
	}
	resp, err := h.customers.SetAddress(c.Request.Context(), &customerv1.SetAddressRequest{Address: &form})
	apijson.Write(c, resp, err)
}

// decode reads the body into form and answers 400 error.invalid_request itself when it cannot.
func decode(c *gin.Context, form proto.Message) bool {
	if err := reqbody.Proto(c.Request, form, maxBodyBytes); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return false
	}
	return true
}
