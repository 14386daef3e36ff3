package domain

// Recommendation limits.
const (
	DefaultRecommendations = 6
	MaxRecommendations     = 12
	// candidatesPerResult bounds the registry work one recommendation call may cause.
	candidatesPerResult = 2
)

// variantAffixes make alternative second-level labels when the plain one is taken.
var variantAffixes = []struct{ prefix, suffix string }{
	{prefix: "my"},
	{suffix: "-online"},
	{prefix: "get"},
	{suffix: "24"},
	{prefix: "the"},
	{suffix: "-shop"},
}

// RecommendationLimit clamps a requested number of recommendations.
func RecommendationLimit(n int) int {
	if n <= 0 {
		return DefaultRecommendations
	}
	return min(n, MaxRecommendations)
}

// RecommendationCandidates lists the names worth checking for "our suggestions", best first: the
// SLD with each top TLD, then affixed variants with the top TLDs. The searched domain itself and
// names a TLD cannot register (IDN on a non-IDN TLD) are left out. At most limit*2 names.
func RecommendationCandidates(s Search, cat *Catalogue, limit int) []Name {
	limit = RecommendationLimit(limit)
	maxCandidates := limit * candidatesPerResult
	tops := cat.TopTLDs()
	if len(tops) == 0 {
		tops = cat.TLDs()
	}
	var out []Name
	seen := map[string]bool{s.Domain(): true}
	add := func(base Search, t TLD) bool {
		if base.IDN && !t.IDN {
			return len(out) < maxCandidates
		}
		n := base.Name(t)
		if !seen[n.Domain] {
			seen[n.Domain] = true
			out = append(out, n)
		}
		return len(out) < maxCandidates
	}
	for _, t := range tops {
		if !add(s, t) {
			return out
		}
	}
	for _, a := range variantAffixes {
		v, err := NormalizeSearch(a.prefix+s.SLDUnicode+a.suffix, cat.Set())
		if err != nil {
			continue
		}
		for _, t := range tops {
			if !add(v, t) {
				return out
			}
		}
	}
	return out
}
