package catalogapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/reqbody"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// KeyFieldsInvalid answers a validation body that is not {"fields":[{"id","value","type"}]} with
// 1 to maxFieldValues product, addon or upsell values. Domain fields have their own route
// (POST /domains/additional-fields/validate): their definitions belong to the domain service.
const KeyFieldsInvalid = "fields.invalid"

const (
	maxFieldValues    = 200
	maxFieldsBodySize = 64 << 10
)

// fieldTypes are the kinds of field the catalog defines.
var fieldTypes = map[string]bool{"product": true, "addon": true, "upsell": true}

type fieldsBody struct {
	Fields []struct {
		ID    fieldID `json:"id"`
		Value string  `json:"value"`
		Type  string  `json:"type"`
	} `json:"fields"`
}

// fieldID is a positive field id sent as a JSON number or a string of digits: form libraries
// often keep ids as strings.
type fieldID int32

func (f *fieldID) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(b, `"`))
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil || n <= 0 {
		return fmt.Errorf("field id %s: not a positive number", b)
	}
	*f = fieldID(n)
	return nil
}

var errBadFields = errors.New("malformed fields body")

func decodeFieldsBody(r *http.Request) (*catalogv1.ValidateAdditionalFieldsRequest, error) {
	raw, err := reqbody.Read(r, maxFieldsBodySize)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadFields, err)
	}
	var body fieldsBody
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadFields, err)
	}
	if len(body.Fields) == 0 || len(body.Fields) > maxFieldValues {
		return nil, fmt.Errorf("%w: %d fields", errBadFields, len(body.Fields))
	}
	req := &catalogv1.ValidateAdditionalFieldsRequest{Fields: make([]*catalogv1.FieldValueInput, len(body.Fields))}
	for i, f := range body.Fields {
		if !fieldTypes[f.Type] {
			return nil, fmt.Errorf("%w: type %q", errBadFields, f.Type)
		}
		req.Fields[i] = &catalogv1.FieldValueInput{FieldId: int32(f.ID), Value: f.Value}
	}
	return req, nil
}

// validateFields answers 200 {} when every value passes its field's rules, else 200 with the
// broken rules' keys per field id under error, the shape spec §7 gives this call ("errors under
// error keyed by field id as lists"), and the same map under errors, where every other validation
// answer of the API has its field errors (docs/api.md "Field validation"). Values that break their
// rules are this call's answer, not a failed request (issue 22: a 422 made every browser log a
// console error for a form the visitor is still filling in), as POST
// /domains/additional-fields/validate answers 200 {"valid": false, ...}; a body the catalog cannot
// judge is 400, a catalog failure its mapped status.
func (h *Handlers) validateFields(c *gin.Context) {
	req, err := decodeFieldsBody(c.Request)
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, KeyFieldsInvalid, "fields")
		return
	}
	resp, err := h.catalog.ValidateAdditionalFields(c.Request.Context(), req)
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	if len(resp.GetErrors()) == 0 {
		c.JSON(http.StatusOK, gin.H{})
		return
	}
	errs := make(map[string][]string, len(resp.GetErrors()))
	for _, fe := range resp.GetErrors() {
		id := strconv.Itoa(int(fe.GetFieldId()))
		errs[id] = append(errs[id], fe.GetErrors()...)
	}
	c.JSON(http.StatusOK, fieldErrorsBody{Error: errs, Errors: errs})
}

// fieldErrorsBody is the answer of validateFields for values that break their rules: the keys per
// field id, under error as spec §7 shows and under errors as the API's other validation answers
// have them.
type fieldErrorsBody struct {
	Error  map[string][]string `json:"error"`
	Errors map[string][]string `json:"errors"`
}
