// Package sqlstore keeps orders in SQL: PostgreSQL (lib/pq) in production, an embedded SQLite file
// (modernc) in devstack; the same queries and goose migrations serve both. One transaction writes
// an order with its lines, its idempotency record, its cart revision, its order.finalized outbox
// event and its first SMS code, so no order exists without its event and neither a retried submit
// nor a new submit of the same cart makes a second order.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/order/domain"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable is the service's own goose version table.
const migrationsTable = "order_goose_db_version"

// ErrIdempotencyKeyReused refuses a key sent again with another request.
var ErrIdempotencyKeyReused = apperr.New(apperr.Conflict, domain.KeyIdempotencyKeyReused)

// ErrPaymentAlreadyUsed refuses an order whose card authorisation or PayPal subscription paid
// another order already.
var ErrPaymentAlreadyUsed = apperr.New(apperr.Conflict, domain.KeyPaymentAlreadyUsed)

// ErrAlreadyPlaced refuses a second order of one revision of a session's cart.
var ErrAlreadyPlaced = domain.ErrAlreadyPlaced

// ErrOrderNotFound is an order id the store does not hold.
var ErrOrderNotFound = domain.ErrOrderNotFound

// Store keeps orders, their idempotency records, outbox events and SMS codes.
type Store struct {
	db       *sqlx.DB
	postgres bool
}

// OpenPostgres connects to dsn.
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	db, err := sqldb.OpenPostgres(ctx, dsn, 20)
	if err != nil {
		return nil, err
	}
	return &Store{db: db, postgres: true}, nil
}

// OpenSQLite opens (creating if needed) the database file at path; ":memory:" keeps it in memory.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	db, err := sqldb.OpenSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Close releases the connections.
func (s *Store) Close() error { return s.db.Close() }

// Migrate applies every pending migration.
func (s *Store) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return sqldb.Migrate(ctx, s.db, fsys, migrationsTable)
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return sqldb.Unavailable(s.db.PingContext(ctx)) }

// Placement is everything one PlaceOrder writes (the domain's, named here for the adapter's callers).
type Placement = domain.Placement

// forUpdate locks the selected rows on PostgreSQL. SQLite does not know the clause and needs none:
// its store has a single connection (sqldb.OpenSQLite), so its transactions run one at a time.
func (s *Store) forUpdate(clause string) string {
	if s.postgres {
		return " " + clause
	}
	return ""
}

func ms(t time.Time) int64     { return t.UnixMilli() }
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }
func tx(err error) error       { return sqldb.Unavailable(err) }
func rollback(t *sqlx.Tx)      { _ = t.Rollback() }
func jsonText(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// Place writes p in one transaction and answers the order with created true; when p's idempotency
// key of its session is already taken it writes nothing and answers the order the key made (created
// false), or ErrIdempotencyKeyReused when that was another request. Concurrent calls with one key
// meet at the idempotency record's primary key: one inserts it, the others wait for that
// transaction and then find the key taken.
func (s *Store) Place(ctx context.Context, p Placement) (domain.Order, bool, error) {
	o := p.Order
	customer, err := jsonText(o.Customer)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: customer: %w", err)
	}
	payment, err := jsonText(o.Payment)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: payment: %w", err)
	}
	feedback, err := jsonText(o.Feedback)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: feedback: %w", err)
	}
	var vatIDCheck sql.NullString
	if v := o.Customer.VATIDCheck; v != nil {
		if vatIDCheck.String, err = jsonText(v); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order: vat id check: %w", err)
		}
		vatIDCheck.Valid = true
	}
	totalsDisplay, err := nullJSON(o.Totals.Display)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order %s: totals display: %w", o.ID, err)
	}
	items := "[]"
	if len(o.Items) > 0 {
		if items, err = jsonText(o.Items); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order: items: %w", err)
		}
	}
	t, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: begin: %w", tx(err))
	}
	defer rollback(t)
	res, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO order_idempotency (session_id, idem_key, request_hash, order_id, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, idem_key) DO NOTHING`),
		o.SessionID, p.IdempotencyKey, p.RequestHash, o.ID, ms(o.CreatedAt))
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: idempotency record: %w", sqldb.Classify(err))
	}
	if n, err := res.RowsAffected(); err != nil {
		return domain.Order{}, false, fmt.Errorf("place order: idempotency record: %w", err)
	} else if n == 0 {
		rollback(t)
		existing, found, err := s.Replay(ctx, o.SessionID, p.IdempotencyKey, p.RequestHash)
		if err == nil && !found {
			err = fmt.Errorf("place order: idempotency record of %q vanished", p.IdempotencyKey)
		}
		return existing, false, err
	}
	if _, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO orders (id, code, session_id, brand_id, locale, status, sms_required,
		sms_validated, payment_type, customer, payment, feedback, net_cents, vat_cents, gross_cents, currency, created_at, items,
		vat_id_check, display) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		o.ID, o.Code, o.SessionID, o.BrandID, o.Locale, o.Status, o.SMSRequired, o.SMSValidated, o.Payment.Type,
		customer, payment, feedback, o.Totals.NetCents, o.Totals.VATCents, o.Totals.GrossCents, o.Totals.Currency,
		ms(o.CreatedAt), items, vatIDCheck, totalsDisplay); err != nil {
		return domain.Order{}, false, fmt.Errorf("place order %s: %w", o.ID, sqldb.Classify(err))
	}
	for i, l := range o.Lines {
		display, err := nullJSON(l.Display)
		if err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: line %d display: %w", o.ID, i, err)
		}
		if _, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO order_lines (order_id, position, item, kind, ref_id, name,
			maturity_id, interval_id, vat_percent, net_cents, gross_cents, setup_fee_net_cents, discount_net_cents, promotion, display)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			o.ID, i, l.Item, l.Kind, l.RefID, l.Name, l.MaturityID, l.IntervalID, l.VATPercent, l.NetCents, l.GrossCents,
			l.SetupNet, l.DiscountNet, l.Promotion, display); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: line %d: %w", o.ID, i, sqldb.Classify(err))
		}
	}
	if provider, ref := o.Payment.ProviderReference(); ref != "" {
		res, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO order_payment_refs (provider, reference, order_id) VALUES (?, ?, ?)
			ON CONFLICT (provider, reference) DO NOTHING`), provider, ref, o.ID)
		if err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: payment reference: %w", o.ID, sqldb.Classify(err))
		}
		if n, err := res.RowsAffected(); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: payment reference: %w", o.ID, err)
		} else if n == 0 {
			return domain.Order{}, false, fmt.Errorf("place order %s: %s reference: %w", o.ID, provider, ErrPaymentAlreadyUsed)
		}
	}
	if p.CartRevision != "" {
		res, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO order_carts (session_id, revision, order_id) VALUES (?, ?, ?)
			ON CONFLICT (session_id, revision) DO NOTHING`), o.SessionID, p.CartRevision, o.ID)
		if err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: cart revision: %w", o.ID, sqldb.Classify(err))
		}
		if n, err := res.RowsAffected(); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: cart revision: %w", o.ID, err)
		} else if n == 0 {
			return domain.Order{}, false, fmt.Errorf("place order %s: cart of session ordered: %w", o.ID, ErrAlreadyPlaced)
		}
	}
	if p.Event != nil {
		if err := putEvent(ctx, t, *p.Event); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: %w", o.ID, err)
		}
	}
	// An order placed from a draft's session closes the draft in the same transaction.
	if _, err := t.ExecContext(ctx, t.Rebind(`UPDATE order_drafts SET status = ?, order_id = ?, updated_at = ?
		WHERE session_id = ? AND status = ?`), domain.DraftOrdered, o.ID, ms(o.CreatedAt), o.SessionID, domain.DraftOpen); err != nil {
		return domain.Order{}, false, fmt.Errorf("place order %s: close draft: %w", o.ID, sqldb.Classify(err))
	}
	if p.SMS != nil {
		if err := putSMS(ctx, t, o.ID, *p.SMS); err != nil {
			return domain.Order{}, false, fmt.Errorf("place order %s: %w", o.ID, err)
		}
	}
	if err := t.Commit(); err != nil {
		return domain.Order{}, false, fmt.Errorf("place order %s: commit: %w", o.ID, sqldb.Classify(err))
	}
	return o, true, nil
}

// ApplyPaymentNotification finds the order paid with the notification's reference, reads it under
// a row lock (concurrent notifications of one order apply one after the other) and persists what
// decide, the order lifecycle's (domain.OnPaymentNotification), makes of it: the status and the
// move's events in one transaction. It answers whether the order moved; a reference no order has
// moves nothing.
func (s *Store) ApplyPaymentNotification(ctx context.Context, n domain.PaymentNotification,
	decide func(domain.Order) (domain.Move, bool, error)) (bool, error) {
	t, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("payment notification: begin: %w", tx(err))
	}
	defer rollback(t)
	var orderID string
	err = t.GetContext(ctx, &orderID, t.Rebind(`SELECT order_id FROM order_payment_refs WHERE provider = ? AND reference = ?`), n.Provider, n.Reference)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("payment notification: %w", sqldb.Classify(err))
	}
	o, err := s.order(ctx, t, orderID, s.forUpdate("FOR UPDATE"))
	if err != nil {
		return false, err
	}
	m, moves, err := decide(o)
	if err != nil || !moves {
		return false, err
	}
	if err := persistMove(ctx, t, m); err != nil {
		return false, fmt.Errorf("payment notification: %w", err)
	}
	if err := t.Commit(); err != nil {
		return false, fmt.Errorf("payment notification: commit: %w", sqldb.Classify(err))
	}
	return true, nil
}

// persistMove writes a move the order lifecycle decided: the order's status and SMS validation,
// changed only from the status the move was decided on (the caller holds the order's row), and the
// move's events.
func persistMove(ctx context.Context, t *sqlx.Tx, m domain.Move) error {
	o := m.Order
	res, err := t.ExecContext(ctx, t.Rebind(`UPDATE orders SET status = ?, sms_validated = ? WHERE id = ? AND status = ?`),
		o.Status, o.SMSValidated, o.ID, m.From)
	if err != nil {
		return fmt.Errorf("order %s: %w", o.ID, sqldb.Classify(err))
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("order %s: %w", o.ID, err)
	} else if n != 1 {
		return fmt.Errorf("order %s left %s meanwhile: %w", o.ID, m.From, apperr.Conflict)
	}
	for _, e := range m.Events {
		if err := putEvent(ctx, t, e); err != nil {
			return fmt.Errorf("order %s: %w", o.ID, err)
		}
	}
	return nil
}

// CartOrdered reports whether the session's cart revision made an order already.
func (s *Store) CartOrdered(ctx context.Context, sessionID, revision string) (bool, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM order_carts WHERE session_id = ? AND revision = ?`),
		sessionID, revision); err != nil {
		return false, fmt.Errorf("cart revision: %w", sqldb.Classify(err))
	}
	return n > 0, nil
}

// PaymentReferenceUsed reports whether the provider's reference paid an order already.
func (s *Store) PaymentReferenceUsed(ctx context.Context, provider, reference string) (bool, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM order_payment_refs WHERE provider = ? AND reference = ?`),
		provider, reference); err != nil {
		return false, fmt.Errorf("payment reference: %w", sqldb.Classify(err))
	}
	return n > 0, nil
}

// Replay answers the order an idempotency key of the session made (found false when the key is
// new), or ErrIdempotencyKeyReused when it was made by a request of another hash.
func (s *Store) Replay(ctx context.Context, sessionID, key, requestHash string) (domain.Order, bool, error) {
	var rec struct {
		Hash    string `db:"request_hash"`
		OrderID string `db:"order_id"`
	}
	err := s.db.GetContext(ctx, &rec, s.db.Rebind(`SELECT request_hash, order_id FROM order_idempotency
		WHERE session_id = ? AND idem_key = ?`), sessionID, key)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Order{}, false, nil
	}
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("idempotency record: %w", sqldb.Classify(err))
	}
	if rec.Hash != requestHash {
		return domain.Order{}, true, fmt.Errorf("key %q: %w", key, ErrIdempotencyKeyReused)
	}
	o, err := s.Order(ctx, rec.OrderID)
	return o, true, err
}

type orderRow struct {
	ID           string         `db:"id"`
	Code         string         `db:"code"`
	SessionID    string         `db:"session_id"`
	BrandID      int32          `db:"brand_id"`
	Locale       string         `db:"locale"`
	Status       string         `db:"status"`
	SMSRequired  bool           `db:"sms_required"`
	SMSValidated bool           `db:"sms_validated"`
	Customer     string         `db:"customer"`
	Payment      string         `db:"payment"`
	Feedback     string         `db:"feedback"`
	NetCents     int64          `db:"net_cents"`
	VATCents     int64          `db:"vat_cents"`
	GrossCents   int64          `db:"gross_cents"`
	Currency     string         `db:"currency"`
	CreatedAt    int64          `db:"created_at"`
	Items        string         `db:"items"`
	VATIDCheck   sql.NullString `db:"vat_id_check"`
	Display      sql.NullString `db:"display"`
}

type lineRow struct {
	Item        string         `db:"item"`
	Kind        string         `db:"kind"`
	RefID       int32          `db:"ref_id"`
	Name        string         `db:"name"`
	MaturityID  int32          `db:"maturity_id"`
	IntervalID  int32          `db:"interval_id"`
	VATPercent  float64        `db:"vat_percent"`
	NetCents    int64          `db:"net_cents"`
	GrossCents  int64          `db:"gross_cents"`
	SetupNet    int64          `db:"setup_fee_net_cents"`
	DiscountNet int64          `db:"discount_net_cents"`
	Promotion   string         `db:"promotion"`
	Display     sql.NullString `db:"display"`
}

const orderColumns = `id, code, session_id, brand_id, locale, status, sms_required, sms_validated, customer, payment,
	feedback, net_cents, vat_cents, gross_cents, currency, created_at, items, vat_id_check, display`

// OrderByCode answers the order with the order number the customer was shown (support and
// operators look orders up by it), ErrOrderNotFound when there is none.
func (s *Store) OrderByCode(ctx context.Context, code string) (domain.Order, error) {
	var id string
	err := s.db.GetContext(ctx, &id, s.db.Rebind(`SELECT id FROM orders WHERE code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Order{}, fmt.Errorf("order %s: %w", code, ErrOrderNotFound)
	}
	if err != nil {
		return domain.Order{}, fmt.Errorf("order %s: %w", code, sqldb.Classify(err))
	}
	return s.Order(ctx, id)
}

// Order answers the order with id, ErrOrderNotFound when there is none.
func (s *Store) Order(ctx context.Context, id string) (domain.Order, error) {
	return s.order(ctx, s.db, id, "")
}

func (s *Store) order(ctx context.Context, q sqlx.QueryerContext, id, lock string) (domain.Order, error) {
	var r orderRow
	err := sqlx.GetContext(ctx, q, &r, s.db.Rebind(`SELECT `+orderColumns+` FROM orders WHERE id = ?`+lock), id)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Order{}, fmt.Errorf("order %s: %w", id, ErrOrderNotFound)
	}
	if err != nil {
		return domain.Order{}, fmt.Errorf("order %s: %w", id, sqldb.Classify(err))
	}
	o := domain.Order{ID: r.ID, Code: r.Code, SessionID: r.SessionID, BrandID: r.BrandID, Locale: r.Locale, Status: r.Status,
		SMSRequired: r.SMSRequired, SMSValidated: r.SMSValidated,
		Totals:    domain.Totals{NetCents: r.NetCents, VATCents: r.VATCents, GrossCents: r.GrossCents, Currency: r.Currency},
		CreatedAt: fromMS(r.CreatedAt)}
	for name, pair := range map[string]struct {
		text string
		dst  any
	}{"customer": {r.Customer, &o.Customer}, "payment": {r.Payment, &o.Payment}, "feedback": {r.Feedback, &o.Feedback}, "items": {r.Items, &o.Items}} {
		if err := json.Unmarshal([]byte(pair.text), pair.dst); err != nil {
			return domain.Order{}, fmt.Errorf("order %s: %s: %w", id, name, err)
		}
	}
	if len(o.Items) == 0 {
		o.Items = nil // an order without configuration (placed before items were kept) reads as none
	}
	if r.Display.Valid {
		o.Totals.Display = new(domain.TotalsDisplay)
		if err := json.Unmarshal([]byte(r.Display.String), o.Totals.Display); err != nil {
			return domain.Order{}, fmt.Errorf("order %s: display: %w", id, err)
		}
	}
	if r.VATIDCheck.Valid {
		o.Customer.VATIDCheck = new(domain.VATIDCheck)
		if err := json.Unmarshal([]byte(r.VATIDCheck.String), o.Customer.VATIDCheck); err != nil {
			return domain.Order{}, fmt.Errorf("order %s: vat id check: %w", id, err)
		}
	}
	var lines []lineRow
	if err := sqlx.SelectContext(ctx, q, &lines, s.db.Rebind(`SELECT item, kind, ref_id, name, maturity_id, interval_id,
		vat_percent, net_cents, gross_cents, setup_fee_net_cents, discount_net_cents, promotion, display
		FROM order_lines WHERE order_id = ? ORDER BY position`), id); err != nil {
		return domain.Order{}, fmt.Errorf("order %s: lines: %w", id, sqldb.Classify(err))
	}
	for i, l := range lines {
		line := domain.Line{Item: l.Item, Kind: l.Kind, RefID: l.RefID, Name: l.Name, MaturityID: l.MaturityID, IntervalID: l.IntervalID,
			VATPercent: l.VATPercent, NetCents: l.NetCents, GrossCents: l.GrossCents, SetupNet: l.SetupNet, DiscountNet: l.DiscountNet,
			Promotion: l.Promotion}
		if l.Display.Valid {
			line.Display = new(domain.LineDisplay)
			if err := json.Unmarshal([]byte(l.Display.String), line.Display); err != nil {
				return domain.Order{}, fmt.Errorf("order %s: line %d display: %w", id, i, err)
			}
		}
		o.Lines = append(o.Lines, line)
	}
	return o, nil
}

type smsRow struct {
	Phone    string `db:"phone"`
	Salt     string `db:"salt"`
	Hash     string `db:"hash"`
	IssuedAt int64  `db:"issued_at"`
	Attempts int    `db:"attempts"`
	Used     bool   `db:"used"`
}

func putSMS(ctx context.Context, e sqlx.ExtContext, orderID string, c domain.SMSCode) error {
	_, err := e.ExecContext(ctx, e.Rebind(`INSERT INTO order_sms_codes (order_id, phone, salt, hash, issued_at, attempts, used)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_id) DO UPDATE SET phone = excluded.phone, salt = excluded.salt,
		hash = excluded.hash, issued_at = excluded.issued_at, attempts = excluded.attempts, used = excluded.used`),
		orderID, c.Phone, hex.EncodeToString(c.Salt), hex.EncodeToString(c.Hash), ms(c.IssuedAt), c.Attempts, c.Used)
	if err != nil {
		return fmt.Errorf("sms code: %w", sqldb.Classify(err))
	}
	return nil
}

// PutSMSCode replaces the order's SMS code (a resend): the old code stops working.
func (s *Store) PutSMSCode(ctx context.Context, orderID string, c domain.SMSCode) error {
	return putSMS(ctx, s.db, orderID, c)
}

// SMSCode answers the order's current code; found is false when none was sent.
func (s *Store) SMSCode(ctx context.Context, orderID string) (domain.SMSCode, bool, error) {
	return s.smsCode(ctx, s.db, orderID, "")
}

func (s *Store) smsCode(ctx context.Context, q sqlx.QueryerContext, orderID, lock string) (domain.SMSCode, bool, error) {
	var r smsRow
	err := sqlx.GetContext(ctx, q, &r, s.db.Rebind(`SELECT phone, salt, hash, issued_at, attempts, used
		FROM order_sms_codes WHERE order_id = ?`+lock), orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.SMSCode{}, false, nil
	}
	if err != nil {
		return domain.SMSCode{}, false, fmt.Errorf("sms code of %s: %w", orderID, sqldb.Classify(err))
	}
	salt, err1 := hex.DecodeString(r.Salt)
	hash, err2 := hex.DecodeString(r.Hash)
	if err := errors.Join(err1, err2); err != nil {
		return domain.SMSCode{}, false, fmt.Errorf("sms code of %s: %w", orderID, err)
	}
	return domain.SMSCode{Phone: r.Phone, Salt: salt, Hash: hash, IssuedAt: fromMS(r.IssuedAt), Attempts: r.Attempts, Used: r.Used}, true, nil
}

// putEvent writes an outbox event in the transaction that caused it.
func putEvent(ctx context.Context, t *sqlx.Tx, e domain.OutboxEvent) error {
	if _, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO order_outbox (id, subject, msg_id, payload, created_at) VALUES (?, ?, ?, ?, ?)`),
		e.ID, e.Subject, e.MsgID, string(e.Payload), ms(e.CreatedAt)); err != nil {
		return fmt.Errorf("outbox: %w", sqldb.Classify(err))
	}
	return nil
}

// VerifySMS judges a code of the order while holding its code's row, so concurrent attempts are
// counted one after the other and a code is used once: check gets the current record (the zero
// record when none was sent) and returns the record to keep and the refusal's key, "" to accept.
// An accepted code persists what validated, the order lifecycle's (domain.OnSMSValidated), makes of
// the order (read under its row lock): the validation, a move to placed and its events, in the same
// transaction. It answers the order as it is afterwards.
func (s *Store) VerifySMS(ctx context.Context, orderID string, check func(domain.SMSCode) (domain.SMSCode, string),
	validated func(domain.Order) (domain.Move, error)) (domain.Order, string, error) {
	t, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return domain.Order{}, "", fmt.Errorf("verify sms: begin: %w", tx(err))
	}
	defer rollback(t)
	cur, found, err := s.smsCode(ctx, t, orderID, s.forUpdate("FOR UPDATE"))
	if err != nil {
		return domain.Order{}, "", err
	}
	next, key := check(cur)
	if found && (next.Attempts != cur.Attempts || next.Used != cur.Used) {
		if _, err := t.ExecContext(ctx, t.Rebind(`UPDATE order_sms_codes SET attempts = ?, used = ? WHERE order_id = ?`),
			next.Attempts, next.Used, orderID); err != nil {
			return domain.Order{}, "", fmt.Errorf("verify sms: %w", sqldb.Classify(err))
		}
	}
	o, err := s.order(ctx, t, orderID, s.forUpdate("FOR UPDATE"))
	if err != nil {
		return domain.Order{}, "", err
	}
	if key == "" && validated != nil {
		m, err := validated(o)
		if err != nil {
			return domain.Order{}, "", fmt.Errorf("verify sms %s: %w", orderID, err)
		}
		if err := persistMove(ctx, t, m); err != nil {
			return domain.Order{}, "", fmt.Errorf("verify sms: %w", err)
		}
		o = m.Order
	}
	if err := t.Commit(); err != nil {
		return domain.Order{}, "", fmt.Errorf("verify sms: commit: %w", sqldb.Classify(err))
	}
	return o, key, nil
}

// RelayOutbox hands up to limit unpublished events, oldest first, to publish and marks those it
// accepted as published at now, all in one transaction. On PostgreSQL the rows are claimed with FOR UPDATE
// SKIP LOCKED, so relays of several replicas share the work without publishing a row at the same
// time; a crash between publish and commit leaves the row unpublished, and the broker's
// de-duplication by msg id absorbs the second publish. It answers how many were published.
func (s *Store) RelayOutbox(ctx context.Context, now time.Time, limit int, publish func(context.Context, domain.OutboxEvent) error) (int, error) {
	t, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("outbox: begin: %w", tx(err))
	}
	defer rollback(t)
	var rows []struct {
		ID        string `db:"id"`
		Subject   string `db:"subject"`
		MsgID     string `db:"msg_id"`
		Payload   string `db:"payload"`
		CreatedAt int64  `db:"created_at"`
	}
	if err := t.SelectContext(ctx, &rows, t.Rebind(`SELECT id, subject, msg_id, payload, created_at FROM order_outbox
		WHERE published_at IS NULL ORDER BY created_at, id LIMIT ?`+s.forUpdate("FOR UPDATE SKIP LOCKED")), limit); err != nil {
		return 0, fmt.Errorf("outbox: claim: %w", sqldb.Classify(err))
	}
	published := 0
	var pubErr error
	for _, r := range rows {
		e := domain.OutboxEvent{ID: r.ID, Subject: r.Subject, MsgID: r.MsgID, Payload: []byte(r.Payload), CreatedAt: fromMS(r.CreatedAt)}
		if pubErr = publish(ctx, e); pubErr != nil {
			break // keep the order of events: the rest waits for the next round
		}
		if _, err := t.ExecContext(ctx, t.Rebind(`UPDATE order_outbox SET published_at = ? WHERE id = ?`), ms(now), r.ID); err != nil {
			return 0, fmt.Errorf("outbox: mark %s: %w", r.ID, sqldb.Classify(err))
		}
		published++
	}
	if err := t.Commit(); err != nil {
		return 0, fmt.Errorf("outbox: commit: %w", sqldb.Classify(err))
	}
	if pubErr != nil {
		return published, fmt.Errorf("outbox: publish: %w", pubErr)
	}
	return published, nil
}

// PendingEvents counts the events not published yet (readiness, tests).
func (s *Store) PendingEvents(ctx context.Context) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM order_outbox WHERE published_at IS NULL`); err != nil {
		return 0, fmt.Errorf("outbox: count: %w", sqldb.Classify(err))
	}
	return n, nil
}

// nullJSON is v as a JSON column, NULL when v is nil (orders placed before the field existed read
// back the same way).
func nullJSON[T any](v *T) (sql.NullString, error) {
	if v == nil {
		return sql.NullString{}, nil
	}
	text, err := jsonText(v)
	return sql.NullString{String: text, Valid: err == nil}, err
}
