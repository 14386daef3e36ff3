package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/order/domain"
)

// Statuses of an order's confirmation mail (table mails_sent).
const (
	MailSending  = domain.MailSending
	MailSent     = domain.MailSent
	MailRejected = domain.MailRejected
)

// MailClaim answers ClaimMail.
type MailClaim = domain.MailClaim

// ClaimMail takes the order's confirmation mail for sending: it inserts its record as 'sending',
// or takes over a 'sending' record claimed before now-lease (an attempt that died or gave its claim
// back). Concurrent claims meet at the primary key: one wins. Otherwise it answers the record.
func (s *Store) ClaimMail(ctx context.Context, orderID, recipient string, now time.Time, lease time.Duration) (MailClaim, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO mails_sent (order_id, recipient, status, claimed_at, attempts, detail)
		VALUES (?, ?, ?, ?, 1, '')
		ON CONFLICT (order_id) DO UPDATE SET recipient = excluded.recipient, claimed_at = excluded.claimed_at,
			attempts = mails_sent.attempts + 1
		WHERE mails_sent.status = ? AND mails_sent.claimed_at <= ?`),
		orderID, recipient, MailSending, ms(now), MailSending, ms(now.Add(-lease)))
	if err != nil {
		return MailClaim{}, fmt.Errorf("mail of %s: claim: %w", orderID, sqldb.Classify(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return MailClaim{}, fmt.Errorf("mail of %s: claim: %w", orderID, err)
	}
	if n == 1 {
		return MailClaim{Claimed: true, Status: MailSending, ClaimedAt: fromMS(ms(now))}, nil
	}
	c, found, err := s.MailRecord(ctx, orderID)
	if err == nil && !found {
		err = fmt.Errorf("mail of %s: record vanished", orderID)
	}
	return c, err
}

// MailRecord answers the order's mail record; found is false when there is none.
func (s *Store) MailRecord(ctx context.Context, orderID string) (MailClaim, bool, error) {
	var rows []struct {
		Status    string `db:"status"`
		ClaimedAt int64  `db:"claimed_at"`
		Attempts  int    `db:"attempts"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`SELECT status, claimed_at, attempts FROM mails_sent WHERE order_id = ?`), orderID); err != nil {
		return MailClaim{}, false, fmt.Errorf("mail of %s: %w", orderID, sqldb.Classify(err))
	}
	if len(rows) == 0 {
		return MailClaim{}, false, nil
	}
	r := rows[0]
	return MailClaim{Status: r.Status, ClaimedAt: fromMS(r.ClaimedAt), Attempts: r.Attempts}, true, nil
}

// FinishMail records the claimed mail as MailSent or MailRejected (detail: the server's answer).
func (s *Store) FinishMail(ctx context.Context, orderID, status, detail string, now time.Time) error {
	if status != MailSent && status != MailRejected {
		return fmt.Errorf("mail of %s: status %q is not final", orderID, status)
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE mails_sent SET status = ?, sent_at = ?, detail = ? WHERE order_id = ?`),
		status, ms(now), detail, orderID); err != nil {
		return fmt.Errorf("mail of %s: finish: %w", orderID, sqldb.Classify(err))
	}
	return nil
}

// ReleaseMail gives back the claim made at claimedAt after a failed attempt (an outage), so the
// next delivery of the event may claim it at once; detail keeps the failure for operators. A claim
// another attempt took over meanwhile stays with that attempt.
func (s *Store) ReleaseMail(ctx context.Context, orderID string, claimedAt time.Time, detail string) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE mails_sent SET claimed_at = 0, detail = ?
		WHERE order_id = ? AND status = ? AND claimed_at = ?`),
		detail, orderID, MailSending, ms(claimedAt)); err != nil {
		return fmt.Errorf("mail of %s: release: %w", orderID, sqldb.Classify(err))
	}
	return nil
}
