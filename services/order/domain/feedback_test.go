package domain

import (
	"reflect"
	"strings"
	"testing"
)

func consented() Feedback {
	return Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
}

func TestFeedbackValidate(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(*Feedback)
		required []string
		want     map[string][]string
	}{
		{"only consents", func(*Feedback) {}, nil, nil},
		{"all fields at their bounds", func(f *Feedback) {
			f.AdvertisedCustomer = "ab"
			f.ReferralID = "Ab_1-" + strings.Repeat("x", 15)
			f.KnownFrom = "search_engine"
			f.OtherKnownFrom = strings.Repeat("ü", 50)
			f.Comment = strings.Repeat("c", 500)
		}, nil, nil},
		{"advertised customer too short and too long", func(f *Feedback) { f.AdvertisedCustomer = "a" }, nil,
			map[string][]string{"advertised_customer": {"validation.min_length"}}},
		{"advertised customer 21", func(f *Feedback) { f.AdvertisedCustomer = strings.Repeat("a", 21) }, nil,
			map[string][]string{"advertised_customer": {"validation.max_length"}}},
		{"referral with a dot and a space", func(f *Feedback) { f.ReferralID = "ab.c d" }, nil,
			map[string][]string{"referral_id": {"validation.alpha_dash"}}},
		{"referral too long and bad", func(f *Feedback) { f.ReferralID = strings.Repeat("a", 20) + "!" }, nil,
			map[string][]string{"referral_id": {"validation.max_length", "validation.alpha_dash"}}},
		{"unknown known-from", func(f *Feedback) { f.KnownFrom = "tv" }, nil,
			map[string][]string{"known_from": {"validation.in"}}},
		{"other known-from one char", func(f *Feedback) { f.OtherKnownFrom = "x" }, nil,
			map[string][]string{"other_known_from": {"validation.min_length"}}},
		{"other known-from 51", func(f *Feedback) { f.OtherKnownFrom = strings.Repeat("x", 51) }, nil,
			map[string][]string{"other_known_from": {"validation.max_length"}}},
		{"comment 501", func(f *Feedback) { f.Comment = strings.Repeat("x", 501) }, nil,
			map[string][]string{"comment": {"validation.max_length"}}},
		{"terms and privacy missing", func(f *Feedback) { f.GeneralBusinessTerm, f.PrivacyTerm = false, false }, nil,
			map[string][]string{"generalbusinessterm": {"validation.accepted"}, "privacyterm": {"validation.accepted"}}},
		{"required agreements missing", func(*Feedback) {}, []string{"mca_agreement", "gtc_agreement"},
			map[string][]string{"mca_agreement": {"validation.accepted"}, "gtc_agreement": {"validation.accepted"}}},
		{"required agreements given", func(f *Feedback) { f.MCAAgreement, f.EULTAgreement = true, true },
			[]string{"mca_agreement", "eult_agreement"}, nil},
		{"unrequired agreement may stay false", func(f *Feedback) { f.EULTAgreement = true }, []string{"eult_agreement"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := consented()
			tt.edit(&f)
			got := f.Normalize().Validate(tt.required)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Validate = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFeedbackNormalizeTrimsBeforeCounting(t *testing.T) {
	f := consented()
	f.AdvertisedCustomer = "  a\u00a0"
	f.ReferralID = "\tab\n"
	n := f.Normalize()
	if n.AdvertisedCustomer != "a" || n.ReferralID != "ab" {
		t.Fatalf("Normalize = %q, %q", n.AdvertisedCustomer, n.ReferralID)
	}
	want := map[string][]string{"advertised_customer": {"validation.min_length"}}
	if got := n.Validate(nil); !reflect.DeepEqual(got, want) {
		t.Fatalf("Validate = %v, want %v", got, want)
	}
	if got := (Feedback{AdvertisedCustomer: "   ", GeneralBusinessTerm: true, PrivacyTerm: true}).Normalize().Validate(nil); got != nil {
		t.Fatalf("blank optional field refused: %v", got)
	}
}

func TestReferralRules(t *testing.T) {
	if got := ValidateDefinitions(ReferralRules, map[string]string{"id": ""}); !reflect.DeepEqual(got, map[string][]string{"id": {"validation.required"}}) {
		t.Errorf("empty id: %v", got)
	}
	if got := ValidateDefinitions(ReferralRules, map[string]string{"id": "partner-42"}); got != nil {
		t.Errorf("good id refused: %v", got)
	}
}

func TestRequestHashSeesEveryField(t *testing.T) {
	base := consented()
	seen := map[string]string{RequestHash(base): "base"}
	variants := map[string]Feedback{}
	v := base
	v.Comment = "x"
	variants["comment"] = v
	v = base
	v.Comment = " "
	variants["comment space"] = v
	v = base
	v.AllowedNewsletter = true
	variants["newsletter"] = v
	v = base
	v.GTCAgreement = true
	variants["gtc"] = v
	for name, f := range variants {
		h := RequestHash(f)
		if other, dup := seen[h]; dup {
			t.Errorf("%s hashes like %s", name, other)
		}
		seen[h] = name
	}
	if RequestHash(base) != RequestHash(consented()) {
		t.Error("equal requests hash differently")
	}
}
