package fields

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Trim removes leading and trailing white space as JavaScript's String.prototype.trim does, so the
// Go and TypeScript validators agree on what a value is: the Unicode Zs characters plus tab, line
// feed, vertical tab, form feed, carriage return, U+2028, U+2029 and U+FEFF. (Go's unicode.IsSpace
// differs: it includes U+0085 and excludes U+FEFF.)
func Trim(s string) string {
	return strings.TrimFunc(s, isTrimSpace)
}

func isTrimSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// length counts Unicode code points, which is what JavaScript's [...s].length counts too.
func length(s string) int {
	return utf8.RuneCountInString(s)
}

// Character classes of the alpha rules, by Unicode general category: letters (L) with combining
// marks (M) so decomposed accents count as part of their letter, numbers (N), and '-' / '_'.
func isAlpha(r rune) bool    { return unicode.IsLetter(r) || unicode.IsMark(r) }
func isAlphaNum(r rune) bool { return isAlpha(r) || unicode.IsNumber(r) }
func isAlphaDash(r rune) bool {
	return isAlphaNum(r) || r == '-' || r == '_'
}

func all(s string, class func(rune) bool) bool {
	for _, r := range s {
		if !class(r) {
			return false
		}
	}
	return true
}

// isLowercase reports that s has no uppercase (Lu) or titlecase (Lt) letter; digits, symbols and
// caseless letters are fine.
func isLowercase(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsTitle(r) })
}
