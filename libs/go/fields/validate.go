package fields

import (
	"net/netip"
	"strings"
)

// Validate checks one value against the rules and returns the violations in the order the rules
// are written (nil when the value is valid). The value is trimmed first. An empty value breaks only
// required: every other rule accepts it, so optional fields may stay blank. When the value fails
// its type rule (integer, numeric, boolean), min, max and in are not checked. others holds the
// other fields' values by key, for same:.
func (rs RuleSet) Validate(value string, others map[string]string) []Violation {
	v := Trim(value)
	if v == "" {
		if rs.required {
			return []Violation{violation(KeyRequired)}
		}
		return nil
	}
	typeOK := rs.typeHolds(v)
	var out []Violation
	for _, r := range rs.rules {
		if bad, ok := rs.check(r, v, typeOK, others); !ok {
			out = append(out, bad...)
		}
	}
	return out
}

func (rs RuleSet) typeHolds(v string) bool {
	switch rs.valueTyp {
	case typeInteger:
		return integerPattern.MatchString(v)
	case typeNumeric:
		return numericPattern.MatchString(v)
	case typeBoolean:
		_, ok := canonicalBool(v)
		return ok
	}
	return true
}

// check applies one rule to a trimmed, non-empty value.
func (rs RuleSet) check(r rule, v string, typeOK bool, others map[string]string) ([]Violation, bool) {
	one := func(ok bool, key string, params ...string) ([]Violation, bool) {
		if ok {
			return nil, true
		}
		return []Violation{violation(key, params...)}, false
	}
	switch r.name {
	case "required", "string":
		return nil, true
	case "integer":
		return one(typeOK, KeyInteger)
	case "numeric":
		return one(typeOK, KeyNumeric)
	case "boolean":
		return one(typeOK, KeyBoolean)
	case "min", "max":
		if !typeOK {
			return nil, true
		}
		return rs.checkSize(r, v)
	case "in":
		if !typeOK {
			return nil, true
		}
		return rs.checkIn(r, v)
	case "same":
		return one(v == Trim(others[r.arg]), KeySamePassword, "other", r.arg)
	case "persons":
		return checkPersons(v)
	case "fqdn":
		return one(isFQDN(v), KeyFQDN)
	case "secure_password":
		return one(isSecurePassword(v), KeySecurePassword)
	case "email":
		return one(isEmail(v), KeyEmail)
	case "ipv4":
		return one(isIPv4(v), KeyIPv4)
	case "ipv6":
		return one(isIPv6(v), KeyIPv6)
	case "alpha":
		return one(all(v, isAlpha), KeyAlpha)
	case "alpha_num":
		return one(all(v, isAlphaNum), KeyAlphaNum)
	case "alpha_dash":
		return one(all(v, isAlphaDash), KeyAlphaDash)
	case "alpha_lower":
		return one(all(v, isAlpha) && isLowercase(v), KeyAlphaLower)
	case "alpha_num_lower":
		return one(all(v, isAlphaNum) && isLowercase(v), KeyAlphaNumLower)
	case "alpha_dash_lower":
		return one(all(v, isAlphaDash) && isLowercase(v), KeyAlphaDashLower)
	case "lowercase":
		return one(isLowercase(v), KeyLowercase)
	}
	// Parse admits only the names above.
	return nil, true
}

// checkSize compares a number's value when the type is integer or numeric, else the length in
// code points.
func (rs RuleSet) checkSize(r rule, v string) ([]Violation, bool) {
	isMin := r.name == "min"
	var tooSmall, tooBig bool
	if r.bound != nil {
		c := decimal(v).Cmp(r.bound)
		tooSmall, tooBig = c < 0, c > 0
	} else {
		n := length(v)
		tooSmall, tooBig = n < r.length, n > r.length
	}
	switch {
	case isMin && tooSmall && r.bound != nil:
		return []Violation{violation(KeyMinValue, "min", r.arg)}, false
	case isMin && tooSmall:
		return []Violation{violation(KeyMinLength, "min", r.arg)}, false
	case !isMin && tooBig && r.bound != nil:
		return []Violation{violation(KeyMaxValue, "max", r.arg)}, false
	case !isMin && tooBig:
		return []Violation{violation(KeyMaxLength, "max", r.arg)}, false
	}
	return nil, true
}

func (rs RuleSet) checkIn(r rule, v string) ([]Violation, bool) {
	if rs.valueTyp == typeBoolean {
		v, _ = canonicalBool(v)
	}
	for _, allowed := range r.values {
		if v == allowed {
			return nil, true
		}
	}
	if rs.valueTyp == typeBoolean && len(r.values) == 1 && r.values[0] == "true" {
		return []Violation{violation(KeyAccepted)}, false
	}
	return []Violation{violation(KeyIn, "values", strings.Join(r.values, ", "))}, false
}

// isIPv6 accepts the text forms of RFC 4291 §2.2: eight groups of 1–4 hex digits, one "::" for
// one or more zero groups, and an optional dotted IPv4 tail. Zones ("%eth0"), brackets and prefix
// lengths are not addresses and fail.
func isIPv6(v string) bool {
	if strings.ContainsAny(v, "%[]/") {
		return false
	}
	a, err := netip.ParseAddr(v)
	return err == nil && a.Is6()
}
