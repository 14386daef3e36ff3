// Package promotionapi serves the promotion routes of /api/v2 (spec §7): the brand's automatic
// promotions and the lookup of a promotion by its code. It checks the request's shape, calls the
// promotion service and writes the contract's answer as JSON. Redeeming a code is a change of
// the cart and lives in cartapi.
package promotionapi

import (
	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
)

// Handlers answers the promotion routes with the promotion service.
type Handlers struct {
	promotions promotionv1.PromotionServiceClient
}

// New returns the handlers.
func New(promotions promotionv1.PromotionServiceClient) *Handlers {
	return &Handlers{promotions: promotions}
}

// Register adds the routes to api, the /api/v2 group, which must run the session, CSRF, client
// address, brand and locale middleware first: code lookups are rate limited per session and
// address, and labels follow the session's locale.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/promotions", h.listPromotions)
	api.GET("/promotions/:code", h.getPromotion)
}

// listPromotions lists the brand's automatic promotions. include_manual stays false whatever the
// query says: the public route must not publish coupon codes.
func (h *Handlers) listPromotions(c *gin.Context) {
	resp, err := h.promotions.ListPromotions(c.Request.Context(), &promotionv1.ListPromotionsRequest{})
	apijson.Write(c, resp, err)
}

// getPromotion answers the Promotion object itself, not the rpc's envelope. Lookups are rate
// limited by the promotion service (429 with Retry-After).
func (h *Handlers) getPromotion(c *gin.Context) {
	code, ok := codeParam(c)
	if !ok {
		return
	}
	resp, err := h.promotions.GetPromotionByCode(c.Request.Context(), &promotionv1.GetPromotionByCodeRequest{Code: code})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	apijson.Write(c, resp.GetPromotion(), nil)
}
