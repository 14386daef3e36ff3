package domain

import (
	"crypto/rand"
	"io"
	"math/big"
)

// randomString draws n characters of alphabet from r, each uniformly (rand.Int rejects the draws
// a plain modulo would bias).
func randomString(r io.Reader, alphabet string, n int) (string, error) {
	if r == nil {
		r = rand.Reader
	}
	max := big.NewInt(int64(len(alphabet)))
	out := make([]byte, n)
	for i := range out {
		k, err := rand.Int(r, max)
		if err != nil {
			return "", err
		}
		out[i] = alphabet[k.Int64()]
	}
	return string(out), nil
}
