package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/order/domain"
)

// Errors of the draft queries.
var (
	ErrDraftNotFound        = domain.ErrDraftNotFound
	ErrDraftVersionConflict = domain.ErrDraftVersionConflict
)

type draftRow struct {
	ID             string `db:"id"`
	BrandID        int32  `db:"brand_id"`
	SessionID      string `db:"session_id"`
	Status         string `db:"status"`
	Version        int64  `db:"version"`
	CustomerNumber string `db:"customer_number"`
	CreatedBy      string `db:"created_by"`
	SavedBy        string `db:"saved_by"`
	CartSnapshot   string `db:"cart_snapshot"`
	OrderID        string `db:"order_id"`
	CreatedAt      int64  `db:"created_at"`
	UpdatedAt      int64  `db:"updated_at"`
}

func (r draftRow) draft() domain.Draft {
	return domain.Draft{ID: r.ID, BrandID: r.BrandID, SessionID: r.SessionID, Status: r.Status, Version: r.Version,
		CustomerNumber: r.CustomerNumber, CreatedBy: r.CreatedBy, SavedBy: r.SavedBy, CartSnapshot: r.CartSnapshot,
		OrderID: r.OrderID, CreatedAt: time.UnixMilli(r.CreatedAt).UTC(), UpdatedAt: time.UnixMilli(r.UpdatedAt).UTC()}
}

const draftColumns = `id, brand_id, session_id, status, version, customer_number, created_by, saved_by, cart_snapshot,
	order_id, created_at, updated_at`

// CreateDraft stores a new draft under the hash of its session code.
func (s *Store) CreateDraft(ctx context.Context, d domain.Draft, codeHash string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO order_drafts (`+draftColumns+`, session_code_hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		d.ID, d.BrandID, d.SessionID, d.Status, d.Version, d.CustomerNumber, d.CreatedBy, d.SavedBy, d.CartSnapshot,
		d.OrderID, ms(d.CreatedAt), ms(d.UpdatedAt), codeHash)
	if err != nil {
		return fmt.Errorf("create draft %s: %w", d.ID, sqldb.Classify(err))
	}
	return nil
}

// DraftByCode answers the draft of a session code's hash.
func (s *Store) DraftByCode(ctx context.Context, codeHash string) (domain.Draft, error) {
	return s.draftWhere(ctx, "session_code_hash = ?", codeHash)
}

// DraftBySession answers the draft whose session id is sessionID.
func (s *Store) DraftBySession(ctx context.Context, sessionID string) (domain.Draft, error) {
	return s.draftWhere(ctx, "session_id = ?", sessionID)
}

func (s *Store) draftWhere(ctx context.Context, where string, arg any) (domain.Draft, error) {
	var r draftRow
	err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT `+draftColumns+` FROM order_drafts WHERE `+where), arg)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Draft{}, ErrDraftNotFound
	}
	if err != nil {
		return domain.Draft{}, fmt.Errorf("read draft: %w", sqldb.Classify(err))
	}
	return r.draft(), nil
}

// SaveDraft stores a new snapshot of an open draft if its version is still expected: a save made
// in between by someone else is ErrDraftVersionConflict, never overwritten.
func (s *Store) SaveDraft(ctx context.Context, id string, expected int64, savedBy, snapshot string, now time.Time) (domain.Draft, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE order_drafts SET version = version + 1, saved_by = ?,
		cart_snapshot = ?, updated_at = ? WHERE id = ? AND version = ? AND status = ?`),
		savedBy, snapshot, ms(now), id, expected, domain.DraftOpen)
	if err != nil {
		return domain.Draft{}, fmt.Errorf("save draft %s: %w", id, sqldb.Classify(err))
	}
	if n, err := res.RowsAffected(); err != nil {
		return domain.Draft{}, fmt.Errorf("save draft %s: %w", id, err)
	} else if n == 0 {
		d, err := s.draftWhere(ctx, "id = ?", id)
		if err != nil {
			return domain.Draft{}, err
		}
		if d.Status != domain.DraftOpen {
			return domain.Draft{}, fmt.Errorf("save draft %s (%s): %w", id, d.Status, ErrDraftNotFound)
		}
		return domain.Draft{}, fmt.Errorf("save draft %s at version %d, stored %d: %w", id, expected, d.Version, ErrDraftVersionConflict)
	}
	return s.draftWhere(ctx, "id = ?", id)
}

// CancelDraft marks an open draft cancelled; false when it was not open (already cancelled or
// ordered).
func (s *Store) CancelDraft(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE order_drafts SET status = ?, updated_at = ? WHERE id = ? AND status = ?`),
		domain.DraftCancelled, ms(now), id, domain.DraftOpen)
	if err != nil {
		return false, fmt.Errorf("cancel draft %s: %w", id, sqldb.Classify(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("cancel draft %s: %w", id, err)
	}
	return n == 1, nil
}
