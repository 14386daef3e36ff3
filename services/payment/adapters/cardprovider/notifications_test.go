package cardprovider

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
)

const hmacKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"

func batch(t *testing.T, items ...notificationItem) []byte {
	t.Helper()
	type wrapped struct {
		Item notificationItem `json:"NotificationRequestItem"`
	}
	doc := struct {
		Live  string    `json:"live"`
		Items []wrapped `json:"notificationItems"`
	}{Live: "false"}
	for _, it := range items {
		doc.Items = append(doc.Items, wrapped{it})
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func signed(t *testing.T, n notificationItem, key string) notificationItem {
	t.Helper()
	sig, err := sign(n, key)
	if err != nil {
		t.Fatal(err)
	}
	n.AdditionalData = map[string]string{"hmacSignature": sig}
	return n
}

func TestNotifications(t *testing.T) {
	item := notificationItem{EventCode: "AUTHORISATION", Success: "true", PSPReference: "PSP-1", MerchantAccountCode: "HostwerkECOM",
		MerchantReference: "order-42", Amount: amount{Value: 11221, Currency: "EUR"}}
	got, err := ParseNotifications(batch(t, signed(t, item, hmacKey)), hmacKey)
	if err != nil || len(got) != 1 || !got[0].Success || got[0].PSPReference != "PSP-1" || got[0].Amount.Value != 11221 {
		t.Fatalf("signed batch: %+v, %v", got, err)
	}

	// The signature covers the payload: changing the amount after signing breaks it.
	tampered := signed(t, item, hmacKey)
	tampered.Amount.Value = 1
	if _, err := ParseNotifications(batch(t, tampered), hmacKey); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("tampered amount: %v", err)
	}
	other := "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF"
	if _, err := ParseNotifications(batch(t, signed(t, item, other)), hmacKey); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("signed with another key: %v", err)
	}
	if _, err := ParseNotifications(batch(t, item), hmacKey); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("unsigned: %v", err)
	}
	// One forged item refuses the whole batch.
	if _, err := ParseNotifications(batch(t, signed(t, item, hmacKey), tampered), hmacKey); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("forged item riding along: %v", err)
	}
	if _, err := ParseNotifications([]byte(`not json`), hmacKey); err == nil {
		t.Fatal("garbage accepted")
	}
	if _, err := ParseNotifications(batch(t, item), "not-hex"); err == nil {
		t.Fatal("bad key accepted")
	}
}

// The provider's documented example: its key, item and signature.
func TestSignatureMatchesTheProvidersExample(t *testing.T) {
	item := notificationItem{EventCode: "AUTHORISATION", Success: "true", PSPReference: "7914073381342284", MerchantAccountCode: "TestMerchant",
		MerchantReference: "TestPayment-1407325143704", Amount: amount{Value: 1130, Currency: "EUR"}}
	got, err := sign(item, hmacKey)
	if err != nil || got != "coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=" {
		t.Fatalf("signature %q, %v", got, err)
	}
}

func TestSignedBatchRoundTrip(t *testing.T) {
	n := domain.Notification{EventCode: "AUTHORISATION", Success: true, PSPReference: "PSP-9", MerchantReference: "m", Amount: domain.Money{Value: 5, Currency: "EUR"}}
	body, err := SignedBatch(hmacKey, "HostwerkECOM", n)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseNotifications(body, hmacKey)
	if err != nil || len(got) != 1 || got[0] != n {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
}
