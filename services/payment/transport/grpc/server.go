// Package grpctransport binds the payment endpoints to the PaymentService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"
	"strings"
	"time"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	"github.com/hostcart/checkout/libs/go/apperr"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/endpoints"
	"github.com/hostcart/checkout/services/payment/service"
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
	listCardMethods   kitgrpc.Handler
	createCard        kitgrpc.Handler
	cardDetails       kitgrpc.Handler
	cardNotifications kitgrpc.Handler
	paypalWebhook     kitgrpc.Handler
	clearSession      kitgrpc.Handler
	createPayPal      kitgrpc.Handler
	confirmPayPal     kitgrpc.Handler
	cancelPayPal      kitgrpc.Handler
	voidSession       kitgrpc.Handler
	createMandate     kitgrpc.Handler
	mandateCollection kitgrpc.Handler
}

// NewServer returns the gRPC PaymentService over the endpoint set.
func NewServer(set endpoints.Set, opts ...kitgrpc.ServerOption) paymentv1.PaymentServiceServer {
	return &server{
		listPaymentTypes:  kitgrpc.NewServer(set.ListPaymentTypes, decodeEmpty[paymentv1.ListPaymentTypesRequest], encodeTypes, opts...),
		getSessionPayment: kitgrpc.NewServer(set.GetSessionPayment, decodeEmpty[paymentv1.GetSessionPaymentRequest], encodeGetOption, opts...),
		setSessionPayment: kitgrpc.NewServer(set.SetSessionPayment, decodeSetOption, encodeSetOption, opts...),
		listCardMethods:   kitgrpc.NewServer(set.ListCardMethods, decodeEmpty[paymentv1.ListCardPaymentMethodsRequest], encodeCardMethods, opts...),
		createCard:        kitgrpc.NewServer(set.CreateCard, decodeCreateCard, encodeCreateCard, opts...),
		cardDetails:       kitgrpc.NewServer(set.CardDetails, decodeCardDetails, encodeCardDetails, opts...),
		cardNotifications: kitgrpc.NewServer(set.CardNotifications, decodeNotifications, encodeNotifications, opts...),
		paypalWebhook:     kitgrpc.NewServer(set.PayPalWebhook, decodePayPalWebhook, encodePayPalWebhook, opts...),
		clearSession:      kitgrpc.NewServer(set.ClearSession, decodeEmpty[paymentv1.ClearSessionPaymentRequest], func(context.Context, any) (any, error) { return &paymentv1.ClearSessionPaymentResponse{}, nil }, opts...),
		createPayPal:      kitgrpc.NewServer(set.CreatePayPal, decodeCreatePayPal, encodeCreatePayPal, opts...),
		confirmPayPal:     kitgrpc.NewServer(set.ConfirmPayPal, decodeConfirmPayPal, encodeOption(func(o *paymentv1.PaymentOption) any { return &paymentv1.ConfirmPayPalSubscriptionResponse{Payment: o} }), opts...),
		cancelPayPal:      kitgrpc.NewServer(set.CancelPayPal, decodeEmpty[paymentv1.CancelPayPalSubscriptionRequest], encodeOption(func(o *paymentv1.PaymentOption) any { return &paymentv1.CancelPayPalSubscriptionResponse{Payment: o} }), opts...),
		createMandate: kitgrpc.NewServer(set.CreateMandate, func(_ context.Context, r any) (any, error) {
			req, ok := r.(*paymentv1.CreateSepaMandateRequest)
			if !ok || req == nil {
				return nil, fmt.Errorf("payment transport: got request %T: %w", r, apperr.InvalidArgument)
			}
			return req.GetOrderId(), nil
		}, encodeMandate(func(m *paymentv1.SepaMandate) any { return &paymentv1.CreateSepaMandateResponse{Mandate: m} }), opts...),
		mandateCollection: kitgrpc.NewServer(set.MandateCollection, func(_ context.Context, r any) (any, error) {
			req, ok := r.(*paymentv1.GetSepaMandateForCollectionRequest)
			if !ok || req == nil {
				return nil, fmt.Errorf("payment transport: got request %T: %w", r, apperr.InvalidArgument)
			}
			return req.GetReference(), nil
		}, encodeMandate(func(m *paymentv1.SepaMandate) any { return &paymentv1.GetSepaMandateForCollectionResponse{Mandate: m} }), opts...),
		voidSession: kitgrpc.NewServer(set.VoidSession, decodeEmpty[paymentv1.VoidSessionPaymentRequest], encodeOption(func(o *paymentv1.PaymentOption) any { return &paymentv1.VoidSessionPaymentResponse{Payment: o} }), opts...),
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

func (s *server) ListCardPaymentMethods(ctx context.Context, req *paymentv1.ListCardPaymentMethodsRequest) (*paymentv1.ListCardPaymentMethodsResponse, error) {
	return grpcserver.Handle[paymentv1.ListCardPaymentMethodsResponse](ctx, s.listCardMethods, req, statusFrom)
}

func (s *server) CreateCardPayment(ctx context.Context, req *paymentv1.CreateCardPaymentRequest) (*paymentv1.CreateCardPaymentResponse, error) {
	return grpcserver.Handle[paymentv1.CreateCardPaymentResponse](ctx, s.createCard, req, statusFrom)
}

func (s *server) SubmitCardPaymentDetails(ctx context.Context, req *paymentv1.SubmitCardPaymentDetailsRequest) (*paymentv1.SubmitCardPaymentDetailsResponse, error) {
	return grpcserver.Handle[paymentv1.SubmitCardPaymentDetailsResponse](ctx, s.cardDetails, req, statusFrom)
}

func (s *server) HandleCardNotifications(ctx context.Context, req *paymentv1.HandleCardNotificationsRequest) (*paymentv1.HandleCardNotificationsResponse, error) {
	return grpcserver.Handle[paymentv1.HandleCardNotificationsResponse](ctx, s.cardNotifications, req, statusFrom)
}

func (s *server) HandlePayPalWebhook(ctx context.Context, req *paymentv1.HandlePayPalWebhookRequest) (*paymentv1.HandlePayPalWebhookResponse, error) {
	return grpcserver.Handle[paymentv1.HandlePayPalWebhookResponse](ctx, s.paypalWebhook, req, statusFrom)
}

func (s *server) ClearSessionPayment(ctx context.Context, req *paymentv1.ClearSessionPaymentRequest) (*paymentv1.ClearSessionPaymentResponse, error) {
	return grpcserver.Handle[paymentv1.ClearSessionPaymentResponse](ctx, s.clearSession, req, statusFrom)
}

func (s *server) CreatePayPalSubscription(ctx context.Context, req *paymentv1.CreatePayPalSubscriptionRequest) (*paymentv1.CreatePayPalSubscriptionResponse, error) {
	return grpcserver.Handle[paymentv1.CreatePayPalSubscriptionResponse](ctx, s.createPayPal, req, statusFrom)
}

func (s *server) ConfirmPayPalSubscription(ctx context.Context, req *paymentv1.ConfirmPayPalSubscriptionRequest) (*paymentv1.ConfirmPayPalSubscriptionResponse, error) {
	return grpcserver.Handle[paymentv1.ConfirmPayPalSubscriptionResponse](ctx, s.confirmPayPal, req, statusFrom)
}

func (s *server) CreateSepaMandate(ctx context.Context, req *paymentv1.CreateSepaMandateRequest) (*paymentv1.CreateSepaMandateResponse, error) {
	return grpcserver.Handle[paymentv1.CreateSepaMandateResponse](ctx, s.createMandate, req, statusFrom)
}

func (s *server) GetSepaMandateForCollection(ctx context.Context, req *paymentv1.GetSepaMandateForCollectionRequest) (*paymentv1.GetSepaMandateForCollectionResponse, error) {
	return grpcserver.Handle[paymentv1.GetSepaMandateForCollectionResponse](ctx, s.mandateCollection, req, statusFrom)
}

// encodeMandate answers a mandate, its IBAN masked unless the response is the collection's.
func encodeMandate(wrap func(*paymentv1.SepaMandate) any) func(context.Context, any) (any, error) {
	return func(_ context.Context, response any) (any, error) {
		r, ok := response.(endpoints.MandateResponse)
		if !ok {
			return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
		}
		m := r.Mandate
		iban := m.IBAN
		if !r.Clear && !strings.Contains(iban, "•") { // the store answers it masked already
			iban = maskIfSet(iban)
		}
		return wrap(&paymentv1.SepaMandate{Reference: m.Reference, CreditorId: m.CreditorID, CreditorName: m.CreditorName,
			Holder: m.Holder, Iban: iban, Bic: m.BIC, Bank: m.Bank, SignedAt: m.SignedAt.UTC().Format(time.RFC3339), OrderId: m.OrderID,
			FirstDebitDue: dueDate(m.FirstDebitDue)}), nil
	}
}

// dueDate writes a mandate's first debit day (paymenttypes.DateLayout); none is "".
func dueDate(d time.Time) string {
	if d.IsZero() {
		return ""
	}
	return d.In(paymenttypes.ShopZone).Format(paymenttypes.DateLayout)
}

func (s *server) VoidSessionPayment(ctx context.Context, req *paymentv1.VoidSessionPaymentRequest) (*paymentv1.VoidSessionPaymentResponse, error) {
	return grpcserver.Handle[paymentv1.VoidSessionPaymentResponse](ctx, s.voidSession, req, statusFrom)
}

func (s *server) CancelPayPalSubscription(ctx context.Context, req *paymentv1.CancelPayPalSubscriptionRequest) (*paymentv1.CancelPayPalSubscriptionResponse, error) {
	return grpcserver.Handle[paymentv1.CancelPayPalSubscriptionResponse](ctx, s.cancelPayPal, req, statusFrom)
}

func decodeCreatePayPal(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.CreatePayPalSubscriptionRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return service.PayPalInput{ReturnURL: req.GetReturnUrl(), CancelURL: req.GetCancelUrl(), IdempotencyKey: req.GetIdempotencyKey()}, nil
}

func decodeConfirmPayPal(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.ConfirmPayPalSubscriptionRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return req.GetSubscriptionId(), nil
}

func encodeCreatePayPal(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.SubscriptionResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	sub := r.Subscription
	out := &paymentv1.CreatePayPalSubscriptionResponse{SubscriptionId: sub.ID, Status: sub.Status, ApproveUrl: sub.ApproveURL()}
	for _, l := range sub.Links {
		out.Links = append(out.Links, &paymentv1.PayPalLink{Href: l.Href, Rel: l.Rel, Method: l.Method})
	}
	return out, nil
}

// encodeOption answers an option wrapped in the RPC's own response type.
func encodeOption(wrap func(*paymentv1.PaymentOption) any) func(context.Context, any) (any, error) {
	return func(_ context.Context, response any) (any, error) {
		o, err := option(response)
		if err != nil {
			return nil, err
		}
		return wrap(o), nil
	}
}

func decodeCreateCard(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.CreateCardPaymentRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return service.CardInput{PaymentMethod: []byte(req.GetPaymentMethodJson()), ReturnURL: req.GetReturnUrl(), Origin: req.GetOrigin(),
		IdempotencyKey: req.GetIdempotencyKey()}, nil
}

func decodeCardDetails(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.SubmitCardPaymentDetailsRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return endpoints.CardDetailsRequest{RedirectResult: req.GetRedirectResult(), IdempotencyKey: req.GetIdempotencyKey()}, nil
}

func decodeNotifications(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.HandleCardNotificationsRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return req.GetBody(), nil
}

func decodePayPalWebhook(_ context.Context, grpcReq any) (any, error) {
	req, ok := grpcReq.(*paymentv1.HandlePayPalWebhookRequest)
	if !ok || req == nil {
		return nil, fmt.Errorf("payment transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return domain.PayPalDelivery{TransmissionID: req.GetTransmissionId(), TransmissionTime: req.GetTransmissionTime(),
		TransmissionSig: req.GetTransmissionSig(), CertURL: req.GetCertUrl(), AuthAlgo: req.GetAuthAlgo(), Body: req.GetBody()}, nil
}

func encodePayPalWebhook(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.PayPalWebhookResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	out := &paymentv1.HandlePayPalWebhookResponse{EventId: r.Outcome.Event.ID, EventType: r.Outcome.Event.EventType, Duplicate: r.Outcome.Duplicate}
	for _, n := range r.Outcome.Notifications {
		out.Notifications = append(out.Notifications, &paymentv1.CardNotification{EventCode: n.EventCode, Success: n.Success, PaymentReference: n.PaymentReference()})
	}
	return out, nil
}

func encodeCardMethods(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.CardMethodsResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	out := &paymentv1.ListCardPaymentMethodsResponse{AmountCents: r.Amount.Value, Currency: r.Amount.Currency, ClientKey: r.ClientKey, Environment: r.Environment}
	for _, m := range r.Methods {
		out.PaymentMethods = append(out.PaymentMethods, &paymentv1.CardPaymentMethod{Type: m.Type, Name: m.Name, Brands: m.Brands})
	}
	return out, nil
}

// cardAnswer is the common part of both card answers.
func cardAnswer(response any) (string, string, *paymentv1.PaymentOption, error) {
	r, ok := response.(endpoints.CardResponse)
	if !ok {
		return "", "", nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	o, err := option(endpoints.OptionResponse{Option: r.Outcome.Option, Chosen: r.Outcome.Option.Type != ""})
	return r.Outcome.Result.ResultCode, string(r.Outcome.Result.Action), o, err
}

func encodeCreateCard(_ context.Context, response any) (any, error) {
	code, action, o, err := cardAnswer(response)
	if err != nil {
		return nil, err
	}
	return &paymentv1.CreateCardPaymentResponse{ResultCode: code, ActionJson: action, Payment: o}, nil
}

func encodeCardDetails(_ context.Context, response any) (any, error) {
	code, action, o, err := cardAnswer(response)
	if err != nil {
		return nil, err
	}
	return &paymentv1.SubmitCardPaymentDetailsResponse{ResultCode: code, ActionJson: action, Payment: o}, nil
}

func encodeNotifications(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.NotificationsResponse)
	if !ok {
		return nil, fmt.Errorf("payment transport: endpoint returned %T", response)
	}
	out := &paymentv1.HandleCardNotificationsResponse{Processed: int32(r.Processed), Duplicates: int32(r.Duplicates)}
	for _, n := range r.Items {
		out.Notifications = append(out.Notifications, &paymentv1.CardNotification{EventCode: n.EventCode, Success: n.Success, PaymentReference: n.PaymentReference()})
	}
	return out, nil
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
		SmsValidation: o.SMSValidation, PspReference: o.PSPReference, PspResult: o.PSPResult, RecurringReference: o.RecurringReference,
		PaypalReference: o.PayPalReference, ChargedCents: o.Charged.Amount.Value, ChargedCurrency: o.Charged.Amount.Currency,
		CartFingerprint: o.Charged.Fingerprint, MandateReference: o.MandateReference,
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
