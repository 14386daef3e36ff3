// Package secretbox seals secrets at rest (IBANs, transfer auth codes, passwords of additional
// fields) with AES-256-GCM under keys from the environment or a mounted Secret. Every sealed value
// names the key that sealed it, so keys can rotate: new values use the current key, old ones open
// with the key they name until they are re-sealed or expire.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the length of an AES-256 key.
const KeySize = 32

// ErrUnknownKey is a sealed value whose key the keyring does not hold.
var ErrUnknownKey = errors.New("secretbox: unknown key id")

// ErrOpen is a sealed value that does not open: tampered with, or bound to other associated data.
var ErrOpen = errors.New("secretbox: value does not open")

// Sealed is a secret at rest: the id of the key that sealed it and nonce || ciphertext || tag.
type Sealed struct {
	KeyID      string
	Ciphertext []byte
}

// Keyring holds the keys by id; Seal uses the current one.
type Keyring struct {
	current string
	aeads   map[string]cipher.AEAD
}

// New returns a keyring over keys (id → 32-byte key) sealing with current.
func New(keys map[string][]byte, current string) (*Keyring, error) {
	k := &Keyring{current: current, aeads: map[string]cipher.AEAD{}}
	for id, key := range keys {
		if id == "" || strings.ContainsAny(id, ":,") {
			return nil, fmt.Errorf("secretbox: key id %q", id)
		}
		if len(key) != KeySize {
			return nil, fmt.Errorf("secretbox: key %q has %d bytes, want %d", id, len(key), KeySize)
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, fmt.Errorf("secretbox: key %q: %w", id, err)
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, fmt.Errorf("secretbox: key %q: %w", id, err)
		}
		k.aeads[id] = aead
	}
	if _, ok := k.aeads[current]; !ok {
		return nil, fmt.Errorf("secretbox: current key %q is not among the keys", current)
	}
	return k, nil
}

// Parse reads keys written as "id:base64,id:base64" (standard or URL base64 of 32 bytes), as an
// environment variable or a mounted Secret holds them; current names the sealing key, empty for
// the first one listed.
func Parse(spec, current string) (*Keyring, error) {
	keys := map[string][]byte{}
	first := ""
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, encoded, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("secretbox: key entry without id (want id:base64)")
		}
		key, err := decode(strings.TrimSpace(encoded))
		if err != nil {
			return nil, fmt.Errorf("secretbox: key %q: %w", id, err)
		}
		if _, dup := keys[id]; dup {
			return nil, fmt.Errorf("secretbox: key %q listed twice", id)
		}
		keys[id] = key
		if first == "" {
			first = id
		}
	}
	if len(keys) == 0 {
		return nil, errors.New("secretbox: no keys")
	}
	if current == "" {
		current = first
	}
	return New(keys, current)
}

func decode(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("not base64")
}

// NewKey returns a fresh random key in the form Parse reads ("id:base64"), for devstack and tests.
func NewKey(id string) (string, error) {
	b := make([]byte, KeySize)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("secretbox: random key: %w", err)
	}
	return id + ":" + base64.StdEncoding.EncodeToString(b), nil
}

// Seal encrypts plaintext under the current key, bound to aad (e.g. the row's reference: the
// value does not open in another row).
func (k *Keyring) Seal(plaintext, aad []byte) (Sealed, error) {
	aead := k.aeads[k.current]
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plaintext)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return Sealed{}, fmt.Errorf("secretbox: nonce: %w", err)
	}
	return Sealed{KeyID: k.current, Ciphertext: aead.Seal(nonce, nonce, plaintext, aad)}, nil
}

// Open decrypts s with the key it names, checking aad.
func (k *Keyring) Open(s Sealed, aad []byte) ([]byte, error) {
	aead, ok := k.aeads[s.KeyID]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKey, s.KeyID)
	}
	if len(s.Ciphertext) < aead.NonceSize()+aead.Overhead() {
		return nil, ErrOpen
	}
	nonce, ct := s.Ciphertext[:aead.NonceSize()], s.Ciphertext[aead.NonceSize():]
	out, err := aead.Open(nil, nonce, ct, aad)
	if err != nil {
		return nil, ErrOpen
	}
	return out, nil
}

// CurrentKeyID is the id new values are sealed with.
func (k *Keyring) CurrentKeyID() string { return k.current }
