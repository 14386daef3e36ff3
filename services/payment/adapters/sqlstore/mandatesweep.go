package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/payment/domain"
)

// The sweep of abandoned SEPA mandates (migration 00005): a mandate is recorded while its order is
// being placed, before the order's transaction commits, so one whose order never committed keeps
// the sealed IBAN of a visitor who never ordered. The sweep claims open mandates, asks the order
// service which of them an order carries and keeps those (ordered) or wipes the debtor's data of
// the others (abandoned).

// Claim takes up to limit open mandates signed before cutoff whose earlier claim (if any) ran out,
// for lease from now. One statement claims them; on PostgreSQL the candidates are locked with FOR
// UPDATE SKIP LOCKED, so the sweeps of several replicas take disjoint rows.
func (m *Mandates) Claim(ctx context.Context, cutoff, now time.Time, lease time.Duration, limit int) ([]domain.MandateClaim, error) {
	db := m.db.db
	lock := ""
	if db.DriverName() == "postgres" {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var rows []struct {
		Reference string `db:"reference"`
		OrderID   string `db:"order_id"`
		SignedAt  int64  `db:"signed_at"`
	}
	err := db.SelectContext(ctx, &rows, db.Rebind(`UPDATE sepa_mandates SET claimed_until = ?
		WHERE reference IN (SELECT reference FROM sepa_mandates
			WHERE state = 'open' AND signed_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
			ORDER BY signed_at LIMIT ?`+lock+`)
		AND state = 'open' AND (claimed_until IS NULL OR claimed_until <= ?)
		RETURNING reference, order_id, signed_at`),
		now.Add(lease).UnixMilli(), cutoff.UnixMilli(), now.UnixMilli(), limit, now.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("claim sepa mandates: %w", sqldb.Classify(err))
	}
	out := make([]domain.MandateClaim, 0, len(rows))
	for _, r := range rows {
		out = append(out, domain.MandateClaim{Reference: r.Reference, OrderID: r.OrderID, SignedAt: time.UnixMilli(r.SignedAt).UTC()})
	}
	return out, nil
}

// Keep settles an open mandate as carried by its order: no sweep takes it again.
func (m *Mandates) Keep(ctx context.Context, reference string, at time.Time) error {
	db := m.db.db
	if _, err := db.ExecContext(ctx, db.Rebind(`UPDATE sepa_mandates SET state = 'ordered', settled_at = ?, claimed_until = NULL
		WHERE reference = ? AND state = 'open'`), at.UnixMilli(), reference); err != nil {
		return fmt.Errorf("keep sepa mandate: %w", sqldb.Classify(err))
	}
	return nil
}

// Abandon wipes the debtor's data of an open mandate (the sealed IBAN and its key id, the masked
// IBAN, holder, BIC and bank) and settles it abandoned at at; reference, order id, brand,
// creditor, signing and abandoning times stay as the audit trail (and keep the reference from
// being given to another mandate). A mandate kept for its order is never touched; false when the
// mandate was not open any more.
func (m *Mandates) Abandon(ctx context.Context, reference string, at time.Time) (bool, error) {
	db := m.db.db
	res, err := db.ExecContext(ctx, db.Rebind(`UPDATE sepa_mandates SET state = 'abandoned', settled_at = ?, claimed_until = NULL,
		iban_sealed = '', iban_key_id = '', iban_masked = '', holder = '', bic = '', bank = ''
		WHERE reference = ? AND state = 'open'`), at.UnixMilli(), reference)
	if err != nil {
		return false, fmt.Errorf("abandon sepa mandate: %w", sqldb.Classify(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("abandon sepa mandate: %w", err)
	}
	return n > 0, nil
}

// State answers a mandate's state ("" when unknown): the collection's guard, tests and operators.
func (m *Mandates) State(ctx context.Context, reference string) (string, error) {
	db := m.db.db
	var states []string
	if err := db.SelectContext(ctx, &states, db.Rebind(`SELECT state FROM sepa_mandates WHERE reference = ?`), reference); err != nil {
		return "", fmt.Errorf("sepa mandate: %w", sqldb.Classify(err))
	}
	if len(states) == 0 {
		return "", nil
	}
	return states[0], nil
}
