package domain

import "time"

// Message keys of the login (spec §8 login failure).
const (
	KeyLoginFailed     = "customer.login_failed"
	KeyLoginNotOffered = "customer.login_not_offered"
	KeyTooManyLogins   = "customer.too_many_logins"
)

// LoginTTL is how long a started login may take: long enough to type a password, short enough
// that a leaked authorization URL is soon useless.
const LoginTTL = 10 * time.Minute

// PendingLogin is what a session keeps between sending the visitor to the authority and the
// authority sending them back: the values the answer must match (OAuth 2.0 state, OpenID
// Connect nonce) and the PKCE verifier only this session knows.
type PendingLogin struct {
	State       string
	Nonce       string
	Verifier    string
	Issuer      string
	ClientID    string
	RedirectURI string
	Expires     time.Time
}

// ExistingCustomer is a customer record (spec §3 customer): who logs in with Subject at the
// brand's authority.
type ExistingCustomer struct {
	Number    string
	BrandID   int32
	Subject   string
	BasicInfo BasicInfo
	Address   Address
}

// Identity is what a verified ID token says about who logged in.
type Identity struct {
	Subject string
	// ExternalProductID is the product the authority asks the shop to order (claim
	// external_product_id), empty when it names none.
	ExternalProductID string
}

// Order types of a panel sign-in (spec §4 "OAuth").
const (
	OrderTypeRedirect                = "redirect"
	OrderTypeCloudpitDomains         = "cloudpit_domains"
	OrderTypeRedirectProductCategory = "redirect_product_category"
)

// panelValueMax bounds each value of the oauth data: ids and slugs, never prose.
const panelValueMax = 100

// PanelSignIn is the oauth data a sign-in from the cloud control panel came with (spec §3 "Oauth
// data"). A session that has one is a panel user's (spec §6): its customer data is hidden on
// confirm and its cart shows no prices.
type PanelSignIn struct {
	OrderType         string
	UseCP2            bool
	WebhostingID      string
	CategorySlug      string
	ExternalProductID string
}

// NormalizePanelSignIn keeps what the spec lets through: values of word characters (spec §2,
// "oauth values keep word characters") and hyphens, which the catalogue's slugs and external
// product ids (HW-WEB-S) contain, at most panelValueMax long, and only
// the order types the shop knows (another is dropped, so the ready view does nothing special).
// The data comes from the browser's URL, so nothing in it is trusted beyond that.
func NormalizePanelSignIn(p PanelSignIn) PanelSignIn {
	switch p.OrderType {
	case OrderTypeRedirect, OrderTypeCloudpitDomains, OrderTypeRedirectProductCategory:
	default:
		p.OrderType = ""
	}
	p.WebhostingID = keep(p.WebhostingID, true)
	p.CategorySlug = keep(p.CategorySlug, true)
	p.ExternalProductID = keep(p.ExternalProductID, true)
	return p
}

func keep(v string, hyphen bool) string {
	out := make([]rune, 0, len(v))
	for _, r := range v {
		if len(out) == panelValueMax {
			break
		}
		if r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (hyphen && r == '-') {
			out = append(out, r)
		}
	}
	return string(out)
}

// PanelURL is where a panel user goes back to (spec §6): the brand's authority, its second one
// when the sign-in asked for use_cp_2 and the brand has one.
func (b Brand) PanelURL(p *PanelSignIn) string {
	if p != nil && p.UseCP2 && b.Authority2 != "" {
		return b.Authority2
	}
	return b.Authority
}
