// Package sessions maps the browser's session cookie to the session id the services key their
// data by. The two are kept apart so the cookie can be rotated on login and logout (no session
// fixation: a cookie value someone planted or saw before the login stops working) while the cart,
// customer and locale the services keep under the session id stay where they are.
package sessions

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrUnknown means the token names no live session: it expired or never existed.
var ErrUnknown = errors.New("unknown session token")

// ErrRotated means the token was rotated away (login, logout, draft adoption) within RotatedGrace.
// A request sent with it before the browser received the new cookie must neither reach the session
// (the old token stops working: no fixation) nor start a new one, whose cookie would overwrite the
// new one and leave the visitor with an empty cart: the gateway answers it alone, and the browser,
// holding the new cookie by then, asks again.
var ErrRotated = errors.New("session token rotated away")

// RotatedGrace is how long a rotated-away token is known as such; after it, it is unknown.
const RotatedGrace = time.Minute

// rotatedMarker is what a rotated-away token resolves to in the stores: never a session id
// (ids are base64url, with an optional "<scope>." prefix).
const rotatedMarker = "!rotated"

// DefaultTTL is how long a session lives after its last request: as long as its cart.
const DefaultTTL = 7 * 24 * time.Hour

// TokenBytes is the entropy of tokens and session ids: 256 bits, far beyond guessing.
const TokenBytes = 32

// Store resolves, creates and rotates sessions. Outages are returned as errors wrapping
// ErrUnavailable so the gateway answers 503 instead of handing out a new, empty session.
type Store interface {
	// Resolve returns the session id of token and extends its life; ErrUnknown when there is none.
	Resolve(ctx context.Context, token string) (id string, err error)
	// Create starts a session of scope (the brand it belongs to; ScopedID) and returns its cookie
	// token and id.
	Create(ctx context.Context, scope string) (token, id string, err error)
	// Rotate gives the session of token a new token; the old one resolves to ErrRotated for
	// RotatedGrace, then to ErrUnknown. ErrUnknown when token names no session.
	Rotate(ctx context.Context, token string) (newToken string, err error)
	// Adopt gives the browser of token a new token that names the session id instead of its own
	// (an order draft's session, spec §2 session-restore); the old token resolves as after Rotate.
	Adopt(ctx context.Context, token, id string) (newToken string, err error)
}

// ErrUnavailable marks a store outage.
var ErrUnavailable = errors.New("session store unavailable")

// NewToken returns a fresh random token (also used for session ids).
func NewToken() (string, error) {
	b := make([]byte, TokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("read random bytes: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ValidToken accepts exactly the shape NewToken produces, so malformed cookies never reach the store.
func ValidToken(s string) bool {
	if len(s) != base64.RawURLEncoding.EncodedLen(TokenBytes) {
		return false
	}
	// Decoded into an array on the stack: this runs twice per request (session and CSRF).
	var b [TokenBytes]byte
	n, err := base64.RawURLEncoding.Decode(b[:], []byte(s))
	return err == nil && n == TokenBytes
}

// ScopedID returns a fresh session id that belongs to scope (a brand's id): "<scope>.<random>",
// or the random part alone without a scope. Data keyed by the id in the services is unchanged;
// the gateway reads the scope back with ScopeOf so one brand's session is never used on another
// brand's host.
func ScopedID(scope string) (string, error) {
	id, err := NewToken()
	if err != nil || scope == "" {
		return id, err
	}
	return scope + "." + id, nil
}

// ScopeOf returns the scope an id was created for; "" for an id without one (created before
// sessions were scoped).
func ScopeOf(id string) string {
	if i := strings.LastIndexByte(id, '.'); i > 0 {
		return id[:i]
	}
	return ""
}

// tokenKey is what the store keeps instead of the token: reading the store (a dump, a replica)
// does not yield cookies that work.
func tokenKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
