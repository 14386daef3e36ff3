// Package pricedcart holds what more than one service reads off the cart service's priced cart.
// Fingerprint identifies what a payment was made for: the payment service records it with a card
// authorisation or a PayPal subscription, the order service compares it with the priced cart it
// places, so a cart that changed after paying is never ordered on the old payment.
package pricedcart

import (
	"crypto/sha256"
	"encoding/hex"

	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// Fingerprint is a digest of what the priced cart charges: every item's product, addons, upsells
// and domains with their periods, VAT rates, promotions and amounts, and the totals. It leaves out
// what does not change the charge: names and promotion labels (they follow the locale), the cart's version counter,
// missing-field markers and display-only flags. Two carts with the same fingerprint charge the
// same amounts for the same things.
func Fingerprint(p *cartv1.PricedCart) string {
	subject := &cartv1.PricedCart{Totals: p.GetTotals(), PricesWithVat: p.GetPricesWithVat(), SessionVatPercent: p.GetSessionVatPercent(), VatReason: p.GetVatReason()}
	for _, it := range p.GetItems() {
		c := proto.Clone(it).(*cartv1.PricedItem)
		c.MissingDomain = false
		strip(c.GetProduct())
		for _, l := range c.GetAddons() {
			strip(l)
		}
		for _, l := range c.GetUpsells() {
			strip(l)
		}
		for _, d := range c.GetDomains() {
			d.MissingFieldIds = nil
			untext(d.GetPromotion())
		}
		subject.Items = append(subject.Items, c)
	}
	raw, err := proto.MarshalOptions{Deterministic: true}.Marshal(subject)
	if err != nil {
		// A message built from a decoded message always marshals; an empty fingerprint matches
		// no payment, so the order is refused rather than placed on a payment of another cart.
		return ""
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

func strip(l *cartv1.PricedLine) {
	if l == nil {
		return
	}
	l.Name = ""
	l.MissingFieldIds = nil
	l.HideInCart = false
	untext(l.GetPromotion())
}

// untext drops a promotion's label, which is written in the caller's locale.
func untext(p *cartv1.LinePromotion) {
	if p != nil {
		p.DiscountLabel = ""
	}
}
