package paymenttypes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
)

// The frontend's copy is what the generator writes today: a slug renamed here and not regenerated
// would let the browser send a payment type the services no longer know.
func TestTypeScriptCopyIsCurrent(t *testing.T) {
	testrun.Outside() // the frontend is outside this module
	path := filepath.Join("..", "..", "..", "frontend", "libs", "shared", "data-access-api", "src", "lib", "payment-types.gen.ts")
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read the generated file: %v", err)
	}
	if string(got) != TypeScript() {
		t.Fatalf("%s is stale: run `go generate ./libs/go/paymenttypes`", path)
	}
}

func TestIsCardProviderMethod(t *testing.T) {
	for slug, want := range map[string]bool{
		"adyen-scheme": true, "adyen-": false, "adyen": false, "credit-card": false, "": false, "xadyen-scheme": false,
	} {
		if got := IsCardProviderMethod(slug); got != want {
			t.Errorf("IsCardProviderMethod(%q) = %v, want %v", slug, got, want)
		}
	}
}

// Every constant reaches the frontend with its value: none forgotten in Constants.
func TestConstantsCoverEverySlug(t *testing.T) {
	values := map[string]bool{}
	for _, c := range Constants() {
		values[c.Value] = true
	}
	for _, v := range []string{SEPA, PayPal, PayPalIntegration, CreditCard, BankTransfer, Account, CardProvider, CardProviderPrefix} {
		if !values[v] {
			t.Errorf("%q is not in Constants()", v)
		}
	}
}
