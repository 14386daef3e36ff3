// Package viessandbox is a deterministic stand-in for VIES in devstack and tests: by the last digit
// of the VAT id's number, 0 means VIES does not answer, 9 means the id is not registered, any
// other ending is a valid id with a consultation number derived from it.
package viessandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
)

// ErrUnavailable is the sandbox's "VIES does not answer".
var ErrUnavailable = errors.New("vies sandbox: member state unavailable")

// Sandbox answers VAT id checks without a network.
type Sandbox struct {
	Now func() time.Time
}

// Check answers by the id's last digit.
func (s Sandbox) Check(_ context.Context, vatID string) (domain.VATIDCheck, error) {
	id := strings.ToUpper(strings.Join(strings.Fields(vatID), ""))
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	check := domain.VATIDCheck{VATID: id, CheckedAt: now().UTC()}
	switch {
	case strings.HasSuffix(id, "0"):
		return domain.VATIDCheck{}, ErrUnavailable
	case strings.HasSuffix(id, "9") || len(id) < 4:
		check.Status = domain.VATIDInvalid
	default:
		sum := sha256.Sum256([]byte(id))
		check.Status = domain.VATIDValid
		check.ConsultationNumber = "SANDBOX" + strings.ToUpper(hex.EncodeToString(sum[:6]))
		check.Name = "Sandbox Trader " + id
		check.Address = "Sandboxstraße 1\n10115 Berlin"
	}
	return check, nil
}
