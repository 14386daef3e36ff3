// Package cartclient is the order service's Carts port over the cart service: the session's cart
// with every amount computed by the one pricing library there, turned into order lines. The
// browser never says what anything costs.
package cartclient

import (
	"context"
	"fmt"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/pricedcart"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/service"
)

// Client implements the port.
type Client struct{ c cartv1.CartServiceClient }

// New returns the port over c.
func New(c cartv1.CartServiceClient) *Client { return &Client{c: c} }

// PricedCart answers the session's priced cart as order lines and totals.
func (cl *Client) PricedCart(ctx context.Context) (service.PricedCart, error) {
	resp, err := cl.c.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		return service.PricedCart{}, fmt.Errorf("priced cart: %w", err)
	}
	return Convert(resp.GetPriced()), nil
}

// ClearCart empties the session's cart.
func (cl *Client) ClearCart(ctx context.Context) error {
	if _, err := cl.c.ClearCart(ctx, &cartv1.ClearCartRequest{}); err != nil {
		return fmt.Errorf("clear cart: %w", err)
	}
	return nil
}

// Convert turns a priced cart into what an order keeps: one line per product, addon, upsell and
// domain of each item, in the cart's order, with the amounts the pricing computed.
func Convert(p *cartv1.PricedCart) service.PricedCart {
	out := service.PricedCart{
		RequiredAgreements: p.GetRequiredAgreements(),
		SMSValidation:      p.GetSmsValidation(),
		Blocked:            p.GetCheckoutBlocked(),
		VATUnavailable:     p.GetVatUnavailable(),
		Fingerprint:        pricedcart.Fingerprint(p),
		Version:            p.GetCart().GetVersion(),
	}
	t := p.GetTotals()
	out.Totals = domain.Totals{NetCents: int64(t.GetTotalNetCents()), VATCents: int64(t.GetTotalVatCents()),
		GrossCents: int64(t.GetTotalGrossCents()), Currency: domain.Currency}
	if cp := t.GetPresentation(); cp != nil {
		out.Totals.Display = &domain.TotalsDisplay{PricesWithVAT: p.GetPricesWithVat(), Figures: cartFigures(cp)}
	}
	out.Items = Items(p)
	for _, item := range p.GetItems() {
		if item.GetMissingDomain() || item.GetInvalid() {
			out.Blocked = true
		}
		row := item.GetRowId()
		if l := item.GetProduct(); l != nil {
			out.Lines = append(out.Lines, line(row, domain.KindProduct, l))
		}
		for _, l := range item.GetAddons() {
			out.Lines = append(out.Lines, line(row, domain.KindAddon, l))
		}
		for _, l := range item.GetUpsells() {
			out.Lines = append(out.Lines, line(row, domain.KindUpsell, l))
		}
		for _, d := range item.GetDomains() {
			out.Lines = append(out.Lines, domain.Line{Item: row, Kind: domain.KindDomain, Name: d.GetName(), VATPercent: d.GetVatPercent(),
				NetCents: int64(d.GetPrice().GetTotalNetCents()), GrossCents: int64(d.GetPrice().GetTotalGrossCents()),
				SetupNet: int64(d.GetPrice().GetSetupFeeNetCents()), DiscountNet: int64(d.GetPromotion().GetDiscountNetCents()),
				Promotion: promotion(d.GetPromotion()),
				Display:   display(d.GetPrice(), false, d.GetInclusive(), 0, 0, 0)})
		}
	}
	return out
}

func line(row, kind string, l *cartv1.PricedLine) domain.Line {
	return domain.Line{Item: row, Kind: kind, RefID: l.GetId(), Name: l.GetName(), MaturityID: l.GetMaturityId(),
		IntervalID: l.GetIntervalId(), VATPercent: l.GetVatPercent(),
		NetCents: int64(l.GetPrice().GetTotalNetCents()), GrossCents: int64(l.GetPrice().GetTotalGrossCents()),
		SetupNet: int64(l.GetPrice().GetSetupFeeNetCents()), DiscountNet: int64(l.GetPromotion().GetDiscountNetCents()),
		Promotion: promotion(l.GetPromotion()),
		Display:   display(l.GetPrice(), l.GetHideInCart(), false, l.GetMaturityMonths(), l.GetIntervalMonths(), l.GetCancelationPeriod())}
}

// display keeps how the confirm page printed a line (the cart's hide_in_cart and show_price, the
// line's presentation, the term and notice it worded the contract terms with), so the
// confirmation mail lists the same rows with the same figures and terms; nil from a cart service
// that sends no presentation (the mail then lists the amounts it has).
func display(p *cartv1.LinePrice, hidden, inclusive bool, maturity, interval, cancelationDays int32) *domain.LineDisplay {
	f := p.GetPresentation()
	if f == nil {
		return nil
	}
	return &domain.LineDisplay{Hidden: hidden, HidePrice: p != nil && !p.GetShowPrice(), Inclusive: inclusive,
		MaturityMonths: maturity, IntervalMonths: interval, CancelationDays: &cancelationDays, Figures: pricing.LinePresentation{
			OneTime: f.GetOneTime(), UnitMonths: f.GetUnitMonths(), UnitCents: int64(f.GetUnitCents()), PerMonthCents: int64(f.GetPerMonthCents()),
			IntervalCents: int64(f.GetIntervalCents()), SetupCents: int64(f.GetSetupCents()), TermMonths: f.GetTermMonths(),
			RegularCents: int64(f.GetRegularCents()), DiscountCents: int64(f.GetDiscountCents()), FirstTermCents: int64(f.GetFirstTermCents()),
			DueTodayCents: int64(f.GetDueTodayCents()), RenewalUnitCents: int64(f.GetRenewalUnitCents()), RenewalFromMonth: f.GetRenewalFromMonth(),
			NetCents: int64(f.GetNetCents()), VATCents: int64(f.GetVatCents()), GrossCents: int64(f.GetGrossCents()),
			DueTodayNetCents: int64(f.GetDueTodayNetCents()), DueTodayVATCents: int64(f.GetDueTodayVatCents()), DueTodayGrossCents: int64(f.GetDueTodayGrossCents())}}
}

func cartFigures(c *cartv1.CartPresentation) pricing.CartPresentation {
	return pricing.CartPresentation{SubtotalCents: int64(c.GetSubtotalCents()), DiscountCents: int64(c.GetDiscountCents()),
		FirstTermCents: int64(c.GetFirstTermCents()), FirstTermMonths: c.GetFirstTermMonths(), DueTodayCents: int64(c.GetDueTodayCents()),
		PerMonthCents: int64(c.GetPerMonthCents()), RenewalMonthlyCents: int64(c.GetRenewalMonthlyCents()),
		RenewalYearlyCents: int64(c.GetRenewalYearlyCents()), RenewalFromMonth: c.GetRenewalFromMonth(),
		NetCents: int64(c.GetNetCents()), VATCents: int64(c.GetVatCents()), GrossCents: int64(c.GetGrossCents()),
		DueTodayNetCents: int64(c.GetDueTodayNetCents()), DueTodayVATCents: int64(c.GetDueTodayVatCents()), DueTodayGrossCents: int64(c.GetDueTodayGrossCents())}
}

// promotion is the code that discounted a line; a code that did not apply gave nothing.
func promotion(p *cartv1.LinePromotion) string {
	if p.GetApplied() {
		return p.GetCode()
	}
	return ""
}

// Items is the configuration of every cart item as the order keeps it: periods, promotions,
// informations and field values per line, domains with their type; auth codes and the values of
// the fields the cart marks secret are secrets (sealed by the order service before writing).
func Items(p *cartv1.PricedCart) []domain.ItemConfig {
	priced := map[string]*cartv1.PricedItem{}
	for _, it := range p.GetItems() {
		priced[it.GetRowId()] = it
	}
	var out []domain.ItemConfig
	for _, it := range p.GetCart().GetItems() {
		row := it.GetRowId()
		pi := priced[row]
		secretOf := func(l *cartv1.PricedLine) map[int32]bool {
			m := map[int32]bool{}
			for _, id := range l.GetSecretFieldIds() {
				m[id] = true
			}
			return m
		}
		c := domain.ItemConfig{Row: row, Preconfigured: it.GetIsPreconfigured()}
		pr := it.GetProduct()
		c.Product = lineConfig("item/"+row+"/product", pr.GetId(), pr.GetMaturityId(), pr.GetIntervalId(), pr.GetPromotion(), pr.GetAdditionalFields(), secretOf(pi.GetProduct()))
		if len(pr.GetInformations()) > 0 {
			c.Product.Informations = pr.GetInformations()
		}
		lines := func(kind string, ls []*cartv1.AddonLine, pls []*cartv1.PricedLine) []domain.LineConfig {
			var res []domain.LineConfig
			for i, l := range ls {
				var pl *cartv1.PricedLine
				if i < len(pls) && pls[i].GetId() == l.GetId() {
					pl = pls[i]
				}
				res = append(res, lineConfig(fmt.Sprintf("item/%s/%s/%d", row, kind, l.GetId()), l.GetId(), l.GetMaturityId(), l.GetIntervalId(),
					l.GetPromotion(), l.GetAdditionalFields(), secretOf(pl)))
			}
			return res
		}
		c.Addons = lines("addon", it.GetAddons(), pi.GetAddons())
		c.Upsells = lines("upsell", it.GetUpsells(), pi.GetUpsells())
		for i, d := range it.GetDomains() {
			secret := map[int32]bool{}
			if ds := pi.GetDomains(); i < len(ds) && ds[i].GetName() == d.GetName() {
				for _, id := range ds[i].GetSecretFieldIds() {
					secret[id] = true
				}
			}
			ref := "item/" + row + "/domain/" + d.GetName()
			dc := domain.DomainConfig{Name: d.GetName(), Type: domain.DomainRegister, Inclusive: d.GetInclusive(), Promotion: d.GetPromotionCode(),
				Fields: fieldConfigs(ref, d.GetAdditionalFields(), secret)}
			if d.GetAuthCode() != "" {
				dc.Type, dc.AuthCode = domain.DomainTransfer, domain.NewSecret(ref+"/auth_code", d.GetAuthCode())
			}
			c.Domains = append(c.Domains, dc)
		}
		out = append(out, c)
	}
	return out
}

func lineConfig(ref string, id, maturity, interval int32, promotion string, values []*cartv1.FieldValue, secret map[int32]bool) domain.LineConfig {
	return domain.LineConfig{ID: id, MaturityID: maturity, IntervalID: interval, Promotion: promotion, Fields: fieldConfigs(ref, values, secret)}
}

func fieldConfigs(ref string, values []*cartv1.FieldValue, secret map[int32]bool) []domain.FieldConfig {
	var out []domain.FieldConfig
	for _, v := range values {
		f := domain.FieldConfig{FieldID: v.GetFieldId(), Key: v.GetFieldKey()}
		if secret[v.GetFieldId()] {
			f.Secret = domain.NewSecret(fmt.Sprintf("%s/field/%d", ref, v.GetFieldId()), v.GetValue())
		} else {
			f.Value = v.GetValue()
		}
		out = append(out, f)
	}
	return out
}
