package service

import (
	"context"

	"github.com/hostcart/checkout/services/customer/domain"
)

// SessionStore keeps the customer data of each session for the session's lifetime. Outages are
// reported wrapping apperr.Unavailable.
type SessionStore interface {
	// Get returns the session's customer; an unknown session has none of the forms.
	Get(ctx context.Context, sessionID string) (domain.SessionCustomer, error)
	// Update runs fn on the session's customer and stores the result atomically: when another
	// request of the session stored in between, fn runs again on the newer data, so saving basic
	// info and the address at once loses neither. When fn fails nothing is stored and its error is
	// returned; when fn leaves the data as it was nothing is written. fn may run more than once.
	Update(ctx context.Context, sessionID string, fn func(*domain.SessionCustomer) error) (domain.SessionCustomer, error)
}

// Brands answers the customer rules of a brand: its properties allow_companies,
// allow_private_persons and country_code, and the countries it takes customers from (the
// catalog's countries). An unknown brand is apperr.NotFound, an outage apperr.Unavailable.
type Brands interface {
	Brand(ctx context.Context, brandID int32) (domain.Brand, error)
	// VAT is the catalog's VAT rule for a tax position in the brand.
	VAT(ctx context.Context, brandID int32, p domain.TaxPosition) (domain.VAT, error)
}

// VIES checks VAT ids at the EU's VAT Information Exchange System: valid or invalid with the
// consultation number as evidence; an error when VIES or the member state did not answer.
type VIES interface {
	Check(ctx context.Context, vatID string) (domain.VATIDCheck, error)
}

// Customers are the existing customer records. An unknown customer is apperr.NotFound, an outage
// apperr.Unavailable.
type Customers interface {
	BySubject(ctx context.Context, brandID int32, subject string) (domain.ExistingCustomer, error)
}

// Authority is the brands' OpenID Connect providers, addressed by the authority URL and client id
// a login keeps.
type Authority interface {
	// AuthCodeURL answers where to send the browser to log in for l: its state, nonce and the
	// S256 challenge of its verifier.
	AuthCodeURL(ctx context.Context, l domain.PendingLogin) (string, error)
	// Redeem exchanges code (with l's verifier) and verifies the ID token: signature, issuer,
	// audience, expiry and l's nonce. Any failure means the login did not happen.
	Redeem(ctx context.Context, l domain.PendingLogin, code string) (domain.Identity, error)
}
