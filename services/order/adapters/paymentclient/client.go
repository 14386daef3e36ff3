// Package paymentclient is the order service's Payments port over the payment service: the
// session's payment option an order is paid with.
package paymentclient

import (
	"context"
	"fmt"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/services/order/domain"
)

// Client implements the port.
type Client struct {
	c paymentv1.PaymentServiceClient
}

// New returns the port over c.
func New(c paymentv1.PaymentServiceClient) *Client { return &Client{c: c} }

// SessionPayment answers the session's option; ok is false when none was chosen.
func (cl *Client) SessionPayment(ctx context.Context) (domain.Payment, bool, error) {
	resp, err := cl.c.GetSessionPayment(ctx, &paymentv1.GetSessionPaymentRequest{})
	if err != nil {
		return domain.Payment{}, false, fmt.Errorf("session payment: %w", err)
	}
	p := resp.GetPayment()
	if p == nil || p.GetType() == "" {
		return domain.Payment{}, false, nil
	}
	return domain.Payment{Type: p.GetType(), Holder: p.GetHolder(), MaskedIBAN: p.GetIban(), BIC: p.GetBic(), Bank: p.GetBank(),
		Permission: p.GetPermission(), SMSValidation: p.GetSmsValidation(), PSPReference: p.GetPspReference(), PSPResult: p.GetPspResult(),
		RecurringReference: p.GetRecurringReference(), PayPalReference: p.GetPaypalReference(),
		ChargedCents: p.GetChargedCents(), ChargedCurrency: p.GetChargedCurrency(), CartFingerprint: p.GetCartFingerprint()}, true, nil
}

// Forget clears the session's option.
func (cl *Client) Forget(ctx context.Context) error {
	if _, err := cl.c.ClearSessionPayment(ctx, &paymentv1.ClearSessionPaymentRequest{}); err != nil {
		return fmt.Errorf("forget payment: %w", err)
	}
	return nil
}

// Void cancels the session's card authorisation or PayPal subscription at the provider (payment
// service VoidSessionPayment).
func (cl *Client) Void(ctx context.Context) error {
	if _, err := cl.c.VoidSessionPayment(ctx, &paymentv1.VoidSessionPaymentRequest{}); err != nil {
		return fmt.Errorf("void payment: %w", err)
	}
	return nil
}

// TypeRule reads the brand's active payment types (the call's brand) for slug.
func (cl *Client) TypeRule(ctx context.Context, slug string) (offered, smsRequired bool, err error) {
	resp, err := cl.c.ListPaymentTypes(ctx, &paymentv1.ListPaymentTypesRequest{})
	if err != nil {
		return false, false, fmt.Errorf("payment types: %w", err)
	}
	for _, t := range resp.GetPaymentTypes() {
		if t.GetSlug() == slug {
			return true, t.GetSmsValidationRequired(), nil
		}
	}
	return false, false, nil
}

// SEPAMandate records the order's SEPA mandate (payment service CreateSepaMandate) and answers it
// with the first debit's day the mandate recorded.
func (cl *Client) SEPAMandate(ctx context.Context, orderID string) (domain.Mandate, error) {
	resp, err := cl.c.CreateSepaMandate(ctx, &paymentv1.CreateSepaMandateRequest{OrderId: orderID})
	if err != nil {
		return domain.Mandate{}, fmt.Errorf("sepa mandate: %w", err)
	}
	m := resp.GetMandate()
	// A day the confirmation could not print is no answer (an empty one is a payment service from
	// before the day was recorded: the mail then names the rule's day of the order).
	if d := m.GetFirstDebitDue(); d != "" {
		if _, err := paymenttypes.ParseDueDate(d); err != nil {
			return domain.Mandate{}, fmt.Errorf("sepa mandate %s: %w", m.GetReference(), err)
		}
	}
	return domain.Mandate{Reference: m.GetReference(), CreditorID: m.GetCreditorId(), CreditorName: m.GetCreditorName(),
		FirstDebitDue: m.GetFirstDebitDue()}, nil
}
