package cartsvc

import (
	"testing"

	"github.com/hostcart/checkout/services/cart/adapters/transferhttp"
	"github.com/hostcart/checkout/services/cart/sandbox/transfersandbox"
)

func TestTransferPort(t *testing.T) {
	if p, err := transferPort(TransferConfig{}); p != nil || err != nil {
		t.Errorf("none: %v %v", p, err)
	}
	if p, err := transferPort(TransferConfig{Provider: TransferSandbox}); err != nil {
		t.Errorf("sandbox: %v", err)
	} else if _, ok := p.(transfersandbox.Sandbox); !ok {
		t.Errorf("sandbox: got %T", p)
	}
	if p, err := transferPort(TransferConfig{Provider: TransferHTTP, URL: "http://127.0.0.1:1", APIKey: "k"}); err != nil {
		t.Errorf("http: %v", err)
	} else if _, ok := p.(*transferhttp.Client); !ok {
		t.Errorf("http: got %T", p)
	}
	for _, bad := range []TransferConfig{{Provider: TransferHTTP}, {Provider: "carrier-pigeon"}} {
		if _, err := transferPort(bad); err == nil {
			t.Errorf("%+v: want a refusal to start", bad)
		}
	}
}
