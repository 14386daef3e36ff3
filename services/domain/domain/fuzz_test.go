package domain

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var inputKeys = []string{KeyInputEmpty, KeyInputTooShort, KeyInputTooLong, KeyCannotBeRegistered, KeyInputInvalid}

// FuzzNormalize checks the promises of NormalizeSearch for any input: it never panics, a result is
// a registrable ASCII label on an offered TLD that normalises to itself again, and a rejection
// carries one of the spec's message keys.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"example.de", "WWW.Müller.DE.", "shop.example.co.uk", "-x-.at", "a@b", "xn--mller-kva.de", "。。de", "ab--cd.com"} {
		f.Add(s)
	}
	set := testSet()
	f.Fuzz(func(t *testing.T, in string) {
		s, err := NormalizeSearch(in, set)
		if err != nil {
			if !slices.Contains(inputKeys, err.Key) {
				t.Fatalf("NormalizeSearch(%q) key %q is not a spec key", in, err.Key)
			}
			if (err.Key == KeyInputInvalid) != (len(err.Chars) > 0) {
				t.Fatalf("NormalizeSearch(%q) = %s with chars %q", in, err.Key, err.Chars)
			}
			for _, c := range err.Chars {
				if !strings.Contains(strings.ToValidUTF8(in, "\ufffd"), c) {
					t.Fatalf("reported char %q does not occur in %q", c, in)
				}
			}
			return
		}
		if s.SLD == "" || len(s.SLD) > MaxLabelLength || !isASCII(s.SLD) || s.SLD != strings.ToLower(s.SLD) {
			t.Fatalf("NormalizeSearch(%q) SLD %q is not a lower-case ASCII label", in, s.SLD)
		}
		if strings.HasPrefix(s.SLD, "-") || strings.HasSuffix(s.SLD, "-") || strings.Contains(s.SLD, ".") {
			t.Fatalf("NormalizeSearch(%q) SLD %q has edge hyphens or dots", in, s.SLD)
		}
		if utf8.RuneCountInString(s.SLDUnicode) < MinSLDLength {
			t.Fatalf("NormalizeSearch(%q) SLD %q is shorter than %d", in, s.SLDUnicode, MinSLDLength)
		}
		if s.TLD != "" {
			if ok, idn := set.Has(s.TLD); !ok || (s.IDN && !idn) {
				t.Fatalf("NormalizeSearch(%q) TLD %q not offered for this label", in, s.TLD)
			}
		}
		again := s.SLD
		if s.TLD != "" {
			again += "." + s.TLD
		}
		s2, err := NormalizeSearch(again, set)
		if err != nil || s2.SLD != s.SLD || s2.TLD != s.TLD || s2.SLDUnicode != s.SLDUnicode {
			t.Fatalf("NormalizeSearch(%q) = %q, which normalises to %+v, %v", in, again, s2, err)
		}
	})
}

// FuzzValidateInput checks the input validator: it never panics, answers a spec key, and agrees
// with NormalizeSearch on the rules both apply (required, forbidden characters).
func FuzzValidateInput(f *testing.F) {
	for _, s := range []string{"", " ", "a", "ab", "my shop", "x@y!z", strings.Repeat("a", 64), "bücher.de", "§$%"} {
		f.Add(s)
	}
	set := testSet()
	f.Fuzz(func(t *testing.T, in string) {
		err := ValidateInput(in)
		_, nerr := NormalizeSearch(in, set)
		if err == nil {
			if nerr != nil && (nerr.Key == KeyInputEmpty || nerr.Key == KeyInputInvalid) {
				t.Fatalf("ValidateInput(%q) passed but NormalizeSearch says %s", in, nerr.Key)
			}
			return
		}
		if !slices.Contains(inputKeys, err.Key) || err.Key == KeyCannotBeRegistered {
			t.Fatalf("ValidateInput(%q) key %q", in, err.Key)
		}
		if err.Key == KeyInputEmpty || err.Key == KeyInputInvalid {
			if nerr == nil || nerr.Key != err.Key || !slices.Equal(nerr.Chars, err.Chars) {
				t.Fatalf("ValidateInput(%q) = %v but NormalizeSearch = %v", in, err, nerr)
			}
		}
	})
}
