package catalogapi

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Message keys of requests the gateway rejects before calling the catalog.
const (
	KeyZipCodeInvalid  = "zipcode.invalid"
	KeyLocaleInvalid   = "locale.invalid"
	KeyDomainInvalid   = "domain.invalid"
	KeyCategoryInvalid = "category.invalid"
	KeyIDsInvalid      = "products.ids_invalid"
	// KeyIncludeHiddenInvalid: include_hidden is neither "true" nor "false".
	KeyIncludeHiddenInvalid = "products.include_hidden_invalid"
)

// Limits of the query values (spec §9: fqdn up to 253, postal code up to 10 characters).
const (
	maxDomainLength  = 253
	maxSlugLength    = 100
	maxIDs           = 100
	maxZipCodeLength = 10
	maxLocaleBody    = 4 << 10
)

// domainQuery drops characters a domain cannot hold, as the frontend does (spec §2), and reports
// false when what remains is longer than any domain.
func domainQuery(d string) (string, bool) {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '.' {
			return unicode.ToLower(r)
		}
		return -1
	}, d)
	return clean, len(clean) <= maxDomainLength
}

// slugQuery keeps word characters and hyphens (spec §2).
func slugQuery(s string) (string, bool) {
	clean := strings.Map(func(r rune) rune {
		if r < unicode.MaxASCII && (r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return -1
	}, s)
	return clean, len(clean) <= maxSlugLength
}

// idsQuery parses a comma-separated list of positive ids; empty items are skipped.
func idsQuery(s string) ([]int32, bool) {
	var ids []int32
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.ParseInt(part, 10, 32)
		if err != nil || n <= 0 || len(ids) == maxIDs {
			return nil, false
		}
		ids = append(ids, int32(n))
	}
	return ids, true
}

// boolQuery reads an optional boolean query value: absent or "false" is false, "true" is true.
func boolQuery(s string) (value, ok bool) {
	switch s {
	case "", "false":
		return false, true
	case "true":
		return true, true
	}
	return false, false
}

func validZipCode(code string) bool {
	if code == "" || len(code) > maxZipCodeLength {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

var localeCode = regexp.MustCompile(`^[a-z]{2}-[A-Z]{2}$`)

// decodeLocaleBody reads {"code": "en-GB"}. Whether the brand offers the locale is the catalog's
// decision; this only rejects bodies that cannot name a locale at all.
func decodeLocaleBody(r *http.Request) (string, bool) {
	var body struct {
		Code string `json:"code"`
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxLocaleBody))
	if err := dec.Decode(&body); err != nil {
		return "", false
	}
	return body.Code, localeCode.MatchString(body.Code)
}
