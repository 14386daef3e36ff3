package domain

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/fields"
)

// SMSAlphabet is the characters of an SMS code (spec §5 SMS): letters and digits without the
// easily confused 0, l, I and O. Codes are case-sensitive.
const SMSAlphabet = "123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"

// SMS code rules (spec §9 SMS code length; issue 11).
const (
	SMSCodeLength       = 5
	SMSCodeTTL          = 10 * time.Minute
	SMSMaxWrongAttempts = 5
)

// SMSCode is the stored form of a code: never the code itself, only its HMAC-SHA256 under a
// per-code random salt, so a read of the table does not hand out codes.
type SMSCode struct {
	Phone    string
	Salt     []byte
	Hash     []byte
	IssuedAt time.Time
	// Attempts counts wrong codes tried; at SMSMaxWrongAttempts the code is dead.
	Attempts int
	Used     bool
}

// NewSMSCode draws a code from r (crypto/rand when nil) for phone and returns it with its stored
// form.
func NewSMSCode(r io.Reader, phone string, now time.Time) (string, SMSCode, error) {
	if r == nil {
		r = rand.Reader
	}
	code, err := randomString(r, SMSAlphabet, SMSCodeLength)
	if err != nil {
		return "", SMSCode{}, fmt.Errorf("sms code: %w", err)
	}
	salt := make([]byte, 16)
	if _, err := io.ReadFull(r, salt); err != nil {
		return "", SMSCode{}, fmt.Errorf("sms code salt: %w", err)
	}
	return code, SMSCode{Phone: phone, Salt: salt, Hash: smsHash(salt, code), IssuedAt: now.UTC()}, nil
}

func smsHash(salt []byte, code string) []byte {
	m := hmac.New(sha256.New, salt)
	m.Write([]byte(code))
	return m.Sum(nil)
}

// ValidSMSCodeFormat reports whether code is SMSCodeLength characters of SMSAlphabet.
func ValidSMSCodeFormat(code string) bool {
	if len(code) != SMSCodeLength {
		return false
	}
	for _, r := range code {
		if !strings.ContainsRune(SMSAlphabet, r) {
			return false
		}
	}
	return true
}

// Check judges a submitted code (already trimmed) at now. It returns the record to store (a wrong
// code counts an attempt, a right one is used up) and the message key of a refusal, "" when the
// code is right. A malformed code is refused before it can cost an attempt: it cannot be right.
func (c SMSCode) Check(code string, now time.Time) (SMSCode, string) {
	switch {
	case !ValidSMSCodeFormat(code):
		return c, KeySMSCodeFormat
	case c.Used || len(c.Hash) == 0:
		return c, KeySMSCodeMissing
	case c.Attempts >= SMSMaxWrongAttempts:
		return c, KeySMSAttemptsExceeded
	case now.Sub(c.IssuedAt) > SMSCodeTTL:
		return c, KeySMSCodeExpired
	case !hmac.Equal(smsHash(c.Salt, code), c.Hash):
		c.Attempts++
		return c, KeySMSCodeInvalid
	}
	c.Used = true
	return c, ""
}

// NormalizePhone trims a phone number and checks it as the address form does (spec §5 Address:
// only digits, spaces and plus signs), with at least six digits so a code has somewhere to go.
// It answers the message key of a refusal, "" when the number is fine.
func NormalizePhone(phone string) (string, string) {
	p := fields.Trim(phone)
	if p == "" {
		return "", fields.KeyRequired
	}
	digits := 0
	for _, r := range p {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ' ' || r == '+':
		default:
			return p, KeyPhoneInvalid
		}
	}
	if digits < 6 || len(p) > 30 {
		return p, KeyPhoneInvalid
	}
	return p, ""
}

// PhoneHint masks a phone number for answers: its first three characters and last two digits.
func PhoneHint(phone string) string {
	p := strings.ReplaceAll(phone, " ", "")
	if len(p) < 6 {
		return "••••"
	}
	return p[:3] + " •••• " + p[len(p)-2:]
}

// SMSText is the message that carries a code, in the order's locale (de-* German, else en-GB)
// and signed by the brand (issue 23): the recipient sees who sent it before the code. The code
// follows the message's first ": " (the sandbox readers of devstack and e2e rely on that), so the
// brand is set off with a dash. Without a brand name the message starts with the text.
func SMSText(locale, brand, code string) string {
	prefix := ""
	if b := strings.TrimSpace(brand); b != "" {
		prefix = b + " – "
	}
	lang, _, _ := strings.Cut(strings.ToLower(locale), "-")
	if lang == "de" {
		return prefix + "Ihr Bestätigungscode für Ihre Bestellung: " + code + " (10 Minuten gültig, bitte nicht weitergeben)"
	}
	return prefix + "Your order confirmation code: " + code + " (valid for 10 minutes, do not share it)"
}
