package viessandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
)

func TestSandbox(t *testing.T) {
	s := Sandbox{}
	ok, err := s.Check(context.Background(), "FR 40303265045")
	again, _ := s.Check(context.Background(), "FR40303265045")
	if err != nil || ok.Status != domain.VATIDValid || ok.ConsultationNumber == "" || ok.ConsultationNumber != again.ConsultationNumber || ok.VATID != "FR40303265045" {
		t.Fatalf("valid: %+v, %v", ok, err)
	}
	if got, err := s.Check(context.Background(), "FR12345678909"); err != nil || got.Status != domain.VATIDInvalid {
		t.Fatalf("invalid: %+v, %v", got, err)
	}
	if _, err := s.Check(context.Background(), "FR12345678900"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("unavailable: %v", err)
	}
}

// A latency longer than the caller waits ends the check when the caller's context does, as VIES
// not answering; within the caller's patience the answer comes as without latency.
func TestSandboxLatency(t *testing.T) {
	slow := Sandbox{Latency: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := slow.Check(ctx, "FR40303265045")
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled check: %v, want ErrUnavailable with the cause", err)
	}
	quick := Sandbox{Latency: time.Millisecond}
	if got, err := quick.Check(context.Background(), "FR40303265045"); err != nil || got.Status != domain.VATIDValid {
		t.Fatalf("check within the caller's patience: %+v, %v", got, err)
	}
}
