// Package fakecart is an in-memory cart and promotion service for the gateway's route tests,
// served over a real gRPC loopback listener with the platform server like fakecatalog. It records
// every request with its request context and answers with a fixed one-item cart, so tests can
// check what the gateway sent; FailWith makes calls fail to check the error mapping. Behaviour of
// the real cart is tested in gateway/e2e against cartsvc.
package fakecart

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/protoadapt"

	"github.com/hostcart/checkout/gateway/internal/fakeserve"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
)

// RowID is the row of the fake's one item.
const RowID = "r0000000000000000000000000000001"

// Call is one recorded request.
type Call = fakeserve.Call

// Service is the fake cart and promotion service.
type Service struct {
	cartv1.UnimplementedCartServiceServer
	promotionv1.UnimplementedPromotionServiceServer
	fakeserve.Recorder
}

// New returns the fake.
func New() *Service { return &Service{} }

// Serve runs the fake (both services on one listener) until the test ends and returns its address.
func Serve(t testing.TB, s *Service) string {
	t.Helper()
	return fakeserve.Serve(t, "cart-fake", func(srv *grpc.Server) {
		cartv1.RegisterCartServiceServer(srv, s)
		promotionv1.RegisterPromotionServiceServer(srv, s)
	})
}

// Last returns the last recorded call of method, false when there was none.
func (s *Service) Last(method string) (Call, bool) {
	calls := s.Calls()
	for i := len(calls) - 1; i >= 0; i-- {
		if calls[i].Method == method {
			return calls[i], true
		}
	}
	return Call{}, false
}

func (s *Service) record(ctx context.Context, method string, req proto.Message) error {
	return s.Record(ctx, method, req)
}

// Cart is the cart every call answers.
func Cart() *cartv1.Cart {
	return &cartv1.Cart{Version: 3, Items: []*cartv1.Item{{
		RowId:   RowID,
		Product: &cartv1.ProductLine{Id: 1001, MaturityId: 100103, IntervalId: 4, Promotion: "AUTO-WEB24-HALF"},
	}}}
}

func notices() []*cartv1.Notice {
	return []*cartv1.Notice{{Key: "cart.period_reset", Params: map[string]string{"product_id": "1001"}}}
}

// Error builds a status as the real services send it: the key as message, ErrorInfo metadata
// with params and, with violations (field, key, field, key, ...), a BadRequest.
func Error(code codes.Code, key string, params map[string]string, violations ...string) error {
	st := status.New(code, key)
	var details []protoadapt.MessageV1
	if len(params) > 0 {
		details = append(details, &errdetails.ErrorInfo{Reason: key, Domain: "cart.checkout.hostcart", Metadata: params})
	}
	if len(violations) > 1 {
		br := &errdetails.BadRequest{}
		for i := 0; i+1 < len(violations); i += 2 {
			br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: violations[i], Description: violations[i+1]})
		}
		details = append(details, br)
	}
	if len(details) == 0 {
		return st.Err()
	}
	detailed, err := st.WithDetails(details...)
	if err != nil {
		return st.Err()
	}
	return detailed.Err()
}

// GetCart answers the fixed cart.
func (s *Service) GetCart(ctx context.Context, req *cartv1.GetCartRequest) (*cartv1.GetCartResponse, error) {
	if err := s.record(ctx, "GetCart", req); err != nil {
		return nil, err
	}
	return &cartv1.GetCartResponse{Cart: Cart(), Notices: notices()}, nil
}

func (s *Service) ReplaceCart(ctx context.Context, req *cartv1.ReplaceCartRequest) (*cartv1.ReplaceCartResponse, error) {
	if err := s.record(ctx, "ReplaceCart", req); err != nil {
		return nil, err
	}
	return &cartv1.ReplaceCartResponse{Cart: Cart()}, nil
}

func (s *Service) ClearCart(ctx context.Context, req *cartv1.ClearCartRequest) (*cartv1.ClearCartResponse, error) {
	if err := s.record(ctx, "ClearCart", req); err != nil {
		return nil, err
	}
	return &cartv1.ClearCartResponse{Cart: &cartv1.Cart{Version: 4}}, nil
}

func (s *Service) AddProduct(ctx context.Context, req *cartv1.AddProductRequest) (*cartv1.AddProductResponse, error) {
	if err := s.record(ctx, "AddProduct", req); err != nil {
		return nil, err
	}
	return &cartv1.AddProductResponse{Cart: Cart(), RowId: RowID}, nil
}

func (s *Service) RemoveItem(ctx context.Context, req *cartv1.RemoveItemRequest) (*cartv1.RemoveItemResponse, error) {
	if err := s.record(ctx, "RemoveItem", req); err != nil {
		return nil, err
	}
	return &cartv1.RemoveItemResponse{Cart: Cart()}, nil
}

func (s *Service) AddAddon(ctx context.Context, req *cartv1.AddAddonRequest) (*cartv1.AddAddonResponse, error) {
	if err := s.record(ctx, "AddAddon", req); err != nil {
		return nil, err
	}
	return &cartv1.AddAddonResponse{Cart: Cart()}, nil
}

func (s *Service) RemoveAddon(ctx context.Context, req *cartv1.RemoveAddonRequest) (*cartv1.RemoveAddonResponse, error) {
	if err := s.record(ctx, "RemoveAddon", req); err != nil {
		return nil, err
	}
	return &cartv1.RemoveAddonResponse{Cart: Cart()}, nil
}

func (s *Service) AddUpsell(ctx context.Context, req *cartv1.AddUpsellRequest) (*cartv1.AddUpsellResponse, error) {
	if err := s.record(ctx, "AddUpsell", req); err != nil {
		return nil, err
	}
	return &cartv1.AddUpsellResponse{Cart: Cart()}, nil
}

func (s *Service) RemoveUpsell(ctx context.Context, req *cartv1.RemoveUpsellRequest) (*cartv1.RemoveUpsellResponse, error) {
	if err := s.record(ctx, "RemoveUpsell", req); err != nil {
		return nil, err
	}
	return &cartv1.RemoveUpsellResponse{Cart: Cart()}, nil
}

func (s *Service) SetPeriod(ctx context.Context, req *cartv1.SetPeriodRequest) (*cartv1.SetPeriodResponse, error) {
	if err := s.record(ctx, "SetPeriod", req); err != nil {
		return nil, err
	}
	return &cartv1.SetPeriodResponse{Cart: Cart()}, nil
}

func (s *Service) AddDomain(ctx context.Context, req *cartv1.AddDomainRequest) (*cartv1.AddDomainResponse, error) {
	if err := s.record(ctx, "AddDomain", req); err != nil {
		return nil, err
	}
	return &cartv1.AddDomainResponse{Cart: Cart()}, nil
}

func (s *Service) RemoveDomain(ctx context.Context, req *cartv1.RemoveDomainRequest) (*cartv1.RemoveDomainResponse, error) {
	if err := s.record(ctx, "RemoveDomain", req); err != nil {
		return nil, err
	}
	return &cartv1.RemoveDomainResponse{Cart: Cart()}, nil
}

func (s *Service) SetAdditionalFields(ctx context.Context, req *cartv1.SetAdditionalFieldsRequest) (*cartv1.SetAdditionalFieldsResponse, error) {
	if err := s.record(ctx, "SetAdditionalFields", req); err != nil {
		return nil, err
	}
	return &cartv1.SetAdditionalFieldsResponse{Cart: Cart()}, nil
}

func (s *Service) RedeemPromotionCode(ctx context.Context, req *cartv1.RedeemPromotionCodeRequest) (*cartv1.RedeemPromotionCodeResponse, error) {
	if err := s.record(ctx, "RedeemPromotionCode", req); err != nil {
		return nil, err
	}
	return &cartv1.RedeemPromotionCodeResponse{Cart: Cart(), Code: strings.ToUpper(strings.TrimSpace(req.GetCode()))}, nil
}

func (s *Service) RemovePromotionCode(ctx context.Context, req *cartv1.RemovePromotionCodeRequest) (*cartv1.RemovePromotionCodeResponse, error) {
	if err := s.record(ctx, "RemovePromotionCode", req); err != nil {
		return nil, err
	}
	return &cartv1.RemovePromotionCodeResponse{Cart: Cart()}, nil
}

func (s *Service) GetPricedCart(ctx context.Context, req *cartv1.GetPricedCartRequest) (*cartv1.GetPricedCartResponse, error) {
	if err := s.record(ctx, "GetPricedCart", req); err != nil {
		return nil, err
	}
	return &cartv1.GetPricedCartResponse{Priced: &cartv1.PricedCart{Cart: Cart(), ItemCount: 1, PricesWithVat: true}}, nil
}

// StartContractTransfer answers the fixed cart with the transfer of the request.
func (s *Service) StartContractTransfer(ctx context.Context, req *cartv1.StartContractTransferRequest) (*cartv1.StartContractTransferResponse, error) {
	if err := s.record(ctx, "StartContractTransfer", req); err != nil {
		return nil, err
	}
	return &cartv1.StartContractTransferResponse{Cart: Cart(), RowId: RowID, Transfer: &cartv1.ContractTransfer{
		TransferId: req.GetTransferId(), ContractReference: "V-000001", Holder: "Erika Mustermann",
	}}, nil
}

// Promotion is the one manual promotion GetPromotionByCode knows.
func Promotion() *promotionv1.Promotion {
	return &promotionv1.Promotion{Id: 7, Code: "WELCOME10", Type: "product", ValueType: "percentage", Percent: 10, PercentLabel: 10,
		AppliesTo: &promotionv1.AppliesTo{Type: "all"}, Supported: &promotionv1.Supported{ForAddon: true}}
}

func (s *Service) ListPromotions(ctx context.Context, req *promotionv1.ListPromotionsRequest) (*promotionv1.ListPromotionsResponse, error) {
	if err := s.record(ctx, "ListPromotions", req); err != nil {
		return nil, err
	}
	auto := &promotionv1.Promotion{Id: 1, Code: "AUTO-WEB24-HALF", Type: "product", ValueType: "percentage", Percent: 50, IsAutomatic: true}
	return &promotionv1.ListPromotionsResponse{Promotions: []*promotionv1.Promotion{auto}}, nil
}

func (s *Service) GetPromotionByCode(ctx context.Context, req *promotionv1.GetPromotionByCodeRequest) (*promotionv1.GetPromotionByCodeResponse, error) {
	if err := s.record(ctx, "GetPromotionByCode", req); err != nil {
		return nil, err
	}
	if !strings.EqualFold(req.GetCode(), "WELCOME10") {
		return nil, Error(codes.NotFound, "confirm.manual_promotion_not_found", map[string]string{"code": strings.ToUpper(req.GetCode())})
	}
	return &promotionv1.GetPromotionByCodeResponse{Promotion: Promotion()}, nil
}
