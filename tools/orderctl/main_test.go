package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
)

// An order placed with sealed secrets, read back by its code: with the key the secrets show, without
// it they are named as sealed, and the clear values never appear.
func TestShowOpensSecretsOnlyWithTheKey(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "order.db")
	store, err := sqlstore.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	spec, _ := secretbox.NewKey("k1")
	keys, _ := secretbox.Parse(spec, "")
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	id, _ := domain.NewOrderID(at)
	seal := func(ref, plain string) *domain.SecretValue {
		s, err := keys.Seal([]byte(plain), []byte(id+"#"+ref))
		if err != nil {
			t.Fatal(err)
		}
		return &domain.SecretValue{Ref: ref, KeyID: s.KeyID, Ciphertext: b64(s.Ciphertext)}
	}
	o := domain.Order{ID: id, Code: "261127-ABCDEFGH", SessionID: "s", BrandID: 2, Locale: "de-AT", Status: domain.StatusPlaced,
		Customer: domain.Customer{FirstName: "Erika", LastName: "Muster", Email: "erika@example.org", Street: "Ring 1", PostalCode: "1010", City: "Wien", CountryCode: "AT",
			CompanyName: "Muster GmbH", CompanyVATID: "DE123456788", VATIDCheck: &domain.VATIDCheck{VATID: "DE123456788", Status: domain.VATIDValid,
				ConsultationNumber: "WAPIAAAAZCHAfYhS", Name: "MUSTER GMBH", Address: "RING 1\n10115 BERLIN", CheckedAt: at.Add(-time.Hour)}},
		Payment: domain.Payment{Type: "sepa", MaskedIBAN: "AT61••••3201", MandateReference: "HC261127XYZ", CreditorID: "AT92ZZZ00000012345"},
		Totals:  domain.Totals{NetCents: 1990, VATCents: 398, GrossCents: 2388, Currency: "EUR"},
		Items: []domain.ItemConfig{{Row: "r1",
			Product: domain.LineConfig{ID: 2011, MaturityID: 201102, IntervalID: 1, Informations: map[string]string{"transfer_id": "T-7"},
				Fields: []domain.FieldConfig{{FieldID: 4, Key: "linux_distribution", Value: "debian-12"}, {FieldID: 3, Key: "root_password", Secret: seal("item/r1/product/field/3", "Xk9#mPq2")}}},
			Domains: []domain.DomainConfig{{Name: "example.at", Type: domain.DomainTransfer, AuthCode: seal("item/r1/domain/example.at/auth_code", "AUTH-1")}},
		}},
		CreatedAt: at}
	ev, _ := o.FinalizedOutbox(id)
	if _, _, err := store.Place(ctx, sqlstore.Placement{Order: o, IdempotencyKey: "k", RequestHash: "h", Event: &ev}); err != nil {
		t.Fatal(err)
	}
	store.Close()

	env := func(keys string) func(string) string {
		return func(k string) string {
			return map[string]string{"ORDER_SQLITE_PATH": path, "ORDER_SECRET_KEYS": keys}[k]
		}
	}
	var with bytes.Buffer
	if err := run(ctx, []string{"show", "261127-ABCDEFGH"}, env(spec), &with); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Order 261127-ABCDEFGH", "SEPA mandate HC261127XYZ, creditor AT92ZZZ00000012345", "transfer_id: T-7",
		"linux_distribution = debian-12",
		"VAT id DE123456788: VIES valid for DE123456788 at 2026-11-27T09:00:00Z, consultation number WAPIAAAAZCHAfYhS, name MUSTER GMBH, address RING 1, 10115 BERLIN", "root_password = Xk9#mPq2 [secret]", "domain example.at (transfer)", "auth code = AUTH-1 [secret]"} {
		if !strings.Contains(with.String(), want) {
			t.Errorf("with the key, the output lacks %q:\n%s", want, with.String())
		}
	}
	var without bytes.Buffer
	if err := run(ctx, []string{"show", "261127-ABCDEFGH"}, env(""), &without); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(without.String(), "Xk9#mPq2") || strings.Contains(without.String(), "AUTH-1") || !strings.Contains(without.String(), "root_password = (sealed; set ORDER_SECRET_KEYS to open) [secret]") {
		t.Fatalf("without the key:\n%s", without.String())
	}
	if err := run(ctx, []string{"show", "261127-NOPE"}, env(""), &without); err == nil {
		t.Fatal("an unknown code was shown")
	}
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
