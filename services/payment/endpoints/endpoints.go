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
	}
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
