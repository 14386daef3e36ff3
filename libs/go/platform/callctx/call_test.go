package callctx

import (
	"context"
	"errors"
	"strings"
	"testing"

	"google.golang.org/grpc/metadata"
)

func TestCallEntryRoundTrip(t *testing.T) {
	for _, v := range []Values{
		{SessionID: "3f1cb7e0a9d24c55", BrandID: 1, Locale: "de-DE", RequestID: "9a0b1c2d", ClientIP: "203.0.113.9"},
		{BrandID: -7},
		{BrandID: 2147483647, ClientIP: "2001:db8::7"},
		{SessionID: "a,b%c", Locale: "x y", RequestID: "ünïcode,", ClientIP: "fe80::1%eth0"},
		{RequestID: ",,,,"},
		{SessionID: "%41%"},
	} {
		entry := FormatCall(v)
		for i := 0; i < len(entry); i++ {
			if c := entry[i]; c <= ' ' || c > '~' {
				t.Errorf("FormatCall(%+v) = %q: byte %#x is not printable ASCII without spaces", v, entry, c)
			}
		}
		got, err := ParseCall(entry)
		if err != nil || got != v {
			t.Errorf("ParseCall(FormatCall(%+v)) = %+v, %v (entry %q)", v, got, err, entry)
		}
	}
	if got := FormatCall(Values{}); got != "" {
		t.Errorf("FormatCall(zero) = %q, want nothing to send", got)
	}
	if got := FormatCall(Values{SessionID: "a,b", BrandID: 12}); got != "a%2Cb,12,,," {
		t.Errorf("FormatCall = %q", got)
	}
}

func TestParseCallReadsFieldsAsTheSeparateEntries(t *testing.T) {
	for entry, want := range map[string]Values{
		",,,,":                              {},
		" s ,  3 , de-DE ,r , 203.0.113.9 ": {SessionID: "s", BrandID: 3, Locale: "de-DE", RequestID: "r", ClientIP: "203.0.113.9"},
		"%20s%20,,,,":                       {SessionID: "s"},
		",hostwerk,en-GB,,":                 {Locale: "en-GB"},
		",99999999999,,,":                   {},
		",,,,203.0.113.09":                  {},
		",,,,::ffff:203.0.113.9":            {ClientIP: "203.0.113.9"},
		",,,,2001:DB8::0:1":                 {ClientIP: "2001:db8::1"},
		",,,,session:abc":                   {},
		// Later fields are not read at all: a later release decides what they hold.
		"s,1,de-DE,r,203.0.113.9,later,%zz": {SessionID: "s", BrandID: 1, Locale: "de-DE", RequestID: "r", ClientIP: "203.0.113.9"},
		"%e2%82%AC,,,,":                     {SessionID: "€"},
	} {
		got, err := ParseCall(entry)
		if err != nil || got != want {
			t.Errorf("ParseCall(%q) = %+v, %v; want %+v", entry, got, err, want)
		}
	}
}

func TestParseCallRejectsMalformedEntries(t *testing.T) {
	for _, entry := range []string{
		"",
		"s",
		"s,1,de-DE,r",            // four fields
		"s%,1,de-DE,r,ip",        // '%' without digits
		"s%4,1,de-DE,r,ip",       // one digit
		"s,1,de-DE,r,ip%4",       // truncated at the end
		"s%G1,1,de-DE,r,ip",      // not hex
		"s%0A,1,de-DE,r,ip",      // an escaped control character
		"s\x00,1,de-DE,r,ip",     // a raw one
		"s,1,de-DE,r\x7f,ip",     // DEL
		"s%2,1,de-DE,r,ip,later", // '%2,' is no escape
	} {
		got, err := ParseCall(entry)
		if !errors.Is(err, ErrMalformedCall) || got != (Values{}) {
			t.Errorf("ParseCall(%q) = %+v, %v; want zero Values and ErrMalformedCall", entry, got, err)
		}
	}
}

func TestFromIncomingPrefersTheCallEntry(t *testing.T) {
	md := metadata.Pairs(MDCall, "new,2,en-GB,,", MDSessionID, "old", MDBrandID, "1", MDRequestID, "r-old")
	got := FromIncoming(metadata.NewIncomingContext(context.Background(), md))
	if want := (Values{SessionID: "new", BrandID: 2, Locale: "en-GB"}); got != want {
		t.Fatalf("FromIncoming = %+v, want %+v: the separate entries only stand in for a missing %s", got, want, MDCall)
	}
	// A malformed entry is not completed from the separate ones.
	md = metadata.Pairs(MDCall, "new,2", MDSessionID, "old")
	if got := FromIncoming(metadata.NewIncomingContext(context.Background(), md)); got != (Values{}) {
		t.Fatalf("FromIncoming(malformed) = %+v, want zero Values", got)
	}
	// A caller a release behind.
	md = metadata.Pairs(MDSessionID, " old ", MDBrandID, "1", MDLocale, "de-DE", MDRequestID, "r", MDClientIP, "203.0.113.9")
	want := Values{SessionID: "old", BrandID: 1, Locale: "de-DE", RequestID: "r", ClientIP: "203.0.113.9"}
	if got := FromIncoming(metadata.NewIncomingContext(context.Background(), md)); got != want {
		t.Fatalf("FromIncoming(separate entries) = %+v, want %+v", got, want)
	}
}

// The point of the one entry (issue 26): reading the usual entry allocates nothing, writing it once.
func TestCallEntryAllocations(t *testing.T) {
	v := Values{SessionID: "3f1cb7e0a9d24c55", BrandID: 1, Locale: "de-DE", RequestID: "9a0b1c2d", ClientIP: "203.0.113.9"}
	entry := FormatCall(v)
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseCall(entry) }); n != 0 {
		t.Errorf("ParseCall: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = FormatCall(v) }); n != 1 {
		t.Errorf("FormatCall: %v allocations, want 1", n)
	}
}

// FuzzCallEntry feeds ParseCall arbitrary entries (they come from callers, in the end shaped by
// visitors' input) and FormatCall arbitrary values. ParseCall must never panic and either fail
// with the zero Values or answer Values that survive FormatCall and ParseCall unchanged; every
// value without control characters must come back from FormatCall and ParseCall as a server read
// it from the separate entries, in an entry gRPC accepts as metadata.
func FuzzCallEntry(f *testing.F) {
	f.Add("s,1,de-DE,r,203.0.113.9", "s", "de-DE", "r", "203.0.113.9", int32(1))
	f.Add("%2C%25,-1,,,fe80::1%25eth0", "a,b", "x y", "ünï", "fe80::1%eth0", int32(-1))
	f.Add("s%4,1", "", "", "", "", int32(0))
	f.Add(",,,,,,", " ", "\t", "%", "::ffff:1.2.3.4", int32(2147483647))
	f.Fuzz(func(t *testing.T, entry, session, locale, request, ip string, brand int32) {
		got, err := ParseCall(entry)
		if err != nil {
			if got != (Values{}) {
				t.Fatalf("ParseCall(%q) failed with %+v, want zero Values", entry, got)
			}
		} else if formatted := FormatCall(got); formatted != "" { // "": nothing to send
			if again, err := ParseCall(formatted); err != nil || again != got {
				t.Fatalf("ParseCall(%q) = %+v, but after FormatCall %+v, %v", entry, got, again, err)
			}
		}

		v := Values{SessionID: session, BrandID: brand, Locale: locale, RequestID: request, ClientIP: ip}
		formatted := FormatCall(v)
		for i := 0; i < len(formatted); i++ {
			if c := formatted[i]; c <= ' ' || c > '~' {
				t.Fatalf("FormatCall(%+v) = %q: byte %#x", v, formatted, c)
			}
		}
		back, err := ParseCall(formatted)
		if formatted == "" {
			return
		}
		if hasControl(session + locale + request + ip) {
			if err == nil {
				t.Fatalf("ParseCall(FormatCall(%+v)) accepted control characters: %+v", v, back)
			}
			return
		}
		want := Values{
			SessionID: strings.TrimSpace(session), BrandID: brand, Locale: strings.TrimSpace(locale),
			RequestID: strings.TrimSpace(request), ClientIP: cleanClientIP(strings.TrimSpace(ip)),
		}
		if err != nil || back != want {
			t.Fatalf("ParseCall(FormatCall(%+v)) = %+v, %v; want %+v (entry %q)", v, back, err, want, formatted)
		}
	})
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			return true
		}
	}
	return false
}
