// Package endpoints turns each payment use case into a go-kit endpoint.
package endpoints

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/service"
)

// Set has one endpoint per RPC of the payment contract.
type Set struct {
	ListPaymentTypes  endpoint.Endpoint
	GetSessionPayment endpoint.Endpoint
	SetSessionPayment endpoint.Endpoint
	ListCardMethods   endpoint.Endpoint
	CreateCard        endpoint.Endpoint
	CardDetails       endpoint.Endpoint
	CardNotifications endpoint.Endpoint
	PayPalWebhook     endpoint.Endpoint
	ClearSession      endpoint.Endpoint
	CreatePayPal      endpoint.Endpoint
	ConfirmPayPal     endpoint.Endpoint
	CancelPayPal      endpoint.Endpoint
	VoidSession       endpoint.Endpoint
	CreateMandate     endpoint.Endpoint
	MandateCollection endpoint.Endpoint
}

// New builds the set over svc.
func New(svc service.Service) Set {
	return Set{
		ListPaymentTypes: func(ctx context.Context, _ any) (any, error) {
			types, err := svc.ListPaymentTypes(ctx)
			return TypesResponse{Types: types}, err
		},
		GetSessionPayment: func(ctx context.Context, _ any) (any, error) {
			o, ok, err := svc.GetSessionPayment(ctx)
			return OptionResponse{Option: o, Chosen: ok}, err
		},
		SetSessionPayment: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(domain.Option)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want domain.Option", request)
			}
			o, err := svc.SetSessionPayment(ctx, in)
			return OptionResponse{Option: o, Chosen: err == nil}, err
		},
		ListCardMethods: func(ctx context.Context, _ any) (any, error) {
			methods, amount, err := svc.ListCardPaymentMethods(ctx)
			key, env := svc.CardClient()
			return CardMethodsResponse{Methods: methods, Amount: amount, ClientKey: key, Environment: env}, err
		},
		CreateCard: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(service.CardInput)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want service.CardInput", request)
			}
			out, err := svc.CreateCardPayment(ctx, in)
			return CardResponse{Outcome: out}, err
		},
		CardDetails: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(CardDetailsRequest)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want CardDetailsRequest", request)
			}
			out, err := svc.SubmitCardPaymentDetails(ctx, in.RedirectResult, in.IdempotencyKey)
			return CardResponse{Outcome: out}, err
		},
		CardNotifications: func(ctx context.Context, request any) (any, error) {
			body, ok := request.([]byte)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want []byte", request)
			}
			out, err := svc.HandleCardNotifications(ctx, body)
			return NotificationsResponse{Processed: out.Processed, Duplicates: out.Duplicates, Items: out.Items}, err
		},
		PayPalWebhook: func(ctx context.Context, request any) (any, error) {
			d, ok := request.(domain.PayPalDelivery)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want domain.PayPalDelivery", request)
			}
			out, err := svc.HandlePayPalWebhook(ctx, d)
			return PayPalWebhookResponse{Outcome: out}, err
		},
		ClearSession: func(ctx context.Context, _ any) (any, error) {
			return OptionResponse{}, svc.ClearSessionPayment(ctx)
		},
		CreatePayPal: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(service.PayPalInput)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want service.PayPalInput", request)
			}
			sub, err := svc.CreatePayPalSubscription(ctx, in)
			return SubscriptionResponse{Subscription: sub}, err
		},
		ConfirmPayPal: func(ctx context.Context, request any) (any, error) {
			id, ok := request.(string)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want a subscription id", request)
			}
			o, err := svc.ConfirmPayPalSubscription(ctx, id)
			return OptionResponse{Option: o, Chosen: err == nil}, err
		},
		CancelPayPal: func(ctx context.Context, _ any) (any, error) {
			o, err := svc.CancelPayPalSubscription(ctx)
			return OptionResponse{Option: o, Chosen: err == nil && o.Type != ""}, err
		},
		CreateMandate: func(ctx context.Context, request any) (any, error) {
			orderID, ok := request.(string)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want an order id", request)
			}
			m, err := svc.CreateSEPAMandate(ctx, orderID)
			return MandateResponse{Mandate: m}, err
		},
		MandateCollection: func(ctx context.Context, request any) (any, error) {
			ref, ok := request.(string)
			if !ok {
				return nil, fmt.Errorf("payment endpoint: got request %T, want a mandate reference", request)
			}
			m, err := svc.SEPAMandateForCollection(ctx, ref)
			return MandateResponse{Mandate: m, Clear: true}, err
		},
		VoidSession: func(ctx context.Context, _ any) (any, error) {
			o, err := svc.VoidSessionPayment(ctx)
			return OptionResponse{Option: o, Chosen: err == nil && o.Type != ""}, err
		},
	}
}

// MandateResponse is a SEPA mandate; Clear answers the IBAN unmasked (the collection call only).
type MandateResponse struct {
	Mandate domain.Mandate
	Clear   bool
}

// LogAttrs records the mandate's reference and order, never its account.
func (r MandateResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("mandate", r.Mandate.Reference), slog.String("order", r.Mandate.OrderID)}
}

// SubscriptionResponse is a PayPal subscription just created.
type SubscriptionResponse struct{ Subscription domain.Subscription }

// LogAttrs records the subscription's id and status.
func (r SubscriptionResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("subscription", r.Subscription.ID), slog.String("status", r.Subscription.Status)}
}

// CardDetailsRequest finishes a card payment after its redirect.
type CardDetailsRequest struct{ RedirectResult, IdempotencyKey string }

// CardMethodsResponse lists the card provider's methods with the amount to charge.
type CardMethodsResponse struct {
	Methods                []domain.PaymentMethod
	Amount                 domain.Money
	ClientKey, Environment string
}

// CardResponse is a card payment's outcome.
type CardResponse struct{ Outcome service.CardOutcome }

// NotificationsResponse counts processed and repeated notifications.
type NotificationsResponse struct {
	Processed, Duplicates int
	Items                 []domain.Notification
}

// LogAttrs records the result code only.
func (r CardResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("result", r.Outcome.Result.ResultCode), slog.String("psp", r.Outcome.Result.PSPReference)}
}

// PayPalWebhookResponse is a verified PayPal event.
type PayPalWebhookResponse struct{ Outcome service.PayPalWebhookOutcome }

// LogAttrs records the event's id and type and whether it was a repeat.
func (r PayPalWebhookResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("event", r.Outcome.Event.ID), slog.String("event_type", r.Outcome.Event.EventType),
		slog.Bool("duplicate", r.Outcome.Duplicate)}
}

// LogAttrs records the counts.
func (r NotificationsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("processed", r.Processed), slog.Int("duplicates", r.Duplicates)}
}

// TypesResponse lists the brand's payment types.
type TypesResponse struct{ Types []service.Type }

// OptionResponse is the session's option; Chosen is false when there is none.
type OptionResponse struct {
	Option domain.Option
	Chosen bool
}

// LogAttrs records the number of types.
func (r TypesResponse) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("types", len(r.Types))} }

// LogAttrs records the type only: holder and account never reach the logs.
func (r OptionResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("type", r.Option.Type)}
}
