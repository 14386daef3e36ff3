// Package reqbody reads request bodies with a size limit, so no route buffers more than its
// contract allows.
package reqbody

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

// ErrTooLarge reports a body over the limit.
var ErrTooLarge = errors.New("request body too large")

// Read returns the body of r, at most limit bytes; a longer body is ErrTooLarge.
func Read(r *http.Request, limit int64) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read request body: %w", err)
	}
	if int64(len(raw)) > limit {
		return nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, limit)
	}
	return raw, nil
}
