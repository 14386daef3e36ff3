// Package domain holds the payment rules of spec §3 and §5 with no I/O: which fields a payment type
// keeps, the SEPA form's rules (holder, IBAN per ISO 13616, BIC per ISO 9362, bank, debit
// authorization) and how an IBAN is shown.
package domain

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/almerlucke/go-iban/iban"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
)

// Payment type slugs (spec §3), from the one source libs/go/paymenttypes.
const (
	SlugSEPA              = paymenttypes.SEPA
	SlugPayPal            = paymenttypes.PayPal
	SlugPayPalIntegration = paymenttypes.PayPalIntegration
	SlugCreditCard        = paymenttypes.CreditCard
	SlugBankTransfer      = paymenttypes.BankTransfer
	// CardProviderPrefix starts the slugs of the card provider's methods (adyen-scheme, ...).
	CardProviderPrefix = paymenttypes.CardProviderPrefix
)

// Message keys of refused fields (spec §5 SEPA messages).
const (
	KeyRequired           = "validation.required"
	KeyTooShort           = "validation.min_length"
	KeyTooLong            = "validation.max_length"
	KeyHolderRequired     = "payment.holder_required"
	KeyIBANRequired       = "payment.iban_required"
	KeyIBANInvalid        = "payment.iban_invalid"
	KeyBICRequired        = "payment.bic_required"
	KeyBICInvalid         = "payment.bic_invalid"
	KeyBankRequired       = "payment.bank_required"
	KeyPermissionRequired = "payment.permission_required"
	KeyTypeNotAvailable   = "payment.type_not_available"
)

// Field lengths (spec §5, §9).
const (
	MinHolderLength = 3
	MinIBANLength   = 3
	MinBICLength    = 8
	MaxBICLength    = 11
	MaxBankLength   = 255
	// MaxTextLength bounds holder and IBAN input, which the spec leaves open: nothing longer is a
	// name or an account.
	MaxTextLength = 255
)

// PaymentType is a way to pay a brand offers (spec §3).
type PaymentType struct {
	Slug string
	// Names by locale.
	Names                 map[string]string
	SMSValidationRequired bool
	Active                bool
	Order                 int
}

// Name is the type's name in locale, else in the first locale of fallbacks that has one.
func (t PaymentType) Name(locale string, fallbacks ...string) string {
	for _, l := range append([]string{locale}, fallbacks...) {
		if n := t.Names[l]; n != "" {
			return n
		}
	}
	return t.Slug
}

// Option is the session's selected payment option (spec §3).
type Option struct {
	Type          string
	Holder        string
	IBAN          string
	BIC           string
	Bank          string
	Permission    bool
	SMSValidation bool
	// Set by the card and PayPal flows only.
	PSPReference string
	// PSPResult is the result code that accepted PSPReference (Authorised, Pending, Received).
	PSPResult          string
	RecurringReference string
	PayPalReference    string
	// PayPalPending is the subscription created for the session and not yet approved: only it
	// can become PayPalReference.
	PayPalPending string
	// Charged is what PSPReference or PayPalReference was made for; set with them.
	Charged Charge
	// PendingCharge is what the card payment awaiting its details (3-D Secure) or PayPalPending
	// was created for; it becomes Charged when that payment is accepted.
	PendingCharge Charge
	// MandateReference is the reference of the SEPA mandate an order placed with this option
	// records (SEPA only): made when the option is stored, so the confirm page names the
	// reference the order's mandate will carry. Never taken from a request.
	MandateReference string
}

// Charge is what a payment was made for: the amount and the fingerprint of the priced cart at that
// moment (libs/go/pricedcart). An order pays with a reference only while its cart has both.
type Charge struct {
	Amount      Money
	Fingerprint string
}

// WithoutPayment is o with its provider references and charges cleared: the type and the SEPA
// fields stay chosen.
func (o Option) WithoutPayment() Option {
	o.PSPReference, o.PSPResult, o.RecurringReference, o.PayPalReference, o.PayPalPending = "", "", "", "", ""
	o.Charged, o.PendingCharge = Charge{}, Charge{}
	return o
}

// Brand is what the payment rules need of a brand.
type Brand struct {
	// ShowBankField: the SEPA form asks for the bank's name (display_bank_name_input_field).
	ShowBankField bool
	// The SEPA creditor the brand collects as (sepa_creditor_id, sepa_creditor_name).
	CreditorID   string
	CreditorName string
}

// Errors are the broken rules per field, in the order they were found.
type Errors map[string][]string

func (e Errors) add(field, key string) { e[field] = append(e[field], key) }

// Normalize keeps what the chosen type uses: SEPA's fields trimmed, the IBAN without spaces and
// upper case, the BIC upper case, the bank only where the brand asks for it; sms_validation from the
// type. References are never taken from a request.
func Normalize(in Option, t PaymentType, b Brand) Option {
	out := Option{Type: t.Slug, SMSValidation: t.SMSValidationRequired}
	if t.Slug != SlugSEPA {
		return out
	}
	out.Holder = strings.TrimSpace(in.Holder)
	out.IBAN = strings.ToUpper(strings.Join(strings.Fields(in.IBAN), ""))
	out.BIC = strings.ToUpper(strings.TrimSpace(in.BIC))
	if b.ShowBankField {
		out.Bank = strings.TrimSpace(in.Bank)
	}
	out.Permission = in.Permission
	return out
}

var (
	// ibanShape is spec §5's pattern: two letters, two digits, 1 to 30 letters or digits.
	ibanShape = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$`)
	// bicShape is ISO 9362: institution (4 letters), country (2 letters), location (2 letters or
	// digits), optional branch (3 letters or digits).
	bicShape = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
)

// Validate checks a normalised option against its type's rules; only SEPA has fields.
func Validate(o Option, b Brand) Errors {
	errs := Errors{}
	if o.Type != SlugSEPA {
		return errs
	}
	switch n := utf8.RuneCountInString(o.Holder); {
	case n == 0:
		errs.add("holder", KeyHolderRequired)
	case n < MinHolderLength:
		errs.add("holder", KeyTooShort)
	case n > MaxTextLength:
		errs.add("holder", KeyTooLong)
	}
	switch n := len(o.IBAN); {
	case n == 0:
		errs.add("iban", KeyIBANRequired)
	case n < MinIBANLength:
		errs.add("iban", KeyTooShort)
	case n > MaxTextLength:
		errs.add("iban", KeyTooLong)
	case !ValidIBAN(o.IBAN):
		errs.add("iban", KeyIBANInvalid)
	}
	switch n := len(o.BIC); {
	case n == 0:
		errs.add("bic", KeyBICRequired)
	case n < MinBICLength:
		errs.add("bic", KeyTooShort)
	case n > MaxBICLength:
		errs.add("bic", KeyTooLong)
	case !bicShape.MatchString(o.BIC):
		errs.add("bic", KeyBICInvalid)
	}
	if b.ShowBankField {
		switch n := utf8.RuneCountInString(o.Bank); {
		case n == 0:
			errs.add("bank", KeyBankRequired)
		case n > MaxBankLength:
			errs.add("bank", KeyTooLong)
		}
	}
	if !o.Permission {
		errs.add("permission", KeyPermissionRequired)
	}
	return errs
}

// ValidIBAN checks a normalised IBAN beyond spec §5's pattern, per ISO 13616: the country's length
// and account format (the registry's table, through go-iban) and the mod-97 check digits, so a
// mistyped IBAN is caught before an order exists.
func ValidIBAN(s string) bool {
	if !ibanShape.MatchString(s) {
		return false
	}
	_, err := iban.NewIBAN(s)
	return err == nil
}

// MaskIBAN shows country, check digits and the last four characters: enough to recognise the
// account, useless to debit it.
func MaskIBAN(s string) string {
	if len(s) <= 8 {
		return strings.Repeat("•", len(s))
	}
	return s[:4] + strings.Repeat("•", len(s)-8) + s[len(s)-4:]
}
