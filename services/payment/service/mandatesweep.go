package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/services/payment/domain"
)

// MandateSweep finds the SEPA mandates whose order never committed (issue 20, data minimisation):
// CreateSEPAMandate records a mandate while its order is being placed, before the order service's
// transaction commits, so a placement that fails afterwards (a refused payment, a lost race, an
// outage) leaves a mandate with a sealed IBAN that no order carries.
type MandateSweep interface {
	// Claim takes up to limit open mandates signed before cutoff for lease from now; a claimed
	// mandate is nobody else's until the lease ran out.
	Claim(ctx context.Context, cutoff, now time.Time, lease time.Duration, limit int) ([]domain.MandateClaim, error)
	// Keep settles a mandate its order carries: never swept again.
	Keep(ctx context.Context, reference string, at time.Time) error
	// Abandon wipes an open mandate's debtor data (IBAN sealed and masked, holder, BIC, bank) and
	// marks it abandoned, keeping reference, order id, creditor and times as the audit trail;
	// false when it was not open any more.
	Abandon(ctx context.Context, reference string, at time.Time) (bool, error)
}

// MinMandateAge is the least age (ReconcileSettings.MandatesAfter) at which a mandate no order
// carries may be wiped. A mandate is recorded inside the order service's PlaceOrder call, and the
// order either commits within that call or never: its transaction runs under the request's
// context, whose deadline is the gateway's route deadline for POST /orders
// (PROVIDER_ROUTE_TIMEOUT, 12 s by default, never minutes). So once a mandate is older than the
// longest placement, the order service's answer "no order carries it" is final; an hour is far
// above that bound, and the default (24 h) further still.
const MinMandateAge = time.Hour

// sweepMandates claims open mandates older than set.MandatesAfter in batches, asks the order
// service which of them the order each was recorded for carries (ListPaidReferences with provider
// sepa and the order id) and keeps those; the others are abandoned: debtor data wiped, row kept.
func (s *service) sweepMandates(ctx context.Context, set ReconcileSettings, out *ReconcileOutcome) error {
	if set.MandatesAfter < MinMandateAge {
		return fmt.Errorf("mandates are swept after %s, at least %s: %w", set.MandatesAfter, MinMandateAge, ErrCannotBeProcessed)
	}
	for {
		now := s.now().UTC()
		claimed, err := s.MandateSweep.Claim(ctx, now.Add(-set.MandatesAfter), now, set.Lease, set.Batch)
		if err != nil || len(claimed) == 0 {
			return err
		}
		refs := make([]domain.PaymentRef, len(claimed))
		for i, c := range claimed {
			refs[i] = c.Ref()
		}
		carried, err := s.Orders.PaidReferences(ctx, refs)
		if err != nil {
			// The claims run out and the next run asks again.
			return fmt.Errorf("sweep sepa mandates: %w", err)
		}
		for i, c := range claimed {
			if carried[refs[i]] {
				if err := s.MandateSweep.Keep(ctx, c.Reference, now); err != nil {
					return err
				}
				out.MandatesKept++
				continue
			}
			wiped, err := s.MandateSweep.Abandon(ctx, c.Reference, s.now().UTC())
			if err != nil {
				return err
			}
			if wiped {
				out.MandatesAbandoned++
				// Reference and order only: the debtor's data is gone and never logged.
				s.Log.InfoContext(ctx, "sepa mandate without order abandoned", slog.String("reference", c.Reference),
					slog.String("order", c.OrderID), slog.Time("signed", c.SignedAt))
			}
		}
		if len(claimed) < set.Batch {
			return nil
		}
	}
}
