package secretbox

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestSealOpenAndRotate(t *testing.T) {
	k1, err := NewKey("k1")
	if err != nil {
		t.Fatal(err)
	}
	old, err := Parse(k1, "")
	if err != nil || old.CurrentKeyID() != "k1" {
		t.Fatalf("parse: %v", err)
	}
	iban := []byte("DE89370400440532013000")
	sealed, err := old.Seal(iban, []byte("MANDATE-1"))
	if err != nil {
		t.Fatal(err)
	}
	if sealed.KeyID != "k1" || bytes.Contains(sealed.Ciphertext, iban) {
		t.Fatalf("sealed %+v holds the plaintext", sealed)
	}
	again, _ := old.Seal(iban, []byte("MANDATE-1"))
	if bytes.Equal(again.Ciphertext, sealed.Ciphertext) {
		t.Fatal("two seals of one value are equal: the nonce is not fresh")
	}
	if got, err := old.Open(sealed, []byte("MANDATE-1")); err != nil || !bytes.Equal(got, iban) {
		t.Fatalf("open: %q, %v", got, err)
	}
	if _, err := old.Open(sealed, []byte("MANDATE-2")); !errors.Is(err, ErrOpen) {
		t.Fatalf("opened with another row's data: %v", err)
	}
	tampered := Sealed{KeyID: "k1", Ciphertext: append([]byte(nil), sealed.Ciphertext...)}
	tampered.Ciphertext[len(tampered.Ciphertext)-1] ^= 1
	if _, err := old.Open(tampered, []byte("MANDATE-1")); !errors.Is(err, ErrOpen) {
		t.Fatalf("tampered value opened: %v", err)
	}

	// Rotation: k2 seals, k1 still opens what it sealed.
	k2, _ := NewKey("k2")
	rotated, err := Parse(k2+","+k1, "k2")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := rotated.Open(sealed, []byte("MANDATE-1")); err != nil || !bytes.Equal(got, iban) {
		t.Fatalf("old value after rotation: %q, %v", got, err)
	}
	if s, _ := rotated.Seal(iban, nil); s.KeyID != "k2" {
		t.Fatalf("sealed with %q after rotation", s.KeyID)
	}
	fresh, _ := Parse(k2, "")
	if _, err := fresh.Open(sealed, []byte("MANDATE-1")); !errors.Is(err, ErrUnknownKey) {
		t.Fatalf("retired key: %v", err)
	}
}

func TestParseRefusesBadKeys(t *testing.T) {
	for _, spec := range []string{"", "k1", "k1:notbase64!", "k1:" + strings.Repeat("A", 8), "k1:AAAA,k1:AAAA"} {
		if _, err := Parse(spec, ""); err == nil {
			t.Errorf("Parse(%q) accepted", spec)
		}
	}
	k, _ := NewKey("k1")
	if _, err := Parse(k, "k9"); err == nil {
		t.Error("a current key that is not listed was accepted")
	}
}
