// Package grpctransport binds the payment endpoints to the PaymentService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	"github.com/hostcart/checkout/libs/go/apperr"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/endpoints"
)

// origin is the one place the service's errors become gRPC statuses.
var origin = apperr.Origin{
	ErrorDomain:    "payment.checkout.hostcart",
	UnavailableKey: "payment.unavailable",
}

func statusFrom(err error) error { return origin.Err(err, "") }

type server struct {
	paymentv1.UnimplementedPaymentServiceServer

	listPaymentTypes  kitgrpc.Handler
	getSessionPayment kitgrpc.Handler
	setSessionPayment kitgrpc.Handler
}

// NewServer returns the gRPC PaymentService over the endpoint set.
func NewServer(set endpoints.Set, opts ...kitgrpc.ServerOption) paymentv1.PaymentServiceServer {
	return &server{
		listPaymentTypes:  kitgrpc.NewServer(set.ListPaymentTypes, decodeEmpty[paymentv1.ListPaymentTypesRequest], encodeTypes, opts...),
		getSessionPayment: kitgrpc.NewServer(set.GetSessionPayment, decodeEmpty[paymentv1.GetSessionPaymentRequest], encodeGetOption, opts...),
		setSessionPayment: kitgrpc.NewServer(set.SetSessionPayment, decodeSetOption, encodeSetOption, opts...),
	}
}

func (s *server) ListPaymentTypes(ctx context.Context, req *paymentv1.ListPaymentTypesRequest) (*paymentv1.ListPaymentTypesResponse, error) {
	return grpcserver.Handle[paymentv1.ListPaymentTypesResponse](ctx, s.listPaymentTypes, req, statusFrom)
}

func (s *server) GetSessionPayment(ctx context.Context, req *paymentv1.GetSessionPaymentRequest) (*paymentv1.GetSessionPaymentResponse, error) {
	return grpcserver.Handle[paymentv1.GetSessionPaymentResponse](ctx, s.getSessionPayment, req, statusFrom)
}

func (s *server) SetSessionPayment(ctx context.Context, req *paymentv1.SetSessionPaymentRequest) (*paymentv1.SetSessionPaymentResponse, error) {
	return grpcserver.Handle[paymentv1.SetSessionPaymentResponse](ctx, s.setSessionPayment, req, statusFrom)
}

func decodeEmpty[T any](_ context.Context, grpcReq any) (any, error) {
	if r, ok := grpcReq.(*T); !ok || r == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return nil, nil
}

func encodeTypes(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.TypesResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	out := &paymentv1.ListPaymentTypesResponse{PaymentTypes: make([]*paymentv1.PaymentType, len(r.Types))}
	for i, t := range r.Types {
		out.PaymentTypes[i] = &paymentv1.PaymentType{Slug: t.Slug, Name: t.Name, SmsValidationRequired: t.SMSValidationRequired}
	}
	return out, nil
}

func option(response any) (*paymentv1.PaymentOption, error) {
	r, ok := response.(endpoints.OptionResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	if !r.Chosen {
		return nil, nil
	}
	o := r.Option
	return &paymentv1.PaymentOption{
		Type: o.Type, Holder: o.Holder, Iban: maskIfSet(o.IBAN), Bic: o.BIC, Bank: o.Bank, Permission: o.Permission,
		SmsValidation: o.SMSValidation, PspReference: o.PSPReference, RecurringReference: o.RecurringReference,
		PaypalReference: o.PayPalReference,
	}, nil
}

// maskIfSet answers the IBAN masked: it leaves the service only in the order it pays for.
func maskIfSet(iban string) string {
	if iban == "" {
		return ""
	}
	return domain.MaskIBAN(iban)
}

func encodeGetOption(_ context.Context, response any) (any, error) {
	o, err := option(response)
	if err != nil {
		return nil, err
	}
	return &paymentv1.GetSessionPaymentResponse{Payment: o}, nil
}

func encodeSetOption(_ context.Context, response any) (any, error) {
	o, err := option(response)
	if err != nil {
		return nil, err
	}
	return &paymentv1.SetSessionPaymentResponse{Payment: o}, nil
}

func decodeSetOption(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.SetSessionPaymentRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	p := req.GetPayment()
	// References are the providers' to set; a request's are dropped here already.
	return domain.Option{Type: p.GetType(), Holder: p.GetHolder(), IBAN: p.GetIban(), BIC: p.GetBic(), Bank: p.GetBank(),
		Permission: p.GetPermission()}, nil
}
