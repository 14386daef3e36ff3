package service

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/sandbox/smssandbox"
)

type fakeCarts struct {
	cart    PricedCart
	cleared int
	// failClears makes that many ClearCart calls fail first; ctxErrs records the context's state
	// at each call.
	failClears int
	ctxErrs    []error
}

// PricedCart answers the cart; each clear counted a change, as the cart service's version does
// (a test that fills the cart again after an order has a new revision).
func (f *fakeCarts) PricedCart(context.Context) (PricedCart, error) {
	c := f.cart
	c.Version += int64(f.cleared)
	return c, nil
}
func (f *fakeCarts) ClearCart(ctx context.Context) error {
	f.ctxErrs = append(f.ctxErrs, ctx.Err())
	if f.failClears > 0 {
		f.failClears--
		return apperr.Unavailable
	}
	f.cleared++
	f.cart = PricedCart{}
	return nil
}

// cancellingStore ends the request right after the order is committed, as a browser that gives
// up waiting does.
type cancellingStore struct {
	*sqlstore.Store
	cancel context.CancelFunc
}

func (c cancellingStore) Place(ctx context.Context, p sqlstore.Placement) (domain.Order, bool, error) {
	o, created, err := c.Store.Place(ctx, p)
	c.cancel()
	return o, created, err
}

type fakeCustomers struct {
	c      domain.Customer
	ok     bool
	forgot bool
}

func (f *fakeCustomers) SessionCustomer(context.Context) (domain.Customer, bool, error) {
	return f.c, f.ok, nil
}
func (f *fakeCustomers) Forget(context.Context) error { f.forgot = true; return nil }

type fakePayments struct {
	p      domain.Payment
	ok     bool
	forgot bool
	voided int
	// smsTypes are the brand's types requiring SMS; notOffered the ones it no longer offers.
	smsTypes, notOffered map[string]bool
	// mandates are the orders SEPA mandates were recorded for.
	mandates []string
}

func (f *fakePayments) SEPAMandate(_ context.Context, orderID string) (domain.Mandate, error) {
	f.mandates = append(f.mandates, orderID)
	return domain.Mandate{Reference: "HC-" + orderID, CreditorID: "DE98ZZZ09999999999", CreditorName: "Hostwerk GmbH"}, nil
}

func (f *fakePayments) TypeRule(_ context.Context, slug string) (bool, bool, error) {
	return !f.notOffered[slug], f.smsTypes[slug], nil
}

func (f *fakePayments) SessionPayment(context.Context) (domain.Payment, bool, error) {
	return f.p, f.ok, nil
}
func (f *fakePayments) Forget(context.Context) error { f.forgot = true; return nil }
func (f *fakePayments) Void(context.Context) error {
	f.voided++
	f.p.PSPReference, f.p.PayPalReference, f.p.ChargedCents, f.p.CartFingerprint = "", "", 0, ""
	return nil
}

type fakeReferrals map[string]string

func (f fakeReferrals) Get(_ context.Context, sid string) (string, error) { return f[sid], nil }
func (f fakeReferrals) Put(_ context.Context, sid, id string) error       { f[sid] = id; return nil }
func (f fakeReferrals) Delete(_ context.Context, sid string) error        { delete(f, sid); return nil }

type fixture struct {
	svc       Service
	store     *sqlstore.Store
	carts     *fakeCarts
	customers *fakeCustomers
	payments  *fakePayments
	sms       *smssandbox.Sandbox
	referrals fakeReferrals
	now       time.Time
}

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func cart() PricedCart {
	return PricedCart{
		Lines: []domain.Line{
			{Item: "r1", Kind: domain.KindProduct, RefID: 7, Name: "Web M", VATPercent: 19, NetCents: 1000, GrossCents: 1190},
			{Item: "r1", Kind: domain.KindDomain, Name: "example.de", VATPercent: 19, NetCents: 100, GrossCents: 119},
		},
		Totals:      domain.Totals{NetCents: 1100, VATCents: 209, GrossCents: 1309, Currency: "EUR"},
		Fingerprint: "fp-1309",
	}
}

// cardFor is a card authorisation made for the fixture's cart.
func cardFor(psp string) domain.Payment {
	return domain.Payment{Type: "adyen-scheme", PSPReference: psp, ChargedCents: 1309, ChargedCurrency: "EUR", CartFingerprint: "fp-1309"}
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	st, err := sqlstore.OpenSQLite(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f := &fixture{
		store:     st,
		carts:     &fakeCarts{cart: cart()},
		customers: &fakeCustomers{ok: true, c: domain.Customer{FirstName: "Ada", LastName: "L", Email: "a@example.org", Phone: "+49 231 1234567", CountryCode: "DE"}},
		payments:  &fakePayments{ok: true, p: domain.Payment{Type: "sepa", MaskedIBAN: "DE89 •••• 3000", Permission: true}},
		sms:       &smssandbox.Sandbox{},
		referrals: fakeReferrals{},
		now:       t0,
	}
	f.svc = New(Ports{Store: st, Carts: f.carts, Customers: f.customers, Payments: f.payments, SMS: f.sms,
		Referrals: f.referrals, Brands: fakeBrands{}, Now: func() time.Time { return f.now }})
	return f
}

// fakeBrands names brand 1 Hostwerk and knows no other.
type fakeBrands struct{}

func (fakeBrands) Brand(_ context.Context, id int32) (domain.Brand, error) {
	if id != 1 {
		return domain.Brand{}, apperr.New(apperr.NotFound, "brand.not_found")
	}
	return domain.Brand{ID: 1, Name: "Hostwerk"}, nil
}

func sess(id string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: id, BrandID: 1, Locale: "en-GB"})
}

func consent() domain.Feedback { return domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true} }

func TestPlaceOrderBuildsTheOrderFromTheSession(t *testing.T) {
	f := newFixture(t)
	fb := consent()
	fb.Comment = "  please call  "
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: fb})
	if err != nil {
		t.Fatal(err)
	}
	if o.Totals != cart().Totals || !reflect.DeepEqual(o.Lines, cart().Lines) {
		t.Fatalf("totals %+v lines %+v, want the priced cart's", o.Totals, o.Lines)
	}
	if o.Status != domain.StatusPlaced || o.SMSRequired || o.Payment.Type != "sepa" || o.Customer.Email != "a@example.org" {
		t.Fatalf("order %+v", o)
	}
	// A SEPA order carries its mandate's reference and creditor (the IBAN stays sealed in the
	// payment service).
	if len(f.payments.mandates) != 1 || f.payments.mandates[0] != o.ID || o.Payment.MandateReference != "HC-"+o.ID || o.Payment.CreditorID != "DE98ZZZ09999999999" {
		t.Fatalf("mandate: recorded for %v, order payment %+v", f.payments.mandates, o.Payment)
	}
	if o.Feedback.Comment != "please call" || o.SessionID != "s1" || o.BrandID != 1 {
		t.Fatalf("feedback %+v", o.Feedback)
	}
	if f.carts.cleared != 1 {
		t.Fatalf("cart cleared %d times, want once", f.carts.cleared)
	}
	// The option's references paid this order: the session's next cart must choose again.
	if !f.payments.forgot || f.customers.forgot {
		t.Fatalf("payment forgotten %v, customer forgotten %v; want the payment only", f.payments.forgot, f.customers.forgot)
	}
	got, err := f.svc.GetOrder(sess("s1"), o.ID)
	if err != nil || got.Code != o.Code {
		t.Fatalf("GetOrder: %v %+v", err, got)
	}
	if _, err := f.svc.GetOrder(sess("s2"), o.ID); !errors.Is(err, apperr.NotFound) {
		t.Fatalf("another session read the order: %v", err)
	}
	if len(f.sms.Sent()) != 0 {
		t.Fatal("an SMS for an order that needs none")
	}
}

func TestPlaceOrderIsIdempotent(t *testing.T) {
	f := newFixture(t)
	first, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	// The cart is empty now: a retry must still answer the order, not order.cart_empty.
	again, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil || again.ID != first.ID {
		t.Fatalf("retry: %v, %s want %s", err, again.ID, first.ID)
	}
	other := consent()
	other.AllowedNewsletter = true
	_, err = f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: other})
	if !errors.Is(err, apperr.Conflict) || err.Error() != "key \"k1\": order.idempotency_key_reused" {
		t.Fatalf("reused key: %v", err)
	}
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{Feedback: consent()}); !errors.Is(err, ErrIdempotencyKeyRequired) {
		t.Fatalf("no key: %v", err)
	}
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: strings.Repeat("k", 256), Feedback: consent()}); !errors.Is(err, ErrIdempotencyKeyTooLong) {
		t.Fatalf("long key: %v", err)
	}
}

func TestPlaceOrderGuards(t *testing.T) {
	tests := []struct {
		name string
		edit func(*fixture)
		want error
	}{
		{"empty cart", func(f *fixture) { f.carts.cart = PricedCart{} }, ErrCartEmpty},
		{"blocked cart", func(f *fixture) { f.carts.cart.Blocked = true }, ErrCartEmpty},
		{"vat unknown", func(f *fixture) { f.carts.cart.VATUnavailable = true }, apperr.Unavailable},
		{"no customer", func(f *fixture) { f.customers.ok = false }, ErrCustomerMissing},
		{"no payment", func(f *fixture) { f.payments.ok = false }, ErrPaymentMissing},
		{"card not authorised", func(f *fixture) { f.payments.p = domain.Payment{Type: "adyen-scheme"} }, ErrPaymentRefused},
		{"paypal not approved", func(f *fixture) { f.payments.p = domain.Payment{Type: "paypal-integration"} }, ErrPaymentRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tt.edit(f)
			if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()}); !errors.Is(err, tt.want) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
			if f.carts.cleared != 0 {
				t.Fatal("a refused order cleared the cart")
			}
		})
	}
	f := newFixture(t)
	f.payments.p = cardFor("psp1")
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()}); err != nil {
		t.Fatalf("authorised card: %v", err)
	}
	if _, err := f.svc.PlaceOrder(context.Background(), PlaceInput{IdempotencyKey: "k"}); !errors.Is(err, ErrSessionRequired) {
		t.Fatalf("no session: %v", err)
	}
}

func TestPlaceOrderRefusesFeedbackPerField(t *testing.T) {
	f := newFixture(t)
	f.carts.cart.RequiredAgreements = []string{domain.AgreementMCA}
	fb := domain.Feedback{ReferralID: "a b", PrivacyTerm: true}
	_, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: fb})
	var fe *apperr.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("err %v, want field errors", err)
	}
	want := map[string][]string{"referral_id": {"validation.alpha_dash"}, "generalbusinessterm": {"validation.accepted"}, "mca_agreement": {"validation.accepted"}}
	if got := fe.FieldViolations(); !reflect.DeepEqual(got, want) {
		t.Fatalf("violations %v, want %v", got, want)
	}
}

func TestPlaceOrderTakesTheSessionReferral(t *testing.T) {
	f := newFixture(t)
	if _, err := f.svc.SetReferral(sess("s1"), " partner_7 "); err != nil {
		t.Fatal(err)
	}
	if r, _ := f.svc.GetReferral(sess("s1"), ReferralCookies{}); r != (Referral{ID: "partner_7", Source: domain.ReferralFromReferrer}) {
		t.Fatalf("GetReferral = %+v", r)
	}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()})
	if err != nil || o.Feedback.ReferralID != "partner_7" || o.Feedback.ReferralSource != domain.ReferralFromReferrer {
		t.Fatalf("referral %q from %q, %v", o.Feedback.ReferralID, o.Feedback.ReferralSource, err)
	}
	var fe *apperr.FieldErrors
	if _, err := f.svc.SetReferral(sess("s1"), "x"); !errors.As(err, &fe) || !reflect.DeepEqual(fe.FieldViolations(), map[string][]string{"id": {"validation.min_length"}}) {
		t.Fatalf("short referral: %v", err)
	}
}

// Spec §7 referral source order: the order's own id, cookie pvid, cookie emid, the session's
// referrer; cookies that hold no valid id are skipped, never refuse the order.
func TestReferralSourceOrder(t *testing.T) {
	f := newFixture(t)
	if _, err := f.svc.SetReferral(sess("s1"), "partner-1"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		cookies ReferralCookies
		want    Referral
	}{
		{"no cookies", ReferralCookies{}, Referral{"partner-1", domain.ReferralFromReferrer}},
		{"emid before the referrer", ReferralCookies{EMID: "mail_42"}, Referral{"mail_42", domain.ReferralFromEMID}},
		{"pvid before emid", ReferralCookies{PVID: "pv-9", EMID: "mail_42"}, Referral{"pv-9", domain.ReferralFromPVID}},
		{"invalid pvid skipped", ReferralCookies{PVID: "a b;c", EMID: "mail_42"}, Referral{"mail_42", domain.ReferralFromEMID}},
		{"invalid cookies skipped", ReferralCookies{PVID: "x", EMID: strings.Repeat("e", 21)}, Referral{"partner-1", domain.ReferralFromReferrer}},
	} {
		if r, err := f.svc.GetReferral(sess("s1"), tc.cookies); err != nil || r != tc.want {
			t.Errorf("%s: GetReferral = %+v, %v, want %+v", tc.name, r, err, tc.want)
		}
	}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent(), Cookies: ReferralCookies{PVID: "pv-9", EMID: "mail_42"}})
	if err != nil || o.Feedback.ReferralID != "pv-9" || o.Feedback.ReferralSource != domain.ReferralFromPVID {
		t.Fatalf("cookie referral %q from %q, %v", o.Feedback.ReferralID, o.Feedback.ReferralSource, err)
	}
	// The confirm page's own id comes first.
	f.carts.cart = cart()
	fb := consent()
	fb.ReferralID = "own_id"
	o, err = f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k2", Feedback: fb, Cookies: ReferralCookies{PVID: "pv-9"}})
	if err != nil || o.Feedback.ReferralID != "own_id" || o.Feedback.ReferralSource != domain.ReferralFromOrder {
		t.Fatalf("own referral %q from %q, %v", o.Feedback.ReferralID, o.Feedback.ReferralSource, err)
	}
	// The stored order and its event carry the attribution.
	got, err := f.svc.GetOrder(sess("s1"), o.ID)
	if err != nil || got.Feedback.ReferralID != "own_id" || got.Feedback.ReferralSource != domain.ReferralFromOrder {
		t.Fatalf("stored referral %q from %q, %v", got.Feedback.ReferralID, got.Feedback.ReferralSource, err)
	}
	if ev := got.Finalized(); ev.ReferralID != "own_id" || ev.ReferralSource != domain.ReferralFromOrder {
		t.Fatalf("order.finalized referral %q from %q", ev.ReferralID, ev.ReferralSource)
	}
}

// codeOf reads the code out of the newest sandbox message.
func codeOf(t *testing.T, s *smssandbox.Sandbox, to string) string {
	t.Helper()
	m, ok := s.LastTo(to)
	if !ok {
		t.Fatalf("no SMS to %s", to)
	}
	i := strings.Index(m.Text, ": ")
	return m.Text[i+2 : i+2+domain.SMSCodeLength]
}

func smsFields(t *testing.T, err error) map[string][]string {
	t.Helper()
	var fe *apperr.FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("err %v, want field errors", err)
	}
	return fe.FieldViolations()
}

func TestSMSValidation(t *testing.T) {
	f := newFixture(t)
	f.payments.smsTypes = map[string]bool{"sepa": true}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != domain.StatusAwaitingSMS || !o.SMSRequired {
		t.Fatalf("order %+v", o)
	}
	code := codeOf(t, f.sms, "+49 231 1234567")
	// The SMS speaks the order's language and is signed by its brand (issue 23).
	if m, _ := f.sms.LastTo("+49 231 1234567"); !strings.HasPrefix(m.Text, "Hostwerk – Your order confirmation code: "+code) {
		t.Fatalf("sms %q", m.Text)
	}
	wrong := "zzzzz"
	if code == wrong {
		wrong = "yyyyy"
	}
	_, err = f.svc.ValidateSMS(sess("s1"), o.ID, "", wrong)
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"sms_code": {"order.sms_code_invalid"}}) {
		t.Fatalf("wrong code: %v", got)
	}
	_, err = f.svc.ValidateSMS(sess("s1"), o.ID, "", "ab0")
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"sms_code": {"order.sms_code_format"}}) {
		t.Fatalf("malformed code: %v", got)
	}
	if _, err := f.svc.ValidateSMS(sess("s2"), o.ID, "", code); !errors.Is(err, apperr.NotFound) {
		t.Fatalf("another session validated: %v", err)
	}
	f.now = t0.Add(11 * time.Minute)
	_, err = f.svc.ValidateSMS(sess("s1"), o.ID, "", code)
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"sms_code": {"order.sms_code_expired"}}) {
		t.Fatalf("expired code: %v", got)
	}
	hint, err := f.svc.ResendSMS(sess("s1"), o.ID, "")
	if err != nil || hint.PhoneHint != "+49 •••• 67" {
		t.Fatalf("resend: %+v %v", hint, err)
	}
	fresh := codeOf(t, f.sms, "+49 231 1234567")
	placed, err := f.svc.ValidateSMS(sess("s1"), o.ID, "", " "+fresh+" ")
	if err != nil || placed.Status != domain.StatusPlaced || !placed.SMSValidated {
		t.Fatalf("right code: %v %+v", err, placed)
	}
	if _, err := f.svc.ResendSMS(sess("s1"), o.ID, ""); !errors.Is(err, ErrSMSNotRequired) {
		t.Fatalf("resend after validation: %v", err)
	}
}

func TestSMSAttemptLimit(t *testing.T) {
	f := newFixture(t)
	f.carts.cart.SMSValidation = true // a product requires it, the payment does not
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	code := codeOf(t, f.sms, "+49 231 1234567")
	// The SMS speaks the order's language and is signed by its brand (issue 23).
	if m, _ := f.sms.LastTo("+49 231 1234567"); !strings.HasPrefix(m.Text, "Hostwerk – Your order confirmation code: "+code) {
		t.Fatalf("sms %q", m.Text)
	}
	wrong := "zzzzz"
	if code == wrong {
		wrong = "yyyyy"
	}
	for range domain.SMSMaxWrongAttempts {
		if _, err := f.svc.ValidateSMS(sess("s1"), o.ID, "", wrong); err == nil {
			t.Fatal("wrong code accepted")
		}
	}
	_, err = f.svc.ValidateSMS(sess("s1"), o.ID, "", code)
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"sms_code": {"order.sms_attempts_exceeded"}}) {
		t.Fatalf("right code after 5 wrong: %v", got)
	}
}

func TestSMSWithoutACustomerPhone(t *testing.T) {
	f := newFixture(t)
	f.customers.c.Phone = ""
	f.payments.smsTypes = map[string]bool{"sepa": true}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.sms.Sent()) != 0 {
		t.Fatal("a code sent without a phone")
	}
	_, err = f.svc.ResendSMS(sess("s1"), o.ID, "")
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"phone_no": {"validation.required"}}) {
		t.Fatalf("resend without phone: %v", got)
	}
	_, err = f.svc.ValidateSMS(sess("s1"), o.ID, "12-34", "abcde")
	if got := smsFields(t, err); !reflect.DeepEqual(got, map[string][]string{"phone_no": {"customer.phone_invalid"}}) {
		t.Fatalf("bad phone: %v", got)
	}
	if _, err := f.svc.ResendSMS(sess("s1"), o.ID, " +43 1 2345678 "); err != nil {
		t.Fatal(err)
	}
	code := codeOf(t, f.sms, "+43 1 2345678")
	if _, err := f.svc.ValidateSMS(sess("s1"), o.ID, "+43 1 2345678", code); err != nil {
		t.Fatalf("right code: %v", err)
	}
}

func TestCancelSessionClearsEveryPart(t *testing.T) {
	f := newFixture(t)
	f.referrals["s1"] = "ref"
	if err := f.svc.CancelSession(sess("s1")); err != nil {
		t.Fatal(err)
	}
	if f.carts.cleared != 1 || !f.customers.forgot || !f.payments.forgot || f.referrals["s1"] != "" {
		t.Fatalf("cancel left something: cart %d customer %v payment %v referral %q", f.carts.cleared, f.customers.forgot, f.payments.forgot, f.referrals["s1"])
	}
}

// A card authorisation or PayPal subscription pays only the cart it was made for: a grown cart, a
// changed one with the same total, or another currency is refused with payment.amount_changed and
// the stale payment is voided (nothing placed, the cart kept); paid again, the order is placed.
func TestPlaceOrderRefusesAPaymentForAnotherCart(t *testing.T) {
	cases := []struct {
		name string
		edit func(*fixture)
	}{
		{"cart grew", func(f *fixture) { f.carts.cart.Totals.GrossCents = 111741; f.carts.cart.Fingerprint = "fp-111741" }},
		{"same total, other items", func(f *fixture) { f.carts.cart.Fingerprint = "fp-other" }},
		{"paypal, cart grew", func(f *fixture) {
			f.payments.p = domain.Payment{Type: "paypal-integration", PayPalReference: "I-1", ChargedCents: 1309, ChargedCurrency: "EUR", CartFingerprint: "fp-1309"}
			f.carts.cart.Fingerprint = "fp-grown"
		}},
		{"no charge recorded", func(f *fixture) { f.payments.p = domain.Payment{Type: "adyen-scheme", PSPReference: "psp-old"} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.payments.p = cardFor("psp1")
			tc.edit(f)
			_, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
			if !errors.Is(err, ErrPaymentAmountChanged) || apperr.MessageKey(err) != "payment.amount_changed" {
				t.Fatalf("err %v, want payment.amount_changed", err)
			}
			if f.payments.voided != 1 || f.carts.cleared != 0 || f.payments.forgot {
				t.Fatalf("voided %d, cart cleared %d, payment forgotten %v", f.payments.voided, f.carts.cleared, f.payments.forgot)
			}
			if o, found, _ := f.store.Replay(sess("s1"), "s1", "k1", domain.RequestHash(consent())); found {
				t.Fatalf("an order was placed: %+v", o)
			}
		})
	}

	f := newFixture(t)
	f.payments.p = cardFor("psp1")
	f.carts.cart.Fingerprint = "fp-grown"
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); !errors.Is(err, ErrPaymentAmountChanged) {
		t.Fatalf("grown cart: %v", err)
	}
	f.payments.p = domain.Payment{Type: "adyen-scheme", PSPReference: "psp2", ChargedCents: 1309, ChargedCurrency: "EUR", CartFingerprint: "fp-grown"}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k2", Feedback: consent()})
	if err != nil || o.Payment.PSPReference != "psp2" {
		t.Fatalf("paid again: %+v, %v", o, err)
	}
}

// One authorisation pays one order: a second attempt (another key, another session even) with the
// same psp reference is refused by the store, and no void touches the reference that paid.
func TestOnePaymentReferenceOneOrder(t *testing.T) {
	f := newFixture(t)
	f.payments.p = cardFor("psp1")
	first, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	// The same cart and option in another session (the cart revision is the session's, so only
	// the payment reference stops this one).
	f.carts.cart = cart()
	_, err = f.svc.PlaceOrder(sess("s2"), PlaceInput{IdempotencyKey: "k2", Feedback: consent()})
	if !errors.Is(err, sqlstore.ErrPaymentAlreadyUsed) || apperr.MessageKey(err) != "payment.already_used" {
		t.Fatalf("second order on one authorisation: %v", err)
	}
	// The cart changed meanwhile (another tab): the used reference is refused, never voided.
	f.carts.cart.Fingerprint = "fp-grown"
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k3", Feedback: consent()}); !errors.Is(err, ErrPaymentAmountChanged) || f.payments.voided != 0 {
		t.Fatalf("stale but used reference: %v, voided %d", err, f.payments.voided)
	}
	if used, err := f.store.PaymentReferenceUsed(context.Background(), domain.RefCard, "psp1"); err != nil || !used {
		t.Fatalf("reference of %s not recorded: %v %v", first.ID, used, err)
	}
}

// An existing customer (spec §4, §6) skips the payment step: the order is billed on the account
// with the customer's number, without a session option, and a session option (even an authorised
// card) is not what pays it. A new customer cannot choose the account payment.
func TestExistingCustomerOrdersWithoutAPaymentStep(t *testing.T) {
	f := newFixture(t)
	f.customers.c.CustomerNo, f.customers.c.BrandID = "100001", 1
	f.payments.ok, f.payments.p = false, domain.Payment{}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	if o.Payment != (domain.Payment{Type: domain.PaymentAccount}) || o.Customer.CustomerNo != "100001" || o.Status != domain.StatusPlaced {
		t.Fatalf("order %+v", o)
	}
	stored, err := f.store.Order(context.Background(), o.ID)
	if err != nil || stored.Payment.Type != domain.PaymentAccount || stored.Customer.CustomerNo != "100001" {
		t.Fatalf("stored %+v, %v", stored, err)
	}

	f = newFixture(t)
	f.customers.c.CustomerNo, f.customers.c.BrandID = "100001", 1
	f.payments.p = cardFor("psp-of-the-visitor")
	f.carts.cart.Fingerprint = "fp-grown"
	if o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); err != nil || o.Payment.Type != domain.PaymentAccount {
		t.Fatalf("existing customer with a session option: %+v, %v", o, err)
	}

	f = newFixture(t)
	f.payments.p = domain.Payment{Type: domain.PaymentAccount}
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); !errors.Is(err, ErrPaymentMissing) {
		t.Fatalf("a new customer chose the account payment: %v", err)
	}
}

// An existing customer orders from the brand of its record only: a record of another brand, or of
// an unknown one (a login kept before the brand was), is refused with 403
// order.customer_other_brand and nothing is placed; the record's own brand orders.
func TestPlacementChecksTheCustomersBrand(t *testing.T) {
	for _, brand := range []int32{2, 0} {
		f := newFixture(t)
		f.customers.c.CustomerNo, f.customers.c.BrandID = "100001", brand
		_, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
		if !errors.Is(err, ErrCustomerOtherBrand) || apperr.Code(err) != codes.PermissionDenied || apperr.MessageKey(err) != "order.customer_other_brand" {
			t.Fatalf("customer of brand %d ordering from brand 1: %v", brand, err)
		}
		if n := countOrders(t, f.store); n != 0 {
			t.Fatalf("customer of brand %d: %d orders placed", brand, n)
		}
		f.customers.c.BrandID = 1
		o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k2", Feedback: consent()})
		if err != nil || o.Customer.BrandID != 1 {
			t.Fatalf("customer of the brand: %+v, %v", o.Customer, err)
		}
	}
}

// The SMS rule and whether the type is offered come from the brand's payment types at placement,
// not from what the option remembered: an option saying "no SMS" of a type whose brand requires
// one gets an order awaiting SMS; a type the brand no longer offers is no payment.
func TestPlacementRederivesThePaymentTypeRule(t *testing.T) {
	f := newFixture(t)
	f.payments.p.SMSValidation = false
	f.payments.smsTypes = map[string]bool{"sepa": true}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil || !o.SMSRequired || o.Status != domain.StatusAwaitingSMS || !o.Payment.SMSValidation {
		t.Fatalf("order %+v, %v", o, err)
	}
	f = newFixture(t)
	f.payments.notOffered = map[string]bool{"sepa": true}
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); !errors.Is(err, ErrPaymentMissing) {
		t.Fatalf("type not offered: %v", err)
	}
}

// The work after the commit runs detached from the request's cancellation and is retried: a
// browser that gave up right after the commit still gets its cart cleared, after a failed try.
func TestPostCommitWorkIsDetachedAndRetried(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(sess("s1"))
	defer cancel()
	f.carts.failClears = 1
	svc := New(Ports{Store: cancellingStore{Store: f.store, cancel: cancel}, Carts: f.carts, Customers: f.customers, Payments: f.payments,
		SMS: f.sms, Referrals: f.referrals, Now: func() time.Time { return f.now }})
	if _, err := svc.PlaceOrder(ctx, PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); err != nil {
		t.Fatal(err)
	}
	if f.carts.cleared != 1 || len(f.carts.ctxErrs) != 2 || f.carts.ctxErrs[0] != nil || f.carts.ctxErrs[1] != nil || !f.payments.forgot {
		t.Fatalf("cleared %d after %d tries (context errors %v), payment forgotten %v", f.carts.cleared, len(f.carts.ctxErrs), f.carts.ctxErrs, f.payments.forgot)
	}
	if ctx.Err() == nil {
		t.Fatal("the request was not cancelled: the test proves nothing")
	}
}

// One cart makes one order even when its clean-up after the order fails for good: the same cart
// sent again with another Idempotency-Key is refused (order.already_placed, 409) for the payments
// without a provider reference (SEPA, bank transfer, the existing customer's account), which no
// payment constraint stops. A changed cart (a new revision) orders again.
func TestAPermanentClearCartFailureMakesNoSecondOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(f *fixture)
	}{
		{"sepa", func(*fixture) {}},
		{"bank transfer", func(f *fixture) { f.payments.p = domain.Payment{Type: paymenttypes.BankTransfer} }},
		{"existing customer", func(f *fixture) { f.customers.c.CustomerNo, f.customers.c.BrandID = "100001", 1; f.payments.ok = false }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			tc.setup(f)
			f.carts.failClears = 1 << 20
			first, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
			if err != nil {
				t.Fatal(err)
			}
			if f.carts.cleared != 0 || len(f.carts.ctxErrs) != postCommitAttempts {
				t.Fatalf("cart cleared %d times after %d tries: the failure is not permanent", f.carts.cleared, len(f.carts.ctxErrs))
			}
			mandates := len(f.payments.mandates)
			_, err = f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k2", Feedback: consent()})
			if !errors.Is(err, ErrAlreadyPlaced) || !errors.Is(err, apperr.Conflict) || apperr.MessageKey(err) != "order.already_placed" {
				t.Fatalf("second order of one cart: %v", err)
			}
			if n := countOrders(t, f.store); n != 1 {
				t.Fatalf("%d orders of one cart", n)
			}
			if len(f.payments.mandates) != mandates {
				t.Fatalf("a mandate was recorded for the refused order: %v", f.payments.mandates)
			}
			// The first key still answers its order.
			if again, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); err != nil || again.ID != first.ID {
				t.Fatalf("replay of the first key: %+v, %v", again, err)
			}
			// The shopper changes the cart: that is a new cart, ordered again.
			f.carts.cart.Version++
			if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k3", Feedback: consent()}); err != nil {
				t.Fatalf("changed cart: %v", err)
			}
		})
	}
}

// The store's constraint refuses what the service's check would miss (two submits racing past it):
// a placement of a cart revision already ordered writes nothing.
func TestStoreRefusesASecondOrderOfOneCartRevision(t *testing.T) {
	f := newFixture(t)
	racer := New(Ports{Store: blindStore{f.store}, Carts: f.carts, Customers: f.customers, Payments: f.payments, SMS: f.sms,
		Referrals: f.referrals, Now: func() time.Time { return f.now }})
	f.carts.failClears = 1 << 20
	if _, err := racer.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); err != nil {
		t.Fatal(err)
	}
	if _, err := racer.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k2", Feedback: consent()}); !errors.Is(err, ErrAlreadyPlaced) {
		t.Fatalf("second order of one cart past the check: %v", err)
	}
	if n := countOrders(t, f.store); n != 1 {
		t.Fatalf("%d orders of one cart", n)
	}
}

// blindStore never finds a cart ordered, as a submit racing another one does not.
type blindStore struct{ *sqlstore.Store }

func (blindStore) CartOrdered(context.Context, string, string) (bool, error) { return false, nil }

// countOrders counts the orders placed at once by their order.finalized events (each writes one).
func countOrders(t *testing.T, st *sqlstore.Store) int {
	t.Helper()
	n, err := st.PendingEvents(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Card notifications move the order paid with their reference, once, each move with its
// order.status_changed event; repeats and unknown references change nothing.
func TestPaymentNotificationsMoveOrders(t *testing.T) {
	f := newFixture(t)
	f.payments.p = cardFor("psp-1")
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	events := func() int {
		n, err := f.store.PendingEvents(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := events()
	chargeback := domain.PaymentNotification{Provider: domain.RefCard, Reference: "psp-1", EventCode: "CHARGEBACK", Success: true}
	ns := []domain.PaymentNotification{
		{Provider: domain.RefCard, Reference: "psp-1", EventCode: "AUTHORISATION", Success: true},
		chargeback,
		{Provider: domain.RefCard, Reference: "psp-unknown", EventCode: "CHARGEBACK", Success: true},
	}
	moved, err := f.svc.ApplyPaymentNotifications(context.Background(), ns)
	if err != nil || moved != 1 {
		t.Fatalf("moved %d, %v", moved, err)
	}
	got, err := f.store.Order(context.Background(), o.ID)
	if err != nil || got.Status != domain.StatusCancelled || events() != before+1 {
		t.Fatalf("after a chargeback: %+v, %v; events %d -> %d", got.Status, err, before, events())
	}
	if moved, err := f.svc.ApplyPaymentNotifications(context.Background(), []domain.PaymentNotification{chargeback}); err != nil || moved != 0 || events() != before+1 {
		t.Fatalf("a repeated chargeback moved %d (%v), events %d", moved, err, events())
	}
}

// Every configured value is on the order: fields in clear, password fields and transfer auth codes
// sealed (bound to the order and their place), the event naming them by reference only; an order
// with secrets and no key is refused rather than stored with them in clear.
func TestOrderKeepsTheItemsConfigurationWithSecretsSealed(t *testing.T) {
	items := func() []domain.ItemConfig {
		return []domain.ItemConfig{{Row: "r1",
			Product: domain.LineConfig{ID: 7, MaturityID: 2, IntervalID: 3, Informations: map[string]string{"transfer_id": "T-7"},
				Fields: []domain.FieldConfig{{FieldID: 1, Key: "blog_title", Value: "Mein Blog"},
					{FieldID: 3, Key: "root_password", Secret: domain.NewSecret("item/r1/product/field/3", "S3cret!pass")}}},
			Domains: []domain.DomainConfig{{Name: "example.de", Type: domain.DomainTransfer, AuthCode: domain.NewSecret("item/r1/domain/example.de/auth_code", "AUTH-123")}},
		}}
	}
	f := newFixture(t)
	spec, _ := secretbox.NewKey("k1")
	keys, err := secretbox.Parse(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	f.carts.cart.Items = items()
	svc := New(Ports{Store: f.store, Carts: f.carts, Customers: f.customers, Payments: f.payments, SMS: f.sms,
		Referrals: f.referrals, Secrets: keys, Now: func() time.Time { return f.now }})
	o, err := svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := f.store.Order(context.Background(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(stored.Items)
	if strings.Contains(string(raw), "S3cret!pass") || strings.Contains(string(raw), "AUTH-123") || !strings.Contains(string(raw), "Mein Blog") || !strings.Contains(string(raw), "T-7") {
		t.Fatalf("stored items %s", raw)
	}
	open := func(sv *domain.SecretValue) string {
		ct, _ := base64.StdEncoding.DecodeString(sv.Ciphertext)
		plain, err := keys.Open(secretbox.Sealed{KeyID: sv.KeyID, Ciphertext: ct}, []byte(o.ID+"#"+sv.Ref))
		if err != nil {
			t.Fatalf("open %s: %v", sv.Ref, err)
		}
		return string(plain)
	}
	it := stored.Items[0]
	if open(it.Product.Fields[1].Secret) != "S3cret!pass" || open(it.Domains[0].AuthCode) != "AUTH-123" || it.Domains[0].Type != domain.DomainTransfer {
		t.Fatalf("secrets do not open to their values: %+v", it)
	}
	event, _ := json.Marshal(stored.Finalized())
	if strings.Contains(string(event), "ciphertext") || strings.Contains(string(event), "S3cret") || !strings.Contains(string(event), `"ref":"item/r1/product/field/3"`) || !strings.Contains(string(event), "Mein Blog") {
		t.Fatalf("event %s", event)
	}

	f = newFixture(t)
	f.carts.cart.Items = items()
	if _, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("secrets without a key: %v", err)
	}
}

// A card payment the provider accepted as Pending waits as payment_pending, not finalized; its
// AUTHORISATION notification places it and writes order.finalized then, once; a refusal fails it.
func TestPendingCardPaymentWaitsForItsConfirmation(t *testing.T) {
	f := newFixture(t)
	f.payments.p = cardFor("psp-pending")
	f.payments.p.PSPResult = "Pending"
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil || o.Status != domain.StatusPaymentPending {
		t.Fatalf("order %+v, %v", o.Status, err)
	}
	events := func() int {
		n, err := f.store.PendingEvents(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if events() != 0 {
		t.Fatalf("a pending order was finalized: %d events", events())
	}
	confirm := domain.PaymentNotification{Provider: domain.RefCard, Reference: "psp-pending", EventCode: "AUTHORISATION", Success: true}
	for range 2 {
		if _, err := f.svc.ApplyPaymentNotifications(context.Background(), []domain.PaymentNotification{confirm}); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := f.store.Order(context.Background(), o.ID)
	if got.Status != domain.StatusPlaced || events() != 2 { // order.status_changed and order.finalized
		t.Fatalf("after the confirmation: %s, %d events", got.Status, events())
	}

	f = newFixture(t)
	f.payments.p = cardFor("psp-refused")
	f.payments.p.PSPResult = "Received"
	o, err = f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	refused := domain.PaymentNotification{Provider: domain.RefCard, Reference: "psp-refused", EventCode: "AUTHORISATION", Success: false}
	if moved, err := f.svc.ApplyPaymentNotifications(context.Background(), []domain.PaymentNotification{refused}); err != nil || moved != 1 {
		t.Fatalf("refusal: %d %v", moved, err)
	}
	if got, _ := f.store.Order(context.Background(), o.ID); got.Status != domain.StatusPaymentFailed || events() != 1 {
		t.Fatalf("after the refusal: %s, %d events", got.Status, events())
	}
}

// The customer's VIES evidence, as the customer service recorded it, is on the placed order (its
// own column) and in its order.finalized event, which billing invoices the reverse charge from.
func TestOrderKeepsTheCustomersVATIDCheck(t *testing.T) {
	f := newFixture(t)
	check := &domain.VATIDCheck{VATID: "ATU12345678", Status: domain.VATIDValid, ConsultationNumber: "WAPIAAAAZCHAfYhS",
		Name: "Gruber Bau KG", Address: "Landstraße 22\n4020 Linz", CheckedAt: t0.Add(-time.Minute)}
	f.customers.c.Group, f.customers.c.CompanyName, f.customers.c.CompanyVATID = 0, "Gruber Bau KG", "ATU12345678"
	f.customers.c.VATIDCheck = check
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := f.store.Order(context.Background(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(stored.Customer.VATIDCheck, check) {
		t.Fatalf("stored check %+v, want %+v", stored.Customer.VATIDCheck, check)
	}
	var payloads []string
	if _, err := f.store.RelayOutbox(context.Background(), time.Unix(0, 0), 10, func(_ context.Context, e domain.OutboxEvent) error {
		payloads = append(payloads, string(e.Payload))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(payloads) != 1 {
		t.Fatalf("%d events, want order.finalized only", len(payloads))
	}
	var event domain.FinalizedEvent
	if err := json.Unmarshal([]byte(payloads[0]), &event); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(event.VATIDCheck, check) || !strings.Contains(payloads[0], `"vat_id_check":{"vat_id":"ATU12345678","status":"valid","consultation_number":"WAPIAAAAZCHAfYhS"`) {
		t.Fatalf("event %s", payloads[0])
	}

	// Without a check (a private person) the order and its event carry none.
	f = newFixture(t)
	o, err = f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	if stored, err := f.store.Order(context.Background(), o.ID); err != nil || stored.Customer.VATIDCheck != nil {
		t.Fatalf("order without a check: %v %+v", err, stored.Customer.VATIDCheck)
	}
	if ev, _ := json.Marshal(o.Finalized()); strings.Contains(string(ev), "vat_id_check") {
		t.Fatalf("event without a check: %s", ev)
	}
}
