package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Limits of search input (spec §5, §9).
const (
	MinSLDLength    = 2
	MaxLabelLength  = 63
	MaxDomainLength = 253
	// ShortenedSLDLength is where the display label of a long SLD is cut (sld_shortened).
	ShortenedSLDLength = 24
	// MaxInputLength bounds the bytes of input looked at: a name with subdomains never needs more,
	// and IDNA work on longer text would only cost CPU.
	MaxInputLength = 1024
)

// forbiddenChars are the characters spec §5 names; any other character that cannot stand in a
// host name (underscore, emoji, control characters) is reported the same way.
const forbiddenChars = " ,`~!@§#$%^&*()+=[]{}|\\'<>?/\";:"

// labelProfile converts one label to ASCII: UTS #46 mapping (case, width), the hyphen, joiner and
// bidi rules, letters/digits/hyphen only. Nontransitional, so ß stays ß (DENIC registers it).
var labelProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
)

// displayProfile turns ASCII labels back into Unicode for display.
var displayProfile = idna.New(idna.MapForLookup(), idna.Transitional(false))

// Search is normalised search input: the registrable second-level label and, when the input had
// one, the offered TLD it ended in.
type Search struct {
	Input string
	// SLD is the ASCII (punycode) second-level label.
	SLD          string
	SLDUnicode   string
	SLDShortened string
	// TLD is the offered ASCII TLD the input ended in, "" when it had none.
	TLD string
	// IDN is true when the SLD has non-ASCII letters.
	IDN bool
	// Reduced is true when subdomains or a leading www. were cut off.
	Reduced bool
}

// Domain is SLD.TLD in ASCII, "" without a TLD.
func (s Search) Domain() string {
	if s.TLD == "" {
		return ""
	}
	return s.SLD + "." + s.TLD
}

// Name combines the SLD with an offered TLD.
func (s Search) Name(t TLD) Name {
	display := t.Display
	if display == "" {
		display = t.Name
	}
	ascii := s.SLD + "." + t.Name
	unicode := ascii
	// Most names are ASCII on an ASCII TLD: then both spellings are one string, built once.
	if s.SLDUnicode != s.SLD || display != t.Name {
		unicode = s.SLDUnicode + "." + display
	}
	return Name{
		Domain:        ascii,
		DomainUnicode: unicode,
		SLD:           s.SLD,
		SLDShortened:  s.SLDShortened,
		TLD:           t.Name,
	}
}

// Name is one full domain name of a result.
type Name struct {
	Domain        string
	DomainUnicode string
	SLD           string
	SLDShortened  string
	TLD           string
}

// ValidateInput applies the input rules of spec §5 that need no TLD list: required, forbidden
// characters, minimum length 2 and at most 63 characters in the first label. It is the check the
// search field runs before anything is sent; NormalizeSearch applies it too.
func ValidateInput(input string) *InputError {
	cleaned, labels, _, err := prepare(input)
	if err != nil {
		return err
	}
	if utf8.RuneCountInString(cleaned) < MinSLDLength {
		return &InputError{Key: KeyInputTooShort, Input: input}
	}
	if utf8.RuneCountInString(labels[0]) > MaxLabelLength {
		return &InputError{Key: KeyInputTooLong, Input: input}
	}
	return nil
}

// NormalizeSearch turns search input into the registrable name (spec §5): lowercased, leading
// www. and leading or trailing dots and hyphens stripped, subdomains reduced to the registrable
// part using the offered TLDs (multi-label TLDs such as co.uk too), umlauts converted with IDNA.
// The error is always an *InputError.
func NormalizeSearch(input string, offered TLDSet) (Search, *InputError) {
	_, labels, reduced, err := prepare(input)
	if err != nil {
		return Search{}, err
	}
	search := Search{Input: input, Reduced: reduced}

	sldLabel := labels[0]
	if len(labels) > 1 {
		tld, at, ok := matchTLD(labels, offered)
		if !ok {
			return Search{}, &InputError{Key: KeyCannotBeRegistered, Input: input}
		}
		if strings.Trim(labels[at-1], "-") == "www" {
			// "sub.www.de" (or "www-.de", whose label loses its edge hyphens below) reduces to
			// "www.de", which reads as a leading www. before "de" (as prepare cuts it): answer what
			// that reads as, so a result normalises to itself.
			rest, err := NormalizeSearch(tld, offered)
			if err != nil {
				err.Input = input
				return Search{}, err
			}
			rest.Input, rest.Reduced = input, true
			return rest, nil
		}
		search.TLD = tld
		sldLabel = labels[at-1]
		if at-1 > 0 {
			search.Reduced = true
		}
	}

	sldLabel = strings.Trim(sldLabel, "-")
	if err := checkLabelLength(input, sldLabel); err != nil {
		return Search{}, err
	}
	ascii, cerr := toASCII(sldLabel)
	if cerr != nil || ascii == "" || strings.Contains(ascii, ".") {
		return Search{}, &InputError{Key: KeyCannotBeRegistered, Input: input}
	}
	if len(ascii) > MaxLabelLength {
		return Search{}, &InputError{Key: KeyInputTooLong, Input: input}
	}
	unicodeLabel, cerr := toUnicode(ascii)
	if cerr != nil {
		return Search{}, &InputError{Key: KeyCannotBeRegistered, Input: input}
	}
	if utf8.RuneCountInString(unicodeLabel) < MinSLDLength {
		return Search{}, &InputError{Key: KeyInputTooShort, Input: input}
	}
	search.SLD = ascii
	search.SLDUnicode = unicodeLabel
	search.SLDShortened = Shorten(unicodeLabel)
	search.IDN = !isASCII(unicodeLabel)

	if search.TLD != "" {
		if _, idn := offered.Has(search.TLD); search.IDN && !idn {
			return Search{}, &InputError{Key: KeyCannotBeRegistered, Input: input}
		}
		if len(search.Domain()) > MaxDomainLength {
			return Search{}, &InputError{Key: KeyInputTooLong, Input: input}
		}
	}
	return search, nil
}

// prepare runs the character rules and cleaning shared by ValidateInput and NormalizeSearch. It
// returns the cleaned text and its non-empty labels (at least one).
func prepare(input string) (string, []string, bool, *InputError) {
	s := strings.TrimSpace(input)
	if s == "" {
		return "", nil, false, &InputError{Key: KeyInputEmpty, Input: input}
	}
	if len(s) > MaxInputLength {
		return "", nil, false, &InputError{Key: KeyInputTooLong, Input: strings.ToValidUTF8(input[:MaxInputLength], "")}
	}
	if chars := invalidChars(s); len(chars) > 0 {
		return "", nil, false, &InputError{Key: KeyInputInvalid, Chars: chars, Input: input}
	}
	s = strings.ToLower(mapDots(s))
	s = strings.Trim(s, ".-")
	reduced := false
	if rest, ok := strings.CutPrefix(s, "www."); ok {
		if rest = strings.Trim(rest, ".-"); rest != "" {
			s, reduced = rest, true
		}
	}
	labels := strings.FieldsFunc(s, func(r rune) bool { return r == '.' })
	if len(labels) == 0 {
		return "", nil, false, &InputError{Key: KeyInputEmpty, Input: input}
	}
	return s, labels, reduced, nil
}

func checkLabelLength(input, label string) *InputError {
	n := utf8.RuneCountInString(strings.Trim(label, "-"))
	switch {
	case n < MinSLDLength:
		return &InputError{Key: KeyInputTooShort, Input: input}
	case n > MaxLabelLength:
		return &InputError{Key: KeyInputTooLong, Input: input}
	}
	return nil
}

// matchTLD finds the longest offered TLD the labels end in, leaving at least one label before it.
// It returns the TLD and the index of its first label.
func matchTLD(labels []string, offered TLDSet) (string, int, bool) {
	n := len(labels)
	longest := min(offered.MaxLabels(), n-1)
	ascii := make([]string, n)
	for k := longest; k >= 1; k-- {
		parts := make([]string, 0, k)
		ok := true
		for i := n - k; i < n; i++ {
			if ascii[i] == "" {
				a, err := toASCII(labels[i])
				if err != nil {
					ok = false
					break
				}
				ascii[i] = a
			}
			parts = append(parts, ascii[i])
		}
		if !ok {
			continue
		}
		cand := strings.Join(parts, ".")
		if has, _ := offered.Has(cand); has {
			return cand, n - k, true
		}
	}
	return "", 0, false
}

// plainLabel reports whether l is already a valid lower-case ASCII label that IDNA would return
// unchanged: letters, digits and inner hyphens, no "--" in third and fourth place. Most searches
// are such labels, and skipping IDNA for them keeps normalisation cheap on the hot path.
func plainLabel(l string) bool {
	if l == "" || l[0] == '-' || l[len(l)-1] == '-' || (len(l) >= 4 && l[2] == '-' && l[3] == '-') {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func toASCII(label string) (string, error) {
	if plainLabel(label) {
		return label, nil
	}
	return labelProfile.ToASCII(label)
}

func toUnicode(ascii string) (string, error) {
	if plainLabel(ascii) {
		return ascii, nil
	}
	return displayProfile.ToUnicode(ascii)
}

// invalidChars lists the characters that cannot be part of a domain name, each once, in order.
func invalidChars(s string) []string {
	clean := true
	for _, r := range s {
		if !allowedRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return nil
	}
	var out []string
	seen := map[rune]bool{}
	for _, r := range s {
		if allowedRune(r) || seen[r] {
			continue
		}
		seen[r] = true
		out = append(out, string(r))
	}
	return out
}

func allowedRune(r rune) bool {
	if r == utf8.RuneError {
		return false
	}
	if strings.ContainsRune(forbiddenChars, r) {
		return false
	}
	switch {
	case r == '-' || r == '.' || isDotLike(r):
		return true
	case r < utf8.RuneSelf:
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	default:
		return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
	}
}

// isDotLike reports the full stops UTS #46 maps to '.' (ideographic and full-width).
func isDotLike(r rune) bool { return r == '。' || r == '．' || r == '｡' }

func mapDots(s string) string {
	if isASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isDotLike(r) {
			return '.'
		}
		return r
	}, s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Shorten cuts a display label longer than ShortenedSLDLength runes and marks the cut with "…".
func Shorten(label string) string {
	if utf8.RuneCountInString(label) <= ShortenedSLDLength {
		return label
	}
	r := []rune(label)
	return string(r[:ShortenedSLDLength-1]) + "…"
}

// NormalizeTLD brings a TLD as configured or sent by a caller (".DE", "co.uk.") to its ASCII form.
func NormalizeTLD(tld string) string {
	tld = strings.Trim(strings.TrimSpace(strings.ToLower(tld)), ".")
	if tld == "" || isASCII(tld) {
		return tld
	}
	ascii, err := labelProfile.ToASCII(tld)
	if err != nil {
		return tld
	}
	return ascii
}

// NormalizeName brings a full domain name from another service (a cart entry) to the ASCII form
// results use, so names compare equal however they were written.
func NormalizeName(name string) string { return NormalizeTLD(name) }

// DisplayTLD is the Unicode form of an ASCII TLD ("xn--p1ai" → "рф").
func DisplayTLD(tld string) string {
	u, err := displayProfile.ToUnicode(tld)
	if err != nil {
		return tld
	}
	return u
}
