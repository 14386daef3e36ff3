package fields

import (
	"regexp"
	"strconv"
	"strings"
)

// label is one DNS label: letters, digits and inner hyphens, 1 to 63 characters.
const label = `[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`

var (
	labelPattern    = regexp.MustCompile(`^` + label + `$`)
	topLabelPattern = regexp.MustCompile(`^[A-Za-z]{2,63}$`)
	// emailPattern is the WHATWG HTML "valid e-mail address" with at least one dot in the domain,
	// since a shop order needs an address that can be reached from the internet.
	emailPattern   = regexp.MustCompile("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@" + label + `(?:\.` + label + `)+$`)
	ipv4Octet      = regexp.MustCompile(`^(?:0|[1-9][0-9]{0,2})$`)
	maxEmailLength = 254
)

// isFQDN accepts a domain name of 4 to 253 characters with at least two dot-separated labels of up
// to 63 letters, digits and inner hyphens, the last of them 2 to 63 letters. No trailing dot, no
// non-ASCII (an IDN must be given in its xn-- form).
func isFQDN(v string) bool {
	if len(v) < 4 || len(v) > 253 {
		return false
	}
	labels := strings.Split(v, ".")
	if len(labels) < 2 || !topLabelPattern.MatchString(labels[len(labels)-1]) {
		return false
	}
	for _, l := range labels[:len(labels)-1] {
		if !labelPattern.MatchString(l) {
			return false
		}
	}
	return true
}

func isEmail(v string) bool {
	return length(v) <= maxEmailLength && emailPattern.MatchString(v)
}

// isIPv4 accepts four dot-separated decimal octets 0–255 without leading zeros.
func isIPv4(v string) bool {
	parts := strings.Split(v, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if !ipv4Octet.MatchString(p) {
			return false
		}
		if n, err := strconv.Atoi(p); err != nil || n > 255 {
			return false
		}
	}
	return true
}
