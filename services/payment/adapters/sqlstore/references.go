package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/payment/domain"
)

// References keeps the card authorisations and PayPal subscriptions the service made
// (payment_references) for the reconciliation.
type References struct{ db *Store }

// References returns the reference store over the same database.
func (s *Store) References() *References { return &References{db: s} }

// Record remembers a reference once; recording it again (a retried confirm) changes nothing.
func (r *References) Record(ctx context.Context, ref domain.PaymentRef) error {
	db := r.db.db
	if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO payment_references (provider, reference, session_id, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (provider, reference) DO NOTHING`),
		ref.Provider, ref.Reference, ref.SessionID, ref.CreatedAt.UnixMilli()); err != nil {
		return fmt.Errorf("record %s reference: %w", ref.Provider, sqldb.Classify(err))
	}
	return nil
}

// Claim takes up to limit open references made before cutoff whose earlier claim (if any) ran
// out, for lease from now. One statement claims them: on PostgreSQL the candidates are locked with
// FOR UPDATE SKIP LOCKED, so concurrent reconcilers of several replicas take disjoint rows; a claim
// whose holder died is taken over once its lease has passed.
func (r *References) Claim(ctx context.Context, cutoff, now time.Time, lease time.Duration, limit int) ([]domain.PaymentRef, error) {
	db := r.db.db
	lock := ""
	if db.DriverName() == "postgres" {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var rows []struct {
		Provider  string `db:"provider"`
		Reference string `db:"reference"`
		SessionID string `db:"session_id"`
		CreatedAt int64  `db:"created_at"`
	}
	err := db.SelectContext(ctx, &rows, db.Rebind(`UPDATE payment_references SET claimed_until = ?, attempts = attempts + 1
		WHERE (provider, reference) IN (SELECT provider, reference FROM payment_references
			WHERE state = 'open' AND created_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
			ORDER BY created_at LIMIT ?`+lock+`)
		AND state = 'open' AND (claimed_until IS NULL OR claimed_until <= ?)
		RETURNING provider, reference, session_id, created_at`),
		now.Add(lease).UnixMilli(), cutoff.UnixMilli(), now.UnixMilli(), limit, now.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("claim payment references: %w", sqldb.Classify(err))
	}
	out := make([]domain.PaymentRef, 0, len(rows))
	for _, row := range rows {
		out = append(out, domain.PaymentRef{Provider: row.Provider, Reference: row.Reference, SessionID: row.SessionID,
			CreatedAt: time.UnixMilli(row.CreatedAt).UTC()})
	}
	return out, nil
}

// Settle closes an open reference as paid (an order used it) or voided (cancelled at the
// provider); a settled one stays as it is.
func (r *References) Settle(ctx context.Context, provider, reference, state string, at time.Time) error {
	db := r.db.db
	if _, err := db.ExecContext(ctx, db.Rebind(`UPDATE payment_references SET state = ?, settled_at = ?, claimed_until = NULL
		WHERE provider = ? AND reference = ? AND state = 'open'`), state, at.UnixMilli(), provider, reference); err != nil {
		return fmt.Errorf("settle %s reference: %w", provider, sqldb.Classify(err))
	}
	return nil
}

// State answers a reference's state ("" when unknown): tests and operators.
func (r *References) State(ctx context.Context, provider, reference string) (string, error) {
	db := r.db.db
	var states []string
	if err := db.SelectContext(ctx, &states, db.Rebind(`SELECT state FROM payment_references WHERE provider = ? AND reference = ?`),
		provider, reference); err != nil {
		return "", fmt.Errorf("payment reference: %w", sqldb.Classify(err))
	}
	if len(states) == 0 {
		return "", nil
	}
	return states[0], nil
}
