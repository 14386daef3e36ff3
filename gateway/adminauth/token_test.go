package adminauth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/adminauth/localissuer"
)

var agent = adminauth.Admin{ID: "a-17", Name: "Ada Agent", Roles: []string{"support", adminauth.RoleSalesAgent}}

func issuerAndVerifier(t *testing.T) (*localissuer.Issuer, *adminauth.Verifier) {
	t.Helper()
	iss, err := localissuer.New()
	if err != nil {
		t.Fatal(err)
	}
	pub, err := iss.PublicKeyPEM()
	if err != nil {
		t.Fatal(err)
	}
	v, err := adminauth.NewVerifier(adminauth.Settings{PublicKeys: pub})
	if err != nil {
		t.Fatal(err)
	}
	return iss, v
}

func TestVerifyAcceptsThePanelsToken(t *testing.T) {
	iss, v := issuerAndVerifier(t)
	token, err := iss.Sign(agent, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.Verify(token)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "a-17" || got.Name != "Ada Agent" || !got.IsSalesAgent() {
		t.Fatalf("admin = %+v", got)
	}
	if d := time.Until(got.Expires); d < 59*time.Minute || d > time.Hour {
		t.Fatalf("expires in %s", d)
	}
	support := adminauth.Admin{ID: "a-2", Roles: []string{"support"}}
	token, _ = iss.Sign(support, time.Hour)
	if got, err := v.Verify(token); err != nil || got.IsSalesAgent() {
		t.Fatalf("support admin: %+v, %v", got, err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	iss, v := issuerAndVerifier(t)
	other, _ := localissuer.New()
	past := func() time.Time { return time.Now().Add(-2 * time.Hour) }
	sign := func(t *testing.T, mutate func(*localissuer.Issuer), a adminauth.Admin, ttl time.Duration) string {
		t.Helper()
		i := *iss
		if mutate != nil {
			mutate(&i)
		}
		s, err := i.Sign(a, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	valid := sign(t, nil, agent, time.Hour)
	parts := strings.Split(valid, ".")
	// An HMAC token "signed" with the public key as the secret: the classic algorithm confusion.
	pub, _ := iss.PublicKeyPEM()
	hs, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"iss": adminauth.DefaultIssuer, "aud": adminauth.DefaultAudience, "sub": "a-17", "roles": []string{"sales-agent"},
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	}).SignedString([]byte(pub))
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{
		"iss": adminauth.DefaultIssuer, "aud": adminauth.DefaultAudience, "sub": "a-17", "roles": []string{"sales-agent"},
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	otherKey, _ := other.Sign(agent, time.Hour)
	cases := map[string]string{
		"empty":           "",
		"garbage":         "not-a-token",
		"other key":       otherKey,
		"tampered claims": parts[0] + "." + strings.TrimRight(parts[1], "A") + "B." + parts[2],
		"wrong issuer":    sign(t, func(i *localissuer.Issuer) { i.Issuer = "someone-else" }, agent, time.Hour),
		"wrong audience":  sign(t, func(i *localissuer.Issuer) { i.Audience = "other-shop" }, agent, time.Hour),
		"expired":         sign(t, func(i *localissuer.Issuer) { i.Now = past }, agent, time.Hour),
		"too long-lived":  sign(t, nil, agent, 13*time.Hour),
		"no subject":      sign(t, nil, adminauth.Admin{Roles: agent.Roles}, time.Hour),
		"HS256 with key":  hs,
		"alg none":        none,
	}
	for name, token := range cases {
		t.Run(name, func(t *testing.T) {
			if a, err := v.Verify(token); !errors.Is(err, adminauth.ErrInvalidToken) {
				t.Fatalf("Verify = %+v, %v; want ErrInvalidToken", a, err)
			}
		})
	}
}

func TestNewVerifierKeys(t *testing.T) {
	if v, err := adminauth.NewVerifier(adminauth.Settings{}); v != nil || err != nil {
		t.Fatalf("no keys: %v, %v; want sign-in off", v, err)
	}
	if _, err := adminauth.NewVerifier(adminauth.Settings{PublicKeys: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"}); err == nil {
		t.Fatal("broken key accepted")
	}
	// Rotation: tokens of either configured key verify; an ECDSA P-256 key is accepted too.
	a, _ := localissuer.New()
	b, _ := localissuer.New()
	pa, _ := a.PublicKeyPEM()
	pb, _ := b.PublicKeyPEM()
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKIXPublicKey(&ec.PublicKey)
	pe := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	v, err := adminauth.NewVerifier(adminauth.Settings{PublicKeys: pa + pb + pe})
	if err != nil {
		t.Fatal(err)
	}
	for _, iss := range []*localissuer.Issuer{a, b} {
		tok, _ := iss.Sign(agent, time.Minute)
		if _, err := v.Verify(tok); err != nil {
			t.Fatalf("rotated key refused: %v", err)
		}
	}
	claims := adminauth.Claims{RegisteredClaims: jwt.RegisteredClaims{
		Issuer: adminauth.DefaultIssuer, Subject: "a-9", Audience: jwt.ClaimStrings{adminauth.DefaultAudience},
		IssuedAt: jwt.NewNumericDate(time.Now()), ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Minute)),
	}, Roles: []string{adminauth.RoleSalesAgent}}
	es, _ := jwt.NewWithClaims(jwt.SigningMethodES256, claims).SignedString(ec)
	if got, err := v.Verify(es); err != nil || got.ID != "a-9" {
		t.Fatalf("ES256 token: %+v, %v", got, err)
	}
}
