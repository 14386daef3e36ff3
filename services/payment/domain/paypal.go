package domain

import "errors"

// ErrPayPalRejected: PayPal refused the request itself (validation, an unknown subscription);
// retrying the same request will not help.
var ErrPayPalRejected = errors.New("paypal rejected the request")

// Statuses of a PayPal subscription (PayPal's names).
const (
	SubscriptionApprovalPending = "APPROVAL_PENDING"
	SubscriptionApproved        = "APPROVED"
	SubscriptionActive          = "ACTIVE"
	SubscriptionCancelled       = "CANCELLED"
)

// Link is a link of a PayPal answer; rel approve is where the shopper approves.
type Link struct {
	Href, Rel, Method string
}

// Subscription is a PayPal subscription as the shop needs it.
type Subscription struct {
	ID     string
	Status string
	// CustomID is the shop's reference of the session that created it.
	CustomID string
	Links    []Link
}

// ApproveURL is the approve link's address, empty when PayPal sent none.
func (s Subscription) ApproveURL() string {
	for _, l := range s.Links {
		if l.Rel == "approve" {
			return l.Href
		}
	}
	return ""
}

// Approved: the shopper approved it at PayPal (APPROVED), or PayPal already activated it.
func (s Subscription) Approved() bool {
	return s.Status == SubscriptionApproved || s.Status == SubscriptionActive
}

// SubscriptionRequest is a subscription to create for a session.
type SubscriptionRequest struct {
	// CustomID is the shop's reference of the session, kept by PayPal and checked on return.
	CustomID string
	// Amount is the priced cart's total, the price of the plan's first billing cycle.
	Amount       Money
	ShopperEmail string
	Locale       string
	ReturnURL    string
	CancelURL    string
}

// IsPayPalSubscriptionType reports whether a payment type pays with a PayPal subscription (spec §4:
// the PayPal integration creates one at confirm).
func IsPayPalSubscriptionType(slug string) bool { return slug == SlugPayPalIntegration }
