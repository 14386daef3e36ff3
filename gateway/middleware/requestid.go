package middleware

import (
	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// RequestIDHeader carries the id that joins the logs of one request across all services.
const RequestIDHeader = "X-Request-Id"

const maxRequestIDLength = 128

// RequestID adopts the caller's X-Request-Id (so a proxy's id keeps working) when it is safe to
// log, otherwise generates one, and echoes it in the response.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(RequestIDHeader)
		if !validRequestID(id) {
			id = callctx.NewRequestID()
		}
		c.Header(RequestIDHeader, id)
		updateCallContext(c, func(v *callctx.Values) { v.RequestID = id })
		c.Next()
	}
}

func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLength {
		return false
	}
	for _, ch := range id {
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', ch == '-', ch == '_', ch == '.':
		default:
			return false
		}
	}
	return true
}
