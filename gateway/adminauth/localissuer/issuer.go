// Package localissuer signs admin tokens the way the admin panel does, with an Ed25519 key it
// generates or loads. Devstack and the tests use it as their admin panel; production verifies the
// real panel's tokens and never runs it.
package localissuer

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hostcart/checkout/gateway/adminauth"
)

// Issuer signs admin tokens.
type Issuer struct {
	key      ed25519.PrivateKey
	Issuer   string
	Audience string
	// Now is the clock; nil uses time.Now.
	Now func() time.Time
}

// New generates a key.
func New() (*Issuer, error) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("local issuer: %w", err)
	}
	return &Issuer{key: key, Issuer: adminauth.DefaultIssuer, Audience: adminauth.DefaultAudience}, nil
}

// FromPEM loads a key written by PrivateKeyPEM.
func FromPEM(b []byte) (*Issuer, error) {
	block, _ := pem.Decode(b)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New("local issuer: no PEM private key")
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("local issuer: %w", err)
	}
	key, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("local issuer: %T is not an Ed25519 key", k)
	}
	return &Issuer{key: key, Issuer: adminauth.DefaultIssuer, Audience: adminauth.DefaultAudience}, nil
}

// PrivateKeyPEM encodes the signing key (PKCS #8).
func (i *Issuer) PrivateKeyPEM() ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(i.key)
	if err != nil {
		return nil, fmt.Errorf("local issuer: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// PublicKeyPEM encodes the verification key, as the gateway's ADMIN_TOKEN_PUBLIC_KEYS takes it.
func (i *Issuer) PublicKeyPEM() (string, error) {
	der, err := x509.MarshalPKIXPublicKey(i.key.Public())
	if err != nil {
		return "", fmt.Errorf("local issuer: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}

// Sign returns a token for admin valid for ttl.
func (i *Issuer) Sign(admin adminauth.Admin, ttl time.Duration) (string, error) {
	now := time.Now
	if i.Now != nil {
		now = i.Now
	}
	t := now()
	claims := adminauth.Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    i.Issuer,
			Subject:   admin.ID,
			Audience:  jwt.ClaimStrings{i.Audience},
			IssuedAt:  jwt.NewNumericDate(t),
			ExpiresAt: jwt.NewNumericDate(t.Add(ttl)),
		},
		Name:  admin.Name,
		Roles: admin.Roles,
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(i.key)
	if err != nil {
		return "", fmt.Errorf("local issuer: sign: %w", err)
	}
	return s, nil
}
