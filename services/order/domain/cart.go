package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// KeyAlreadyPlaced refuses a second order of a cart that was ordered already: the cart clean-up
// after the first order failed, and the same cart submitted again (another Idempotency-Key, a second
// tab) must not make a second order.
const KeyAlreadyPlaced = "order.already_placed"

// ErrAlreadyPlaced is that refusal (409).
var ErrAlreadyPlaced = apperr.New(apperr.Conflict, KeyAlreadyPlaced)

// CartRevision names one state of a session's cart, which is ordered at most once: the cart
// service's version counter (it grows with every stored change, clearing included) and the rows the
// cart holds (each added item gets a new random row id). The rows guard against a counter that
// starts over (a cart that expired while its session lived on): a new cart at an old version holds
// other rows, so a later, wanted order is never taken for a repeat.
func CartRevision(version int64, lines []Line) string {
	h := sha256.New()
	h.Write([]byte("v" + strconv.FormatInt(version, 10)))
	seen := map[string]bool{}
	for _, l := range lines {
		if !seen[l.Item] {
			seen[l.Item] = true
			h.Write([]byte{0})
			h.Write([]byte(l.Item))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
