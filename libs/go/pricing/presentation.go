package pricing

// Presentation: the figures a screen, a mail or an invoice shows for a line and for a cart, all in
// the brand's display mode (gross or net).
//
// Rounding rule of the presentation: a customer checks the figures by multiplying and adding what
// is printed, so every printed total is derived from printed units, never rounded separately.
// The display unit is the price per month (per year for domains) rounded once in the brand's mode;
// the regular first-term amount is unit × units, the discount is rounded once in display mode,
// and the first-term total is regular + setup fee − discount. So "12 × 9,51 € − 23,80 €" is the
// total to the cent. On a gross brand the VAT included is then taken out of that gross total
// (round(gross × rate / (100 + rate))) and the net amount is the rest, as a gross price list is
// invoiced; on a net brand VAT is added once to the net total. Figures that cannot be exact
// (the per-month equivalent of a promoted first term) are not offered.

// LineInput is what the presentation of one line needs: net catalog amounts and the line's period.
type LineInput struct {
	// NetMonthlyCents is the catalog's net price per month.
	NetMonthlyCents int64 `json:"net_monthly_cents"`
	// SetupNetCents is the net setup fee, charged once with the first invoice.
	SetupNetCents int64 `json:"setup_net_cents"`
	// TermMonths is the minimum contract term (maturity); 0 is a one-time purchase.
	TermMonths int32 `json:"term_months"`
	// IntervalMonths is the billing interval; 0 bills the whole term at once.
	IntervalMonths int32   `json:"interval_months"`
	VATPercent     float64 `json:"vat_percent"`
	// WithVAT: the brand displays gross prices.
	WithVAT bool `json:"with_vat"`
	// Yearly: a domain, priced and shown per 12 months (spec §9).
	Yearly bool `json:"yearly"`
	// Promotion applied to the line, if any; PromotionMonths is its period (PromotionMonths()).
	Promotion       *Promotion `json:"promotion,omitempty"`
	PromotionMonths int32      `json:"promotion_months"`
}

// LinePresentation holds the printed figures of a line in display cents.
type LinePresentation struct {
	OneTime bool `json:"one_time"`
	// UnitMonths is 1 (prices per month) or 12 (domains: per year); UnitCents the price per unit.
	UnitMonths int32 `json:"unit_months"`
	UnitCents  int64 `json:"unit_cents"`
	// PerMonthCents is the regular per-month price (0 for domains and one-time lines).
	PerMonthCents int64 `json:"per_month_cents"`
	// IntervalCents is the regular amount of one billing interval.
	IntervalCents int64 `json:"interval_cents"`
	SetupCents    int64 `json:"setup_cents"`
	// TermMonths is the first term the totals cover.
	TermMonths int32 `json:"term_months"`
	// RegularCents = UnitCents × TermMonths / UnitMonths.
	RegularCents int64 `json:"regular_cents"`
	// DiscountCents is the promotion's saving within the first term.
	DiscountCents int64 `json:"discount_cents"`
	// FirstTermCents = RegularCents + SetupCents − DiscountCents.
	FirstTermCents int64 `json:"first_term_cents"`
	// DueTodayCents is the first invoice: the first interval, the setup fee, the discount's share.
	DueTodayCents int64 `json:"due_today_cents"`
	// DueTodayNetCents + DueTodayVATCents = DueTodayGrossCents: the first invoice split as the
	// first term is (VAT taken out on a gross brand, added on a net one); the display mode's figure
	// equals DueTodayCents. The gross one is what a direct debit collects.
	DueTodayNetCents   int64 `json:"due_today_net_cents"`
	DueTodayVATCents   int64 `json:"due_today_vat_cents"`
	DueTodayGrossCents int64 `json:"due_today_gross_cents"`
	// RenewalUnitCents is the price per unit from month RenewalFromMonth on (0: no renewal).
	RenewalUnitCents int64 `json:"renewal_unit_cents"`
	RenewalFromMonth int32 `json:"renewal_from_month"`
	// NetCents + VATCents = GrossCents; the display mode's figure equals FirstTermCents.
	NetCents   int64 `json:"net_cents"`
	VATCents   int64 `json:"vat_cents"`
	GrossCents int64 `json:"gross_cents"`
}

// CartPresentation sums the lines' printed figures; every sum is of printed figures.
type CartPresentation struct {
	// SubtotalCents = Σ (RegularCents + SetupCents).
	SubtotalCents  int64 `json:"subtotal_cents"`
	DiscountCents  int64 `json:"discount_cents"`
	FirstTermCents int64 `json:"first_term_cents"`
	// FirstTermMonths is the term every recurring line shares; 0 when they differ.
	FirstTermMonths int32 `json:"first_term_months"`
	DueTodayCents   int64 `json:"due_today_cents"`
	// Σ of the lines' due-today split: net + VAT = gross, the amount of the first invoice.
	DueTodayNetCents   int64 `json:"due_today_net_cents"`
	DueTodayVATCents   int64 `json:"due_today_vat_cents"`
	DueTodayGrossCents int64 `json:"due_today_gross_cents"`
	// PerMonthCents = Σ PerMonthCents of the lines priced per month.
	PerMonthCents int64 `json:"per_month_cents"`
	// Renewal: Σ per-month units and Σ per-year units (domains) from RenewalFromMonth on (0 when the
	// lines renew in different months).
	RenewalMonthlyCents int64 `json:"renewal_monthly_cents"`
	RenewalYearlyCents  int64 `json:"renewal_yearly_cents"`
	RenewalFromMonth    int32 `json:"renewal_from_month"`
	NetCents            int64 `json:"net_cents"`
	VATCents            int64 `json:"vat_cents"`
	GrossCents          int64 `json:"gross_cents"`
}

// PresentLine computes the printed figures of one line.
func PresentLine(in LineInput) LinePresentation {
	out := LinePresentation{UnitMonths: 1, TermMonths: max(in.TermMonths, 0)}
	show := func(net int64) int64 { return AmountDisplay(net, in.VATPercent, in.WithVAT) }
	out.SetupCents = show(in.SetupNetCents)
	switch {
	case in.Yearly:
		out.UnitMonths = 12
		out.TermMonths = DomainFirstInvoiceMonths
		out.UnitCents = DomainDisplayPrice(in.NetMonthlyCents, in.VATPercent, in.WithVAT)
		out.IntervalCents = out.UnitCents
	case IsOneTime(in.TermMonths, in.NetMonthlyCents):
		out.OneTime = true
	default:
		out.UnitCents = show(in.NetMonthlyCents)
		out.PerMonthCents = out.UnitCents
		out.IntervalCents = out.UnitCents * int64(firstInterval(in.IntervalMonths, out.TermMonths))
	}
	if !out.OneTime {
		out.RegularCents = mulDivRound(int64(out.UnitMonths), out.UnitCents, int64(out.TermMonths))
		out.RenewalUnitCents = out.UnitCents
		out.RenewalFromMonth = out.TermMonths + 1
	}
	promoMonths := min(max(in.PromotionMonths, 1), max(out.TermMonths, 1))
	out.DiscountCents = min(out.discount(in, promoMonths), out.RegularCents+out.SetupCents)
	out.FirstTermCents = out.RegularCents + out.SetupCents - out.DiscountCents
	out.DueTodayCents = out.dueToday(in, promoMonths)
	out.DueTodayNetCents, out.DueTodayVATCents, out.DueTodayGrossCents = split(out.DueTodayCents, in.VATPercent, in.WithVAT)
	out.NetCents, out.VATCents, out.GrossCents = split(out.FirstTermCents, in.VATPercent, in.WithVAT)
	return out
}

// discount is the promotion's saving within the first term in display cents: a percentage of the
// printed units of the promoted months, or a fixed value (shown gross on gross brands) for the
// part of its period that lies in the first term.
func (out LinePresentation) discount(in LineInput, promoMonthsInTerm int32) int64 {
	p := in.Promotion
	if p == nil {
		return 0
	}
	switch p.Kind {
	case Percentage:
		if out.OneTime {
			return mulDivRound(basisPoints, out.SetupCents, percentBasisPoints(p.Percent))
		}
		return mulDivRound(basisPoints*int64(out.UnitMonths), out.UnitCents, int64(promoMonthsInTerm), percentBasisPoints(p.Percent))
	case Fixed:
		value := AmountDisplay(max(p.ValueCents, 0), in.VATPercent, in.WithVAT)
		period := max(in.PromotionMonths, 1)
		if out.OneTime || period <= promoMonthsInTerm {
			return value
		}
		return mulDivRound(int64(period), value, int64(promoMonthsInTerm))
	}
	return 0
}

// dueToday is the first invoice: the first billing interval's units, the setup fee, and the
// discount's share of those months (the whole discount when the interval covers the promotion).
func (out LinePresentation) dueToday(in LineInput, promoMonthsInTerm int32) int64 {
	if out.OneTime || out.UnitMonths == 12 {
		return out.FirstTermCents
	}
	months := firstInterval(in.IntervalMonths, out.TermMonths)
	if months >= out.TermMonths {
		return out.FirstTermCents
	}
	share := out.DiscountCents
	if promoMonthsInTerm > months && out.DiscountCents > 0 {
		share = mulDivRound(int64(promoMonthsInTerm), out.DiscountCents, int64(months))
	}
	return max(out.UnitCents*int64(months)+out.SetupCents-share, 0)
}

// firstInterval is the months the first invoice covers: the billing interval, or the whole term
// when the interval is 0 (billed at once) or longer than the term.
func firstInterval(intervalMonths, termMonths int32) int32 {
	if intervalMonths <= 0 || intervalMonths > termMonths {
		return termMonths
	}
	return intervalMonths
}

// split turns a printed total into net, VAT and gross: VAT taken out of a gross total, or added
// once to a net one.
func split(displayCents int64, vatPercent float64, withVAT bool) (net, vat, gross int64) {
	bp := vatBasisPoints(vatPercent)
	if withVAT {
		vat = mulDivRound(basisPoints+bp, displayCents, bp)
		return displayCents - vat, vat, displayCents
	}
	vat = mulDivRound(basisPoints, displayCents, bp)
	return displayCents, vat, displayCents + vat
}

// PresentCart sums the printed figures of a cart's lines.
func PresentCart(lines []LinePresentation) CartPresentation {
	var out CartPresentation
	term, renewal := int32(-1), int32(-1)
	for _, l := range lines {
		out.SubtotalCents += l.RegularCents + l.SetupCents
		out.DiscountCents += l.DiscountCents
		out.FirstTermCents += l.FirstTermCents
		out.DueTodayCents += l.DueTodayCents
		out.DueTodayNetCents += l.DueTodayNetCents
		out.DueTodayVATCents += l.DueTodayVATCents
		out.DueTodayGrossCents += l.DueTodayGrossCents
		out.NetCents += l.NetCents
		out.VATCents += l.VATCents
		out.GrossCents += l.GrossCents
		if l.OneTime {
			continue
		}
		out.PerMonthCents += l.PerMonthCents
		if l.UnitMonths == 12 {
			out.RenewalYearlyCents += l.RenewalUnitCents
		} else {
			out.RenewalMonthlyCents += l.RenewalUnitCents
		}
		term = common(term, l.TermMonths)
		renewal = common(renewal, l.RenewalFromMonth)
	}
	out.FirstTermMonths, out.RenewalFromMonth = max(term, 0), max(renewal, 0)
	return out
}

// common keeps a value all lines share: -1 before the first line, 0 once two differ.
func common(seen, v int32) int32 {
	switch seen {
	case -1:
		return v
	case v:
		return seen
	}
	return 0
}
