package fields

import (
	"math/big"
	"regexp"
)

// Numbers are plain decimals: an optional sign, ASCII digits, and for numeric an optional fraction
// with at least one digit. No exponents, no thousands separators, no leading or trailing dot.
var (
	integerPattern = regexp.MustCompile(`^[+-]?[0-9]+$`)
	numericPattern = regexp.MustCompile(`^[+-]?[0-9]+(\.[0-9]+)?$`)
	digitsPattern  = regexp.MustCompile(`^[0-9]+$`)
)

// decimal returns the exact value of a string that matched numericPattern. Comparisons are exact,
// however long the number: no float rounding decides a min or max.
func decimal(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}
