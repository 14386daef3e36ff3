package domain

import (
	"slices"

	"github.com/hostcart/checkout/libs/go/pricing"
)

// LinePrice holds the amounts of one line in EUR cents (spec §9), net, gross and as the brand
// displays them.
type LinePrice struct {
	OneTime         bool
	Display         int64
	ShowPrice       bool
	MonthlyNet      int64
	MonthlyGross    int64
	MonthlyDisplay  int64
	SetupNet        int64
	SetupGross      int64
	SetupDisplay    int64
	ContractNet     int64
	ContractGross   int64
	ContractDisplay int64
	MinimumPeriod   int64
	TotalNet        int64
	TotalVAT        int64
	TotalGross      int64
	TotalDisplay    int64
	// Presentation holds the printed figures; the Total* amounts above are its net, VAT, gross
	// and display figures, so what the screens print is what the order charges.
	Presentation pricing.LinePresentation
}

// LinePromotion holds a line's promotion and its figures; Applied is false when the code is
// unknown or not for this line, and then no discount is given.
type LinePromotion struct {
	Code                   string
	Applied                bool
	Kind                   pricing.PromotionKind
	PercentLabel           int64
	ValueCents             int64
	Months                 int32
	PromotedMonthlyNet     int64
	PromotedMonthlyDisplay int64
	DiscountNet            int64
	DiscountDisplay        int64
	DiscountLabel          string
	// promotion is the formula's input, kept for the line's presentation.
	promotion pricing.Promotion
}

// PricedLine is a product, addon or upsell line with its amounts.
type PricedLine struct {
	ID                int32
	Name              string
	MaturityID        int32
	MaturityMonths    int32
	IntervalID        int32
	IntervalMonths    int32
	VATPercent        float64
	CancelationPeriod int32
	Price             LinePrice
	Promotion         *LinePromotion
	HideInCart        bool
	NonRemovable      bool
	MissingFieldIDs   []int32
	// SecretFieldIDs are the line's fields whose values are secrets (passwords).
	SecretFieldIDs []int32
	// Fits is false for an addon or upsell whose period no longer goes with the product's.
	Fits bool
}

// PricedDomain is a domain with its amounts over 12 months.
type PricedDomain struct {
	Name            string
	TLD             string
	Inclusive       bool
	IsTransfer      bool
	VATPercent      float64
	Price           LinePrice
	Promotion       *LinePromotion
	MissingFieldIDs []int32
	SecretFieldIDs  []int32
}

// PricedItem is an item with its lines priced and what blocks its checkout.
type PricedItem struct {
	RowID           string
	IsPreconfigured bool
	Product         PricedLine
	Addons          []PricedLine
	Upsells         []PricedLine
	Domains         []PricedDomain
	MissingDomain   bool
	Invalid         bool
	TotalNet        int64
	TotalGross      int64
	TotalDisplay    int64
}

// Totals sum the cart's lines.
type Totals struct {
	MonthlyNet      int64
	MonthlyGross    int64
	MonthlyDisplay  int64
	SetupNet        int64
	ContractNet     int64
	DiscountNet     int64
	DiscountDisplay int64
	TotalNet        int64
	TotalVAT        int64
	TotalGross      int64
	TotalDisplay    int64
	// Presentation sums the lines' printed figures (summary and confirm page).
	Presentation pricing.CartPresentation
}

// PricedCart is the cart as the cart page shows it.
type PricedCart struct {
	Cart                  Cart
	Items                 []PricedItem
	Totals                Totals
	PricesWithVAT         bool
	HideZeroPrices        bool
	PromotionsUnavailable bool
	// SessionVAT is the customer's rate that priced every line; nil: the catalog's rates did.
	SessionVAT *SessionVAT
	// VATUnavailable: the customer service did not say which rate applies; the brand's rates
	// priced the cart.
	VATUnavailable     bool
	RequiredAgreements []string
	SMSValidation      bool
	CheckoutBlocked    bool
	ItemCount          int32
}

// Agreements products and addons can require (spec §5).
var agreementKeys = []string{"mca_agreement", "eult_agreement", "gtc_agreement"}

// Price computes the priced view of a revalidated cart with libs/go/pricing; promos holds the
// promotions of the cart's codes that the promotion service knows. Lines whose product is missing
// from env.Catalog are left out (Revalidate removes them first).
func Price(c Cart, env Env, brand BrandSettings, promos map[string]Promotion) PricedCart {
	pc := PricedCart{Cart: c, PricesWithVAT: brand.PricesWithVAT, HideZeroPrices: brand.HideZeroPricesInCart}
	agreements := map[string]bool{}
	require := func(p Product) {
		for _, k := range agreementKeys {
			if p.Attributes[k] == "true" {
				agreements[k] = true
			}
		}
		pc.SMSValidation = pc.SMSValidation || p.SMSValidation
	}
	pr := pricer{brand: brand, promos: promos}
	for i := range c.Items {
		it := &c.Items[i]
		p, ok := env.Catalog[it.Product.ID]
		if !ok {
			continue
		}
		per, ok := ProductPeriod(p, it.Product.MaturityID, it.Product.IntervalID)
		if !ok {
			continue
		}
		require(p)
		item := PricedItem{RowID: it.RowID, IsPreconfigured: it.IsPreconfigured}
		item.Product = pr.line(p, per, it.Product.Line, promotedLine{kind: LineProduct, id: p.ID}, it)
		item.Product.Fits = true
		for _, l := range it.Addons {
			a, ok := env.Catalog[l.ID]
			if !ok {
				continue
			}
			link, _ := p.Link(l.ID)
			item.Addons = append(item.Addons, pr.subLine(a, link, per, l, LineAddon, it))
			require(a)
		}
		for _, l := range it.Upsells {
			u, ok := env.Catalog[l.ID]
			if !ok {
				continue
			}
			item.Upsells = append(item.Upsells, pr.subLine(u, AddonLink{}, per, l, LineUpsell, it))
			require(u)
		}
		for _, d := range it.Domains {
			item.Domains = append(item.Domains, pr.domain(env, d, it))
		}
		item.MissingDomain = p.DomainRequired == DomainRequired && len(it.Domains) == 0
		blocked := item.MissingDomain || len(item.Product.MissingFieldIDs) > 0
		for _, l := range slices.Concat(item.Addons, item.Upsells) {
			item.Invalid = item.Invalid || !l.Fits
			blocked = blocked || len(l.MissingFieldIDs) > 0
			item.add(l.Price)
		}
		item.add(item.Product.Price)
		for _, d := range item.Domains {
			blocked = blocked || len(d.MissingFieldIDs) > 0
			item.add(d.Price)
		}
		pc.CheckoutBlocked = pc.CheckoutBlocked || blocked || item.Invalid
		pc.Totals.addItem(item)
		pc.Items = append(pc.Items, item)
	}
	pc.Totals.Presentation = pricing.PresentCart(presentations(pc.Items))
	pc.ItemCount = int32(len(pc.Items))
	pc.CheckoutBlocked = pc.CheckoutBlocked || len(pc.Items) == 0
	for _, k := range agreementKeys {
		if agreements[k] {
			pc.RequiredAgreements = append(pc.RequiredAgreements, k)
		}
	}
	pc.Totals.finish(brand.PricesWithVAT)
	return pc
}

// presentations lists the printed figures of every priced line; free domains (inclusive or of an
// unknown TLD) have none.
func presentations(items []PricedItem) []pricing.LinePresentation {
	var out []pricing.LinePresentation
	for _, it := range items {
		for _, l := range slices.Concat([]PricedLine{it.Product}, it.Addons, it.Upsells) {
			out = append(out, l.Price.Presentation)
		}
		for _, d := range it.Domains {
			if d.Price.Presentation.UnitMonths != 0 {
				out = append(out, d.Price.Presentation)
			}
		}
	}
	return out
}

func (it *PricedItem) add(p LinePrice) {
	it.TotalNet += p.TotalNet
	it.TotalGross += p.TotalGross
	it.TotalDisplay += p.TotalDisplay
}

func (t *Totals) addItem(it PricedItem) {
	lines := slices.Concat([]PricedLine{it.Product}, it.Addons, it.Upsells)
	for _, l := range lines {
		t.addLine(l.Price, l.Promotion)
	}
	for _, d := range it.Domains {
		t.addLine(d.Price, d.Promotion)
	}
}

func (t *Totals) addLine(p LinePrice, promo *LinePromotion) {
	if !p.OneTime {
		t.MonthlyNet += p.MonthlyNet
		t.MonthlyGross += p.MonthlyGross
	}
	t.SetupNet += p.SetupNet
	t.ContractNet += p.ContractNet
	if promo != nil && promo.Applied {
		t.DiscountNet += promo.DiscountNet
		t.DiscountDisplay += promo.DiscountDisplay
	}
	t.TotalNet += p.TotalNet
	t.TotalGross += p.TotalGross
}

func (t *Totals) finish(withVAT bool) {
	t.TotalVAT = t.TotalGross - t.TotalNet
	t.MonthlyDisplay, t.TotalDisplay = t.MonthlyNet, t.TotalNet
	if withVAT {
		t.MonthlyDisplay, t.TotalDisplay = t.MonthlyGross, t.TotalGross
	}
}

type pricer struct {
	brand  BrandSettings
	promos map[string]Promotion
}

// subLine prices an addon or upsell line, noting whether its period still goes with the product's.
func (pr pricer) subLine(a Product, link AddonLink, parent Period, l Line, kind LineKind, it *Item) PricedLine {
	per := Period{}
	per.Maturity, _ = a.Maturity(l.MaturityID)
	per.Interval, _ = per.Maturity.Interval(l.IntervalID)
	out := pr.line(a, per, l, promotedLine{kind: kind, id: a.ID}, it)
	out.HideInCart = a.HideInCart
	out.NonRemovable = link.Has(RuleNonRemovable)
	out.Fits = LineFits(a, link, parent, l.MaturityID, l.IntervalID)
	return out
}

// vat is the rate of a line: the session's when the customer's tax position sets one (another EU
// state's rate, reverse charge, export), else the catalog's for the line.
func (pr pricer) vat(catalogRate float64) float64 {
	if pr.brand.SessionVAT != nil {
		return *pr.brand.SessionVAT
	}
	return catalogRate
}

func (pr pricer) line(p Product, per Period, l Line, target promotedLine, it *Item) PricedLine {
	m, iv := per.Maturity, per.Interval
	iv.VATPercent = pr.vat(iv.VATPercent)
	target.maturityMonths, target.intervalMonths = m.Months, iv.Months
	out := PricedLine{
		ID: p.ID, Name: p.Name,
		MaturityID: m.ID, MaturityMonths: m.Months, IntervalID: iv.ID, IntervalMonths: iv.Months,
		VATPercent: iv.VATPercent, CancelationPeriod: m.CancelationPeriod,
		MissingFieldIDs: missingFields(p.Fields, l.AdditionalFields), SecretFieldIDs: secretFields(p.Fields),
	}
	price, setup := int64(m.PriceCents), int64(m.SetupFeeCents)
	lp := pr.amounts(price, setup, m.Months, iv.VATPercent)
	shown, oneTime := pricing.AddonPrice(m.Months, price, setup)
	lp.OneTime = oneTime
	lp.Display = pricing.AmountDisplay(shown, iv.VATPercent, pr.brand.PricesWithVAT)
	lp.ShowPrice = pricing.ShowPrice(lp.Display, pr.brand.HideZeroPricesInCart)
	out.Promotion = pr.promotion(l.Promotion, target, it, price, iv.Months, iv.VATPercent)
	lp.present(pricing.LineInput{NetMonthlyCents: price, SetupNetCents: setup, TermMonths: m.Months,
		IntervalMonths: iv.Months, VATPercent: iv.VATPercent, WithVAT: pr.brand.PricesWithVAT}, out.Promotion)
	out.Price = lp
	return out
}

// domain prices a domain over 12 months (spec §9); an inclusive domain costs nothing.
func (pr pricer) domain(env Env, d Domain, it *Item) PricedDomain {
	out := PricedDomain{Name: d.Name, TLD: TLDName(env.TLDs, d.Name), Inclusive: d.Inclusive, IsTransfer: d.AuthCode != ""}
	t, known := env.TLDs.Of(d.Name)
	t.VATPercent = pr.vat(t.VATPercent)
	if known {
		out.VATPercent = t.VATPercent
		out.MissingFieldIDs = missingFields(t.Fields, d.AdditionalFields)
		out.SecretFieldIDs = secretFields(t.Fields)
	}
	if !known || d.Inclusive {
		out.Price.ShowPrice = pricing.ShowPrice(0, pr.brand.HideZeroPricesInCart)
		return out
	}
	price := int64(t.PriceCents)
	lp := pr.amounts(price, int64(t.SetupFeeCents), pricing.DomainDisplayMonths, t.VATPercent)
	lp.ContractNet = pricing.DomainFirstInvoiceNet(price)
	lp.ContractDisplay = pricing.DomainDisplayPrice(price, t.VATPercent, pr.brand.PricesWithVAT)
	lp.Display = lp.ContractDisplay
	lp.ShowPrice = pricing.ShowPrice(lp.Display, pr.brand.HideZeroPricesInCart)
	target := promotedLine{kind: LineDomain, tld: out.TLD, maturityMonths: pricing.DomainDisplayMonths, intervalMonths: pricing.DomainDisplayMonths}
	out.Promotion = pr.promotion(d.PromotionCode, target, it, price, pricing.DomainDisplayMonths, t.VATPercent)
	lp.present(pricing.LineInput{NetMonthlyCents: price, SetupNetCents: int64(t.SetupFeeCents), VATPercent: t.VATPercent,
		WithVAT: pr.brand.PricesWithVAT, Yearly: true}, out.Promotion)
	out.Price = lp
	return out
}

// amounts fills the monthly, setup and contract amounts of a net monthly price over months.
func (pr pricer) amounts(price, setup int64, months int32, vat float64) LinePrice {
	withVAT := pr.brand.PricesWithVAT
	return LinePrice{
		MonthlyNet:      price,
		MonthlyGross:    pricing.Gross(price, vat),
		MonthlyDisplay:  pricing.MonthlyDisplay(price, vat, withVAT),
		SetupNet:        setup,
		SetupGross:      pricing.Gross(setup, vat),
		SetupDisplay:    pricing.AmountDisplay(setup, vat, withVAT),
		ContractNet:     pricing.ContractTotal(price, months),
		ContractGross:   pricing.ContractTotalDisplay(price, months, vat, true),
		ContractDisplay: pricing.ContractTotalDisplay(price, months, vat, withVAT),
		MinimumPeriod:   pricing.MinimumPeriodPrice(price, months, vat),
	}
}

// present sets the line's printed figures and its total from them: the first term plus setup fee
// minus the discount within it, derived from the printed unit (libs/go/pricing presentation.go),
// so the total the order charges is the sum a customer forms from the printed figures. The
// promotion's displayed discount becomes the presentation's.
func (lp *LinePrice) present(in pricing.LineInput, promo *LinePromotion) {
	if promo != nil && promo.Applied {
		in.Promotion, in.PromotionMonths = &promo.promotion, promo.Months
	}
	p := pricing.PresentLine(in)
	if promo != nil && promo.Applied {
		promo.DiscountDisplay = p.DiscountCents
	}
	lp.Presentation = p
	lp.TotalNet, lp.TotalVAT, lp.TotalGross, lp.TotalDisplay = p.NetCents, p.VATCents, p.GrossCents, p.FirstTermCents
	// The contract dialog's total and minimum-period price are the printed regular amount too
	// (units × months), not a separately rounded net × months × VAT that would differ by cents.
	lp.ContractDisplay = p.RegularCents
	if in.WithVAT {
		lp.ContractGross, lp.MinimumPeriod = p.RegularCents, p.RegularCents
	}
}

// promotion computes the figures of code on a line (spec §9); nil when the line carries no code.
func (pr pricer) promotion(code string, target promotedLine, it *Item, price int64, intervalMonths int32, vat float64) *LinePromotion {
	if code == "" {
		return nil
	}
	out := &LinePromotion{Code: code}
	p, ok := pr.promos[code]
	if !ok || !p.fits(target, it) {
		return out
	}
	pp := pricing.Promotion{Kind: p.Kind, Percent: p.Percent, ValueCents: p.ValueCents, RecursFor: p.RecursFor}
	months := pricing.PromotionMonths(p.RecursFor, intervalMonths)
	displayVAT := 0.0
	if pr.brand.PricesWithVAT {
		displayVAT = vat
	}
	promoted := pricing.PromotedPrice(pp, price, months)
	out.Applied = true
	out.Kind = p.Kind
	out.ValueCents = p.ValueCents
	if p.Kind == pricing.Percentage {
		out.PercentLabel = pricing.PercentLabel(p.Percent)
	}
	out.Months = months
	out.PromotedMonthlyNet = promoted
	out.PromotedMonthlyDisplay = pricing.MonthlyDisplay(promoted, vat, pr.brand.PricesWithVAT)
	out.DiscountNet = pricing.Discount(pp, price, months)
	out.DiscountDisplay = pricing.DiscountDisplay(pp, price, months, displayVAT)
	out.DiscountLabel = p.DiscountLabel
	out.promotion = pp
	return out
}
