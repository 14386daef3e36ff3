package grpcclient

import (
	"strings"
	"testing"
)

func TestValidIdempotencyKey(t *testing.T) {
	for key, want := range map[string]bool{
		"7d0c4a52-1f3e-4b7a-9c55-0e2f6a8b9d01": true,
		"a b~!":                                true,
		strings.Repeat("k", MaxIdempotencyKeyLength): true,
		"": false,
		strings.Repeat("k", MaxIdempotencyKeyLength+1): false,
		"schlüssel": false, // not ASCII: gRPC metadata refuses it
		"\x80":      false, // no UTF-8 either
		"a\tb":      false,
		"a\x7fb":    false,
	} {
		if got := ValidIdempotencyKey(key); got != want {
			t.Errorf("ValidIdempotencyKey(%q) = %v, want %v", key, got, want)
		}
	}
}
