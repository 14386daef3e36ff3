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
