// Package endpoints turns each cart use case into a go-kit endpoint, the unit transports bind to
// and middlewares (logging, rate limits) wrap.
package endpoints

import (
	"context"
	"fmt"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/cart/domain"
	"github.com/hostcart/checkout/services/cart/service"
)

// Set has one endpoint per RPC of the cart contract.
type Set struct {
	GetCart       endpoint.Endpoint
	ReplaceCart   endpoint.Endpoint
	ClearCart     endpoint.Endpoint
	AddProduct    endpoint.Endpoint
	RemoveItem    endpoint.Endpoint
	AddAddon      endpoint.Endpoint
	RemoveAddon   endpoint.Endpoint
	AddUpsell     endpoint.Endpoint
	RemoveUpsell  endpoint.Endpoint
	SetPeriod     endpoint.Endpoint
	AddDomain     endpoint.Endpoint
	RemoveDomain  endpoint.Endpoint
	SetFields     endpoint.Endpoint
	SetPromotions endpoint.Endpoint
	RedeemCode    endpoint.Endpoint
	RemoveCode    endpoint.Endpoint
	GetPricedCart endpoint.Endpoint
	// StartTransfer serves StartContractTransfer.
	StartTransfer endpoint.Endpoint
}

// Requests of the endpoints, in domain terms. SalesAgent is set by the gateway only.
type (
	GetCartRequest     struct{}
	ReplaceCartRequest struct {
		Cart            domain.Cart
		SalesAgent      bool
		ExpectedVersion int64
	}
	ClearCartRequest  struct{ SalesAgent bool }
	AddProductRequest struct {
		Req        domain.AddProduct
		SalesAgent bool
	}
	RemoveItemRequest struct {
		RowID      string
		SalesAgent bool
	}
	AddAddonRequest struct {
		Req        domain.AddAddon
		SalesAgent bool
	}
	RemoveAddonRequest struct {
		RowID      string
		AddonID    int32
		Cascade    bool
		SalesAgent bool
	}
	AddUpsellRequest struct {
		RowID      string
		UpsellID   int32
		Fields     []domain.FieldValue
		SalesAgent bool
	}
	RemoveUpsellRequest struct {
		RowID      string
		UpsellID   int32
		SalesAgent bool
	}
	SetPeriodRequest struct {
		Line       domain.LineRef
		MaturityID int32
		IntervalID int32
		SalesAgent bool
	}
	AddDomainRequest struct {
		RowID      string
		Domain     domain.Domain
		SalesAgent bool
	}
	RemoveDomainRequest struct {
		Domain     string
		SalesAgent bool
	}
	SetFieldsRequest struct {
		Line       domain.LineRef
		Fields     []domain.FieldValue
		SalesAgent bool
	}
	SetPromotionsRequest struct {
		Assignments []domain.PromotionAssignment
		ClearOthers bool
		SalesAgent  bool
	}
	// RedeemCodeRequest redeems a manual promo code; RemoveCodeRequest takes one off the cart.
	RedeemCodeRequest struct {
		Code       string
		SalesAgent bool
	}
	RemoveCodeRequest struct {
		Code       string
		SalesAgent bool
	}
	GetPricedCartRequest struct{}
	// StartTransferRequest orders the contract behind a transfer id.
	StartTransferRequest struct {
		TransferID string
		SalesAgent bool
	}
)

// CartResponse is the answer of every use case that returns the cart.
type CartResponse struct{ Result service.Result }

// PricedCartResponse is the answer of GetPricedCart.
type PricedCartResponse struct {
	Priced  domain.PricedCart
	Notices []domain.Notice
}

// New builds the set over svc; every endpoint is wrapped by mws, the first one outermost.
func New(svc service.Service, mws ...endpoint.Middleware) Set {
	wrap := func(e endpoint.Endpoint) endpoint.Endpoint {
		if len(mws) == 0 {
			return e
		}
		return endpoint.Chain(mws[0], mws[1:]...)(e)
	}
	return Set{
		GetCart: wrap(cartEndpoint(func(ctx context.Context, _ GetCartRequest) (service.Result, error) {
			return svc.GetCart(ctx)
		})),
		ReplaceCart: wrap(cartEndpoint(func(ctx context.Context, r ReplaceCartRequest) (service.Result, error) {
			return svc.ReplaceCart(ctx, r.Cart, r.SalesAgent, r.ExpectedVersion)
		})),
		ClearCart: wrap(cartEndpoint(func(ctx context.Context, r ClearCartRequest) (service.Result, error) {
			return svc.ClearCart(ctx, r.SalesAgent)
		})),
		AddProduct: wrap(cartEndpoint(func(ctx context.Context, r AddProductRequest) (service.Result, error) {
			return svc.AddProduct(ctx, r.Req, r.SalesAgent)
		})),
		RemoveItem: wrap(cartEndpoint(func(ctx context.Context, r RemoveItemRequest) (service.Result, error) {
			return svc.RemoveItem(ctx, r.RowID, r.SalesAgent)
		})),
		AddAddon: wrap(cartEndpoint(func(ctx context.Context, r AddAddonRequest) (service.Result, error) {
			return svc.AddAddon(ctx, r.Req, r.SalesAgent)
		})),
		RemoveAddon: wrap(cartEndpoint(func(ctx context.Context, r RemoveAddonRequest) (service.Result, error) {
			return svc.RemoveAddon(ctx, r.RowID, r.AddonID, r.Cascade, r.SalesAgent)
		})),
		AddUpsell: wrap(cartEndpoint(func(ctx context.Context, r AddUpsellRequest) (service.Result, error) {
			return svc.AddUpsell(ctx, r.RowID, r.UpsellID, r.Fields, r.SalesAgent)
		})),
		RemoveUpsell: wrap(cartEndpoint(func(ctx context.Context, r RemoveUpsellRequest) (service.Result, error) {
			return svc.RemoveUpsell(ctx, r.RowID, r.UpsellID, r.SalesAgent)
		})),
		SetPeriod: wrap(cartEndpoint(func(ctx context.Context, r SetPeriodRequest) (service.Result, error) {
			return svc.SetPeriod(ctx, r.Line, r.MaturityID, r.IntervalID, r.SalesAgent)
		})),
		AddDomain: wrap(cartEndpoint(func(ctx context.Context, r AddDomainRequest) (service.Result, error) {
			return svc.AddDomain(ctx, r.RowID, r.Domain, r.SalesAgent)
		})),
		RemoveDomain: wrap(cartEndpoint(func(ctx context.Context, r RemoveDomainRequest) (service.Result, error) {
			return svc.RemoveDomain(ctx, r.Domain, r.SalesAgent)
		})),
		SetFields: wrap(cartEndpoint(func(ctx context.Context, r SetFieldsRequest) (service.Result, error) {
			return svc.SetFields(ctx, r.Line, r.Fields, r.SalesAgent)
		})),
		SetPromotions: wrap(cartEndpoint(func(ctx context.Context, r SetPromotionsRequest) (service.Result, error) {
			return svc.SetPromotions(ctx, r.Assignments, r.ClearOthers, r.SalesAgent)
		})),
		RedeemCode: wrap(cartEndpoint(func(ctx context.Context, r RedeemCodeRequest) (service.Result, error) {
			return svc.RedeemPromotionCode(ctx, r.Code, r.SalesAgent)
		})),
		RemoveCode: wrap(cartEndpoint(func(ctx context.Context, r RemoveCodeRequest) (service.Result, error) {
			return svc.RemovePromotionCode(ctx, r.Code, r.SalesAgent)
		})),
		StartTransfer: wrap(cartEndpoint(func(ctx context.Context, r StartTransferRequest) (service.Result, error) {
			return svc.StartContractTransfer(ctx, r.TransferID, r.SalesAgent)
		})),
		GetPricedCart: wrap(func(ctx context.Context, request any) (any, error) {
			if _, err := requestAs[GetPricedCartRequest](request); err != nil {
				return nil, err
			}
			pc, notices, err := svc.GetPricedCart(ctx)
			if err != nil {
				return nil, err
			}
			return PricedCartResponse{Priced: pc, Notices: notices}, nil
		}),
	}
}

// cartEndpoint adapts a use case that answers the cart.
func cartEndpoint[Req any](call func(context.Context, Req) (service.Result, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[Req](request)
		if err != nil {
			return nil, err
		}
		res, err := call(ctx, req)
		if err != nil {
			return nil, err
		}
		return CartResponse{Result: res}, nil
	}
}

// requestAs guards the endpoints against a transport handing them the wrong request type.
func requestAs[T any](request any) (T, error) {
	req, ok := request.(T)
	if !ok {
		return req, fmt.Errorf("cart endpoint: got request %T, want %T", request, req)
	}
	return req, nil
}
