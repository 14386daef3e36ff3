package endpoints

import (
	"testing"

	"github.com/hostcart/checkout/services/domain/domain"
)

// A normalised search is a success for the call log; only a carried input error is a rejection.
func TestNormalizeSearchResponseFailed(t *testing.T) {
	if err := (NormalizeSearchResponse{}).Failed(); err != nil {
		t.Errorf("Failed() without input error = %#v, want untyped nil", err)
	}
	inErr := &domain.InputError{Key: domain.KeyInputEmpty}
	if err := (NormalizeSearchResponse{Error: inErr}).Failed(); err != inErr {
		t.Errorf("Failed() = %v, want the input error", err)
	}
}
