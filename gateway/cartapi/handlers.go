// Package cartapi serves the cart routes of /api/v2 (spec §7): the session cart and its finer
// operations (items, addons, upsells, periods, domains, field values, promo codes) and the priced
// view. It checks the request's shape, calls the cart service and writes the contract's answer as
// JSON. The invariants of the cart are the cart service's: the gateway never prices, merges or
// checks a cart itself. The brand's promotions are served by promotionapi.
package cartapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// Handlers answers the cart routes with the cart service.
type Handlers struct {
	cart cartv1.CartServiceClient
	// hidePrices tells whether the session's priced view goes out without amounts (panel.go).
	hidePrices PanelCheck
}

// New returns the handlers.
func New(cart cartv1.CartServiceClient) *Handlers {
	return &Handlers{cart: cart}
}

// Register adds the routes to api, the /api/v2 group, which must run the session, CSRF, client
// address, brand and locale middleware first: the cart belongs to the session, the priced view
// names products in the session's locale, and code redemptions are rate limited per session and
// address.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/session/cart", h.getCart)
	api.PUT("/session/cart", h.replaceCart)
	api.DELETE("/session/cart", h.clearCart)
	api.GET("/session/cart/priced", h.pricedCart)
	api.POST("/session/cart/items", h.addProduct)
	api.DELETE("/session/cart/items/:row_id", h.removeItem)
	api.PUT("/session/cart/items/:row_id/period", h.setPeriod(cartv1.LineKind_LINE_KIND_PRODUCT, ""))
	api.POST("/session/cart/items/:row_id/addons", h.addAddon)
	api.DELETE("/session/cart/items/:row_id/addons/:line_id", h.removeAddon)
	api.PUT("/session/cart/items/:row_id/addons/:line_id/period", h.setPeriod(cartv1.LineKind_LINE_KIND_ADDON, KeyAddonNotFound))
	api.POST("/session/cart/items/:row_id/upsells", h.addUpsell)
	api.DELETE("/session/cart/items/:row_id/upsells/:line_id", h.removeUpsell)
	api.PUT("/session/cart/items/:row_id/upsells/:line_id/period", h.setPeriod(cartv1.LineKind_LINE_KIND_UPSELL, KeyUpsellNotFound))
	api.POST("/session/cart/items/:row_id/domains", h.addDomain)
	api.PUT("/session/cart/items/:row_id/additional-fields", h.setAdditionalFields)
	api.DELETE("/session/cart/domains/:name", h.removeDomain)
	api.POST("/session/cart/promotions", h.redeemCode)
	api.DELETE("/session/cart/promotions/:code", h.removeCode)
	api.POST("/contract-transfer/:transfer_id", h.startContractTransfer)
}

// isSalesAgent decides the is_sales_agent flag of every cart call: only a sales agent may change
// preconfigured items. It comes from the verified admin token (adminauth), never from the
// request body.
func isSalesAgent(c *gin.Context) bool { return adminauth.IsSalesAgent(c) }

func (h *Handlers) getCart(c *gin.Context) {
	resp, err := h.cart.GetCart(c.Request.Context(), &cartv1.GetCartRequest{})
	apijson.Write(c, resp, err)
}

func (h *Handlers) pricedCart(c *gin.Context) {
	resp, err := h.cart.GetPricedCart(c.Request.Context(), &cartv1.GetPricedCartRequest{})
	if err == nil && h.pricesHidden(c) {
		StripPrices(resp.GetPriced())
	}
	apijson.Write(c, resp, err)
}

// replaceCart takes the whole cart; its version is the version the client last saw, so an edit
// made elsewhere in between is refused (409 cart.version_conflict) rather than overwritten.
func (h *Handlers) replaceCart(c *gin.Context) {
	cart := &cartv1.Cart{}
	if !decode(c, cart, maxCartBodyBytes) {
		return
	}
	expected := cart.GetVersion()
	cart.Version = 0
	resp, err := h.cart.ReplaceCart(c.Request.Context(), &cartv1.ReplaceCartRequest{
		Cart:            cart,
		ExpectedVersion: expected,
		IsSalesAgent:    isSalesAgent(c),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) clearCart(c *gin.Context) {
	resp, err := h.cart.ClearCart(c.Request.Context(), &cartv1.ClearCartRequest{IsSalesAgent: isSalesAgent(c)})
	apijson.Write(c, resp, err)
}

func (h *Handlers) addProduct(c *gin.Context) {
	req := &cartv1.AddProductRequest{}
	if !decode(c, req, maxBodyBytes) {
		return
	}
	req.IsSalesAgent = isSalesAgent(c)
	resp, err := h.cart.AddProduct(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

func (h *Handlers) removeItem(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	resp, err := h.cart.RemoveItem(c.Request.Context(), &cartv1.RemoveItemRequest{RowId: row, IsSalesAgent: isSalesAgent(c)})
	apijson.Write(c, resp, err)
}

func (h *Handlers) addAddon(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	req := &cartv1.AddAddonRequest{}
	if !decode(c, req, maxBodyBytes) {
		return
	}
	req.RowId, req.IsSalesAgent = row, isSalesAgent(c)
	resp, err := h.cart.AddAddon(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

func (h *Handlers) removeAddon(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	id, ok := lineID(c, KeyAddonNotFound)
	if !ok {
		return
	}
	cascade, ok := boolQuery(c.Query("cascade"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "cascade")
		return
	}
	resp, err := h.cart.RemoveAddon(c.Request.Context(), &cartv1.RemoveAddonRequest{
		RowId: row, AddonId: id, Cascade: cascade, IsSalesAgent: isSalesAgent(c),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) addUpsell(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	req := &cartv1.AddUpsellRequest{}
	if !decode(c, req, maxBodyBytes) {
		return
	}
	req.RowId, req.IsSalesAgent = row, isSalesAgent(c)
	resp, err := h.cart.AddUpsell(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

func (h *Handlers) removeUpsell(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	id, ok := lineID(c, KeyUpsellNotFound)
	if !ok {
		return
	}
	resp, err := h.cart.RemoveUpsell(c.Request.Context(), &cartv1.RemoveUpsellRequest{
		RowId: row, UpsellId: id, IsSalesAgent: isSalesAgent(c),
	})
	apijson.Write(c, resp, err)
}

// setPeriod changes the period of the line of kind that the path names: the product of the row,
// or the addon or upsell whose id is the path's line_id (notFound is its key when malformed).
func (h *Handlers) setPeriod(kind cartv1.LineKind, notFound string) gin.HandlerFunc {
	return func(c *gin.Context) {
		row, ok := rowID(c)
		if !ok {
			return
		}
		line := &cartv1.LineRef{RowId: row, Kind: kind}
		if kind != cartv1.LineKind_LINE_KIND_PRODUCT {
			if line.LineId, ok = lineID(c, notFound); !ok {
				return
			}
		}
		req := &cartv1.SetPeriodRequest{}
		if !decode(c, req, maxBodyBytes) {
			return
		}
		req.Line, req.IsSalesAgent = line, isSalesAgent(c)
		resp, err := h.cart.SetPeriod(c.Request.Context(), req)
		apijson.Write(c, resp, err)
	}
}

// addDomain reads {"name","auth_code","inclusive","additional_fields"}: the contract's Domain.
// The TLD id is the service's to set and inclusive only a wish it decides on.
func (h *Handlers) addDomain(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	domain := &cartv1.Domain{}
	if !decode(c, domain, maxBodyBytes) {
		return
	}
	domain.Id = 0
	resp, err := h.cart.AddDomain(c.Request.Context(), &cartv1.AddDomainRequest{
		RowId: row, Domain: domain, IsSalesAgent: isSalesAgent(c),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) removeDomain(c *gin.Context) {
	name, ok := boundedParam(c, "name", maxDomainBytes, KeyDomainNotFound)
	if !ok {
		return
	}
	resp, err := h.cart.RemoveDomain(c.Request.Context(), &cartv1.RemoveDomainRequest{Domain: name, IsSalesAgent: isSalesAgent(c)})
	apijson.Write(c, resp, err)
}

// setAdditionalFields reads {"line":{"kind","line_id","domain"},"additional_fields":[...]}; the
// row comes from the path.
func (h *Handlers) setAdditionalFields(c *gin.Context) {
	row, ok := rowID(c)
	if !ok {
		return
	}
	req := &cartv1.SetAdditionalFieldsRequest{}
	if !decode(c, req, maxBodyBytes) {
		return
	}
	if req.Line == nil {
		req.Line = &cartv1.LineRef{}
	}
	req.Line.RowId, req.IsSalesAgent = row, isSalesAgent(c)
	resp, err := h.cart.SetAdditionalFields(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

func (h *Handlers) redeemCode(c *gin.Context) {
	req := &cartv1.RedeemPromotionCodeRequest{}
	if !decode(c, req, maxBodyBytes) {
		return
	}
	if len(req.GetCode()) > maxCodeBytes {
		httperr.AbortKey(c, http.StatusNotFound, KeyCodeNotFound, "code")
		return
	}
	req.IsSalesAgent = isSalesAgent(c)
	resp, err := h.cart.RedeemPromotionCode(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

func (h *Handlers) removeCode(c *gin.Context) {
	code, ok := boundedParam(c, "code", maxCodeBytes, KeyPromotionNotFound)
	if !ok {
		return
	}
	resp, err := h.cart.RemovePromotionCode(c.Request.Context(), &cartv1.RemovePromotionCodeRequest{
		Code: code, IsSalesAgent: isSalesAgent(c),
	})
	apijson.Write(c, resp, err)
}

func rowID(c *gin.Context) (string, bool) {
	return boundedParam(c, "row_id", maxRowIDBytes, KeyItemNotFound)
}

// lineID reads the addon or upsell id of the path; a malformed one cannot be in any cart.
func lineID(c *gin.Context, notFound string) (int32, bool) {
	id, ok := pathID(c.Param("line_id"))
	if !ok {
		httperr.AbortKey(c, http.StatusNotFound, notFound, "")
	}
	return id, ok
}
