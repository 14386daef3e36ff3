// Package endpoints turns each order use case into a go-kit endpoint.
package endpoints

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/service"
)

// Set has one endpoint per RPC of the order contract.
type Set struct {
	PlaceOrder    endpoint.Endpoint
	GetOrder      endpoint.Endpoint
	ValidateSMS   endpoint.Endpoint
	ResendSMS     endpoint.Endpoint
	SetReferral   endpoint.Endpoint
	GetReferral   endpoint.Endpoint
	CancelSession endpoint.Endpoint
	// ApplyNotifications applies payment providers' notifications (no session).
	ApplyNotifications endpoint.Endpoint
	// PaidReferences answers which payment references paid an order (no session).
	PaidReferences endpoint.Endpoint

	CreateDraft  endpoint.Endpoint
	OpenDraft    endpoint.Endpoint
	CurrentDraft endpoint.Endpoint
	SaveDraft    endpoint.Endpoint
	CancelDraft  endpoint.Endpoint
}

// DraftResponse is one draft; SessionCode is set only when it was just created.
type DraftResponse struct {
	Draft       domain.Draft
	SessionCode string
}

// LogAttrs records the draft's id, status and version: never its session or code.
func (r DraftResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("draft", r.Draft.ID), slog.String("status", r.Draft.Status), slog.Int64("version", r.Draft.Version)}
}

// SessionCodeRequest opens a draft by its code.
type SessionCodeRequest struct{ Code string }

// LogAttrs keeps the code out of the logs.
func (SessionCodeRequest) LogAttrs() []slog.Attr { return nil }

// SaveDraftRequest is an agent's save.
type SaveDraftRequest struct {
	ExpectedVersion int64
	SalesAgent      bool
	AdminID         string
}

// CancelDraftRequest is a customer's cancel.
type CancelDraftRequest struct{ SalesAgent bool }

// SMSRequest validates or resends an order's SMS code.
type SMSRequest struct{ OrderID, Phone, Code string }

// LogAttrs records the order only: phone and code never reach the logs.
func (r SMSRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("order", r.OrderID)} }

// OrderResponse is one order.
type OrderResponse struct{ Order domain.Order }

// LogAttrs records the order's id, code and status.
func (r OrderResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("order", r.Order.ID), slog.String("code", r.Order.Code), slog.String("status", r.Order.Status)}
}

// ResentResponse says where a new code went.
type ResentResponse struct{ Resent service.Resent }

// ReferralResponse is the session's referral id and, when read, its source.
type ReferralResponse struct{ ID, Source string }

// New builds the set over svc and the draft use cases.
func New(svc service.Service, drafts service.Drafts) Set {
	return Set{
		CreateDraft: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(service.CreateDraftInput)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want service.CreateDraftInput", request)
			}
			d, code, err := drafts.CreateDraft(ctx, in)
			return DraftResponse{Draft: d, SessionCode: code}, err
		},
		OpenDraft: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(SessionCodeRequest)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want SessionCodeRequest", request)
			}
			d, err := drafts.OpenDraft(ctx, in.Code)
			return DraftResponse{Draft: d}, err
		},
		CurrentDraft: func(ctx context.Context, _ any) (any, error) {
			d, err := drafts.CurrentDraft(ctx)
			return DraftResponse{Draft: d}, err
		},
		SaveDraft: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(SaveDraftRequest)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want SaveDraftRequest", request)
			}
			d, err := drafts.SaveDraft(ctx, in.ExpectedVersion, in.SalesAgent, in.AdminID)
			return DraftResponse{Draft: d}, err
		},
		CancelDraft: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(CancelDraftRequest)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want CancelDraftRequest", request)
			}
			return struct{}{}, drafts.CancelDraft(ctx, in.SalesAgent)
		},
		PlaceOrder: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(service.PlaceInput)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want service.PlaceInput", request)
			}
			o, err := svc.PlaceOrder(ctx, in)
			return OrderResponse{Order: o}, err
		},
		GetOrder: func(ctx context.Context, request any) (any, error) {
			id, ok := request.(string)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want an order id", request)
			}
			o, err := svc.GetOrder(ctx, id)
			return OrderResponse{Order: o}, err
		},
		ValidateSMS: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(SMSRequest)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want SMSRequest", request)
			}
			o, err := svc.ValidateSMS(ctx, in.OrderID, in.Phone, in.Code)
			return OrderResponse{Order: o}, err
		},
		ResendSMS: func(ctx context.Context, request any) (any, error) {
			in, ok := request.(SMSRequest)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want SMSRequest", request)
			}
			r, err := svc.ResendSMS(ctx, in.OrderID, in.Phone)
			return ResentResponse{Resent: r}, err
		},
		SetReferral: func(ctx context.Context, request any) (any, error) {
			id, ok := request.(string)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want a referral id", request)
			}
			id, err := svc.SetReferral(ctx, id)
			return ReferralResponse{ID: id}, err
		},
		GetReferral: func(ctx context.Context, request any) (any, error) {
			cookies, ok := request.(service.ReferralCookies)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want referral cookies", request)
			}
			r, err := svc.GetReferral(ctx, cookies)
			return ReferralResponse{ID: r.ID, Source: r.Source}, err
		},
		ApplyNotifications: func(ctx context.Context, request any) (any, error) {
			ns, ok := request.([]domain.PaymentNotification)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want payment notifications", request)
			}
			return svc.ApplyPaymentNotifications(ctx, ns)
		},
		PaidReferences: func(ctx context.Context, request any) (any, error) {
			refs, ok := request.([]service.PaymentReference)
			if !ok {
				return nil, fmt.Errorf("order endpoint: got request %T, want payment references", request)
			}
			return svc.PaidReferences(ctx, refs)
		},
		CancelSession: func(ctx context.Context, _ any) (any, error) {
			return struct{}{}, svc.CancelSession(ctx)
		},
	}
}
