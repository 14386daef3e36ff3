package grpctransport

import (
	"fmt"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/services/cart/domain"
)

// The contract transfer's errors reach the gateway with the spec's keys and the codes the gateway
// turns into 404, 422 and 503, even wrapped by the use case.
func TestStatusOfTransferErrors(t *testing.T) {
	refused := fmt.Errorf("transfer T-422: %w", &domain.ViolationsError{Base: domain.ErrTransferProductUnavailable,
		Violations: []domain.Violation{{Field: domain.FieldTransferContract, Key: "validation.max_length"}}})
	cases := []struct {
		err       error
		code      codes.Code
		key       string
		violation string
	}{
		{fmt.Errorf("look up transfer: %w", domain.ErrTransferNotFound), codes.NotFound, "domain.transfer_product_unavailable", ""},
		{fmt.Errorf("transfer T-410: %w", domain.ErrTransferProductUnavailable), codes.FailedPrecondition, "domain.transfer_product_unavailable", ""},
		{refused, codes.FailedPrecondition, "domain.transfer_product_unavailable", "transfer_contract=validation.max_length"},
		{fmt.Errorf("look up transfer: dial: %w", domain.ErrTransferUnavailable), codes.Unavailable, "domain.contract_transfer_unavailable", ""},
	}
	for _, tc := range cases {
		st := status.Convert(statusFrom(tc.err, "transfer_id"))
		if st.Code() != tc.code || st.Message() != tc.key {
			t.Errorf("%v: status = %v %q, want %v %q", tc.err, st.Code(), st.Message(), tc.code, tc.key)
		}
		var got string
		for _, d := range st.Details() {
			if br, ok := d.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) > 0 {
				v := br.GetFieldViolations()[0]
				got = v.GetField() + "=" + v.GetDescription()
			}
		}
		if tc.violation != "" && got != tc.violation {
			t.Errorf("%v: violation = %q, want %q", tc.err, got, tc.violation)
		}
	}
}
