package domain

import (
	"strings"
	"testing"
)

// FuzzFeedbackAndPhone feeds the confirm page's feedback rules and the SMS phone check arbitrary
// input (issue 21): they never panic, normalising feedback twice changes nothing, and an accepted
// phone number is accepted again as it was normalised.
func FuzzFeedbackAndPhone(f *testing.F) {
	for _, s := range []string{"", "  ", "partner-1", "ı", "ſ", "+49 30 1234567", "+43 1 58801", strings.Repeat("x", 600), "\u0000\xff"} {
		f.Add(s, s, true)
	}
	f.Fuzz(func(t *testing.T, text, phone string, consent bool) {
		if len(text) > 2000 || len(phone) > 200 {
			return // the gateway's body limit and the fields' rules bound both long before this
		}
		fb := Feedback{ReferralID: text, KnownFrom: text, OtherKnownFrom: text, Comment: text, AdvertisedCustomer: text,
			GeneralBusinessTerm: consent, PrivacyTerm: consent}
		n := fb.Normalize()
		if n.Normalize() != n {
			t.Fatalf("normalising twice changed %+v", n)
		}
		_ = n.Validate([]string{"gtc_agreement", "mca_agreement", "eult_agreement"})
		_ = RequestHash(fb)
		if p, bad := NormalizePhone(phone); bad == "" {
			if again, bad2 := NormalizePhone(p); bad2 != "" || again != p {
				t.Fatalf("phone %q normalised to %q, then %q (%s)", phone, p, again, bad2)
			}
		}
	})
}
