package mail

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/brandprops"
	"github.com/hostcart/checkout/libs/go/platform/testrun"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/order/adapters/catalogbrands"
	"github.com/hostcart/checkout/services/order/domain"
)

// go test ./mail -run Golden -update rewrites testdata/*.golden from the current rendering; review
// the diff before committing it.
var update = flag.Bool("update", false, "rewrite the golden files of the mail and SMS snapshots")

// seedBrands are the two seed brands (services/catalog/seed/brands/*.json) as the order service
// reads them (adapters/catalogbrands over the brand properties), with their SEPA creditor: the
// mails are rendered from the brands' own data, not from copies that drift.
type seedBrand struct {
	domain.Brand
	creditorID, creditorName string
}

func seedBrands(t *testing.T) map[string]seedBrand {
	t.Helper()
	testrun.Outside() // the catalog's seed is outside this module
	files, err := filepath.Glob(filepath.Join("..", "..", "catalog", "seed", "brands", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed brands: %v", err)
	}
	props := seedProps{}
	slugs := map[string]int32{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var b struct {
			ID         int32             `json:"id"`
			Slug       string            `json:"slug"`
			Properties map[string]string `json:"properties"`
		}
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		props[b.ID], slugs[b.Slug] = b.Properties, b.ID
	}
	out := map[string]seedBrand{}
	for slug, id := range slugs {
		b, err := catalogbrands.New(props).Brand(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		out[slug] = seedBrand{Brand: b, creditorID: props[id]["sepa_creditor_id"], creditorName: props[id]["sepa_creditor_name"]}
	}
	if out["hostwerk"].CountryCode != "DE" || out["alpenhost"].CountryCode != "AT" || out["alpenhost"].creditorID == "" {
		t.Fatalf("seed brands: %+v", out)
	}
	return out
}

type seedProps map[int32]brandprops.Props

func (p seedProps) Props(_ context.Context, id int32) (brandprops.Props, error) { return p[id], nil }

// testLine is one line of a test order: its catalog amounts, as the cart priced it.
type testLine struct {
	kind, name         string
	in                 pricing.LineInput
	hidden, hidePrice  bool
	inclusive          bool
	maturity, interval int32
	notice             int32 // the catalog's cancelation period in days
}

// order builds an order.finalized event whose lines carry the presentation the cart computed
// with the pricing library, as cartclient keeps it: the figures the confirm page printed.
func order(t *testing.T, brand string, locale string, sepa bool) domain.FinalizedEvent {
	// Hostwerk's customer is a consumer, Alpenhost's a business, unless a case says otherwise.
	group := int32(1)
	if brand == "alpenhost" {
		group = 0
	}
	return orderFor(t, brand, locale, sepa, group)
}

// orderFor is order with the customer's group: 1 a consumer, 0 a business.
func orderFor(t *testing.T, brand string, locale string, sepa bool, group int32) domain.FinalizedEvent {
	t.Helper()
	b := seedBrands(t)[brand]
	withVAT, vat := true, 19.0
	if brand == "alpenhost" {
		withVAT, vat = false, 20.0
	}
	lines := []testLine{
		// Webhosting M, 12 months billed yearly, "20 € Rabatt im ersten Jahr" (issue 23's walk).
		{kind: domain.KindProduct, name: "Webhosting M", maturity: 12, interval: 12, notice: 90, in: pricing.LineInput{NetMonthlyCents: 799, TermMonths: 12,
			IntervalMonths: 12, Promotion: &pricing.Promotion{Kind: pricing.Fixed, ValueCents: 2000}, PromotionMonths: 12}},
		// The included monitoring agent: a hide_in_cart addon the shop never listed.
		{kind: domain.KindAddon, name: "Monitoring-Agent", hidden: true, maturity: 12, interval: 12, in: pricing.LineInput{TermMonths: 12, IntervalMonths: 12}},
		{kind: domain.KindAddon, name: "E-Mail-Archivierung <Pro> & Co", maturity: 12, interval: 1, notice: 30, in: pricing.LineInput{NetMonthlyCents: 300, TermMonths: 12, IntervalMonths: 1}},
		{kind: domain.KindAddon, name: "Einrichtungsservice", in: pricing.LineInput{SetupNetCents: 4900}},
		{kind: domain.KindAddon, name: "Rechenzentrum Frankfurt", hidePrice: !withVAT, in: pricing.LineInput{}},
		{kind: domain.KindDomain, name: "muster.de", inclusive: true, in: pricing.LineInput{Yearly: true}},
		{kind: domain.KindDomain, name: "muster.at", in: pricing.LineInput{NetMonthlyCents: 100, Yearly: true}},
	}
	e := domain.FinalizedEvent{Event: domain.EventFinalized, OrderID: "01JDTEST", OrderCode: "261127-ABCDEFGH", BrandID: b.ID,
		Locale: locale, Status: domain.StatusPlaced, PaymentType: "invoice",
		Customer:  domain.EventRecipient{Email: "erika@example.org", FirstName: "Erika", LastName: "Muster", Group: &group},
		CreatedAt: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC), EarlyStart: group != 0}
	var figures []pricing.LinePresentation
	for _, tl := range lines {
		tl.in.VATPercent, tl.in.WithVAT = vat, withVAT
		f := pricing.PresentLine(tl.in)
		figures = append(figures, f)
		e.Lines = append(e.Lines, domain.Line{Item: "row-1", Kind: tl.kind, Name: tl.name, VATPercent: vat, NetCents: f.NetCents, GrossCents: f.GrossCents,
			Display: &domain.LineDisplay{Hidden: tl.hidden, HidePrice: tl.hidePrice, Inclusive: tl.inclusive, MaturityMonths: tl.maturity,
				IntervalMonths: tl.interval, CancelationDays: &tl.notice, Figures: f}})
	}
	cart := pricing.PresentCart(figures)
	e.Totals = domain.Totals{NetCents: cart.NetCents, VATCents: cart.VATCents, GrossCents: cart.GrossCents, Currency: domain.Currency,
		Display: &domain.TotalsDisplay{PricesWithVAT: withVAT, Figures: cart}}
	if sepa {
		e.PaymentType = domain.PaymentSEPA
		// The day the mandate recorded for the first debit (five German days after the order).
		e.SEPA = &domain.EventSEPA{MandateReference: "HC261127ABCDEFGHJKMN", CreditorID: b.creditorID, CreditorName: b.creditorName,
			FirstDebitDue: "2026-12-02"}
	} else {
		e.PaymentType = "adyen-scheme"
	}
	return e
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (run go test ./mail -run Golden -update)", path, err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the rendering (go test ./mail -run Golden -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// Per brand and locale the confirmation renders as its golden files, and its figures are the
// order's: every listed line's price from its presentation, the totals from the cart's, the hidden
// addon nowhere, the brand's sender and legal footer present. Beside the four brand × locale
// SEPA orders (a Hostwerk consumer, an Alpenhost business): an Alpenhost consumer (the FAGG's
// Rücktritt), a Hostwerk business (no withdrawal right, the business terms) and a card order (no
// pre-notification).
func TestGoldenConfirmation(t *testing.T) {
	type goldenCase struct {
		name, brand, locale string
		group               int32
		sepa                bool
	}
	var cases []goldenCase
	for _, brand := range []string{"hostwerk", "alpenhost"} {
		group := int32(1)
		if brand == "alpenhost" {
			group = 0
		}
		for _, locale := range []string{"de-DE", "en-GB"} {
			cases = append(cases, goldenCase{brand + "." + locale, brand, locale, group, true})
		}
	}
	cases = append(cases, goldenCase{"alpenhost.consumer.de-DE", "alpenhost", "de-DE", 1, true},
		goldenCase{"hostwerk.business.de-DE", "hostwerk", "de-DE", 0, true},
		goldenCase{"hostwerk.card.de-DE", "hostwerk", "de-DE", 1, false})
	brands := seedBrands(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := orderFor(t, c.brand, c.locale, c.sepa, c.group)
			b := brands[c.brand].Brand
			m, err := Confirmation(e, b)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name+".subject.golden", m.From+"\n"+m.Subject+"\n")
			golden(t, c.name+".txt.golden", m.Text)
			golden(t, c.name+".html.golden", m.HTML)
			checkFigures(t, e, b, m)
		})
	}
}

func checkFigures(t *testing.T, e domain.FinalizedEvent, b domain.Brand, m Mail) {
	t.Helper()
	money := func(c int64) string { return FormatEUR(c, e.Locale) }
	f := e.Totals.Display.Figures
	for _, part := range []struct{ name, body string }{{"text", m.Text}, {"html", m.HTML}} {
		must := []string{e.OrderCode, money(f.GrossCents), money(f.VATCents), money(f.DueTodayCents), money(f.DueTodayGrossCents), money(f.SubtotalCents), money(f.DiscountCents),
			money(f.RenewalMonthlyCents), money(f.RenewalYearlyCents), fmt.Sprint(f.RenewalFromMonth), b.CompanyName, b.CompanyRegister, b.CompanyVATID}
		if e.SEPA != nil {
			must = append(must, e.SEPA.MandateReference, e.SEPA.CreditorID)
		} else if strings.Contains(part.body, "SEPA") {
			t.Errorf("%s: a card order mentions SEPA", part.name)
		}
		if !e.Totals.Display.PricesWithVAT {
			must = append(must, money(f.NetCents))
		}
		for _, l := range e.Lines {
			if l.Display.Hidden {
				if strings.Contains(part.body, l.Name) {
					t.Errorf("%s lists the hidden line %q", part.name, l.Name)
				}
				continue
			}
			name := l.Name
			if part.name == "html" {
				name = strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;").Replace(name)
			}
			must = append(must, name)
			lf := l.Display.Figures
			switch {
			case l.Display.HidePrice || l.Display.Inclusive:
			case lf.OneTime:
				must = append(must, money(lf.SetupCents))
			default:
				must = append(must, money(lf.UnitCents))
				if lf.DiscountCents > 0 {
					must = append(must, money(lf.DiscountCents), money(lf.FirstTermCents))
				}
			}
		}
		for _, s := range must {
			if !strings.Contains(part.body, s) {
				t.Errorf("%s lacks %q", part.name, s)
			}
		}
	}
	// The printed parts add up: subtotal − discount = first-term total (the display mode's figure).
	display := f.GrossCents
	if !e.Totals.Display.PricesWithVAT {
		display = f.NetCents
	}
	if f.SubtotalCents-f.DiscountCents != display || f.NetCents+f.VATCents != f.GrossCents {
		t.Errorf("figures do not add up: %+v", f)
	}
	if e.Totals.GrossCents != f.GrossCents {
		t.Errorf("order total %d ≠ presentation %d", e.Totals.GrossCents, f.GrossCents)
	}
}

// The SMS that carries a code, per brand and locale.
func TestGoldenSMS(t *testing.T) {
	var b strings.Builder
	brands := seedBrands(t)
	for _, brand := range []string{"hostwerk", "alpenhost", ""} {
		for _, locale := range []string{"de-DE", "en-GB"} {
			fmt.Fprintf(&b, "%s %s: %s\n", brand, locale, domain.SMSText(locale, brands[brand].Name, "a2B3c"))
		}
	}
	golden(t, "sms.golden", b.String())
}
