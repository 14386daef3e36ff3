package domain

import (
	"slices"
	"strings"
	"testing"
)

func testSet() TLDSet {
	s := NewTLDSet()
	for _, t := range []string{"de", "at", "com", "net", "eu", "ch"} {
		s.Add(t, true)
	}
	for _, t := range []string{"co.uk", "uk", "org", "co.at"} {
		s.Add(t, false)
	}
	return s
}

func TestNormalizeSearch(t *testing.T) {
	long63 := strings.Repeat("a", 63)
	tests := []struct {
		name        string
		in          string
		sld         string
		sldUnicode  string
		tld         string
		idn         bool
		reduced     bool
		wantErr     string
		wantChars   []string
		wantDisplay string
	}{
		{name: "plain", in: "example.de", sld: "example", tld: "de"},
		{name: "no tld", in: "example", sld: "example"},
		{name: "upper case", in: "Example.DE", sld: "example", tld: "de"},
		{name: "WWW.", in: "WWW.Example.de", sld: "example", tld: "de", reduced: true},
		{name: "www only prefix", in: "www.example", sld: "example", reduced: true},
		{name: "trailing dots", in: "example.de...", sld: "example", tld: "de"},
		{name: "leading dots", in: "..example.de", sld: "example", tld: "de"},
		{name: "inner empty labels", in: "example..de", sld: "example", tld: "de"},
		{name: "leading and trailing hyphens", in: "-example-.de-", sld: "example", tld: "de"},
		{name: "hyphens around www", in: "-www.-example.de", sld: "example", tld: "de", reduced: true},
		{name: "surrounding space", in: "  example.at \t", sld: "example", tld: "at"},
		{name: "subdomains", in: "shop.blog.example.de", sld: "example", tld: "de", reduced: true},
		{name: "co.uk", in: "example.co.uk", sld: "example", tld: "co.uk"},
		{name: "subdomain of co.uk", in: "www.shop.example.co.uk", sld: "example", tld: "co.uk", reduced: true},
		{name: "single-label uk", in: "example.uk", sld: "example", tld: "uk"},
		{name: "co.at over at", in: "firma.co.at", sld: "firma", tld: "co.at"},
		{name: "umlauts", in: "müller.de", sld: "xn--mller-kva", sldUnicode: "müller", tld: "de", idn: true},
		{name: "upper umlauts", in: "MÜLLER.DE", sld: "xn--mller-kva", sldUnicode: "müller", tld: "de", idn: true},
		{name: "sharp s kept", in: "straße.de", sld: "xn--strae-oqa", sldUnicode: "straße", tld: "de", idn: true},
		{name: "umlauts without tld", in: "bäcker", sld: "xn--bcker-gra", sldUnicode: "bäcker", idn: true},
		{name: "punycode input", in: "xn--mller-kva.de", sld: "xn--mller-kva", sldUnicode: "müller", tld: "de", idn: true},
		{name: "ideographic full stop", in: "example。de", sld: "example", tld: "de"},
		{name: "full-width letters", in: "ＥＸＡＭＰＬＥ.de", sld: "example", tld: "de"},
		{name: "digits and hyphen", in: "web-4-you.net", sld: "web-4-you", tld: "net"},
		{name: "63 characters", in: long63 + ".com", sld: long63, tld: "com"},
		{name: "long display shortened", in: strings.Repeat("b", 30), sld: strings.Repeat("b", 30), wantDisplay: strings.Repeat("b", 23) + "…"},

		{name: "empty", in: "", wantErr: KeyInputEmpty},
		{name: "blank", in: "   ", wantErr: KeyInputEmpty},
		{name: "only dots", in: "...", wantErr: KeyInputEmpty},
		{name: "only hyphens and dots", in: "-.-", wantErr: KeyInputEmpty},
		{name: "one character", in: "a", wantErr: KeyInputTooShort},
		{name: "one character sld", in: "a.de", wantErr: KeyInputTooShort},
		{name: "one umlaut sld", in: "ö.de", wantErr: KeyInputTooShort},
		{name: "sld short after hyphens", in: "-a-.de", wantErr: KeyInputTooShort},
		{name: "64 characters", in: strings.Repeat("a", 64) + ".de", wantErr: KeyInputTooLong},
		{name: "long umlaut label over 63 in ASCII", in: strings.Repeat("ä", 60) + ".de", wantErr: KeyInputTooLong},
		{name: "huge input", in: strings.Repeat("ab.", 2000) + "de", wantErr: KeyInputTooLong},
		{name: "unknown tld", in: "example.xyz", wantErr: KeyCannotBeRegistered},
		{name: "idn on non-idn tld", in: "müller.co.uk", wantErr: KeyCannotBeRegistered},
		{name: "hyphens in 3rd and 4th place", in: "ab--cd.de", wantErr: KeyCannotBeRegistered},
		{name: "bad punycode", in: "xn--zz.de", wantErr: KeyCannotBeRegistered},
		{name: "space", in: "exa mple.de", wantErr: KeyInputInvalid, wantChars: []string{" "}},
		{name: "forbidden chars once each in order", in: "a@b!c@d.de", wantErr: KeyInputInvalid, wantChars: []string{"@", "!"}},
		{name: "every spec character", in: "x ,`~!@§#$%^&*()+=[]{}|\\'<>?/\";:",
			wantErr: KeyInputInvalid, wantChars: strings.Split(" ,`~!@§#$%^&*()+=[]{}|\\'<>?/\";:", "")},
		{name: "underscore", in: "my_site.de", wantErr: KeyInputInvalid, wantChars: []string{"_"}},
		{name: "emoji", in: "i❤️u.de", wantErr: KeyInputInvalid, wantChars: []string{"❤"}},
		{name: "inner tab", in: "ex\tample", wantErr: KeyInputInvalid, wantChars: []string{"\t"}},
		{name: "invalid utf-8", in: "ab\xffcd", wantErr: KeyInputInvalid, wantChars: []string{"\ufffd"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NormalizeSearch(tt.in, testSet())
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("NormalizeSearch(%q) = %+v, want error %s", tt.in, got, tt.wantErr)
				}
				if err.Key != tt.wantErr || !slices.Equal(err.Chars, tt.wantChars) {
					t.Fatalf("NormalizeSearch(%q) error = %s %q, want %s %q", tt.in, err.Key, err.Chars, tt.wantErr, tt.wantChars)
				}
				if MessageKey(err) != tt.wantErr {
					t.Errorf("MessageKey = %q", MessageKey(err))
				}
				return
			}
			if err != nil {
				t.Fatalf("NormalizeSearch(%q) error = %v", tt.in, err)
			}
			wantUnicode := tt.sldUnicode
			if wantUnicode == "" {
				wantUnicode = tt.sld
			}
			if got.SLD != tt.sld || got.SLDUnicode != wantUnicode || got.TLD != tt.tld || got.IDN != tt.idn || got.Reduced != tt.reduced {
				t.Errorf("NormalizeSearch(%q) = sld %q/%q tld %q idn %v reduced %v, want %q/%q %q %v %v",
					tt.in, got.SLD, got.SLDUnicode, got.TLD, got.IDN, got.Reduced, tt.sld, wantUnicode, tt.tld, tt.idn, tt.reduced)
			}
			if tt.wantDisplay != "" && got.SLDShortened != tt.wantDisplay {
				t.Errorf("SLDShortened = %q, want %q", got.SLDShortened, tt.wantDisplay)
			}
			if got.Input != tt.in {
				t.Errorf("Input = %q, want the text as received", got.Input)
			}
			if tt.tld != "" && got.Domain() != tt.sld+"."+tt.tld {
				t.Errorf("Domain() = %q", got.Domain())
			}
		})
	}
}

func TestNormalizeSearchIsIdempotent(t *testing.T) {
	for _, in := range []string{"WWW.Müller.DE.", "shop.example.co.uk", "-straße-", "xn--bcker-gra.at"} {
		first, err := NormalizeSearch(in, testSet())
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		again := first.SLDUnicode
		if first.TLD != "" {
			again += "." + first.TLD
		}
		second, err := NormalizeSearch(again, testSet())
		if err != nil {
			t.Fatalf("%q renormalised as %q: %v", in, again, err)
		}
		if second.SLD != first.SLD || second.TLD != first.TLD {
			t.Errorf("%q -> %q/%q, then %q -> %q/%q", in, first.SLD, first.TLD, again, second.SLD, second.TLD)
		}
	}
}

func TestValidateInput(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string
	}{
		{in: "ab"},
		{in: "example.de"},
		{in: "a.example.de"}, // subdomains are reduced later; the input itself is fine
		{in: "müller"},
		{in: strings.Repeat("x", 63) + ".de"},
		{in: "", wantErr: KeyInputEmpty},
		{in: " . ", wantErr: KeyInputEmpty},
		{in: "a", wantErr: KeyInputTooShort},
		{in: "-a-", wantErr: KeyInputTooShort},
		{in: strings.Repeat("x", 64), wantErr: KeyInputTooLong},
		{in: "www." + strings.Repeat("x", 64) + ".de", wantErr: KeyInputTooLong},
		{in: "x;y", wantErr: KeyInputInvalid},
	}
	for _, tt := range tests {
		err := ValidateInput(tt.in)
		got := ""
		if err != nil {
			got = err.Key
		}
		if got != tt.wantErr {
			t.Errorf("ValidateInput(%q) = %q, want %q", tt.in, got, tt.wantErr)
		}
	}
}

func TestNormalizeTLD(t *testing.T) {
	for in, want := range map[string]string{".DE": "de", "co.uk.": "co.uk", " com ": "com", "": "", "рф": "xn--p1ai"} {
		if got := NormalizeTLD(in); got != want {
			t.Errorf("NormalizeTLD(%q) = %q, want %q", in, got, want)
		}
	}
}
