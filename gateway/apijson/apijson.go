// Package apijson writes protobuf answers of the services in the API's JSON shape, so every route
// module renders the contracts the same way.
package apijson

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
)

// ContentType of every JSON answer.
const ContentType = "application/json; charset=utf-8"

// contentTypeValue is shared by every answer: net/http only reads header values, and a later Set
// replaces the slice rather than writing into it.
var contentTypeValue = []string{ContentType}

// Options give the API's JSON shape: proto field names (snake_case) and every field present, so
// empty lists are [] and zero values are written rather than left out.
var Options = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// Marshal renders msg in the API's JSON shape, appending to out.
func Marshal(out []byte, msg proto.Message) ([]byte, error) {
	m := msg.ProtoReflect()
	start := len(out)
	body, err := Append(out, m)
	if errors.Is(err, errUnsupported) {
		return Options.MarshalAppend(out[:start], msg)
	}
	if err != nil {
		return out[:start], err
	}
	return body, nil
}

// buffers recycles answer buffers; a typical answer is a few kilobytes.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// maxPooledBuffer keeps rare huge answers from pinning memory in the pool.
const maxPooledBuffer = 256 << 10

// Write answers with msg as JSON, or with the mapped error when the call failed.
func Write(c *gin.Context, msg proto.Message, err error) {
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	bufp := buffers.Get().(*[]byte)
	body, err := Marshal((*bufp)[:0], msg)
	if err != nil {
		buffers.Put(bufp)
		httperr.Abort(c, fmt.Errorf("encode %s: %w", msg.ProtoReflect().Descriptor().FullName(), err))
		return
	}
	// What c.Data does, without a fresh header slice per answer for the content type.
	h := c.Writer.Header()
	if len(h["Content-Type"]) == 0 {
		h["Content-Type"] = contentTypeValue
	}
	// An explicit length keeps net/http from switching answers over 2 KB to chunked encoding.
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	c.Status(http.StatusOK)
	// The bytes are written (copied into the response's buffer) before Write returns, so the
	// buffer can be reused afterwards.
	if _, err := c.Writer.Write(body); err != nil {
		_ = c.Error(err)
		c.Abort()
	}
	if cap(body) <= maxPooledBuffer {
		*bufp = body[:0]
		buffers.Put(bufp)
	}
}
