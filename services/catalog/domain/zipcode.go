package domain

import "strings"

// Zip-code search limits: the address form starts searching at three characters (spec §2) and
// postal codes are at most ten long (spec §5).
const (
	MinZipPrefix = 3
	MaxZipPrefix = 10
	// MaxZipResults caps a search so a short prefix cannot page through a whole country.
	MaxZipResults = 50
)

// ZipPrefix returns the cleaned search prefix and whether a search should run at all. Shorter
// prefixes and anything that cannot be part of a postal code yield no search rather than an error,
// because the picker asks on every keystroke.
func ZipPrefix(code string) (string, bool) {
	p := strings.ToUpper(strings.TrimSpace(code))
	if len(p) < MinZipPrefix || len(p) > MaxZipPrefix {
		return "", false
	}
	for _, r := range p {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r == ' ' || r == '-') {
			return "", false
		}
	}
	return p, true
}
