package pricing

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/hostcart/checkout/libs/go/testvectors"
)

// The shared vectors are the contract with the TypeScript twin (frontend/libs/shared/util-pricing,
// presentation.ts): every case must hold in both. -update rewrites the expected figures from this
// implementation; review the diff by hand before committing it.
var updateVectors = flag.Bool("update", false, "rewrite the expected figures of the price presentation vectors")

const vectorFile = "price-presentation.json"

type lineVector struct {
	Name  string           `json:"name"`
	Input LineInput        `json:"input"`
	Want  LinePresentation `json:"want"`
}

type cartVector struct {
	Name  string           `json:"name"`
	Lines []LineInput      `json:"lines"`
	Want  CartPresentation `json:"want"`
}

type presentationVectors struct {
	Lines []lineVector `json:"lines"`
	Carts []cartVector `json:"carts"`
}

func readPresentationVectors(t *testing.T) presentationVectors {
	t.Helper()
	return testvectors.Read[presentationVectors](t, vectorFile)
}

func presentAll(in []LineInput) []LinePresentation {
	out := make([]LinePresentation, len(in))
	for i, l := range in {
		out[i] = PresentLine(l)
	}
	return out
}

func TestPresentationVectors(t *testing.T) {
	v := readPresentationVectors(t)
	if *updateVectors {
		for i := range v.Lines {
			v.Lines[i].Want = PresentLine(v.Lines[i].Input)
		}
		for i := range v.Carts {
			v.Carts[i].Want = PresentCart(presentAll(v.Carts[i].Lines))
		}
		writePresentationVectors(t, v)
	}
	for _, c := range v.Lines {
		if got := PresentLine(c.Input); got != c.Want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.Name, got, c.Want)
		}
		checkLineAddsUp(t, c.Name, c.Want)
	}
	for _, c := range v.Carts {
		lines := presentAll(c.Lines)
		if got := PresentCart(lines); got != c.Want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.Name, got, c.Want)
		}
		checkCartAddsUp(t, c.Name, lines, c.Want)
	}
}

// The issue 23 figures, spelled out: 12 × 9,51 € − 23,80 € = 90,32 €.
func TestPresentationIssue23(t *testing.T) {
	p := PresentLine(LineInput{NetMonthlyCents: 799, TermMonths: 12, IntervalMonths: 12, VATPercent: 19, WithVAT: true,
		Promotion: &Promotion{Kind: Fixed, ValueCents: 2000}, PromotionMonths: 12})
	want := LinePresentation{UnitMonths: 1, UnitCents: 951, PerMonthCents: 951, IntervalCents: 11412, TermMonths: 12,
		RegularCents: 11412, DiscountCents: 2380, FirstTermCents: 9032, DueTodayCents: 9032,
		DueTodayNetCents: 7590, DueTodayVATCents: 1442, DueTodayGrossCents: 9032, RenewalUnitCents: 951,
		RenewalFromMonth: 13, NetCents: 7590, VATCents: 1442, GrossCents: 9032}
	if p != want {
		t.Fatalf("got %+v\nwant %+v", p, want)
	}
}

// checkLineAddsUp holds for every line: the printed parts give the printed totals to the cent.
func checkLineAddsUp(t *testing.T, name string, p LinePresentation) {
	t.Helper()
	if !p.OneTime && p.RegularCents*int64(p.UnitMonths) != p.UnitCents*int64(p.TermMonths) {
		t.Errorf("%s: regular %d is not %d × %d months / %d", name, p.RegularCents, p.UnitCents, p.TermMonths, p.UnitMonths)
	}
	if p.FirstTermCents != p.RegularCents+p.SetupCents-p.DiscountCents || p.FirstTermCents < 0 {
		t.Errorf("%s: first term %d ≠ %d + %d − %d", name, p.FirstTermCents, p.RegularCents, p.SetupCents, p.DiscountCents)
	}
	if p.NetCents+p.VATCents != p.GrossCents {
		t.Errorf("%s: net %d + VAT %d ≠ gross %d", name, p.NetCents, p.VATCents, p.GrossCents)
	}
	if p.GrossCents != p.FirstTermCents && p.NetCents != p.FirstTermCents {
		t.Errorf("%s: neither net %d nor gross %d is the first term %d", name, p.NetCents, p.GrossCents, p.FirstTermCents)
	}
	if p.DueTodayCents < 0 || p.DueTodayCents > p.FirstTermCents {
		t.Errorf("%s: due today %d outside 0..%d", name, p.DueTodayCents, p.FirstTermCents)
	}
	if p.DueTodayNetCents+p.DueTodayVATCents != p.DueTodayGrossCents ||
		(p.DueTodayGrossCents != p.DueTodayCents && p.DueTodayNetCents != p.DueTodayCents) {
		t.Errorf("%s: due today %d splits into net %d + VAT %d ≠ gross %d", name, p.DueTodayCents, p.DueTodayNetCents, p.DueTodayVATCents, p.DueTodayGrossCents)
	}
}

func checkCartAddsUp(t *testing.T, name string, lines []LinePresentation, c CartPresentation) {
	t.Helper()
	if c.FirstTermCents != c.SubtotalCents-c.DiscountCents {
		t.Errorf("%s: cart first term %d ≠ %d − %d", name, c.FirstTermCents, c.SubtotalCents, c.DiscountCents)
	}
	if c.NetCents+c.VATCents != c.GrossCents {
		t.Errorf("%s: cart net %d + VAT %d ≠ gross %d", name, c.NetCents, c.VATCents, c.GrossCents)
	}
	if c.DueTodayNetCents+c.DueTodayVATCents != c.DueTodayGrossCents ||
		(c.DueTodayGrossCents != c.DueTodayCents && c.DueTodayNetCents != c.DueTodayCents) {
		t.Errorf("%s: cart due today %d splits into net %d + VAT %d ≠ gross %d", name, c.DueTodayCents, c.DueTodayNetCents, c.DueTodayVATCents, c.DueTodayGrossCents)
	}
	var sum int64
	for _, l := range lines {
		sum += l.FirstTermCents
	}
	if sum != c.FirstTermCents {
		t.Errorf("%s: lines sum to %d, cart says %d", name, sum, c.FirstTermCents)
	}
}

// writePresentationVectors keeps one case per line so a diff shows which figures changed.
func writePresentationVectors(t *testing.T, v presentationVectors) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("{\n\"lines\": [\n")
	for i, c := range v.Lines {
		writeCase(t, &b, c, i == len(v.Lines)-1)
	}
	b.WriteString("],\n\"carts\": [\n")
	for i, c := range v.Carts {
		writeCase(t, &b, c, i == len(v.Carts)-1)
	}
	b.WriteString("]\n}\n")
	if err := os.WriteFile(testvectors.Path(t, vectorFile), b.Bytes(), 0o644); err != nil {
		t.Fatalf("write vectors: %v", err)
	}
}

func writeCase(t *testing.T, b *bytes.Buffer, c any, last bool) {
	t.Helper()
	raw, err := json.Marshal(c)
	if err != nil {
		t.Fatalf("encode case: %v", err)
	}
	b.Write(raw)
	if !last {
		b.WriteString(",")
	}
	b.WriteString("\n")
}
