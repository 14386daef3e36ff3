package domain

import "slices"

// KeyFieldUnknown rejects a value for a field the domain's TLD does not define.
const KeyFieldUnknown = "field.unknown"

// RuleValidator checks a value against a pipe-separated rule text (spec §5) and returns the
// message keys of the failed rules.
type RuleValidator interface {
	Validate(rules, value string) []string
}

// FieldValue is a submitted value of a domain's additional field.
type FieldValue struct {
	Domain  string
	FieldID int32
	Value   string
}

// FieldError lists the message keys of one field of one domain. FieldID 0 means the domain name
// itself was rejected.
type FieldError struct {
	Domain  string
	FieldID int32
	Keys    []string
}

// ValidateFields checks the values given for each domain against the fields its TLD defines. Every
// field of a named domain is checked, also those without a submitted value; empty postponed fields
// pass unless includePostponed (they are filled in post-fill). Errors follow the order of the
// domains in values, then the fields' order.
func ValidateFields(cat *Catalogue, values []FieldValue, includePostponed bool, v RuleValidator) []FieldError {
	type entry struct {
		raw    string
		tld    TLD
		values map[int32]string
		bad    *InputError
	}
	var order []string
	byDomain := map[string]*entry{}
	for _, fv := range values {
		e, ok := byDomain[fv.Domain]
		if !ok {
			e = &entry{raw: fv.Domain, values: map[int32]string{}}
			s, err := NormalizeSearch(fv.Domain, cat.Set())
			switch {
			case err != nil:
				e.bad = err
			case s.TLD == "":
				e.bad = &InputError{Key: KeyCannotBeRegistered, Input: fv.Domain}
			default:
				e.tld, _ = cat.TLD(s.TLD)
			}
			byDomain[fv.Domain] = e
			order = append(order, fv.Domain)
		}
		e.values[fv.FieldID] = fv.Value
	}

	errs := []FieldError{}
	for _, d := range order {
		e := byDomain[d]
		if e.bad != nil {
			errs = append(errs, FieldError{Domain: e.raw, Keys: []string{e.bad.Key}})
			continue
		}
		known := map[int32]bool{}
		for _, f := range e.tld.Fields {
			known[f.ID] = true
			value := e.values[f.ID]
			if f.Postponed && !includePostponed && isBlank(value) {
				continue
			}
			if keys := v.Validate(f.Rules, value); len(keys) > 0 {
				errs = append(errs, FieldError{Domain: e.raw, FieldID: f.ID, Keys: keys})
			}
		}
		var unknown []int32
		for id := range e.values {
			if !known[id] {
				unknown = append(unknown, id)
			}
		}
		slices.Sort(unknown)
		for _, id := range unknown {
			errs = append(errs, FieldError{Domain: e.raw, FieldID: id, Keys: []string{KeyFieldUnknown}})
		}
	}
	return errs
}

func isBlank(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}
