package promotionapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/httperr"
)

// KeyCodeNotFound is what the promotion service answers for an unknown code; a code the gateway
// refuses answers the same, so a client sees one key whoever noticed.
const KeyCodeNotFound = "confirm.manual_promotion_not_found"

// maxCodeBytes is longer than any code the promotion service stores; a longer one cannot exist
// and is not worth a call (nor a unit of the caller's lookup budget).
const maxCodeBytes = 64

// codeParam returns the path's code, or answers 404 itself when no promotion can have it.
func codeParam(c *gin.Context) (string, bool) {
	code := c.Param("code")
	if code == "" || len(code) > maxCodeBytes {
		httperr.AbortKey(c, http.StatusNotFound, KeyCodeNotFound, "")
		return "", false
	}
	return code, true
}
