package domain

import (
	"crypto/rand"
)

// RowIDLength is the length of an item's row id (spec §9).
const RowIDLength = 32

const base36 = "0123456789abcdefghijklmnopqrstuvwxyz"

// NewRowID returns 32 random base36 characters. Bytes of 252 and above are skipped so every
// character is equally likely (252 = 7 × 36).
func NewRowID() string {
	out := make([]byte, 0, RowIDLength)
	buf := make([]byte, RowIDLength*2)
	for len(out) < RowIDLength {
		_, _ = rand.Read(buf) // crypto/rand.Read never fails on supported platforms
		for _, b := range buf {
			if b >= 252 {
				continue
			}
			out = append(out, base36[b%36])
			if len(out) == RowIDLength {
				break
			}
		}
	}
	return string(out)
}

// ValidRowID reports whether s has the shape of a row id.
func ValidRowID(s string) bool {
	if len(s) != RowIDLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'z') {
			return false
		}
	}
	return true
}
