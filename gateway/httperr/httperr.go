// Package httperr turns errors from backend gRPC calls into the HTTP status and JSON body of the
// public API. Every handler answers errors through this package, so the mapping lives in one place.
package httperr

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Message keys the frontend translates (spec §8) for errors without a more specific key.
const (
	KeySomethingWentWrong = "error.something_went_wrong"
	KeyServiceUnavailable = "error.service_unavailable"
	KeyNotFound           = "error.not_found"
	KeyInvalidRequest     = "error.invalid_request"
	KeyUnauthenticated    = "error.unauthenticated"
	KeyForbidden          = "error.forbidden"
	KeyConflict           = "error.conflict"
	KeyUnprocessable      = "error.unprocessable"
	KeyTooManyRequests    = "error.too_many_requests"
	// KeyValidationFailed heads a 422 whose errors list the broken rules per field.
	KeyValidationFailed = "validation.failed"
)

// Body is the error document of the API. Errors maps a field name to its message keys. Params,
// present only when the service sent some, are values the translated message interpolates, e.g.
// the offending characters of domain.input_invalid.
type Body struct {
	Error  string              `json:"error"`
	Errors map[string][]string `json:"errors"`
	Params map[string]string   `json:"params,omitempty"`
}

// MarshalJSON always writes errors as an object, so clients can index it without a null check.
func (b Body) MarshalJSON() ([]byte, error) {
	type plain Body
	if b.Errors == nil {
		b.Errors = map[string][]string{}
	}
	return json.Marshal(plain(b))
}

// messageKey matches dotted translation keys such as "locale.not_supported". Status messages of
// another shape are internal wording and must not reach the client.
var messageKey = regexp.MustCompile(`^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$`)

// IsMessageKey reports whether s has the shape of a translation key.
func IsMessageKey(s string) bool { return len(s) <= 200 && messageKey.MatchString(s) }

// FromError maps err (normally returned by a gRPC client) to an HTTP status and body.
func FromError(err error) (int, Body) {
	if err == nil {
		return http.StatusOK, Body{}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return http.StatusServiceUnavailable, Body{Error: KeyServiceUnavailable}
	}
	st, ok := status.FromError(err)
	if !ok {
		return http.StatusInternalServerError, Body{Error: KeySomethingWentWrong}
	}
	httpStatus, fallback, keepMessage := classify(st.Code())
	body := Body{Error: fallback}
	if keepMessage {
		if IsMessageKey(st.Message()) {
			body.Error = st.Message()
		}
		body.Errors = fieldErrors(st)
		body.Params = messageParams(st)
	}
	if httpStatus == http.StatusServiceUnavailable {
		// An outside system's outage (the service answered, naming it): the visitor learns which
		// part is away (params.dependency, e.g. card-provider), not the service's internals.
		if dep := apperr.DependencyDown(err); dependencyName.MatchString(dep) {
			body.Params = map[string]string{apperr.MetadataDependency: dep}
		}
	}
	return httpStatus, body
}

// RetryAfter returns how long the client should wait before retrying, from a google.rpc.RetryInfo
// detail of err; false when there is none.
func RetryAfter(err error) (time.Duration, bool) {
	st, ok := status.FromError(err)
	if !ok {
		return 0, false
	}
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok && ri.GetRetryDelay() != nil {
			return max(ri.GetRetryDelay().AsDuration(), 0), true
		}
	}
	return 0, false
}

// RetryAfterHeader renders d as whole seconds, rounded up and at least 1: "0" would invite an
// immediate retry that the limiter refuses again.
func RetryAfterHeader(d time.Duration) string {
	secs := int64((d + time.Second - 1) / time.Second)
	return strconv.FormatInt(max(secs, 1), 10)
}

// classify returns the HTTP status of a gRPC code, the message key used when the status message is
// not a key, and whether the status may carry client-facing keys at all. Server-side failures never
// do: their messages describe internals.
func classify(c codes.Code) (int, string, bool) {
	switch c {
	case codes.OK:
		return http.StatusOK, "", false
	case codes.NotFound:
		return http.StatusNotFound, KeyNotFound, true
	case codes.InvalidArgument, codes.OutOfRange:
		return http.StatusBadRequest, KeyInvalidRequest, true
	case codes.FailedPrecondition:
		// The request was understood but breaks a business rule (cart limits, guards).
		return http.StatusUnprocessableEntity, KeyUnprocessable, true
	case codes.AlreadyExists, codes.Aborted:
		return http.StatusConflict, KeyConflict, true
	case codes.PermissionDenied:
		return http.StatusForbidden, KeyForbidden, true
	case codes.Unauthenticated:
		return http.StatusUnauthorized, KeyUnauthenticated, true
	case codes.ResourceExhausted:
		return http.StatusTooManyRequests, KeyTooManyRequests, true
	case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled:
		return http.StatusServiceUnavailable, KeyServiceUnavailable, false
	default:
		return http.StatusInternalServerError, KeySomethingWentWrong, false
	}
}

// fieldErrors collects per-field message keys from a google.rpc.BadRequest detail, the standard
// way for a service to report validation errors of several fields at once.
func fieldErrors(st *status.Status) map[string][]string {
	var out map[string][]string
	for _, d := range st.Details() {
		br, ok := d.(*errdetails.BadRequest)
		if !ok {
			continue
		}
		for _, v := range br.GetFieldViolations() {
			key := v.GetDescription()
			if v.GetField() == "" || !IsMessageKey(key) {
				continue
			}
			if out == nil {
				out = map[string][]string{}
			}
			out[v.GetField()] = append(out[v.GetField()], key)
		}
	}
	return out
}

// Limits of what messageParams copies from a status: params are for interpolation into short
// messages, not a channel for arbitrary service data.
const (
	maxParams          = 8
	maxParamValueBytes = 512
)

var paramName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// dependencyName is the shape of the outside systems' names the services send (card-provider,
// contract-transfer); another value is not passed on.
var dependencyName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)

// messageParams collects the metadata of google.rpc.ErrorInfo details (the standard place for
// values that explain an error to the client) as message parameters.
func messageParams(st *status.Status) map[string]string {
	var out map[string]string
	for _, d := range st.Details() {
		info, ok := d.(*errdetails.ErrorInfo)
		if !ok {
			continue
		}
		for k, v := range info.GetMetadata() {
			if len(out) == maxParams || !paramName.MatchString(k) || len(v) > maxParamValueBytes || !utf8.ValidString(v) {
				continue
			}
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// Abort answers the request with the mapping of err and stops the handler chain. The error is
// attached to the gin context so the access log can record what went wrong. A 429 or 503 carrying
// a retry delay gets a Retry-After header.
func Abort(c *gin.Context, err error) {
	httpStatus, body := FromError(err)
	if httpStatus == http.StatusTooManyRequests || httpStatus == http.StatusServiceUnavailable {
		if d, ok := RetryAfter(err); ok {
			c.Header("Retry-After", RetryAfterHeader(d))
		}
	}
	_ = c.Error(err)
	c.AbortWithStatusJSON(httpStatus, body)
}

// AbortKey answers with a client error that the gateway itself detected, e.g. a malformed query.
// With field set, the key is also reported under that field.
func AbortKey(c *gin.Context, httpStatus int, key, field string) {
	body := Body{Error: key}
	if field != "" {
		body.Errors = map[string][]string{field: {key}}
	}
	c.AbortWithStatusJSON(httpStatus, body)
}
