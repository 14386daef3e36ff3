package fields

import "strings"

// passwordSpecials are the characters of which a secure password needs at least one (spec §5).
const passwordSpecials = "!@#$%^&*()_+{}[]:;<>,.?~"

const minPasswordLength = 8

// isSecurePassword needs at least 8 code points with an ASCII upper-case letter, an ASCII
// lower-case letter, an ASCII digit and one of passwordSpecials. Other characters are allowed but
// count for no class.
func isSecurePassword(v string) bool {
	if length(v) < minPasswordLength {
		return false
	}
	var upper, lower, digit, special bool
	for _, r := range v {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(passwordSpecials, r):
			special = true
		}
	}
	return upper && lower && digit && special
}
