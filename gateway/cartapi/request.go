package cartapi

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/reqbody"
)

// Message keys of requests the gateway rejects before calling a service. A malformed path
// segment answers the key the service would give for an unknown one, so clients see one key per
// situation whether the gateway or the service noticed.
const (
	KeyItemNotFound      = "cart.item_not_found"
	KeyAddonNotFound     = "cart.addon_not_found"
	KeyUpsellNotFound    = "cart.upsell_not_found"
	KeyDomainNotFound    = "cart.domain_not_found"
	KeyPromotionNotFound = "cart.promotion_not_found"
	KeyCodeNotFound      = "confirm.manual_promotion_not_found"
)

// Limits of what a request may carry. A whole cart (PUT /session/cart) holds at most 100 items
// (the promotion service's snapshot limit) with their field values; other bodies are one line.
const (
	maxCartBodyBytes = 256 << 10
	maxBodyBytes     = 32 << 10
	maxRowIDBytes    = 64
	maxDomainBytes   = 253
	maxCodeBytes     = 64
)

var errBadBody = errors.New("malformed request body")

// bodyJSON reads bodies as the contract's messages in their JSON form. Unknown fields are ignored,
// as on every other route: a client cannot set anything the message does not have (prices, for
// one, are not part of any request), and what it has the handler overwrites where the gateway
// decides (path ids, is_sales_agent).
var bodyJSON = protojson.UnmarshalOptions{DiscardUnknown: true}

// readBody decodes the request body into msg, reading at most limit bytes.
func readBody(r *http.Request, msg proto.Message, limit int64) error {
	raw, err := reqbody.Read(r, limit)
	if err != nil {
		return fmt.Errorf("%w: %v", errBadBody, err)
	}
	if err := bodyJSON.Unmarshal(raw, msg); err != nil {
		return fmt.Errorf("%w: %v", errBadBody, err)
	}
	return nil
}

// decode reads the body into msg and answers 400 error.invalid_request itself when it cannot.
func decode(c *gin.Context, msg proto.Message, limit int64) bool {
	if err := readBody(c.Request, msg, limit); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return false
	}
	return true
}

// pathID parses a positive int32 path segment (addon and upsell ids).
func pathID(s string) (int32, bool) {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n <= 0 {
		return 0, false
	}
	return int32(n), true
}

// boundedParam returns the path parameter name when it is not empty, at most limit bytes and
// UTF-8; otherwise it answers 404 with key, since no such row, domain or code can exist (and a
// string that is no UTF-8, "%ff" in the path, would fail the call to the cart service: 500).
func boundedParam(c *gin.Context, name string, limit int, key string) (string, bool) {
	v := c.Param(name)
	if v == "" || len(v) > limit || !utf8.ValidString(v) {
		httperr.AbortKey(c, http.StatusNotFound, key, "")
		return "", false
	}
	return v, true
}

// boolQuery parses an optional boolean query value: empty is false.
func boolQuery(s string) (bool, bool) {
	switch s {
	case "", "false", "0":
		return false, true
	case "true", "1":
		return true, true
	}
	return false, false
}
