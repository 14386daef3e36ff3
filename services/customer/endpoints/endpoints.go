// Package endpoints turns each customer use case into a go-kit endpoint, the unit transports bind
// to and middlewares (logging) wrap.
package endpoints

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/service"
)

// Set has one endpoint per RPC of the customer contract.
type Set struct {
	GetSessionCustomer endpoint.Endpoint
	SetBasicInfo       endpoint.Endpoint
	SetAddress         endpoint.Endpoint
	BeginLogin         endpoint.Endpoint
	CompleteLogin      endpoint.Endpoint
	Logout             endpoint.Endpoint
	GetSessionVat      endpoint.Endpoint
}

// New builds the set over svc.
func New(svc service.Service) Set {
	return Set{
		GetSessionCustomer: func(ctx context.Context, _ any) (any, error) {
			res, err := svc.GetSessionCustomer(ctx)
			return Response{Result: res}, err
		},
		SetBasicInfo: func(ctx context.Context, request any) (any, error) {
			req, ok := request.(SetBasicInfoRequest)
			if !ok {
				return nil, fmt.Errorf("customer endpoint: got request %T, want SetBasicInfoRequest", request)
			}
			res, err := svc.SetBasicInfo(ctx, req.BasicInfo)
			return Response{Result: res}, err
		},
		SetAddress: func(ctx context.Context, request any) (any, error) {
			req, ok := request.(SetAddressRequest)
			if !ok {
				return nil, fmt.Errorf("customer endpoint: got request %T, want SetAddressRequest", request)
			}
			res, err := svc.SetAddress(ctx, req.Address)
			return Response{Result: res}, err
		},
		BeginLogin: func(ctx context.Context, request any) (any, error) {
			req, ok := request.(service.BeginLogin)
			if !ok {
				return nil, fmt.Errorf("customer endpoint: got request %T, want service.BeginLogin", request)
			}
			url, err := svc.BeginLogin(ctx, req)
			return BeginLoginResponse{URL: url}, err
		},
		CompleteLogin: func(ctx context.Context, request any) (any, error) {
			req, ok := request.(service.CompleteLogin)
			if !ok {
				return nil, fmt.Errorf("customer endpoint: got request %T, want service.CompleteLogin", request)
			}
			res, err := svc.CompleteLogin(ctx, req)
			return LoginResponse{Result: res}, err
		},
		Logout: func(ctx context.Context, _ any) (any, error) {
			res, err := svc.Logout(ctx)
			return LogoutResponse{Result: res}, err
		},
		GetSessionVat: func(ctx context.Context, _ any) (any, error) {
			vat, err := svc.GetSessionVat(ctx)
			return VATResponse{VAT: vat}, err
		},
	}
}

// Requests and responses of the endpoints, in domain terms.
type (
	GetSessionCustomerRequest struct{}
	SetBasicInfoRequest       struct{ BasicInfo domain.BasicInfo }
	SetAddressRequest         struct{ Address domain.Address }
	// Response answers every endpoint: the stored customer and the notices.
	Response struct{ Result service.Result }
)

// VATResponse is the session's VAT rate and whether it is a panel user's.
type VATResponse struct{ VAT service.SessionVAT }

// LogAttrs records why the rate applies.
func (r VATResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("reason", r.VAT.Reason), slog.String("country", r.VAT.CountryCode), slog.Bool("panel_sign_in", r.VAT.PanelSignIn)}
}

// BeginLoginResponse is the authorization URL.
type BeginLoginResponse struct{ URL string }

// LoginResponse is the session's customer after a login.
type LoginResponse struct{ Result service.LoginResult }

// LogoutResponse is the forgotten customer and the panel's URL.
type LogoutResponse struct{ Result service.LogoutResult }

// LogAttrs records whether a panel URL was answered; the URL is the brand's, nothing personal.
func (r LogoutResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Bool("panel_url", r.Result.PanelURL != "")}
}

// LogAttrs leaves the URL out: it carries the login's state.
func (r BeginLoginResponse) LogAttrs() []slog.Attr { return nil }

// LogAttrs records whether the login made the session an existing customer.
func (r LoginResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Bool("existing_customer", r.Result.Customer.Existing()), slog.Bool("panel", r.Result.Customer.Panel != nil)}
}

// LogAttrs records the outcome only: the forms hold personal data that must not reach the logs.
func (r Response) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Bool("validated", r.Result.Validated), slog.Int("notices", len(r.Result.Notices))}
}
