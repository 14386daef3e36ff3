// Package fieldrules validates additional-field values against the pipe-separated rules of spec §5.
// It implements the subset domain fields use (required, string, min:N, max:N, fqdn); the full rule
// engine shared by every service (issue 4) replaces it behind the Validator interface, so callers
// do not change.
package fieldrules

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Message keys of failed rules.
const (
	KeyRequired  = "validation.required"
	KeyMinLength = "validation.min_length"
	KeyMaxLength = "validation.max_length"
	KeyFQDN      = "validation.fqdn"
)

// Validator checks one value against a rule text and returns the message keys of the failed rules.
type Validator interface {
	Validate(rules, value string) []string
}

// Subset is the Validator for the rules domain fields need. Unknown rules pass, so a definition
// written for the full engine does not reject values here.
type Subset struct{}

// Validate trims value and applies rules. An empty value only fails "required"; the other rules
// judge what was entered.
func (Subset) Validate(rules, value string) []string {
	value = strings.TrimSpace(value)
	var keys []string
	add := func(k string) {
		for _, have := range keys {
			if have == k {
				return
			}
		}
		keys = append(keys, k)
	}
	for _, rule := range strings.Split(rules, "|") {
		name, arg, _ := strings.Cut(strings.TrimSpace(rule), ":")
		switch name {
		case "required":
			if value == "" {
				return []string{KeyRequired}
			}
		case "min":
			if n, err := strconv.Atoi(arg); err == nil && value != "" && utf8.RuneCountInString(value) < n {
				add(KeyMinLength)
			}
		case "max":
			if n, err := strconv.Atoi(arg); err == nil && utf8.RuneCountInString(value) > n {
				add(KeyMaxLength)
			}
		case "fqdn":
			if value != "" && !FQDN(value) {
				add(KeyFQDN)
			}
		}
	}
	return keys
}

var fqdnProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false))

// FQDN reports whether s is a fully qualified domain name as spec §5 defines it: 4 to 253
// characters, labels of 1 to 63 letters, digits or inner hyphens, the final label 2 to 63 letters.
// Internationalised names count in their ASCII form; one trailing dot (the DNS root) is allowed.
func FQDN(s string) bool {
	s = strings.TrimSuffix(s, ".")
	ascii, err := fqdnProfile.ToASCII(s)
	if err != nil || len(ascii) < 4 || len(ascii) > 253 {
		return false
	}
	labels := strings.Split(ascii, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if !ldhLabel(l) {
			return false
		}
	}
	last := labels[len(labels)-1]
	if strings.HasPrefix(last, "xn--") {
		return true
	}
	if len(last) < 2 {
		return false
	}
	for i := 0; i < len(last); i++ {
		if c := last[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func ldhLabel(l string) bool {
	if len(l) == 0 || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
