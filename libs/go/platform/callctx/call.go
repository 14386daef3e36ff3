package callctx

import (
	"errors"
	"strconv"
	"strings"
)

// The MDCall entry is the five fields of Values in this order, each escaped, joined by ',':
//
//	x-call: <session id>,<brand id>,<locale>,<request id>,<client ip>
//
// e.g. "3f1c…,1,de-DE,9a0b…,203.0.113.9"; an empty field is a value not sent (brand 0 is empty).
// In a field, '%', ',' and every byte outside '!'..'~' (space, control and non-ASCII bytes) are
// written as '%' and two upper-case hex digits, so a value can never end its field early and
// the entry stays the printable ASCII gRPC requires of metadata. A reader ignores a sixth and
// later field, so a later release can add one without breaking servers a release behind.
const callFields = 5

// The field positions of an MDCall entry.
const (
	fieldSession = iota
	fieldBrand
	fieldLocale
	fieldRequest
	fieldClientIP
)

// ErrMalformedCall is what ParseCall answers for an entry that does not follow the format:
// fewer than five fields, a '%' without two hex digits after it, or a control character.
var ErrMalformedCall = errors.New("callctx: malformed " + MDCall + " metadata")

// FormatCall returns the MDCall entry of v, or "" when every field is empty.
func FormatCall(v Values) string {
	var digits [12]byte
	brand := digits[:0]
	if v.BrandID != 0 {
		brand = strconv.AppendInt(brand, int64(v.BrandID), 10)
	}
	if v.SessionID == "" && len(brand) == 0 && v.Locale == "" && v.RequestID == "" && v.ClientIP == "" {
		return ""
	}
	var b strings.Builder
	// One allocation: the exact length is known before writing.
	b.Grow(escapedLen(v.SessionID) + len(brand) + escapedLen(v.Locale) + escapedLen(v.RequestID) +
		escapedLen(v.ClientIP) + callFields - 1)
	writeEscaped(&b, v.SessionID)
	b.WriteByte(',')
	b.Write(brand) // digits and '-': nothing to escape
	b.WriteByte(',')
	writeEscaped(&b, v.Locale)
	b.WriteByte(',')
	writeEscaped(&b, v.RequestID)
	b.WriteByte(',')
	writeEscaped(&b, v.ClientIP)
	return b.String()
}

// ParseCall reads an MDCall entry. The values are read as the five separate entries were: text
// fields trimmed of spaces, a brand id that is not a decimal int32 as 0, a client address that is
// not an IP address as "" (it becomes a rate-limit key) and IPv6 in canonical text. A malformed
// entry answers the zero Values and ErrMalformedCall: the entry comes from callers, in the end
// from visitors' input, and half of a context must not pass for a whole one.
//
// Without escapes the strings are parts of s, so the usual entry costs no allocation.
func ParseCall(s string) (Values, error) {
	var f [callFields]string
	rest := s
	for i := range f {
		field := rest
		if j := strings.IndexByte(rest, ','); j >= 0 {
			field, rest = rest[:j], rest[j+1:]
		} else if i < callFields-1 {
			return Values{}, ErrMalformedCall
		}
		text, ok := unescape(field)
		if !ok {
			return Values{}, ErrMalformedCall
		}
		f[i] = strings.TrimSpace(text)
	}
	return Values{
		SessionID: f[fieldSession],
		BrandID:   parseBrandID(f[fieldBrand]),
		Locale:    f[fieldLocale],
		RequestID: f[fieldRequest],
		ClientIP:  cleanClientIP(f[fieldClientIP]),
	}, nil
}

func mustEscape(c byte) bool {
	return c <= ' ' || c >= 0x7f || c == '%' || c == ','
}

func escapedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if mustEscape(s[i]) {
			n += 2
		}
	}
	return n
}

const upperHex = "0123456789ABCDEF"

func writeEscaped(b *strings.Builder, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; mustEscape(c) {
			b.WriteString(s[start:i])
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&0x0f])
			start = i + 1
		}
	}
	b.WriteString(s[start:])
}

// unescape decodes a field; ok is false for a '%' not followed by two hex digits (either case) and
// for control characters, raw or escaped: no gRPC client could send those in the separate entries
// (metadata must be printable), so a service never had to expect them in a value.
func unescape(s string) (text string, ok bool) {
	escapes := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) {
				return "", false
			}
			hi, okHi := unhex(s[i+1])
			lo, okLo := unhex(s[i+2])
			if !okHi || !okLo {
				return "", false
			}
			c = hi<<4 | lo
			i += 2
			escapes++
		}
		if c < ' ' || c == 0x7f {
			return "", false
		}
	}
	if escapes == 0 {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s) - 2*escapes)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			hi, _ := unhex(s[i+1])
			lo, _ := unhex(s[i+2])
			c = hi<<4 | lo
			i += 2
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}
