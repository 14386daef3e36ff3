package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Feedback is what the confirm page sends besides the idempotency key (spec §3 order payload, §5
// "Feedback"): the visitor's answers and consents, the only part of an order the browser decides.
type Feedback struct {
	AdvertisedCustomer string `json:"advertised_customer"`
	ReferralID         string `json:"referral_id"`
	// ReferralSource says where ReferralID came from (ReferralFromOrder...); the service sets it,
	// never the browser, after the request's hash was taken.
	ReferralSource string `json:"referral_source,omitempty"`
	// MarketingCampaignID is the brand's marketing campaign the order counts for (spec §3, §9:
	// default 1); the service sets it from the brand, never the browser.
	MarketingCampaignID int32  `json:"marketing_campaign_id,omitempty"`
	KnownFrom           string `json:"known_from"`
	OtherKnownFrom      string `json:"other_known_from"`
	Comment             string `json:"comment"`
	AllowedNewsletter   bool   `json:"allowed_newsletter"`
	MCAAgreement        bool   `json:"mca_agreement"`
	EULTAgreement       bool   `json:"eult_agreement"`
	GTCAgreement        bool   `json:"gtc_agreement"`
	GeneralBusinessTerm bool   `json:"generalbusinessterm"`
	PrivacyTerm         bool   `json:"privacyterm"`
	// EarlyStart: a consumer asked for the services to start within the withdrawal period and
	// acknowledged losing the right once they are fully performed (§ 356 Abs. 4 BGB, § 18 FAGG).
	// Optional; kept with the order as the proof the law asks for.
	EarlyStart bool `json:"early_start,omitempty"`
}

// Field names of refused feedback, as the gateway's JSON spells them.
const (
	FieldAdvertisedCustomer  = "advertised_customer"
	FieldReferralID          = "referral_id"
	FieldKnownFrom           = "known_from"
	FieldOtherKnownFrom      = "other_known_from"
	FieldComment             = "comment"
	FieldGeneralBusinessTerm = "generalbusinessterm"
	FieldPrivacyTerm         = "privacyterm"
)

// The agreements a product or addon can require through its attribute of the same name (spec §3
// product attributes, §5 cart); they are also the feedback's field names.
const (
	AgreementMCA  = "mca_agreement"
	AgreementEULT = "eult_agreement"
	AgreementGTC  = "gtc_agreement"
)

// KnownFromOptions are the answers to "how do you know us" (spec §3 knownfrom options, docs/api.md).
var KnownFromOptions = []string{"advertising", "magazine", "magazine_special", "search_engine", "customer_referral", "other"}

// The feedback's rules are written in the additional fields' rule language (libs/go/fields) so
// the keys, params and trimming are the ones the frontend's validator already shares.
var feedbackRules = mustDefinitions(
	[2]string{FieldAdvertisedCustomer, "string|min:2|max:20"},
	[2]string{FieldReferralID, "string|min:2|max:20|alpha_dash"},
	[2]string{FieldKnownFrom, "string|in:" + strings.Join(KnownFromOptions, ",")},
	[2]string{FieldOtherKnownFrom, "string|min:2|max:50"},
	[2]string{FieldComment, "string|max:500"},
)

// ReferralRules checks a referral id stored apart from an order (PUT /session/referral).
var ReferralRules = mustDefinitions([2]string{"id", "required|string|min:2|max:20|alpha_dash"})

func mustDefinitions(specs ...[2]string) []fields.Definition {
	defs := make([]fields.Definition, 0, len(specs))
	for _, s := range specs {
		d, err := fields.NewDefinition(s[0], "", s[1])
		if err != nil {
			panic(fmt.Sprintf("order feedback rules: %v", err)) // a typo in the constants above, caught by any test
		}
		defs = append(defs, d)
	}
	return defs
}

// Normalize trims the texts (spec §5: text is trimmed) the way the frontend does.
func (f Feedback) Normalize() Feedback {
	f.AdvertisedCustomer = fields.Trim(f.AdvertisedCustomer)
	f.ReferralID = fields.Trim(f.ReferralID)
	f.KnownFrom = fields.Trim(f.KnownFrom)
	f.OtherKnownFrom = fields.Trim(f.OtherKnownFrom)
	f.Comment = fields.Trim(f.Comment)
	return f
}

// Validate returns the broken rules per field (nil when none) of normalised feedback. required
// names the agreements the cart asks for (the priced cart's required_agreements: mca, eult, gtc);
// the general business terms and the privacy terms are always required.
func (f Feedback) Validate(required []string) map[string][]string {
	out := ValidateDefinitions(feedbackRules, map[string]string{
		FieldAdvertisedCustomer: f.AdvertisedCustomer,
		FieldReferralID:         f.ReferralID,
		FieldKnownFrom:          f.KnownFrom,
		FieldOtherKnownFrom:     f.OtherKnownFrom,
		FieldComment:            f.Comment,
	})
	accept := func(field string, ok bool) {
		if !ok {
			if out == nil {
				out = map[string][]string{}
			}
			out[field] = append(out[field], fields.KeyAccepted)
		}
	}
	accept(FieldGeneralBusinessTerm, f.GeneralBusinessTerm)
	accept(FieldPrivacyTerm, f.PrivacyTerm)
	for _, a := range []struct {
		name string
		ok   bool
	}{{AgreementMCA, f.MCAAgreement}, {AgreementEULT, f.EULTAgreement}, {AgreementGTC, f.GTCAgreement}} {
		if slices.Contains(required, a.name) {
			accept(a.name, a.ok)
		}
	}
	return out
}

// ValidateDefinitions checks values against defs and answers the message keys per field (nil when
// every value passes), the shape apperr.NewFieldErrors takes.
func ValidateDefinitions(defs []fields.Definition, values map[string]string) map[string][]string {
	var out map[string][]string
	for field, vs := range fields.ValidateFields(defs, values) {
		if out == nil {
			out = map[string][]string{}
		}
		for _, v := range vs {
			out[field] = append(out[field], v.Key)
		}
	}
	return out
}
