package main

import (
	"fmt"
	"net/http"
	"testing"
)

// checkPaymentAPI drives the payment routes through the gateway as the payment screen does.
func checkPaymentAPI(t *testing.T, st *stack) {
	t.Run("payment types and the SEPA option", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		code, _, body := b.do(http.MethodGet, "/api/v2/payment-types", "")
		types, _ := body["payment_types"].([]any)
		if code != http.StatusOK || len(types) != 3 {
			t.Fatalf("payment types: %d %v", code, body)
		}
		code, _, body = b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"sepa","holder":"Erika Mustermann","iban":"DE88370400440532013000","bic":"COBADEFFXXX","bank":"Commerzbank","permission":true}`)
		if code != http.StatusBadRequest || body["error"] != "validation.failed" || firstKey(body["errors"].(map[string]any)["iban"]) != "payment.iban_invalid" {
			t.Fatalf("wrong check digits: %d %v", code, body)
		}
		code, _, body = b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"sepa","holder":"Erika Mustermann","iban":"DE89 3704 0044 0532 0130 00","bic":"COBADEFFXXX","bank":"Commerzbank","permission":true}`)
		p, _ := body["payment"].(map[string]any)
		if code != http.StatusOK || p["iban"] != "DE89••••••••••••••3000" || p["type"] != "sepa" {
			t.Fatalf("valid SEPA: %d %v", code, body)
		}
		code, _, body = b.do(http.MethodGet, "/api/v2/session/payment", "")
		if p, _ := body["payment"].(map[string]any); code != http.StatusOK || fmt.Sprint(p["holder"]) != "Erika Mustermann" {
			t.Fatalf("stored option: %d %v", code, body)
		}
	})
}
