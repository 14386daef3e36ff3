package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/payment/domain"
)

// ErrSEPANotConfigured: the brand has no SEPA creditor identifier, so no mandate can name it.
var ErrSEPANotConfigured = apperr.New(apperr.FailedPrecondition, "payment.sepa_not_configured")

// Mandates keeps SEPA mandates with the IBAN sealed.
type Mandates interface {
	// Create records m unless its order has a mandate, and answers the order's mandate (IBAN masked).
	// A reference another order's mandate holds is domain.ErrMandateReferenceTaken.
	Create(ctx context.Context, m domain.Mandate) (domain.Mandate, error)
	// ForCollection answers the mandate with the clear IBAN.
	ForCollection(ctx context.Context, reference string) (domain.Mandate, error)
}

// CreateSEPAMandate records the mandate the session's SEPA option gives for the order, signed now
// (the order is being placed), with the brand as creditor and the day its first debit falls due
// (paymenttypes.FirstDebitDue of the signing time). The IBAN leaves masked. A retry for the same
// order answers the mandate recorded first, with its day.
func (s *service) CreateSEPAMandate(ctx context.Context, orderID string) (domain.Mandate, error) {
	v := callctx.From(ctx)
	switch {
	case v.SessionID == "":
		return domain.Mandate{}, ErrSessionRequired
	case v.BrandID <= 0:
		return domain.Mandate{}, ErrBrandRequired
	case orderID == "":
		return domain.Mandate{}, apperr.New(apperr.InvalidArgument, "payment.order_id_required")
	case s.Mandates == nil:
		return domain.Mandate{}, fmt.Errorf("sepa mandates are not configured: %w", ErrSEPANotConfigured)
	}
	option, chosen, err := s.Sessions.Get(ctx, v.SessionID)
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("sepa mandate: %w", err)
	}
	if !chosen || option.Type != domain.SlugSEPA || !option.Permission || option.IBAN == "" {
		return domain.Mandate{}, ErrPaymentDataMissing
	}
	brand, err := s.Brands.Brand(ctx, v.BrandID)
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("brand %d: %w", v.BrandID, err)
	}
	if brand.CreditorID == "" {
		return domain.Mandate{}, fmt.Errorf("brand %d: %w", v.BrandID, ErrSEPANotConfigured)
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	// The reference the option was stored with, which the confirm page showed; an option stored
	// before options carried one gets one now.
	ref := option.MandateReference
	for attempt := 0; ; attempt++ {
		if ref == "" {
			if ref, err = domain.NewMandateReference(now, s.random()); err != nil {
				return domain.Mandate{}, err
			}
		}
		// The first debit's day is given here, once, from the signing time, and recorded with the
		// mandate: the order's confirmation announces the day this answers, collection reads it.
		m, err := s.Mandates.Create(ctx, domain.Mandate{Reference: ref, OrderID: orderID, BrandID: v.BrandID, CreditorID: brand.CreditorID,
			CreditorName: brand.CreditorName, Holder: option.Holder, IBAN: option.IBAN, BIC: option.BIC, Bank: option.Bank, SignedAt: now,
			FirstDebitDue: paymenttypes.FirstDebitDue(now)})
		// The reference names another order's mandate (an attempt whose order never committed, or
		// an option an earlier order of the session used and that was not forgotten): a mandate
		// reference is unique per creditor, so this order's mandate gets a new one.
		if errors.Is(err, domain.ErrMandateReferenceTaken) && attempt < maxMandateAttempts {
			s.Log.WarnContext(ctx, "sepa mandate reference of the session option taken; a new one is made", slog.String("order", orderID))
			ref = ""
			continue
		}
		return m, err
	}
}

// maxMandateAttempts bounds the new references tried after the option's was taken.
const maxMandateAttempts = 3

// SEPAMandateForCollection answers a mandate with the clear IBAN (the hoster's billing collects
// the debit with it) and the day the first debit falls due, as recorded when it was made.
func (s *service) SEPAMandateForCollection(ctx context.Context, reference string) (domain.Mandate, error) {
	if s.Mandates == nil {
		return domain.Mandate{}, fmt.Errorf("sepa mandates are not configured: %w", ErrSEPANotConfigured)
	}
	return s.Mandates.ForCollection(ctx, reference)
}
