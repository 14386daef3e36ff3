// Package grpctransport binds the cart endpoints to the CartService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/cart/domain"
	"github.com/hostcart/checkout/services/cart/endpoints"
	"github.com/hostcart/checkout/services/cart/service"
)

type server struct {
	cartv1.UnimplementedCartServiceServer

	getCart       kitgrpc.Handler
	replaceCart   kitgrpc.Handler
	clearCart     kitgrpc.Handler
	addProduct    kitgrpc.Handler
	removeItem    kitgrpc.Handler
	addAddon      kitgrpc.Handler
	removeAddon   kitgrpc.Handler
	addUpsell     kitgrpc.Handler
	removeUpsell  kitgrpc.Handler
	setPeriod     kitgrpc.Handler
	addDomain     kitgrpc.Handler
	removeDomain  kitgrpc.Handler
	setFields     kitgrpc.Handler
	setPromotions kitgrpc.Handler
	redeemCode    kitgrpc.Handler
	removeCode    kitgrpc.Handler
	getPricedCart kitgrpc.Handler
	startTransfer kitgrpc.Handler
}

// NewServer returns the gRPC CartService over the endpoint set, bound with grpcserver.Bind: the
// session and brand reach the endpoints through callctx, so go-kit's per-call copy of the metadata
// (about 1 % of the process CPU under load on GET /session/cart) would buy nothing.
func NewServer(set endpoints.Set) cartv1.CartServiceServer {
	h := grpcserver.Bind
	return &server{
		getCart: h(set.GetCart, decodeGRPCGetCartRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.GetCartResponse {
			return &cartv1.GetCartResponse{Cart: c, Notices: n}
		})),
		replaceCart: h(set.ReplaceCart, decodeGRPCReplaceCartRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.ReplaceCartResponse {
			return &cartv1.ReplaceCartResponse{Cart: c, Notices: n}
		})),
		clearCart: h(set.ClearCart, decodeGRPCClearCartRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.ClearCartResponse {
			return &cartv1.ClearCartResponse{Cart: c, Notices: n}
		})),
		addProduct: h(set.AddProduct, decodeGRPCAddProductRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, r service.Result) *cartv1.AddProductResponse {
			return &cartv1.AddProductResponse{Cart: c, Notices: n, RowId: r.RowID}
		})),
		removeItem: h(set.RemoveItem, decodeGRPCRemoveItemRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.RemoveItemResponse {
			return &cartv1.RemoveItemResponse{Cart: c, Notices: n}
		})),
		addAddon: h(set.AddAddon, decodeGRPCAddAddonRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.AddAddonResponse {
			return &cartv1.AddAddonResponse{Cart: c, Notices: n}
		})),
		removeAddon: h(set.RemoveAddon, decodeGRPCRemoveAddonRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.RemoveAddonResponse {
			return &cartv1.RemoveAddonResponse{Cart: c, Notices: n}
		})),
		addUpsell: h(set.AddUpsell, decodeGRPCAddUpsellRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.AddUpsellResponse {
			return &cartv1.AddUpsellResponse{Cart: c, Notices: n}
		})),
		removeUpsell: h(set.RemoveUpsell, decodeGRPCRemoveUpsellRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.RemoveUpsellResponse {
			return &cartv1.RemoveUpsellResponse{Cart: c, Notices: n}
		})),
		setPeriod: h(set.SetPeriod, decodeGRPCSetPeriodRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.SetPeriodResponse {
			return &cartv1.SetPeriodResponse{Cart: c, Notices: n}
		})),
		addDomain: h(set.AddDomain, decodeGRPCAddDomainRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.AddDomainResponse {
			return &cartv1.AddDomainResponse{Cart: c, Notices: n}
		})),
		removeDomain: h(set.RemoveDomain, decodeGRPCRemoveDomainRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.RemoveDomainResponse {
			return &cartv1.RemoveDomainResponse{Cart: c, Notices: n}
		})),
		setFields: h(set.SetFields, decodeGRPCSetAdditionalFieldsRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.SetAdditionalFieldsResponse {
			return &cartv1.SetAdditionalFieldsResponse{Cart: c, Notices: n}
		})),
		setPromotions: h(set.SetPromotions, decodeGRPCSetPromotionsRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.SetPromotionsResponse {
			return &cartv1.SetPromotionsResponse{Cart: c, Notices: n}
		})),
		redeemCode: h(set.RedeemCode, decodeGRPCRedeemPromotionCodeRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, r service.Result) *cartv1.RedeemPromotionCodeResponse {
			return &cartv1.RedeemPromotionCodeResponse{Cart: c, Notices: n, Code: r.Code}
		})),
		removeCode: h(set.RemoveCode, decodeGRPCRemovePromotionCodeRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, _ service.Result) *cartv1.RemovePromotionCodeResponse {
			return &cartv1.RemovePromotionCodeResponse{Cart: c, Notices: n}
		})),
		getPricedCart: h(set.GetPricedCart, decodeGRPCGetPricedCartRequest, encodeGRPCGetPricedCartResponse),
		startTransfer: h(set.StartTransfer, decodeGRPCStartContractTransferRequest, encodeCart(func(c *cartv1.Cart, n []*cartv1.Notice, r service.Result) *cartv1.StartContractTransferResponse {
			return &cartv1.StartContractTransferResponse{Cart: c, Notices: n, RowId: r.RowID, Transfer: &cartv1.ContractTransfer{
				TransferId: r.Transfer.ID, ContractReference: r.Transfer.ContractReference, Holder: r.Transfer.Holder,
			}}
		})),
	}
}

func (s *server) GetCart(ctx context.Context, req *cartv1.GetCartRequest) (*cartv1.GetCartResponse, error) {
	return grpcserver.Handle[cartv1.GetCartResponse](ctx, s.getCart, req, statusFor(""))
}

func (s *server) ReplaceCart(ctx context.Context, req *cartv1.ReplaceCartRequest) (*cartv1.ReplaceCartResponse, error) {
	return grpcserver.Handle[cartv1.ReplaceCartResponse](ctx, s.replaceCart, req, statusFor("cart"))
}

func (s *server) ClearCart(ctx context.Context, req *cartv1.ClearCartRequest) (*cartv1.ClearCartResponse, error) {
	return grpcserver.Handle[cartv1.ClearCartResponse](ctx, s.clearCart, req, statusFor(""))
}

func (s *server) AddProduct(ctx context.Context, req *cartv1.AddProductRequest) (*cartv1.AddProductResponse, error) {
	return grpcserver.Handle[cartv1.AddProductResponse](ctx, s.addProduct, req, statusFor("product_id"))
}

func (s *server) RemoveItem(ctx context.Context, req *cartv1.RemoveItemRequest) (*cartv1.RemoveItemResponse, error) {
	return grpcserver.Handle[cartv1.RemoveItemResponse](ctx, s.removeItem, req, statusFor("row_id"))
}

func (s *server) AddAddon(ctx context.Context, req *cartv1.AddAddonRequest) (*cartv1.AddAddonResponse, error) {
	return grpcserver.Handle[cartv1.AddAddonResponse](ctx, s.addAddon, req, statusFor("addon_id"))
}

func (s *server) RemoveAddon(ctx context.Context, req *cartv1.RemoveAddonRequest) (*cartv1.RemoveAddonResponse, error) {
	return grpcserver.Handle[cartv1.RemoveAddonResponse](ctx, s.removeAddon, req, statusFor("addon_id"))
}

func (s *server) AddUpsell(ctx context.Context, req *cartv1.AddUpsellRequest) (*cartv1.AddUpsellResponse, error) {
	return grpcserver.Handle[cartv1.AddUpsellResponse](ctx, s.addUpsell, req, statusFor("upsell_id"))
}

func (s *server) RemoveUpsell(ctx context.Context, req *cartv1.RemoveUpsellRequest) (*cartv1.RemoveUpsellResponse, error) {
	return grpcserver.Handle[cartv1.RemoveUpsellResponse](ctx, s.removeUpsell, req, statusFor("upsell_id"))
}

func (s *server) SetPeriod(ctx context.Context, req *cartv1.SetPeriodRequest) (*cartv1.SetPeriodResponse, error) {
	return grpcserver.Handle[cartv1.SetPeriodResponse](ctx, s.setPeriod, req, statusFor("maturity_id"))
}

func (s *server) AddDomain(ctx context.Context, req *cartv1.AddDomainRequest) (*cartv1.AddDomainResponse, error) {
	return grpcserver.Handle[cartv1.AddDomainResponse](ctx, s.addDomain, req, statusFor("domain"))
}

func (s *server) RemoveDomain(ctx context.Context, req *cartv1.RemoveDomainRequest) (*cartv1.RemoveDomainResponse, error) {
	return grpcserver.Handle[cartv1.RemoveDomainResponse](ctx, s.removeDomain, req, statusFor("domain"))
}

func (s *server) SetAdditionalFields(ctx context.Context, req *cartv1.SetAdditionalFieldsRequest) (*cartv1.SetAdditionalFieldsResponse, error) {
	return grpcserver.Handle[cartv1.SetAdditionalFieldsResponse](ctx, s.setFields, req, statusFor("additional_fields"))
}

func (s *server) SetPromotions(ctx context.Context, req *cartv1.SetPromotionsRequest) (*cartv1.SetPromotionsResponse, error) {
	return grpcserver.Handle[cartv1.SetPromotionsResponse](ctx, s.setPromotions, req, statusFor("assignments"))
}

func (s *server) RedeemPromotionCode(ctx context.Context, req *cartv1.RedeemPromotionCodeRequest) (*cartv1.RedeemPromotionCodeResponse, error) {
	return grpcserver.Handle[cartv1.RedeemPromotionCodeResponse](ctx, s.redeemCode, req, statusFor("code"))
}

func (s *server) RemovePromotionCode(ctx context.Context, req *cartv1.RemovePromotionCodeRequest) (*cartv1.RemovePromotionCodeResponse, error) {
	return grpcserver.Handle[cartv1.RemovePromotionCodeResponse](ctx, s.removeCode, req, statusFor("code"))
}

func (s *server) GetPricedCart(ctx context.Context, req *cartv1.GetPricedCartRequest) (*cartv1.GetPricedCartResponse, error) {
	return grpcserver.Handle[cartv1.GetPricedCartResponse](ctx, s.getPricedCart, req, statusFor(""))
}

func (s *server) StartContractTransfer(ctx context.Context, req *cartv1.StartContractTransferRequest) (*cartv1.StartContractTransferResponse, error) {
	return grpcserver.Handle[cartv1.StartContractTransferResponse](ctx, s.startTransfer, req, statusFor("transfer_id"))
}

// grpcRequest asserts the request type gRPC handed to a decoder.
func grpcRequest[T any](req any) (*T, error) {
	r, ok := req.(*T)
	if !ok || r == nil {
		return nil, fmt.Errorf("cart transport: got request %T, want %T: %w", req, r, domain.ErrInvalidLine)
	}
	return r, nil
}

// decoder builds a DecodeRequestFunc from a conversion of the typed request.
func decoder[T any](conv func(*T) any) kitgrpc.DecodeRequestFunc {
	return func(_ context.Context, req any) (any, error) {
		r, err := grpcRequest[T](req)
		if err != nil {
			return nil, err
		}
		return conv(r), nil
	}
}

var (
	decodeGRPCGetCartRequest     = decoder(func(*cartv1.GetCartRequest) any { return endpoints.GetCartRequest{} })
	decodeGRPCReplaceCartRequest = decoder(func(r *cartv1.ReplaceCartRequest) any {
		return endpoints.ReplaceCartRequest{Cart: cartFromProto(r.GetCart()), SalesAgent: r.GetIsSalesAgent(), ExpectedVersion: r.GetExpectedVersion()}
	})
	decodeGRPCClearCartRequest = decoder(func(r *cartv1.ClearCartRequest) any {
		return endpoints.ClearCartRequest{SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCAddProductRequest = decoder(func(r *cartv1.AddProductRequest) any {
		return endpoints.AddProductRequest{SalesAgent: r.GetIsSalesAgent(), Req: domain.AddProduct{
			ProductID: r.GetProductId(), MaturityID: r.GetMaturityId(), IntervalID: r.GetIntervalId(),
			Fields: fieldsFromProto(r.GetAdditionalFields()), Informations: informationsFromProto(r.GetInformations()),
			DomainsFromRowID: clip(r.GetDomainsFromRowId()),
		}}
	})
	decodeGRPCRemoveItemRequest = decoder(func(r *cartv1.RemoveItemRequest) any {
		return endpoints.RemoveItemRequest{RowID: clip(r.GetRowId()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCAddAddonRequest = decoder(func(r *cartv1.AddAddonRequest) any {
		return endpoints.AddAddonRequest{SalesAgent: r.GetIsSalesAgent(), Req: domain.AddAddon{
			RowID: clip(r.GetRowId()), AddonID: r.GetAddonId(), MaturityID: r.GetMaturityId(), IntervalID: r.GetIntervalId(),
			Fields: fieldsFromProto(r.GetAdditionalFields()),
		}}
	})
	decodeGRPCRemoveAddonRequest = decoder(func(r *cartv1.RemoveAddonRequest) any {
		return endpoints.RemoveAddonRequest{RowID: clip(r.GetRowId()), AddonID: r.GetAddonId(), Cascade: r.GetCascade(), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCAddUpsellRequest = decoder(func(r *cartv1.AddUpsellRequest) any {
		return endpoints.AddUpsellRequest{RowID: clip(r.GetRowId()), UpsellID: r.GetUpsellId(), Fields: fieldsFromProto(r.GetAdditionalFields()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCRemoveUpsellRequest = decoder(func(r *cartv1.RemoveUpsellRequest) any {
		return endpoints.RemoveUpsellRequest{RowID: clip(r.GetRowId()), UpsellID: r.GetUpsellId(), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCSetPeriodRequest = decoder(func(r *cartv1.SetPeriodRequest) any {
		return endpoints.SetPeriodRequest{Line: lineRefFromProto(r.GetLine()), MaturityID: r.GetMaturityId(), IntervalID: r.GetIntervalId(), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCAddDomainRequest = decoder(func(r *cartv1.AddDomainRequest) any {
		return endpoints.AddDomainRequest{RowID: clip(r.GetRowId()), Domain: domainFromProto(r.GetDomain()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCRemoveDomainRequest = decoder(func(r *cartv1.RemoveDomainRequest) any {
		return endpoints.RemoveDomainRequest{Domain: clip(r.GetDomain()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCSetAdditionalFieldsRequest = decoder(func(r *cartv1.SetAdditionalFieldsRequest) any {
		return endpoints.SetFieldsRequest{Line: lineRefFromProto(r.GetLine()), Fields: fieldsFromProto(r.GetAdditionalFields()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCSetPromotionsRequest = decoder(func(r *cartv1.SetPromotionsRequest) any {
		as := r.GetAssignments()
		out := make([]domain.PromotionAssignment, 0, min(len(as), maxLines))
		for _, a := range as[:min(len(as), maxLines)] {
			out = append(out, domain.PromotionAssignment{Line: lineRefFromProto(a.GetLine()), Code: clip(a.GetCode())})
		}
		return endpoints.SetPromotionsRequest{Assignments: out, ClearOthers: r.GetClearOthers(), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCRedeemPromotionCodeRequest = decoder(func(r *cartv1.RedeemPromotionCodeRequest) any {
		return endpoints.RedeemCodeRequest{Code: clipCode(r.GetCode()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCRemovePromotionCodeRequest = decoder(func(r *cartv1.RemovePromotionCodeRequest) any {
		return endpoints.RemoveCodeRequest{Code: clipCode(r.GetCode()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCStartContractTransferRequest = decoder(func(r *cartv1.StartContractTransferRequest) any {
		return endpoints.StartTransferRequest{TransferID: clipCode(r.GetTransferId()), SalesAgent: r.GetIsSalesAgent()}
	})
	decodeGRPCGetPricedCartRequest = decoder(func(*cartv1.GetPricedCartRequest) any { return endpoints.GetPricedCartRequest{} })
)

// encodeCart builds the encoder of an RPC that answers the cart, its notices and what else its
// use case reports (AddProduct the row id, RedeemPromotionCode the code).
func encodeCart[Resp any](build func(*cartv1.Cart, []*cartv1.Notice, service.Result) *Resp) kitgrpc.EncodeResponseFunc {
	return func(_ context.Context, response any) (any, error) {
		r, ok := response.(endpoints.CartResponse)
		if !ok {
			return nil, fmt.Errorf("cart transport: got response %T, want CartResponse", response)
		}
		return build(cartToProto(r.Result.Cart), noticesToProto(r.Result.Notices), r.Result), nil
	}
}

func encodeGRPCGetPricedCartResponse(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.PricedCartResponse)
	if !ok {
		return nil, fmt.Errorf("cart transport: got response %T, want PricedCartResponse", response)
	}
	return &cartv1.GetPricedCartResponse{Priced: pricedCartToProto(r.Priced), Notices: noticesToProto(r.Notices)}, nil
}

// statusFor maps errors of a method whose input field, when it is the culprit, is field.
func statusFor(field string) func(error) error {
	return func(err error) error { return statusFrom(err, field) }
}
