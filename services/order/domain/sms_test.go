package domain

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func TestNewSMSCodeUsesTheAlphabet(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		code, rec, err := NewSMSCode(nil, "+49 231 1234567", t0)
		if err != nil {
			t.Fatal(err)
		}
		if len(code) != 5 || strings.ContainsAny(code, "0lIO") || !ValidSMSCodeFormat(code) {
			t.Fatalf("code %q breaks the alphabet", code)
		}
		if bytes.Contains(rec.Hash, []byte(code)) || len(rec.Salt) != 16 || len(rec.Hash) != 32 {
			t.Fatalf("stored form %+v", rec)
		}
		seen[code] = true
	}
	if len(seen) < 195 {
		t.Fatalf("only %d distinct codes of 200", len(seen))
	}
	if strings.ContainsAny(SMSAlphabet, "0lIO") || len(SMSAlphabet) != 9+25+24 {
		t.Fatalf("alphabet %q", SMSAlphabet)
	}
}

func TestSMSCodeIsDeterministicForAGivenSource(t *testing.T) {
	src := bytes.Repeat([]byte{0}, 64)
	code, _, err := NewSMSCode(bytes.NewReader(src), "", t0)
	if err != nil {
		t.Fatal(err)
	}
	if code != "11111" { // zero bytes draw the alphabet's first character
		t.Fatalf("code %q, want 11111", code)
	}
	if _, _, err := NewSMSCode(bytes.NewReader(nil), "", t0); err == nil {
		t.Fatal("an exhausted source gave a code")
	}
}

func TestSMSCodeCheck(t *testing.T) {
	code, rec, err := NewSMSCode(nil, "", t0)
	if err != nil {
		t.Fatal(err)
	}
	wrong := "aaaaa"
	if wrong == code {
		wrong = "bbbbb"
	}

	if _, key := rec.Check("aaa0a", t0); key != KeySMSCodeFormat {
		t.Errorf("0 in a code: %q", key)
	}
	if got, key := rec.Check("abcd", t0); key != KeySMSCodeFormat || got.Attempts != 0 {
		t.Errorf("short code: %q, attempts %d", key, got.Attempts)
	}
	if _, key := rec.Check(strings.ToUpper(code), t0); key == "" && strings.ToUpper(code) != code {
		t.Error("codes are case-sensitive")
	}
	if _, key := rec.Check(code, t0.Add(SMSCodeTTL+time.Second)); key != KeySMSCodeExpired {
		t.Errorf("after 10 minutes: %q", key)
	}
	if _, key := rec.Check(code, t0.Add(SMSCodeTTL)); key != "" {
		t.Errorf("at exactly 10 minutes: %q", key)
	}

	r := rec
	for i := 1; i <= SMSMaxWrongAttempts; i++ {
		var key string
		r, key = r.Check(wrong, t0.Add(time.Minute))
		if key != KeySMSCodeInvalid || r.Attempts != i {
			t.Fatalf("wrong attempt %d: %q, attempts %d", i, key, r.Attempts)
		}
	}
	if _, key := r.Check(code, t0.Add(time.Minute)); key != KeySMSAttemptsExceeded {
		t.Fatalf("right code after 5 wrong ones: %q", key)
	}

	used, key := rec.Check(code, t0.Add(time.Minute))
	if key != "" || !used.Used {
		t.Fatalf("right code: %q, used %v", key, used.Used)
	}
	if _, key := used.Check(code, t0.Add(2*time.Minute)); key != KeySMSCodeMissing {
		t.Fatalf("second use: %q", key)
	}
	if _, key := (SMSCode{}).Check(code, t0); key != KeySMSCodeMissing {
		t.Fatalf("no code sent: %q", key)
	}
}

func TestNormalizePhone(t *testing.T) {
	tests := []struct{ in, want, key string }{
		{"  +49 231 12345678 ", "+49 231 12345678", ""},
		{"", "", "validation.required"},
		{" \t", "", "validation.required"},
		{"+49-231-1234", "+49-231-1234", "customer.phone_invalid"},
		{"12345", "12345", "customer.phone_invalid"},
		{"0231123456", "0231123456", ""},
	}
	for _, tt := range tests {
		got, key := NormalizePhone(tt.in)
		if got != tt.want || key != tt.key {
			t.Errorf("NormalizePhone(%q) = %q, %q; want %q, %q", tt.in, got, key, tt.want, tt.key)
		}
	}
	if h := PhoneHint("+49 231 12345678"); h != "+49 •••• 78" {
		t.Errorf("PhoneHint = %q", h)
	}
}

func TestNewOrderCode(t *testing.T) {
	code, err := NewOrderCode(t0, bytes.NewReader(bytes.Repeat([]byte{0}, 64)))
	if err != nil {
		t.Fatal(err)
	}
	if code != "261123-22222222" {
		t.Fatalf("code %q", code)
	}
	a, _ := NewOrderCode(t0, nil)
	b, _ := NewOrderCode(t0, nil)
	if a == b || len(a) != 15 {
		t.Fatalf("codes %q %q", a, b)
	}
	id, err := NewOrderID(t0)
	if err != nil || len(id) != 26 {
		t.Fatalf("id %q %v", id, err)
	}
}
