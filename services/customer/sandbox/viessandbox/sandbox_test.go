package viessandbox

import (
	"context"
	"errors"
	"testing"

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
