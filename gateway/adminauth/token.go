// Package adminauth proves who a sales agent is. The admin panel signs a short-lived token (a JWT)
// naming the admin and their roles; the gateway verifies its signature, issuer, audience and
// expiry with the panel's public keys and derives is_sales_agent from it and from nothing else: no
// request body, header or session value the browser controls can make a visitor an agent.
package adminauth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// RoleSalesAgent is the role that makes an admin a sales agent (spec §3 Admin, §6).
const RoleSalesAgent = "sales-agent"

// Defaults of Settings.
const (
	DefaultIssuer   = "hostcart-admin"
	DefaultAudience = "hostcart-checkout"
	// MaxLifetime bounds how long a token may be valid from its issue time: a leaked token of a
	// misconfigured panel stops working after a working day, whatever its exp says.
	MaxLifetime = 12 * time.Hour
	leeway      = 30 * time.Second
)

// ErrInvalidToken covers every refused token: bad signature, wrong issuer or audience, expired,
// too long-lived, malformed.
var ErrInvalidToken = errors.New("invalid admin token")

// Admin is the admin panel user a verified token names.
type Admin struct {
	ID      string
	Name    string
	Roles   []string
	Expires time.Time
}

// IsSalesAgent reports the sales-agent role.
func (a Admin) IsSalesAgent() bool { return slices.Contains(a.Roles, RoleSalesAgent) }

// Claims are the token's claims: the registered ones plus the admin's display name and roles.
type Claims struct {
	jwt.RegisteredClaims
	Name  string   `json:"name,omitempty"`
	Roles []string `json:"roles,omitempty"`
}

// Settings configure the verifier.
type Settings struct {
	// PublicKeys are PEM "PUBLIC KEY" blocks (Ed25519, ECDSA P-256 or RSA); several allow key
	// rotation. Empty disables admin sign-in.
	PublicKeys string
	Issuer     string
	Audience   string
}

// KeysFromEnvValue reads ADMIN_TOKEN_PUBLIC_KEYS: inline PEM, or the path of a PEM file (a
// mounted Secret).
func KeysFromEnvValue(v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" || strings.HasPrefix(v, "-----BEGIN") {
		return v, nil
	}
	b, err := os.ReadFile(v)
	if err != nil {
		return "", fmt.Errorf("admin token keys: %w", err)
	}
	return string(b), nil
}

// Verifier checks admin tokens.
type Verifier struct {
	keys   jwt.VerificationKeySet
	parser *jwt.Parser
}

// NewVerifier parses the keys; it returns nil, nil when none are configured (admin sign-in off).
func NewVerifier(s Settings) (*Verifier, error) {
	if strings.TrimSpace(s.PublicKeys) == "" {
		return nil, nil
	}
	var set jwt.VerificationKeySet
	methods := map[string]bool{}
	rest := []byte(s.PublicKeys)
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "PUBLIC KEY" {
			return nil, fmt.Errorf("admin token keys: unexpected PEM block %q", block.Type)
		}
		key, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("admin token keys: %w", err)
		}
		method, err := methodFor(key)
		if err != nil {
			return nil, err
		}
		methods[method] = true
		set.Keys = append(set.Keys, key)
	}
	if len(set.Keys) == 0 {
		return nil, errors.New("admin token keys: no PEM public key found")
	}
	if s.Issuer == "" {
		s.Issuer = DefaultIssuer
	}
	if s.Audience == "" {
		s.Audience = DefaultAudience
	}
	var valid []string
	for m := range methods {
		valid = append(valid, m)
	}
	slices.Sort(valid)
	return &Verifier{
		keys: set,
		parser: jwt.NewParser(
			jwt.WithValidMethods(valid),
			jwt.WithIssuer(s.Issuer),
			jwt.WithAudience(s.Audience),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(leeway),
		),
	}, nil
}

// methodFor names the one signing algorithm accepted for a key, so a token cannot pick a weaker
// algorithm than the key was issued for.
func methodFor(key crypto.PublicKey) (string, error) {
	switch k := key.(type) {
	case ed25519.PublicKey:
		return jwt.SigningMethodEdDSA.Alg(), nil
	case *ecdsa.PublicKey:
		if k.Curve.Params().BitSize != 256 {
			return "", errors.New("admin token keys: only P-256 ECDSA keys are accepted")
		}
		return jwt.SigningMethodES256.Alg(), nil
	case *rsa.PublicKey:
		if k.N.BitLen() < 2048 {
			return "", errors.New("admin token keys: RSA keys need at least 2048 bits")
		}
		return jwt.SigningMethodRS256.Alg(), nil
	default:
		return "", fmt.Errorf("admin token keys: unsupported key type %T", key)
	}
}

// Verify checks token and returns the admin it names.
func (v *Verifier) Verify(token string) (Admin, error) {
	if v == nil {
		return Admin{}, fmt.Errorf("%w: admin sign-in is not configured", ErrInvalidToken)
	}
	var c Claims
	if _, err := v.parser.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return v.keys, nil }); err != nil {
		return Admin{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	if c.Subject == "" {
		return Admin{}, fmt.Errorf("%w: no subject", ErrInvalidToken)
	}
	if c.IssuedAt == nil || c.ExpiresAt.Sub(c.IssuedAt.Time) > MaxLifetime {
		return Admin{}, fmt.Errorf("%w: lifetime above %s", ErrInvalidToken, MaxLifetime)
	}
	return Admin{ID: c.Subject, Name: c.Name, Roles: c.Roles, Expires: c.ExpiresAt.Time}, nil
}
