// Package customerapi serves the customer routes of /api/v2 (spec §7): the session's customer, its
// basic info and its address, and the login of existing customers (authorization URL, login,
// logout), which rotate the session cookie. It reads the forms, calls the customer service and writes the
// contract's answer as JSON: every route answers {"customer": {...}, "notices": [...]}, so a
// screen learns of a reset address whichever route it asked. Refused forms answer 400
// validation.failed with the broken rules per field under errors (httperr).
package customerapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/reqbody"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// maxBodyBytes bounds a form: seven fields of at most a few hundred characters each.
const maxBodyBytes = 16 << 10

// CallbackPath is the shop's page the authority returns the browser to (spec §2 /oauth/callback).
const CallbackPath = "/oauth/callback"

// Handlers answers the customer routes with the customer service.
type Handlers struct {
	customers customerv1.CustomerServiceClient
	cart      cartv1.CartServiceClient
	isHTTPS   func(*http.Request) bool
}

// Options are the collaborators besides the customer service.
type Options struct {
	// Cart empties the cart of a login with clear_cart; nil refuses such logins.
	Cart cartv1.CartServiceClient
	// IsHTTPS tells whether the browser reached the shop over TLS (directly or behind a trusted
	// proxy), for the callback URL; nil is plain HTTP.
	IsHTTPS func(*http.Request) bool
}

// New returns the handlers.
func New(customers customerv1.CustomerServiceClient, o Options) *Handlers {
	if o.IsHTTPS == nil {
		o.IsHTTPS = func(*http.Request) bool { return false }
	}
	return &Handlers{customers: customers, cart: o.Cart, isHTTPS: o.IsHTTPS}
}

// Register adds the routes to api, the /api/v2 group, which must run the session, CSRF, brand
// and call-context middleware first: the data belongs to the session and the rules to the brand.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/session/customer", h.getCustomer)
	api.GET("/session/basic-info", h.getCustomer)
	api.GET("/session/address-info", h.getCustomer)
	api.PUT("/session/basic-info", h.putBasicInfo)
	api.PUT("/session/address-info", h.putAddress)
	api.GET("/session/vat", h.getVat)
	// Starting a login stores a state and nonce with the session, and logging out changes it: both
	// are POST routes under the CSRF check; the spec's GET forms stay for clients that send the
	// CSRF token, so a link on another site triggers neither.
	api.POST("/customer/authorization-url", h.authorizationURL)
	api.GET("/customer/authorization-url", middleware.RequireCSRFToken(), h.authorizationURL)
	api.POST("/customer/login", h.login)
	api.POST("/customer/logout", h.logout)
	api.GET("/customer/logout", middleware.RequireCSRFToken(), h.logout)
}

// getVat answers the session's VAT: {"vat_percent", "country_code", "reason", "reverse_charge"}.
func (h *Handlers) getVat(c *gin.Context) {
	resp, err := h.customers.GetSessionVat(c.Request.Context(), &customerv1.GetSessionVatRequest{})
	apijson.Write(c, resp, err)
}

// nonBase64 is what is dropped from the panel's data. Spec §2 keeps word characters of oauth
// values, but the data is base64 (§2 /oauth/callback), whose + / = (and the URL-safe -) a word
// filter would corrupt; everything else still goes.
var nonBase64 = regexp.MustCompile(`[^\w+/=-]`)

// maxDataLen bounds the panel's data carried in the callback URL: a few ids, base64-encoded.
const maxDataLen = 2048

// authorizationURL answers {"url": ...}; use_cp_2=true selects the brand's second authority. A
// sign-in from the cloud control panel passes its data (spec §2 /oauth/callback data), which
// the authority hands back with the code in the callback URL.
func (h *Handlers) authorizationURL(c *gin.Context) {
	scheme := "http"
	if h.isHTTPS(c.Request) {
		scheme = "https"
	}
	callback := &url.URL{Scheme: scheme, Host: c.Request.Host, Path: CallbackPath}
	data := nonBase64.ReplaceAllString(c.Query("data"), "")
	if data != "" {
		if len(data) > maxDataLen {
			httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "data")
			return
		}
		callback.RawQuery = url.Values{"data": {data}}.Encode()
	}
	redirect := callback.String()
	resp, err := h.customers.BeginLogin(c.Request.Context(), &customerv1.BeginLoginRequest{
		RedirectUri: redirect, UseCp_2: c.Query("use_cp_2") == "true",
		// With the panel's data it is a panel sign-in, offered on a brand with an authority even
		// when its customer login is not (allow_crm false).
		Panel: data != "",
	})
	apijson.Write(c, resp, err)
}

// loginBody is POST /customer/login's body (spec §7).
type loginBody struct {
	AuthorizationCode string `json:"authorization_code"`
	State             string `json:"state"`
	SubscriptionID    string `json:"subscription_id"`
	UseCP2            bool   `json:"use_cp_2"`
	ClearCart         bool   `json:"clear_cart"`
	// OAuthData is the cloud control panel's data (spec §3 "Oauth data") the callback decoded;
	// present only for a panel sign-in.
	OAuthData *oauthData `json:"oauth_data"`
}

// oauthData is spec §3's "Oauth data". The customer service keeps it with the session and
// decides what of it to trust (use_cp_2 is the authority the login really went to).
type oauthData struct {
	OrderType         string `json:"order_type"`
	UseCP2            bool   `json:"use_cp_2"`
	WebhostingID      string `json:"webhosting_id"`
	CategorySlug      string `json:"category_slug"`
	ExternalProductID string `json:"external_product_id"`
}

// login finishes the login, rotates the session cookie (the session keeps its data, a cookie
// value known before the login stops working) and empties the cart when asked to.
func (h *Handlers) login(c *gin.Context) {
	var body loginBody
	raw, err := reqbody.Read(c.Request, maxBodyBytes)
	if err == nil {
		err = json.Unmarshal(raw, &body)
	}
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	ctx := c.Request.Context()
	req := &customerv1.CompleteLoginRequest{
		AuthorizationCode: body.AuthorizationCode, State: body.State, SubscriptionId: body.SubscriptionID,
	}
	if d := body.OAuthData; d != nil {
		req.Panel = &customerv1.PanelSignIn{OrderType: d.OrderType, UseCp_2: d.UseCP2 || body.UseCP2, WebhostingId: d.WebhostingID,
			CategorySlug: d.CategorySlug, ExternalProductId: d.ExternalProductID}
	}
	resp, err := h.customers.CompleteLogin(ctx, req)
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	if err := middleware.RotateSession(c); err != nil {
		httperr.Abort(c, err)
		return
	}
	if body.ClearCart && h.cart != nil {
		if _, err := h.cart.ClearCart(ctx, &cartv1.ClearCartRequest{}); err != nil {
			httperr.Abort(c, err)
			return
		}
	}
	apijson.Write(c, resp, nil)
}

// logout answers {"customer", "panel_url"}: the back-to-panel link (spec §6 "Panel user") sends the
// browser to panel_url, the brand's authority the session signed in at.
func (h *Handlers) logout(c *gin.Context) {
	resp, err := h.customers.Logout(c.Request.Context(), &customerv1.LogoutRequest{})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	if err := middleware.RotateSession(c); err != nil {
		httperr.Abort(c, err)
		return
	}
	apijson.Write(c, resp, nil)
}

// PanelSession reports whether the request's session signed in from the cloud control panel,
// as the customer service remembers it: the cart's priced view leaves the amounts out for it.
func PanelSession(customers customerv1.CustomerServiceClient) func(*gin.Context) (bool, error) {
	return func(c *gin.Context) (bool, error) {
		resp, err := customers.GetSessionCustomer(c.Request.Context(), &customerv1.GetSessionCustomerRequest{})
		if err != nil {
			return false, fmt.Errorf("panel session: %w", err)
		}
		return resp.GetCustomer().GetPanel() != nil, nil
	}
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
