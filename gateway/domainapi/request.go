package domainapi

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"google.golang.org/protobuf/encoding/protojson"

	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// Message keys of requests the gateway rejects before calling a service.
const (
	// KeyTooManyNames is also what the domain service answers; the gateway checks first so an
	// oversized batch never crosses the network.
	KeyTooManyNames    = "domain.too_many_names"
	KeyNamesRequired   = "domain.input_empty"
	KeyInputTooLong    = "domain.input_too_long"
	KeyGroupNotFound   = "domain.group_not_found"
	KeyProductNotFound = "product.not_found"
	KeyProductInvalid  = "product.id_invalid"
	KeyOffsetInvalid   = "domain.offset_invalid"
	KeyLimitInvalid    = "domain.limit_invalid"
	KeyFieldsInvalid   = "domain.fields_invalid"
)

// Limits of what a request may carry. Names are checked in batches of five (spec §7, §9); search
// input is normalised by the service, the gateway only refuses what no domain could be.
const (
	MaxNames          = 5
	maxInputBytes     = 1024
	maxBodyBytes      = 16 << 10
	maxInclusiveNames = 100
	maxFieldValues    = 200
)

var errBadBody = errors.New("malformed request body")

// namesBody is the body of POST /domain-availability and POST /products/{id}/inclusive-tlds.
type namesBody struct {
	Domains []string `json:"domains"`
	// ProductID (availability only) marks the results that are free with that product.
	ProductID int32 `json:"product_id"`
	// AlreadyUsed (inclusive-tlds only) counts free domains the product uses elsewhere.
	AlreadyUsed int32 `json:"already_used"`
}

// validNames applies the transport bounds: at least one and at most max names, none longer than
// any search input could be.
func validNames(names []string, max int) (key string, ok bool) {
	switch {
	case len(names) == 0:
		return KeyNamesRequired, false
	case len(names) > max:
		return KeyTooManyNames, false
	}
	for _, n := range names {
		if len(n) > maxInputBytes {
			return KeyInputTooLong, false
		}
	}
	return "", true
}

// positiveID parses a path or query id; empty is 0 (none) when optional.
func positiveID(s string, optional bool) (int32, bool) {
	if s == "" {
		return 0, optional
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n <= 0 {
		return 0, false
	}
	return int32(n), true
}

// nonNegative parses an optional paging number; empty is 0.
func nonNegative(s string) (int32, bool) {
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n < 0 {
		return 0, false
	}
	return int32(n), true
}

var fieldsJSON = protojson.UnmarshalOptions{DiscardUnknown: true}

// decodeFieldsBody reads {"fields":[{"domain","field_id","value"}],"include_postponed":bool}, the
// contract's request in its JSON form.
func decodeFieldsBody(r *http.Request) (*domainv1.ValidateDomainAdditionalFieldsRequest, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadBody, err)
	}
	if len(raw) > maxBodyBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", errBadBody, maxBodyBytes)
	}
	req := &domainv1.ValidateDomainAdditionalFieldsRequest{}
	if err := fieldsJSON.Unmarshal(raw, req); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadBody, err)
	}
	if len(req.GetFields()) == 0 || len(req.GetFields()) > maxFieldValues {
		return nil, fmt.Errorf("%w: %d fields", errBadBody, len(req.GetFields()))
	}
	return req, nil
}
