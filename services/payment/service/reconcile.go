package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/services/payment/domain"
)

// References keeps the card authorisations and PayPal subscriptions the service made until an
// order used them or they were voided (the reconciliation's work list).
type References interface {
	// Record remembers a reference once.
	Record(ctx context.Context, r domain.PaymentRef) error
	// Claim takes up to limit open references made before cutoff for lease from now; a claimed
	// reference is nobody else's until the lease ran out, so replicas never void one twice.
	Claim(ctx context.Context, cutoff, now time.Time, lease time.Duration, limit int) ([]domain.PaymentRef, error)
	// Settle closes an open reference as domain.RefPaid or domain.RefVoided.
	Settle(ctx context.Context, provider, reference, state string, at time.Time) error
}

// Orders answers which references paid an order (the order service owns that fact).
type Orders interface {
	PaidReferences(ctx context.Context, refs []domain.PaymentRef) (map[domain.PaymentRef]bool, error)
}

// ReconcileSettings bound one reconciliation run.
type ReconcileSettings struct {
	// After is how old an unused reference must be before it is voided (PAYMENT_RECONCILE_AFTER).
	After time.Duration
	// Lease is how long a claim keeps other reconcilers off a reference (a provider call fits many
	// times into it); Batch how many references one round claims.
	Lease time.Duration
	Batch int
	// MandatesAfter is how old a SEPA mandate no order carries must be before its debtor data is
	// wiped (PAYMENT_MANDATE_ABANDON_AFTER); 0 leaves mandates alone, and less than MinMandateAge
	// is refused.
	MandatesAfter time.Duration
}

// ReconcileOutcome counts what a run did: references voided, found paid or not voided (an
// outage), mandates found carried by their order and mandates abandoned.
type ReconcileOutcome struct {
	Voided, Paid, Failed            int
	MandatesKept, MandatesAbandoned int
}

// record remembers a reference the session's payment made; a failure costs the reconciliation
// this reference (it then expires at the provider), never the payment.
func (s *service) record(ctx context.Context, provider, reference, sessionID string) {
	if s.References == nil || reference == "" {
		return
	}
	if err := s.References.Record(ctx, domain.PaymentRef{Provider: provider, Reference: reference, SessionID: sessionID, CreatedAt: s.now().UTC()}); err != nil {
		s.Log.WarnContext(ctx, "payment reference not recorded for reconciliation", slog.String("provider", provider), slog.Any("error", err))
	}
}

// settle marks references voided by the session's own paths (a new attempt, a changed cart), so
// the reconciliation leaves them.
func (s *service) settle(ctx context.Context, provider string, refs ...string) {
	if s.References == nil {
		return
	}
	for _, ref := range refs {
		if ref == "" {
			continue
		}
		if err := s.References.Settle(ctx, provider, ref, domain.RefVoided, s.now().UTC()); err != nil {
			s.Log.WarnContext(ctx, "voided payment reference not settled", slog.String("provider", provider), slog.Any("error", err))
		}
	}
}

// Reconcile voids the card authorisations and cancels the PayPal subscriptions older than
// set.After that no order used: claimed in batches (replica-safe), the order service asked which
// were used (those are settled paid), each other one cleared from its session's option (so no
// order can be placed on it any more) and voided at the provider through the same calls and
// idempotency keys as the session's own void, then settled voided. A reference whose void failed
// (an outage) is tried again once its claim's lease has passed.
//
// An order placed in the moment between the order service's answer and the clearing is paid with
// a voided payment; the provider's cancellation notification then cancels it through the
// lifecycle, so nothing unpaid is fulfilled.
//
// Then, with set.MandatesAfter and a MandateSweep, the SEPA mandates no order carries are
// abandoned (sweepMandates); each part runs even when the other failed.
func (s *service) Reconcile(ctx context.Context, set ReconcileSettings) (ReconcileOutcome, error) {
	var out ReconcileOutcome
	if s.References == nil || s.Orders == nil {
		return out, fmt.Errorf("reconciliation is not configured: %w", ErrCannotBeProcessed)
	}
	if set.Batch <= 0 {
		set.Batch = 100
	}
	err := s.reconcileReferences(ctx, set, &out)
	if s.MandateSweep != nil && set.MandatesAfter > 0 {
		err = errors.Join(err, s.sweepMandates(ctx, set, &out))
	}
	return out, err
}

// reconcileReferences is Reconcile's part for card authorisations and PayPal subscriptions.
func (s *service) reconcileReferences(ctx context.Context, set ReconcileSettings, out *ReconcileOutcome) error {
	for {
		now := s.now().UTC()
		claimed, err := s.References.Claim(ctx, now.Add(-set.After), now, set.Lease, set.Batch)
		if err != nil || len(claimed) == 0 {
			return err
		}
		paid, err := s.Orders.PaidReferences(ctx, claimed)
		if err != nil {
			// The claims run out and the next run asks again.
			return fmt.Errorf("reconcile: %w", err)
		}
		for _, ref := range claimed {
			if paid[ref] {
				if err := s.References.Settle(ctx, ref.Provider, ref.Reference, domain.RefPaid, now); err != nil {
					return err
				}
				out.Paid++
				continue
			}
			if err := s.voidReference(ctx, ref); err != nil {
				out.Failed++
				s.Log.WarnContext(ctx, "unused payment not voided; tried again later", slog.String("provider", ref.Provider),
					slog.String("reference", ref.Reference), slog.Any("error", err))
				continue
			}
			if err := s.References.Settle(ctx, ref.Provider, ref.Reference, domain.RefVoided, s.now().UTC()); err != nil {
				return err
			}
			out.Voided++
			s.Log.InfoContext(ctx, "unused payment voided", slog.String("provider", ref.Provider), slog.String("reference", ref.Reference),
				slog.Time("made", ref.CreatedAt))
		}
		if len(claimed) < set.Batch {
			return nil
		}
	}
}

// voidReference clears an unused reference from its session's option and voids it at the
// provider; a void the provider refuses is one it no longer has to do (unknown, already
// cancelled, expired).
func (s *service) voidReference(ctx context.Context, ref domain.PaymentRef) error {
	option, chosen, err := s.Sessions.Get(ctx, ref.SessionID)
	if err != nil {
		return fmt.Errorf("session option: %w", err)
	}
	if chosen {
		cleared := option
		if cleared.PSPReference == ref.Reference && ref.Provider == domain.RefCard {
			cleared.PSPReference, cleared.PSPResult, cleared.RecurringReference, cleared.Charged = "", "", "", domain.Charge{}
		}
		if ref.Provider == domain.RefPayPal && cleared.PayPalReference == ref.Reference {
			cleared.PayPalReference, cleared.Charged = "", domain.Charge{}
		}
		if ref.Provider == domain.RefPayPal && cleared.PayPalPending == ref.Reference {
			cleared.PayPalPending, cleared.PendingCharge = "", domain.Charge{}
		}
		if cleared != option {
			if err := s.Sessions.Put(ctx, ref.SessionID, cleared); err != nil {
				return fmt.Errorf("clear session option: %w", err)
			}
		}
	}
	switch ref.Provider {
	case domain.RefCard:
		if s.Card == nil {
			return fmt.Errorf("card payments are not configured: %w", ErrCannotBeProcessed)
		}
		err := s.Card.Cancel(ctx, ref.Reference, providerKey(ref.SessionID, ref.Reference, "cancel"))
		if err != nil && !errors.Is(err, domain.ErrProviderRejected) {
			return s.providerError("void card payment", err)
		}
	case domain.RefPayPal:
		if s.PayPal == nil {
			return fmt.Errorf("paypal is not configured: %w", ErrCannotBeProcessed)
		}
		return s.cancelSubscriptions(ctx, ref.Reference)
	default:
		return fmt.Errorf("unknown provider %q", ref.Provider)
	}
	return nil
}
