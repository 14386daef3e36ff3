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
			return CardMethodsResponse{Methods: methods, Amount: amount}, err
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
			processed, duplicates, err := svc.HandleCardNotifications(ctx, body)
			return NotificationsResponse{Processed: processed, Duplicates: duplicates}, err
		},
	}
}

// CardDetailsRequest finishes a card payment after its redirect.
type CardDetailsRequest struct{ RedirectResult, IdempotencyKey string }

// CardMethodsResponse lists the card provider's methods with the amount to charge.
type CardMethodsResponse struct {
	Methods []domain.PaymentMethod
	Amount  domain.Money
}

// CardResponse is a card payment's outcome.
type CardResponse struct{ Outcome service.CardOutcome }

// NotificationsResponse counts processed and repeated notifications.
type NotificationsResponse struct{ Processed, Duplicates int }

// LogAttrs records the result code only.
func (r CardResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("result", r.Outcome.Result.ResultCode), slog.String("psp", r.Outcome.Result.PSPReference)}
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
