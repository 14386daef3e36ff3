// Package viessandbox is a deterministic stand-in for VIES in devstack and tests: by the last digit
// of the VAT id's number, 0 means VIES does not answer, 9 means the id is not registered, any
// other ending is a valid id with a consultation number derived from it. Latency (devstack's
// VIES_SANDBOX_LATENCY) makes every answer that late, as a slow VIES would be; the caller giving up
// first ends the check as VIES not answering.
package viessandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
)

// ErrUnavailable is the sandbox's "VIES does not answer".
var ErrUnavailable = errors.New("vies sandbox: member state unavailable")

// Sandbox answers VAT id checks without a network.
type Sandbox struct {
	Now func() time.Time
	// Latency delays every answer (a timer, honouring the caller's context); zero answers at once.
	Latency time.Duration
}

// Check answers by the id's last digit, after Latency. A context that ends first is VIES not
// answering (ErrUnavailable), as the real client's would be.
func (s Sandbox) Check(ctx context.Context, vatID string) (domain.VATIDCheck, error) {
	if s.Latency > 0 {
		t := time.NewTimer(s.Latency)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return domain.VATIDCheck{}, fmt.Errorf("%w: %w", ErrUnavailable, context.Cause(ctx))
		}
	}
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
