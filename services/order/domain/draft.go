package domain

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Message keys of the order drafts (spec §8 "Order draft").
const (
	KeyDraftNotFound        = "order_drafts.not_found"
	KeyNoDraft              = "order_drafts.no_draft"
	KeyDraftAgentOnly       = "order_drafts.agent_only"
	KeyDraftCustomerOnly    = "order_drafts.customer_only"
	KeyDraftVersionConflict = "order_drafts.version_conflict"
	KeyDraftCartRequired    = "order_drafts.cart_required"
)

// Draft statuses.
const (
	DraftOpen      = "open"
	DraftOrdered   = "ordered"
	DraftCancelled = "cancelled"
)

// Draft is an order prepared in the admin panel for a customer. It is a session of its own: the
// cart, customer and payment services keep its data under SessionID.
type Draft struct {
	ID             string
	BrandID        int32
	SessionID      string
	Status         string
	Version        int64
	CustomerNumber string
	CreatedBy      string
	SavedBy        string
	// CartSnapshot is the cart as last saved (the cart service's JSON), kept with the draft so
	// the draft outlives the session data's expiry in the cart store.
	CartSnapshot string
	OrderID      string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// sessionCodeBytes: 160 bits, far beyond guessing; the code is a bearer secret.
const sessionCodeBytes = 20

// NewSessionCode returns a code for the draft's links: lowercase letters and digits only, so it
// passes the shop's query sanitising (word characters) unchanged.
func NewSessionCode(r io.Reader) (string, error) {
	b := make([]byte, sessionCodeBytes)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("session code: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// SessionCodeHash is what the store keeps instead of the code: a copy of the table does not open
// drafts.
func SessionCodeHash(code string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(code))))
	return hex.EncodeToString(sum[:])
}

// NewDraftSessionID returns a session id shaped like the gateway's for the brand's host: the
// brand's id as its scope, a dot, 32 random bytes in base64url (gateway/sessions.ScopedID). The
// gateway gives a browser presenting a session of another scope, or of none, a new session, so an
// unscoped draft session would be left on the first request after it was opened.
func NewDraftSessionID(r io.Reader, brandID int32) (string, error) {
	b := make([]byte, 32)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("draft session id: %w", err)
	}
	return strconv.Itoa(int(brandID)) + "." + base64.RawURLEncoding.EncodeToString(b), nil
}
