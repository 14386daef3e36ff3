package domain

// FreeTLDs are the inclusive domains of a product as the catalog publishes them (spec §3).
type FreeTLDs struct {
	Amount  int32
	Domains []string
}

// Inclusion says which domains a product brings for free.
type Inclusion struct {
	// TLDs are the product's free TLDs the brand offers, in the product's order.
	TLDs []string
	// Domains are the given domains that are free, in the given order.
	Domains []string
	// Remaining is how many more domains would be free.
	Remaining int32
}

// Inclusive decides which of domains are free with a product: a domain is free when its TLD is one
// of the product's free TLDs and the product still has free domains left after alreadyUsed. Names
// that are not valid offered domains are never free; duplicates count once.
func Inclusive(free FreeTLDs, cat *Catalogue, domains []string, alreadyUsed int32) Inclusion {
	inc := Inclusion{TLDs: []string{}, Domains: []string{}}
	freeSet := map[string]bool{}
	for _, raw := range free.Domains {
		t := NormalizeTLD(raw)
		if _, ok := cat.TLD(t); !ok || freeSet[t] {
			continue
		}
		freeSet[t] = true
		inc.TLDs = append(inc.TLDs, t)
	}
	left := max(free.Amount-max(alreadyUsed, 0), 0)
	seen := map[string]bool{}
	for _, raw := range domains {
		if left == 0 {
			break
		}
		s, err := NormalizeSearch(raw, cat.Set())
		if err != nil || s.TLD == "" || !freeSet[s.TLD] || seen[s.Domain()] {
			continue
		}
		seen[s.Domain()] = true
		inc.Domains = append(inc.Domains, s.Domain())
		left--
	}
	inc.Remaining = left
	return inc
}

// FreeSet returns the normalised free TLDs as a set, for marking results inclusive.
func FreeSet(tlds []string) map[string]bool {
	if len(tlds) == 0 {
		return nil
	}
	out := make(map[string]bool, len(tlds))
	for _, t := range tlds {
		if n := NormalizeTLD(t); n != "" {
			out[n] = true
		}
	}
	return out
}
