package pricing

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
)

// Every seed product's terms under every seed promotion of its brand (whether or not the promotion
// targets it: the arithmetic must hold for any pairing) add up, alone and in a cart with every
// other product of the brand. This is the acceptance of issue 23 for the figures: line, summary
// and confirm page print these same numbers.

type seedBrand struct {
	Slug       string            `json:"slug"`
	Properties map[string]string `json:"properties"`
	Intervals  []struct {
		Months int32   `json:"months"`
		VAT    float64 `json:"vat"`
	} `json:"payment_intervals"`
	Products []struct {
		ID         int32 `json:"id"`
		Maturities []struct {
			Months    int32   `json:"months"`
			Price     int64   `json:"price_cents"`
			Setup     int64   `json:"setup_fee_cents"`
			Intervals []int32 `json:"intervals"`
		} `json:"maturities"`
	} `json:"products"`
}

type seedPromotions struct {
	Brands []struct {
		Slug       string `json:"slug"`
		Promotions []struct {
			Code      string  `json:"code"`
			ValueType string  `json:"value_type"`
			Percent   float64 `json:"percent"`
			Value     int64   `json:"value_cents"`
			RecursFor int32   `json:"recurs_for"`
		} `json:"promotions"`
	} `json:"brands"`
}

func readSeed[T any](t *testing.T, path string) T {
	t.Helper()
	var v T
	testrun.Outside() // the services' seeds are outside this module
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read seed: %v", err)
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return v
}

func TestPresentationSeedAddsUp(t *testing.T) {
	root := filepath.Join("..", "..", "..", "services")
	promos := readSeed[seedPromotions](t, filepath.Join(root, "promotion", "seed", "promotions.json"))
	files, err := filepath.Glob(filepath.Join(root, "catalog", "seed", "brands", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed brands: %v", err)
	}
	checked := 0
	for _, f := range files {
		b := readSeed[seedBrand](t, f)
		withVAT := b.Properties["display_prices_with_vat"] == "true"
		promotions := []*Promotion{nil}
		recurs := []int32{0}
		for _, pb := range promos.Brands {
			if pb.Slug != b.Slug {
				continue
			}
			for _, p := range pb.Promotions {
				kind := Fixed
				if p.ValueType == "percentage" {
					kind = Percentage
				}
				promotions = append(promotions, &Promotion{Kind: kind, Percent: p.Percent, ValueCents: p.Value, RecursFor: p.RecursFor})
				recurs = append(recurs, p.RecursFor)
			}
		}
		var cart []LinePresentation
		for _, p := range b.Products {
			for _, m := range p.Maturities {
				for _, ivID := range m.Intervals {
					// Seed maturities list their intervals by months.
					var iv struct {
						months int32
						vat    float64
					}
					ok := false
					for _, cand := range b.Intervals {
						if cand.Months == ivID {
							iv.months, iv.vat, ok = cand.Months, cand.VAT, true
						}
					}
					if !ok {
						t.Fatalf("%s %d: unknown interval %d", b.Slug, p.ID, ivID)
					}
					for i, promo := range promotions {
						for _, yearly := range []bool{false, true} {
							in := LineInput{NetMonthlyCents: m.Price, SetupNetCents: m.Setup, TermMonths: m.Months,
								IntervalMonths: iv.months, VATPercent: iv.vat, WithVAT: withVAT, Yearly: yearly,
								Promotion: promo, PromotionMonths: PromotionMonths(recurs[i], iv.months)}
							l := PresentLine(in)
							checkLineAddsUp(t, b.Slug, l)
							checked++
							if i == 0 && !yearly {
								cart = append(cart, l)
							} else {
								checkCartAddsUp(t, b.Slug, []LinePresentation{cart[len(cart)-1], l},
									PresentCart([]LinePresentation{cart[len(cart)-1], l}))
							}
						}
					}
				}
			}
		}
		checkCartAddsUp(t, b.Slug+" whole catalogue", cart, PresentCart(cart))
	}
	if checked < 1000 {
		t.Fatalf("only %d seed combinations checked", checked)
	}
}
