// Package sandbox is a deterministic registry for devstack and tests: the same name always gets
// the same status, with no network, and an optional latency imitates a real registry.
package sandbox

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

// Names whose second-level label starts with one of these prefixes get a fixed answer, so tests
// and demos can ask for every case on purpose:
//
//	taken...        status 1 (registered, transfer possible)
//	unavailable...  status 2
//	reserved...     status 2
//	free...         status 0
//	available...    status 0
//	registryerror...  the registry fails
//
// Well-known brands are taken. Everything else is decided by a hash of the full name: about 60 %
// available, 30 % taken, 10 % unavailable.
var prefixes = []struct {
	prefix string
	status domain.Status
}{
	{"taken", domain.StatusTaken},
	{"unavailable", domain.StatusUnavailable},
	{"reserved", domain.StatusUnavailable},
	{"free", domain.StatusAvailable},
	{"available", domain.StatusAvailable},
}

var takenNames = map[string]bool{
	"google": true, "amazon": true, "example": true, "facebook": true, "wikipedia": true,
	"hostwerk": true, "alpenhost": true, "microsoft": true, "apple": true, "nic": true,
}

// ErrSandboxFailure is what the sandbox answers for names starting with "registryerror".
var ErrSandboxFailure = errors.New("sandbox registry: simulated failure")

// Registry is the sandbox. Latency is added to every check (honouring ctx).
type Registry struct {
	Latency time.Duration
}

// New returns a sandbox registry answering after latency.
func New(latency time.Duration) *Registry { return &Registry{Latency: latency} }

// Check answers deterministically for name (ASCII, e.g. "example.de").
func (r *Registry) Check(ctx context.Context, name string) (domain.Status, error) {
	if r.Latency > 0 {
		t := time.NewTimer(r.Latency)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return 0, fmt.Errorf("sandbox registry %s: %w", name, ctx.Err())
		}
	}
	return StatusOf(name)
}

// StatusOf is the sandbox's answer for name without the latency.
func StatusOf(name string) (domain.Status, error) {
	sld, _, _ := strings.Cut(name, ".")
	if strings.HasPrefix(sld, "registryerror") {
		return 0, fmt.Errorf("check %s: %w", name, ErrSandboxFailure)
	}
	for _, p := range prefixes {
		if strings.HasPrefix(sld, p.prefix) {
			return p.status, nil
		}
	}
	if takenNames[sld] {
		return domain.StatusTaken, nil
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(name))
	switch v := h.Sum32() % 10; {
	case v < 6:
		return domain.StatusAvailable, nil
	case v < 9:
		return domain.StatusTaken, nil
	default:
		return domain.StatusUnavailable, nil
	}
}
