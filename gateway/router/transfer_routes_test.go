package router_test

import (
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/internal/fakecart"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// POST /contract-transfer/{transferId} reaches the cart with the path's id and never the body's
// sales-agent claim, and answers the cart, the row and the contract.
func TestContractTransferRoute(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.send(t, "POST", "/api/v2/contract-transfer/T-7", `{"is_sales_agent":true,"transfer_id":"T-8"}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	call, ok := e.cart.Last("StartContractTransfer")
	if !ok || !proto.Equal(call.Req, &cartv1.StartContractTransferRequest{TransferId: "T-7"}) {
		t.Fatalf("cart got %v", call.Req)
	}
	var sid string
	for _, c := range v.cookies {
		if c.Name == "sid" {
			sid = c.Value
		}
	}
	if call.Values.SessionID != e.sessionID(t, sid) || call.Values.BrandID == 0 {
		t.Errorf("call context = %+v, want the visitor's session and brand", call.Values)
	}
	body := decode(t, rec.Body.Bytes())
	tr, _ := body["transfer"].(map[string]any)
	if body["row_id"] != fakecart.RowID || tr["contract_reference"] != "V-000001" || tr["transfer_id"] != "T-7" || body["cart"] == nil {
		t.Errorf("answer = %s", rec.Body)
	}
}

// A state-changing route: without the CSRF header it is refused before the cart is asked.
func TestContractTransferNeedsCSRF(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := e.do(t, request{method: "POST", target: "/api/v2/contract-transfer/T-7", cookies: v.cookies, host: v.host})
	if rec.Code != http.StatusForbidden {
		t.Fatalf("%d %s, want 403", rec.Code, rec.Body)
	}
	if _, ok := e.cart.Last("StartContractTransfer"); ok {
		t.Error("the cart was asked without a CSRF token")
	}
}

func TestContractTransferErrors(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		target string
		code   int
		want   string
	}{
		{"unknown transfer", fakecart.Error(codes.NotFound, "domain.transfer_product_unavailable", nil),
			"/api/v2/contract-transfer/T-9", 404, `{"error":"domain.transfer_product_unavailable","errors":{}}`},
		{"product unavailable", fakecart.Error(codes.FailedPrecondition, "domain.transfer_product_unavailable", map[string]string{"product_id": "1095"}),
			"/api/v2/contract-transfer/T-410", 422, `{"error":"domain.transfer_product_unavailable","errors":{},"params":{"product_id":"1095"}}`},
		{"reference refused", fakecart.Error(codes.FailedPrecondition, "domain.transfer_product_unavailable", nil, "transfer_contract", "validation.max_length"),
			"/api/v2/contract-transfer/T-422", 422, `{"error":"domain.transfer_product_unavailable","errors":{"transfer_contract":["validation.max_length"]}}`},
		{"transfer service down", status.Error(codes.Unavailable, "domain.contract_transfer_unavailable"),
			"/api/v2/contract-transfer/T-503", 503, `{"error":"domain.contract_transfer_unavailable","errors":{}}`},
		{"cart store down", status.Error(codes.Unavailable, "cart.unavailable"),
			"/api/v2/contract-transfer/T-1", 503, `{"error":"error.service_unavailable","errors":{}}`},
		{"malformed id stops at the gateway", nil,
			"/api/v2/contract-transfer/" + strings.Repeat("x", 65), 404, `{"error":"domain.transfer_product_unavailable","errors":{}}`},
		{"id with other characters", nil,
			"/api/v2/contract-transfer/T%201", 404, `{"error":"domain.transfer_product_unavailable","errors":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envOptions{})
			v := newVisitor(t, e)
			if tt.err != nil {
				e.cart.FailWith(tt.err)
			}
			rec := v.send(t, "POST", tt.target, "")
			if rec.Code != tt.code || !sameJSON(t, rec.Body.String(), tt.want) {
				t.Fatalf("%d %s, want %d %s", rec.Code, rec.Body, tt.code, tt.want)
			}
			if _, asked := e.cart.Last("StartContractTransfer"); asked != (tt.err != nil) {
				t.Errorf("cart asked: %v, want %v", asked, tt.err != nil)
			}
		})
	}
}
