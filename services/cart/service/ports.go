package service

import (
	"context"

	"github.com/hostcart/checkout/services/cart/domain"
)

// Store keeps one cart per session. Outages are reported wrapping apperr.Unavailable.
type Store interface {
	// Get returns the session's cart; an unknown session has an empty cart.
	Get(ctx context.Context, sessionID string) (domain.Cart, error)
	// Update runs fn on the session's cart and stores the result atomically: when another writer
	// stored the cart in between, fn runs again on the newer cart. When fn fails nothing is
	// stored and its error is returned; when fn leaves the cart as it was nothing is written.
	// The stored cart's Version grows with every write. fn may run more than once.
	Update(ctx context.Context, sessionID string, fn func(*domain.Cart) error) (domain.Cart, error)
}

// Catalog reads products and brand settings of the call's brand (x-brand-id, x-locale).
type Catalog interface {
	// Products returns the orderable products among ids (hidden ones included). An id that is
	// absent from the answer is not orderable.
	Products(ctx context.Context, ids []int32) (domain.Catalog, error)
	// DomainOnlyProduct returns the brand's domain-only product; false when it sells none.
	DomainOnlyProduct(ctx context.Context) (domain.Product, bool, error)
	Brand(ctx context.Context) (domain.BrandSettings, error)
}

// TLDs reads the TLDs the call's brand sells, with prices and field definitions.
type TLDs interface {
	TLDs(ctx context.Context) (domain.TLDs, error)
}

// Promotions is the promotion service: it prices the codes a cart carries and decides which
// codes the cart's lines carry (spec §4 "Promotions"), from a snapshot with the server's prices.
// Outages are reported wrapping apperr.Unavailable.
type Promotions interface {
	// Lookup returns the known, usable promotions among codes; unknown codes are absent.
	Lookup(ctx context.Context, codes []string) (map[string]domain.Promotion, error)
	// Redeem decides where a manual code goes. Unknown, expired and automatic codes are
	// domain.ErrPromotionNotFound, codes that fit no line domain.ErrPromotionNotApplicable, both
	// naming the code; too many lookups are apperr.RateLimited.
	Redeem(ctx context.Context, code string, cart domain.PromotionCart) (domain.PromotionDecision, error)
	// BestAutomatic gives every line without a manual code the best automatic promotion.
	BestAutomatic(ctx context.Context, cart domain.PromotionCart) (domain.PromotionDecision, error)
	// Revalidate removes gone and expired codes and moves codes that no longer fit their line.
	Revalidate(ctx context.Context, cart domain.PromotionCart) (domain.PromotionDecision, error)
}

// Customers is the customer service's answer about the session's customer: which VAT rate it
// pays and whether it is a panel user, in one call.
type Customers interface {
	SessionCustomer(ctx context.Context) (domain.SessionCustomer, error)
}

// Transfers is the hoster's transfer service (spec §4 "Contract transfer"): which contract a
// transfer id takes over. Unknown ids are domain.ErrTransferNotFound; an outage, or an answer that
// cannot be used, wraps domain.ErrTransferUnavailable.
type Transfers interface {
	Lookup(ctx context.Context, transferID string) (domain.Transfer, error)
}

// TransferProducts finds the product a transfer orders in the call's brand.
type TransferProducts interface {
	// TransferProduct returns the orderable product whose external_product_id is externalID, or,
	// with externalID empty, the brand's contract-transfer product; false when there is none.
	TransferProduct(ctx context.Context, externalID string) (domain.Product, bool, error)
}

// CustomerNumbers answers the customer number the session is signed in as (empty for a visitor).
// Only a session signed in as the customer the transfer service names as a contract's holder is
// told the holder (issue 21: a transfer id is guessable, the holder a person's name).
type CustomerNumbers interface {
	SessionCustomerNo(ctx context.Context) (string, error)
}
