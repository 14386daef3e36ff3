package cardprovider

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hostcart/checkout/services/payment/domain"
)

// ErrBadSignature refuses a notification whose HMAC signature is missing or wrong: it was not sent
// by the provider or was changed on the way, and nothing may follow from it.
var ErrBadSignature = domain.ErrProviderSignature

// notificationItem is one NotificationRequestItem of the provider's notification batch.
type notificationItem struct {
	EventCode           string            `json:"eventCode"`
	Success             string            `json:"success"`
	PSPReference        string            `json:"pspReference"`
	OriginalReference   string            `json:"originalReference"`
	MerchantAccountCode string            `json:"merchantAccountCode"`
	MerchantReference   string            `json:"merchantReference"`
	Amount              amount            `json:"amount"`
	AdditionalData      map[string]string `json:"additionalData"`
}

// signedPayload is what the provider signs: the item's fields joined by colons.
func (n notificationItem) signedPayload() string {
	return strings.Join([]string{
		n.PSPReference, n.OriginalReference, n.MerchantAccountCode, n.MerchantReference,
		strconv.FormatInt(n.Amount.Value, 10), n.Amount.Currency, n.EventCode, n.Success,
	}, ":")
}

// Sign computes an item's signature with the hex HMAC key (for the sandbox and the tests' fakes).
func sign(n notificationItem, hexKey string) (string, error) {
	key, err := hex.DecodeString(hexKey)
	if err != nil || len(key) == 0 {
		return "", fmt.Errorf("card provider: HMAC key is not hex: %w", err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(n.signedPayload()))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// ParseNotifications reads a notification batch and verifies every item's HMAC signature with
// the hex key; one bad item refuses the whole batch, so a forged item cannot ride along.
func ParseNotifications(body []byte, hexKey string) ([]domain.Notification, error) {
	var batch struct {
		NotificationItems []struct {
			Item notificationItem `json:"NotificationRequestItem"`
		} `json:"notificationItems"`
	}
	if err := json.Unmarshal(body, &batch); err != nil {
		return nil, fmt.Errorf("card provider notification: %w", err)
	}
	out := make([]domain.Notification, 0, len(batch.NotificationItems))
	for _, wrapped := range batch.NotificationItems {
		n := wrapped.Item
		want, err := sign(n, hexKey)
		if err != nil {
			return nil, err
		}
		got := n.AdditionalData["hmacSignature"]
		if got == "" || !hmac.Equal([]byte(got), []byte(want)) {
			return nil, fmt.Errorf("%w: item %s", ErrBadSignature, n.PSPReference)
		}
		out = append(out, domain.Notification{
			EventCode: n.EventCode, Success: n.Success == "true", PSPReference: n.PSPReference,
			OriginalReference: n.OriginalReference, MerchantReference: n.MerchantReference,
			Amount: domain.Money{Value: n.Amount.Value, Currency: n.Amount.Currency},
		})
	}
	return out, nil
}

// SignedBatch builds a notification batch as the provider sends it, each item signed with the hex
// HMAC key: the sandbox's notifications and the tests' deliveries.
func SignedBatch(hexKey, merchantAccount string, items ...domain.Notification) ([]byte, error) {
	type wrapped struct {
		Item notificationItem `json:"NotificationRequestItem"`
	}
	doc := struct {
		Live  string    `json:"live"`
		Items []wrapped `json:"notificationItems"`
	}{Live: "false"}
	for _, n := range items {
		it := notificationItem{EventCode: n.EventCode, Success: strconv.FormatBool(n.Success), PSPReference: n.PSPReference,
			OriginalReference: n.OriginalReference, MerchantAccountCode: merchantAccount, MerchantReference: n.MerchantReference,
			Amount: amount{Value: n.Amount.Value, Currency: n.Amount.Currency}}
		sig, err := sign(it, hexKey)
		if err != nil {
			return nil, err
		}
		it.AdditionalData = map[string]string{"hmacSignature": sig}
		doc.Items = append(doc.Items, wrapped{it})
	}
	return json.Marshal(doc)
}
