// Package reqbody reads request bodies with a size limit, so no route buffers more than its
// contract allows.
package reqbody

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
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

// protoJSON reads bodies as a contract's message in its JSON form. Unknown fields are ignored: a
// client cannot set anything the message does not have, and routes overwrite what the gateway
// decides itself.
var protoJSON = protojson.UnmarshalOptions{DiscardUnknown: true}

// ErrMalformed reports a body that is not the message's JSON.
var ErrMalformed = errors.New("malformed request body")

// Proto decodes the body of r, at most limit bytes, into msg. A body over the limit or not
// decodable is ErrMalformed (wrapping ErrTooLarge for the former).
func Proto(r *http.Request, msg proto.Message, limit int64) error {
	raw, err := Read(r, limit)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	if err := protoJSON.Unmarshal(raw, msg); err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return nil
}
