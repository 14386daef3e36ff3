package service

import (
	"context"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

// Repository reads the TLD catalogue. Texts come back in the requested locale with en-GB filling
// gaps. Store outages are reported wrapping domain.ErrUnavailable.
type Repository interface {
	// TLDs returns every TLD of the brand, inactive ones included, with their fields.
	TLDs(ctx context.Context, brandID int32, locale string) ([]domain.TLD, error)
	// Groups returns every domain group, inactive ones included.
	Groups(ctx context.Context, locale string) ([]domain.Group, error)
}

// Registry answers whether a domain name can be registered (the external registry port). It
// reports StatusAvailable, StatusTaken or StatusUnavailable; failures are errors, never a status.
type Registry interface {
	Check(ctx context.Context, name string) (domain.Status, error)
}

// AvailabilityCache keeps registry answers for a short time.
type AvailabilityCache interface {
	// GetMany returns the cached statuses of the names it knows; absent names are misses.
	GetMany(ctx context.Context, names []string) (map[string]domain.Status, error)
	Set(ctx context.Context, name string, status domain.Status, ttl time.Duration) error
}

// SessionDomains knows the domain names already in a session's cart (status 4, already owned).
// The cart service implements it; until then NoSessionDomains stands in.
type SessionDomains interface {
	InCart(ctx context.Context, sessionID string) ([]string, error)
}

// NoSessionDomains is the SessionDomains of a shop without a cart service: no name is owned.
type NoSessionDomains struct{}

// InCart returns no names.
func (NoSessionDomains) InCart(context.Context, string) ([]string, error) { return nil, nil }
