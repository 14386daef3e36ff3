package cartapi

import (
	"log/slog"

	"github.com/gin-gonic/gin"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// PanelCheck reports whether the request's session signed in from the cloud control panel.
type PanelCheck func(*gin.Context) (bool, error)

// HidePricesFor makes the priced view go out without amounts for the sessions panel reports
// (spec §2 cart: "customers from the external sign-in see no prices in the cart"). The browser
// hides them too, but only what the server leaves out is really not shown. Returns h.
func (h *Handlers) HidePricesFor(panel PanelCheck) *Handlers {
	h.hidePrices = panel
	return h
}

// pricesHidden fails open: the prices are the catalogue's public prices, so a customer service
// that cannot answer must not take the cart away from every visitor.
func (h *Handlers) pricesHidden(c *gin.Context) bool {
	if h.hidePrices == nil {
		return false
	}
	hide, err := h.hidePrices(c)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "priced cart: panel sign-in unknown, prices shown", slog.String("err", err.Error()))
		return false
	}
	return hide
}

// StripPrices removes every amount from the priced view: line prices (left as a price the row
// does not show, like a hidden zero price, so no screen meets a missing object), promotions
// (their labels name discounts), item totals and the cart's totals (zero). Names, periods,
// missing fields and the flags the checkout steps rely on stay.
func StripPrices(p *cartv1.PricedCart) {
	if p == nil {
		return
	}
	p.Totals = &cartv1.Totals{}
	for _, it := range p.GetItems() {
		it.TotalNetCents, it.TotalGrossCents, it.TotalDisplayCents = 0, 0, 0
		stripLine(it.GetProduct())
		for _, l := range it.GetAddons() {
			stripLine(l)
		}
		for _, l := range it.GetUpsells() {
			stripLine(l)
		}
		for _, d := range it.GetDomains() {
			d.Price, d.Promotion = hiddenPrice(d.GetPrice()), nil
		}
	}
}

func stripLine(l *cartv1.PricedLine) {
	if l != nil {
		l.Price, l.Promotion = hiddenPrice(l.GetPrice()), nil
	}
}

func hiddenPrice(p *cartv1.LinePrice) *cartv1.LinePrice {
	return &cartv1.LinePrice{OneTime: p.GetOneTime(), ShowPrice: false}
}
