package domain

import (
	"maps"
	"strings"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Errors of the cart, each with the message key the UI translates (spec §8). Rule errors carry
// params (product_id, name, addon_id, domain, ...) in the status details.
var (
	ErrSessionRequired = apperr.New(apperr.InvalidArgument, "session.required")
	ErrBrandRequired   = apperr.New(apperr.InvalidArgument, "brand.required")

	ErrItemNotFound    = apperr.New(apperr.NotFound, "cart.item_not_found")
	ErrAddonNotInCart  = apperr.New(apperr.NotFound, "cart.addon_not_found")
	ErrUpsellNotInCart = apperr.New(apperr.NotFound, "cart.upsell_not_found")
	ErrDomainNotInCart = apperr.New(apperr.NotFound, "cart.domain_not_found")

	ErrProductNotAvailable = apperr.New(apperr.FailedPrecondition, "cart.product_not_available")
	ErrAddonNotAvailable   = apperr.New(apperr.FailedPrecondition, "cart.addon_not_available")
	ErrAddonNotRemovable   = apperr.New(apperr.FailedPrecondition, "cart.addon_not_removable")
	ErrMaxAmount           = apperr.New(apperr.FailedPrecondition, "cart.max_amount_of_same_products_in_cart_reached")
	ErrDomainNotAvailable  = apperr.New(apperr.FailedPrecondition, "cart.domain_not_available")
	ErrDomainNotAllowed    = apperr.New(apperr.FailedPrecondition, "cart.domain_not_allowed")

	ErrPeriodNotAvailable = apperr.New(apperr.InvalidArgument, "cart.period_not_available")
	ErrDomainInvalid      = apperr.New(apperr.InvalidArgument, "cart.domain_invalid")
	ErrUnknownField       = apperr.New(apperr.InvalidArgument, "cart.unknown_field")
	ErrInvalidFields      = apperr.New(apperr.InvalidArgument, "cart.invalid_additional_fields")
	ErrInvalidLine        = apperr.New(apperr.InvalidArgument, "cart.invalid_line")
	ErrInvalidCart        = apperr.New(apperr.InvalidArgument, "cart.invalid")

	ErrPreconfiguredLocked = apperr.New(apperr.PermissionDenied, "cart.preconfigured_item_locked")
	// ErrDraftLocked: only a sales agent adds items to an order draft's cart (spec §6).
	ErrDraftLocked     = apperr.New(apperr.PermissionDenied, "order_drafts.items_locked")
	ErrVersionConflict = apperr.New(apperr.Conflict, "cart.version_conflict")

	// ErrUnavailable marks an outage of the cart store.
	ErrUnavailable = apperr.New(apperr.Unavailable, "cart.unavailable")
)

// Message keys of notices and violations that are not errors of their own.
const (
	KeyProductRemoved     = "cart.product_removed"
	KeyAddonRemoved       = "cart.addon_removed"
	KeyUpsellRemoved      = "cart.upsell_removed"
	KeyDomainRemoved      = "cart.domain_removed"
	KeyDomainMoved        = "cart.domain_moved"
	KeyPeriodReset        = "cart.period_reset"
	KeyNoLongerAvailable  = "cart.no_longer_available"
	KeyPeriodNotSupported = "cart.period_not_supported"
	KeyDuplicateDomain    = "cart.domain_duplicate"
	KeyDuplicateRowID     = "cart.duplicate_row_id"
	KeyInvalidRowID       = "cart.invalid_row_id"
	KeyMutuallyExclusive  = "cart.addons_mutually_exclusive"
	KeyMutuallyInclusive  = "cart.addons_mutually_inclusive"
)

// paramError is a keyed error with the values its message interpolates.
type paramError struct {
	base   *apperr.Keyed
	params map[string]string
}

func (e *paramError) Error() string {
	var b strings.Builder
	b.WriteString(e.base.Error())
	for _, k := range sortedKeys(e.params) {
		b.WriteString(" " + k + "=" + e.params[k])
	}
	return b.String()
}

func (e *paramError) Unwrap() error { return e.base }

// Params are the values of the message, e.g. product_id and name.
func (e *paramError) Params() map[string]string { return maps.Clone(e.params) }

// withParams returns base with params given as key, value pairs.
func withParams(base *apperr.Keyed, kv ...string) error {
	p := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i]] = kv[i+1]
	}
	return &paramError{base: base, params: p}
}

// Violation is one broken invariant of a replaced cart: where (a path such as "items[1].addons[0]")
// and the message key.
type Violation struct {
	Field string
	Key   string
}

// ViolationsError refuses a request with every problem found: a replaced cart that breaks
// invariants (Base ErrInvalidCart) or field values that break their rules (ErrInvalidFields).
type ViolationsError struct {
	Base       *apperr.Keyed
	Violations []Violation
}

func (e *ViolationsError) Error() string {
	parts := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		parts[i] = v.Field + ": " + v.Key
	}
	return e.Base.Error() + ": " + strings.Join(parts, "; ")
}

// Unwrap makes the error its Base (and so of Base's kind).
func (e *ViolationsError) Unwrap() error { return e.Base }

// MessageKey is, for a refused cart, the first violation's key, so the answer names its most
// important problem (e.g. cart.max_amount_of_same_products_in_cart_reached) rather than a generic
// one; otherwise Base's key.
func (e *ViolationsError) MessageKey() string {
	if e.Base == ErrInvalidCart && len(e.Violations) > 0 {
		return e.Violations[0].Key
	}
	return e.Base.MessageKey()
}
