package sqlstore

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/domain"
)

// ErrMandateNotFound is a mandate reference the store does not hold.
var ErrMandateNotFound = apperr.New(apperr.NotFound, "payment.mandate_not_found")

// Mandates keeps SEPA mandates with the IBAN sealed under keys (never stored in clear): the
// ciphertext is bound to the mandate's reference, so it opens in no other row.
type Mandates struct {
	db   *Store
	keys *secretbox.Keyring
}

// Mandates returns the mandate store sealing IBANs with keys.
func (s *Store) Mandates(keys *secretbox.Keyring) *Mandates { return &Mandates{db: s, keys: keys} }

type mandateRow struct {
	Reference    string `db:"reference"`
	OrderID      string `db:"order_id"`
	BrandID      int32  `db:"brand_id"`
	CreditorID   string `db:"creditor_id"`
	CreditorName string `db:"creditor_name"`
	Holder       string `db:"holder"`
	IBANMasked   string `db:"iban_masked"`
	IBANSealed   string `db:"iban_sealed"`
	IBANKeyID    string `db:"iban_key_id"`
	BIC          string `db:"bic"`
	Bank         string `db:"bank"`
	SignedAt     int64  `db:"signed_at"`
	// FirstDebitDue is the recorded due day (paymenttypes.DateLayout); '' in rows recorded before
	// it was kept.
	FirstDebitDue string `db:"first_debit_due"`
}

func (r mandateRow) mandate(iban string) (domain.Mandate, error) {
	signed := time.UnixMilli(r.SignedAt).UTC()
	// A mandate recorded before the day was kept: the same rule from its signing time.
	due := paymenttypes.FirstDebitDue(signed)
	if r.FirstDebitDue != "" {
		var err error
		if due, err = paymenttypes.ParseDueDate(r.FirstDebitDue); err != nil {
			return domain.Mandate{}, fmt.Errorf("mandate %q: %w", r.Reference, err)
		}
	}
	return domain.Mandate{Reference: r.Reference, OrderID: r.OrderID, BrandID: r.BrandID, CreditorID: r.CreditorID,
		CreditorName: r.CreditorName, Holder: r.Holder, IBAN: iban, BIC: r.BIC, Bank: r.Bank, SignedAt: signed, FirstDebitDue: due}, nil
}

const mandateColumns = `reference, order_id, brand_id, creditor_id, creditor_name, holder, iban_masked, iban_sealed, iban_key_id, bic, bank, signed_at, first_debit_due`

// Create records m unless its order has a mandate already, and answers the order's mandate with
// the IBAN masked (and the due day recorded first). A reference another order's mandate holds is
// domain.ErrMandateReferenceTaken (nothing is written). A mandate without its first debit's day
// is refused: collection could not keep the day the confirmation announced.
func (m *Mandates) Create(ctx context.Context, md domain.Mandate) (domain.Mandate, error) {
	if md.FirstDebitDue.IsZero() {
		return domain.Mandate{}, fmt.Errorf("mandate of order %s: no first debit day", md.OrderID)
	}
	sealed, err := m.keys.Seal([]byte(md.IBAN), []byte(md.Reference))
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate %s: %w", md.Reference, err)
	}
	db := m.db.db
	if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO sepa_mandates (`+mandateColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		md.Reference, md.OrderID, md.BrandID, md.CreditorID, md.CreditorName, md.Holder, domain.MaskIBAN(md.IBAN),
		base64.StdEncoding.EncodeToString(sealed.Ciphertext), sealed.KeyID, md.BIC, md.Bank, md.SignedAt.UnixMilli(),
		md.FirstDebitDue.In(paymenttypes.ShopZone).Format(paymenttypes.DateLayout)); err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate of order %s: %w", md.OrderID, sqldb.Classify(err))
	}
	var r mandateRow
	err = db.GetContext(ctx, &r, db.Rebind(`SELECT `+mandateColumns+` FROM sepa_mandates WHERE order_id = ?`), md.OrderID)
	if errors.Is(err, sql.ErrNoRows) {
		// Nothing was written and the order has no mandate: the reference is another order's.
		return domain.Mandate{}, fmt.Errorf("mandate of order %s: %w", md.OrderID, domain.ErrMandateReferenceTaken)
	}
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate of order %s: %w", md.OrderID, sqldb.Classify(err))
	}
	return r.mandate(r.IBANMasked)
}

// ForCollection answers the mandate of reference with the clear IBAN. An abandoned mandate (no
// order carried it, its debtor's data is wiped: mandatesweep.go) is not found.
func (m *Mandates) ForCollection(ctx context.Context, reference string) (domain.Mandate, error) {
	db := m.db.db
	var r mandateRow
	err := db.GetContext(ctx, &r, db.Rebind(`SELECT `+mandateColumns+` FROM sepa_mandates WHERE reference = ? AND state <> 'abandoned'`), reference)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Mandate{}, fmt.Errorf("mandate %q: %w", reference, ErrMandateNotFound)
	}
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate %q: %w", reference, sqldb.Classify(err))
	}
	ct, err := base64.StdEncoding.DecodeString(r.IBANSealed)
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate %q: sealed iban: %w", reference, err)
	}
	iban, err := m.keys.Open(secretbox.Sealed{KeyID: r.IBANKeyID, Ciphertext: ct}, []byte(r.Reference))
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("mandate %q: %w", reference, err)
	}
	return r.mandate(string(iban))
}
