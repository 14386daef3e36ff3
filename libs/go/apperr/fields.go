package apperr

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// KeyValidationFailed is the message key of input refused at one or more fields; the fields and
// their keys travel as google.rpc.BadRequest field violations.
const KeyValidationFailed = "validation.failed"

// FieldViolator is an error that refuses several request fields at once, each with the message
// keys of the rules it broke (first key first: that is the one a form shows at the field).
// Status answers it with one google.rpc.BadRequest field violation per field and key.
type FieldViolator interface{ FieldViolations() map[string][]string }

// FieldErrors is the FieldViolator services return for refused forms: an invalid argument with
// the key validation.failed and the broken rules per field.
type FieldErrors struct {
	fields map[string][]string
}

// NewFieldErrors returns the error of a form whose fields broke the rules in fields (field → message
// keys); nil when fields is empty, so callers can return it unconditionally.
func NewFieldErrors(fields map[string][]string) error {
	if len(fields) == 0 {
		return nil
	}
	return &FieldErrors{fields: cloneFields(fields)}
}

func cloneFields(fields map[string][]string) map[string][]string {
	out := make(map[string][]string, len(fields))
	for f, keys := range fields {
		out[f] = slices.Clone(keys)
	}
	return out
}

func (e *FieldErrors) Error() string {
	parts := make([]string, 0, len(e.fields))
	for _, f := range slices.Sorted(maps.Keys(e.fields)) {
		parts = append(parts, f+": "+strings.Join(e.fields[f], ", "))
	}
	return KeyValidationFailed + " (" + strings.Join(parts, "; ") + ")"
}

// Unwrap makes refused fields an invalid argument.
func (e *FieldErrors) Unwrap() error { return InvalidArgument }

// MessageKey is validation.failed.
func (e *FieldErrors) MessageKey() string { return KeyValidationFailed }

// FieldViolations returns a copy of the broken rules per field.
func (e *FieldErrors) FieldViolations() map[string][]string {
	return cloneFields(e.fields)
}

// fieldViolations builds the BadRequest detail of err: the violations of a FieldViolator in its
// chain (fields sorted, so equal errors give equal statuses), else field with the error's key.
func fieldViolations(err error, field, key string) *errdetails.BadRequest {
	var fv FieldViolator
	if errors.As(err, &fv) {
		violations := fv.FieldViolations()
		br := &errdetails.BadRequest{}
		for _, f := range slices.Sorted(maps.Keys(violations)) {
			for _, k := range violations[f] {
				br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: f, Description: k})
			}
		}
		if len(br.FieldViolations) > 0 {
			return br
		}
	}
	if field == "" {
		return nil
	}
	return &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: key}}}
}
