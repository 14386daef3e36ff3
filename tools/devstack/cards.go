package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/hostcart/checkout/services/payment/sandbox/cardsandbox"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
)

// cardSandbox serves the payment sandboxes' pages on a loopback port: the card sandbox's 3-D
// Secure challenge (/3ds) and the PayPal sandbox's approve page (/paypal). The payment service runs
// its own sandboxes with the same secrets, so the pages' verdicts are ones it accepts.
type cardSandbox struct {
	server *http.Server
	env    map[string]string
}

func startCardSandbox() (*cardSandbox, error) {
	secret, err := randomHex(32)
	if err != nil {
		return nil, err
	}
	hmacKey, err := randomHex(32)
	if err != nil {
		return nil, err
	}
	paypalSecret, err := randomHex(32)
	if err != nil {
		return nil, err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("card sandbox: %w", err)
	}
	page := "http://" + lis.Addr().String() + "/3ds"
	sb := &cardsandbox.Sandbox{Secret: []byte(secret), PageURL: page, HMACKey: hmacKey}
	mux := http.NewServeMux()
	mux.Handle("/3ds", sb.Handler())
	paypalPage := "http://" + lis.Addr().String() + "/paypal"
	mux.Handle("/paypal", (&paypalsandbox.Sandbox{Secret: []byte(paypalSecret), PageURL: paypalPage}).Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Println("card sandbox page stopped:", err)
		}
	}()
	env := map[string]string{
		"CARD_PROVIDER":           "sandbox",
		"CARD_SANDBOX_SECRET":     secret,
		"CARD_SANDBOX_PAGE_URL":   page,
		"CARD_HMAC_KEY":           hmacKey,
		"PAYPAL_PROVIDER":         "sandbox",
		"PAYPAL_SANDBOX_SECRET":   paypalSecret,
		"PAYPAL_SANDBOX_PAGE_URL": paypalPage,
	}
	// CARD_PROVIDER=adyen set before the start wins: the payment service then talks to the Checkout
	// API at ADYEN_URL (ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT) through its real adapter, e.g. a
	// test's provider that is slow or down; the notifications' HMAC key stays this run's.
	if os.Getenv("CARD_PROVIDER") == "adyen" {
		delete(env, "CARD_PROVIDER")
	}
	return &cardSandbox{server: srv, env: env}, nil
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random: %w", err)
	}
	return hex.EncodeToString(b), nil
}
