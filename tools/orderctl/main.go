// Command orderctl shows an order as fulfilment sees it, for operators and support:
//
//	orderctl show <order code>
//
// It reads the order service's database (ORDER_DATABASE_URL, else DATABASE_URL: PostgreSQL; else
// ORDER_SQLITE_PATH, the embedded file devstack uses) and opens the order's sealed secrets (transfer
// auth codes, passwords) only with the keys in ORDER_SECRET_KEYS; without them it shows that a
// secret is there, not what it is.
package main

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "orderctl:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, env func(string) string, out io.Writer) error {
	if len(args) != 2 || args[0] != "show" {
		return errors.New("usage: orderctl show <order code>")
	}
	store, err := open(ctx, env)
	if err != nil {
		return err
	}
	defer store.Close()
	o, err := store.OrderByCode(ctx, strings.TrimSpace(args[1]))
	if err != nil {
		return err
	}
	var keys *secretbox.Keyring
	if spec := env("ORDER_SECRET_KEYS"); spec != "" {
		if keys, err = secretbox.Parse(spec, env("ORDER_SECRET_KEY_ID")); err != nil {
			return fmt.Errorf("ORDER_SECRET_KEYS: %w", err)
		}
	}
	return show(out, o, keys)
}

func open(ctx context.Context, env func(string) string) (*sqlstore.Store, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	dsn := env("ORDER_DATABASE_URL")
	if dsn == "" {
		dsn = env("DATABASE_URL")
	}
	if dsn != "" {
		return sqlstore.OpenPostgres(ctx, dsn)
	}
	if path := env("ORDER_SQLITE_PATH"); path != "" {
		return sqlstore.OpenSQLite(ctx, path)
	}
	return nil, errors.New("no order database: set ORDER_DATABASE_URL, DATABASE_URL or ORDER_SQLITE_PATH")
}

// show prints the order: who ordered, how it is paid, what it costs and every item's
// configuration, secrets opened with keys (nil: named, not shown).
func show(w io.Writer, o domain.Order, keys *secretbox.Keyring) error {
	c, p := o.Customer, o.Payment
	fmt.Fprintf(w, "Order %s (id %s), brand %d, %s, status %s, placed %s\n", o.Code, o.ID, o.BrandID, o.Locale, o.Status, o.CreatedAt.UTC().Format(time.RFC3339))
	fmt.Fprintf(w, "Customer %s: %s %s%s <%s>, %s, %s %s, %s, %s\n", orNone(c.CustomerNo), c.FirstName, c.LastName, prefixed(", ", c.CompanyName),
		c.Email, c.Street, c.PostalCode, c.City, c.CountryCode, c.Phone)
	if c.CompanyVATID != "" || c.VATIDCheck != nil {
		fmt.Fprintf(w, "VAT id %s: %s\n", orNone(c.CompanyVATID), vies(c.VATIDCheck))
	}
	fmt.Fprintf(w, "Payment %s", p.Type)
	if p.MandateReference != "" {
		fmt.Fprintf(w, ", SEPA mandate %s, creditor %s %s, account %s", p.MandateReference, p.CreditorID, p.CreditorName, p.MaskedIBAN)
	}
	if ref := p.PSPReference + p.PayPalReference; ref != "" {
		fmt.Fprintf(w, ", reference %s", ref)
	}
	fmt.Fprintf(w, "\nTotal %d net + %d VAT = %d gross cents %s\n", o.Totals.NetCents, o.Totals.VATCents, o.Totals.GrossCents, o.Totals.Currency)
	secret := func(s *domain.SecretValue) string {
		if s == nil {
			return ""
		}
		if keys == nil {
			return "(sealed; set ORDER_SECRET_KEYS to open)"
		}
		ct, err := base64.StdEncoding.DecodeString(s.Ciphertext)
		if err != nil {
			return "(unreadable: " + err.Error() + ")"
		}
		plain, err := keys.Open(secretbox.Sealed{KeyID: s.KeyID, Ciphertext: ct}, []byte(o.ID+"#"+s.Ref))
		if err != nil {
			return "(does not open: " + err.Error() + ")"
		}
		return string(plain)
	}
	fields := func(indent string, fs []domain.FieldConfig) {
		for _, f := range fs {
			v := f.Value
			if f.Secret != nil {
				v = secret(f.Secret) + " [secret]"
			}
			fmt.Fprintf(w, "%s%s = %s\n", indent, f.Key, v)
		}
	}
	line := func(kind string, l domain.LineConfig) {
		fmt.Fprintf(w, "  %s %d (maturity %d, interval %d%s)\n", kind, l.ID, l.MaturityID, l.IntervalID, prefixed(", promotion ", l.Promotion))
		keys := make([]string, 0, len(l.Informations))
		for k := range l.Informations {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "    %s: %s\n", k, l.Informations[k])
		}
		fields("    ", l.Fields)
	}
	for _, it := range o.Items {
		fmt.Fprintf(w, "Item %s%s\n", it.Row, map[bool]string{true: " (preconfigured)"}[it.Preconfigured])
		line("product", it.Product)
		for _, l := range it.Addons {
			line("addon", l)
		}
		for _, l := range it.Upsells {
			line("upsell", l)
		}
		for _, d := range it.Domains {
			fmt.Fprintf(w, "  domain %s (%s%s)\n", d.Name, d.Type, map[bool]string{true: ", inclusive"}[d.Inclusive])
			if d.AuthCode != nil {
				fmt.Fprintf(w, "    auth code = %s [secret]\n", secret(d.AuthCode))
			}
			fields("    ", d.Fields)
		}
	}
	return nil
}

// vies is the VAT id check's evidence on one line: VIES's verdict, the id it was asked about, the
// consultation number, when, and the trader's name and address as VIES answered them.
func vies(v *domain.VATIDCheck) string {
	if v == nil {
		return "not checked at VIES"
	}
	s := fmt.Sprintf("VIES %s for %s at %s", v.Status, v.VATID, v.CheckedAt.UTC().Format(time.RFC3339))
	s += prefixed(", consultation number ", v.ConsultationNumber) + prefixed(", name ", v.Name)
	return s + prefixed(", address ", strings.ReplaceAll(v.Address, "\n", ", "))
}

func orNone(s string) string {
	if s == "" {
		return "(new)"
	}
	return s
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}
