// Package grpctransport binds the order endpoints to the OrderService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"
	"time"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	"github.com/hostcart/checkout/libs/go/apperr"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/endpoints"
	"github.com/hostcart/checkout/services/order/service"
)

// origin is the one place the service's errors become gRPC statuses.
var origin = apperr.Origin{
	ErrorDomain:    "order.checkout.hostcart",
	UnavailableKey: domain.KeyUnavailable,
}

func statusFrom(err error) error { return origin.Err(err, "") }

type server struct {
	orderv1.UnimplementedOrderServiceServer

	placeOrder, getOrder, validateSMS, resendSMS, setReferral, getReferral, cancelSession kitgrpc.Handler
	applyNotifications, paidReferences                                                    kitgrpc.Handler

	createDraft, openDraft, currentDraft, saveDraft, cancelDraft kitgrpc.Handler
}

// NewServer returns the gRPC OrderService over the endpoint set.
func NewServer(set endpoints.Set) orderv1.OrderServiceServer {
	return &server{
		placeOrder:  grpcserver.Bind(set.PlaceOrder, decodePlace, encodeOrder(func(o *orderv1.Order) any { return &orderv1.PlaceOrderResponse{Order: o} })),
		getOrder:    grpcserver.Bind(set.GetOrder, decodeGetOrder, encodeOrder(func(o *orderv1.Order) any { return &orderv1.GetOrderResponse{Order: o} })),
		validateSMS: grpcserver.Bind(set.ValidateSMS, decodeValidate, encodeOrder(func(o *orderv1.Order) any { return &orderv1.ValidateSMSResponse{Order: o} })),
		resendSMS:   grpcserver.Bind(set.ResendSMS, decodeResend, encodeResent),
		setReferral: grpcserver.Bind(set.SetReferral, decodeSetReferral, encodeReferral(func(r endpoints.ReferralResponse) any { return &orderv1.SetReferralResponse{Id: r.ID} })),
		getReferral: grpcserver.Bind(set.GetReferral, decodeGetReferral, encodeReferral(func(r endpoints.ReferralResponse) any {
			return &orderv1.GetReferralResponse{Id: r.ID, Source: r.Source}
		})),
		cancelSession: grpcserver.Bind(set.CancelSession, decodeNothing, func(context.Context, any) (any, error) { return &orderv1.CancelSessionResponse{}, nil }),
		applyNotifications: grpcserver.Bind(set.ApplyNotifications, func(_ context.Context, grpcReq any) (any, error) {
			req, err := request[orderv1.ApplyPaymentNotificationsRequest](grpcReq)
			if err != nil {
				return nil, err
			}
			out := make([]domain.PaymentNotification, 0, len(req.GetNotifications()))
			for _, n := range req.GetNotifications() {
				out = append(out, domain.PaymentNotification{Provider: n.GetProvider(), Reference: n.GetReference(), EventCode: n.GetEventCode(), Success: n.GetSuccess()})
			}
			return out, nil
		}, func(_ context.Context, response any) (any, error) {
			moved, ok := response.(int)
			if !ok {
				return nil, fmt.Errorf("order transport: endpoint returned %T", response)
			}
			return &orderv1.ApplyPaymentNotificationsResponse{Moved: int32(moved)}, nil
		}),
		paidReferences: grpcserver.Bind(set.PaidReferences, func(_ context.Context, grpcReq any) (any, error) {
			req, err := request[orderv1.ListPaidReferencesRequest](grpcReq)
			if err != nil {
				return nil, err
			}
			out := make([]service.PaymentReference, 0, len(req.GetReferences()))
			for _, r := range req.GetReferences() {
				out = append(out, service.PaymentReference{Provider: r.GetProvider(), Reference: r.GetReference(), OrderID: r.GetOrderId()})
			}
			return out, nil
		}, func(_ context.Context, response any) (any, error) {
			paid, ok := response.([]service.PaymentReference)
			if !ok {
				return nil, fmt.Errorf("order transport: endpoint returned %T", response)
			}
			out := &orderv1.ListPaidReferencesResponse{}
			for _, r := range paid {
				out.Paid = append(out.Paid, &orderv1.PaymentReference{Provider: r.Provider, Reference: r.Reference, OrderId: r.OrderID})
			}
			return out, nil
		}),

		createDraft:  grpcserver.Bind(set.CreateDraft, decodeCreateDraft, encodeCreateDraft),
		openDraft:    grpcserver.Bind(set.OpenDraft, decodeOpenDraft, encodeOpenDraft),
		currentDraft: grpcserver.Bind(set.CurrentDraft, decodeNothing, encodeDraft(func(d *orderv1.Draft) any { return &orderv1.GetCurrentDraftResponse{Draft: d} })),
		saveDraft:    grpcserver.Bind(set.SaveDraft, decodeSaveDraft, encodeDraft(func(d *orderv1.Draft) any { return &orderv1.SaveDraftResponse{Draft: d} })),
		cancelDraft:  grpcserver.Bind(set.CancelDraft, decodeCancelDraft, func(context.Context, any) (any, error) { return &orderv1.CancelDraftResponse{}, nil }),
	}
}

func (s *server) PlaceOrder(ctx context.Context, req *orderv1.PlaceOrderRequest) (*orderv1.PlaceOrderResponse, error) {
	return grpcserver.Handle[orderv1.PlaceOrderResponse](ctx, s.placeOrder, req, statusFrom)
}

func (s *server) GetOrder(ctx context.Context, req *orderv1.GetOrderRequest) (*orderv1.GetOrderResponse, error) {
	return grpcserver.Handle[orderv1.GetOrderResponse](ctx, s.getOrder, req, statusFrom)
}

func (s *server) ValidateSMS(ctx context.Context, req *orderv1.ValidateSMSRequest) (*orderv1.ValidateSMSResponse, error) {
	return grpcserver.Handle[orderv1.ValidateSMSResponse](ctx, s.validateSMS, req, statusFrom)
}

func (s *server) ResendSMS(ctx context.Context, req *orderv1.ResendSMSRequest) (*orderv1.ResendSMSResponse, error) {
	return grpcserver.Handle[orderv1.ResendSMSResponse](ctx, s.resendSMS, req, statusFrom)
}

func (s *server) SetReferral(ctx context.Context, req *orderv1.SetReferralRequest) (*orderv1.SetReferralResponse, error) {
	return grpcserver.Handle[orderv1.SetReferralResponse](ctx, s.setReferral, req, statusFrom)
}

func (s *server) GetReferral(ctx context.Context, req *orderv1.GetReferralRequest) (*orderv1.GetReferralResponse, error) {
	return grpcserver.Handle[orderv1.GetReferralResponse](ctx, s.getReferral, req, statusFrom)
}

func (s *server) ApplyPaymentNotifications(ctx context.Context, req *orderv1.ApplyPaymentNotificationsRequest) (*orderv1.ApplyPaymentNotificationsResponse, error) {
	return grpcserver.Handle[orderv1.ApplyPaymentNotificationsResponse](ctx, s.applyNotifications, req, statusFrom)
}

func (s *server) ListPaidReferences(ctx context.Context, req *orderv1.ListPaidReferencesRequest) (*orderv1.ListPaidReferencesResponse, error) {
	return grpcserver.Handle[orderv1.ListPaidReferencesResponse](ctx, s.paidReferences, req, statusFrom)
}

func (s *server) CancelSession(ctx context.Context, req *orderv1.CancelSessionRequest) (*orderv1.CancelSessionResponse, error) {
	return grpcserver.Handle[orderv1.CancelSessionResponse](ctx, s.cancelSession, req, statusFrom)
}

// request casts the gRPC request; anything else is the caller's mistake, not a panic.
func request[T any](grpcReq any) (*T, error) {
	req, ok := grpcReq.(*T)
	if !ok || req == nil {
		return nil, fmt.Errorf("order transport: got request %T: %w", grpcReq, apperr.InvalidArgument)
	}
	return req, nil
}

func decodeNothing(context.Context, any) (any, error) { return nil, nil }

func decodePlace(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.PlaceOrderRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return service.PlaceInput{IdempotencyKey: req.GetIdempotencyKey(), Feedback: domain.Feedback{
		AdvertisedCustomer: req.GetAdvertisedCustomer(), ReferralID: req.GetReferralId(), KnownFrom: req.GetKnownFrom(),
		OtherKnownFrom: req.GetOtherKnownFrom(), Comment: req.GetComment(), AllowedNewsletter: req.GetAllowedNewsletter(),
		MCAAgreement: req.GetMcaAgreement(), EULTAgreement: req.GetEultAgreement(), GTCAgreement: req.GetGtcAgreement(),
		GeneralBusinessTerm: req.GetGeneralbusinessterm(), PrivacyTerm: req.GetPrivacyterm(), EarlyStart: req.GetEarlyStart(),
	}, Cookies: referralCookies(req.GetCookies())}, nil
}

func referralCookies(c *orderv1.ReferralCookies) service.ReferralCookies {
	return service.ReferralCookies{PVID: c.GetPvid(), EMID: c.GetEmid()}
}

func decodeGetReferral(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.GetReferralRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return referralCookies(req.GetCookies()), nil
}

func decodeGetOrder(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.GetOrderRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return req.GetOrderId(), nil
}

func decodeValidate(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.ValidateSMSRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SMSRequest{OrderID: req.GetOrderId(), Phone: req.GetPhoneNo(), Code: req.GetSmsCode()}, nil
}

func decodeResend(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.ResendSMSRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SMSRequest{OrderID: req.GetOrderId(), Phone: req.GetPhoneNo()}, nil
}

func decodeSetReferral(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.SetReferralRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return req.GetId(), nil
}

// encodeOrder answers an order wrapped in the RPC's own response type.
func encodeOrder(wrap func(*orderv1.Order) any) kitgrpc.EncodeResponseFunc {
	return func(_ context.Context, response any) (any, error) {
		r, ok := response.(endpoints.OrderResponse)
		if !ok {
			return nil, fmt.Errorf("order transport: endpoint returned %T", response)
		}
		return wrap(Order(r.Order)), nil
	}
}

// Order is the contract's view of an order: no session, customer, payment details or feedback
// besides the referral the order was attributed to and a SEPA order's mandate reference.
func Order(o domain.Order) *orderv1.Order {
	out := &orderv1.Order{OrderId: o.ID, OrderCode: o.Code, Status: o.Status, SmsRequired: o.SMSRequired,
		SmsValidated: o.SMSValidated, PaymentType: o.Payment.Type,
		Totals:     &orderv1.Totals{NetCents: o.Totals.NetCents, VatCents: o.Totals.VATCents, GrossCents: o.Totals.GrossCents, Currency: o.Totals.Currency},
		CreatedAt:  o.CreatedAt.UTC().Format(time.RFC3339),
		ReferralId: o.Feedback.ReferralID, ReferralSource: o.Feedback.ReferralSource,
		// The mandate is no secret (the IBAN stays sealed in the payment service); the success page
		// names it so the customer can match the debit on the bank statement.
		SepaMandateReference: o.Payment.MandateReference, SepaCreditorId: o.Payment.CreditorID, SepaCreditorName: o.Payment.CreditorName}
	for _, l := range o.Lines {
		out.Lines = append(out.Lines, &orderv1.Line{Name: l.Name, Kind: l.Kind, NetCents: l.NetCents, GrossCents: l.GrossCents})
	}
	return out
}

func encodeResent(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.ResentResponse)
	if !ok {
		return nil, fmt.Errorf("order transport: endpoint returned %T", response)
	}
	return &orderv1.ResendSMSResponse{Sent: true, PhoneHint: r.Resent.PhoneHint}, nil
}

func encodeReferral(wrap func(endpoints.ReferralResponse) any) kitgrpc.EncodeResponseFunc {
	return func(_ context.Context, response any) (any, error) {
		r, ok := response.(endpoints.ReferralResponse)
		if !ok {
			return nil, fmt.Errorf("order transport: endpoint returned %T", response)
		}
		return wrap(r), nil
	}
}
