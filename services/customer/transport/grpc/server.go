// Package grpctransport binds the customer endpoints to the CustomerService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"
	"time"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/libs/go/apperr"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/endpoints"
	"github.com/hostcart/checkout/services/customer/service"
)

// origin is the one place the service's errors become gRPC statuses: apperr decides the code from
// the error's kind, the status message is the message key, and refused forms carry their broken
// rules per field as google.rpc.BadRequest field violations.
var origin = apperr.Origin{
	ErrorDomain:    "customer.checkout.hostcart",
	UnavailableKey: "customer.unavailable",
}

func statusFrom(err error) error { return origin.Err(err, "") }

type server struct {
	customerv1.UnimplementedCustomerServiceServer

	getSessionCustomer kitgrpc.Handler
	setBasicInfo       kitgrpc.Handler
	setAddress         kitgrpc.Handler
	beginLogin         kitgrpc.Handler
	completeLogin      kitgrpc.Handler
	logout             kitgrpc.Handler
	getSessionVat      kitgrpc.Handler
}

// NewServer returns the gRPC CustomerService over the endpoint set.
func NewServer(set endpoints.Set, opts ...kitgrpc.ServerOption) customerv1.CustomerServiceServer {
	return &server{
		getSessionCustomer: kitgrpc.NewServer(set.GetSessionCustomer, decodeGRPCGetSessionCustomerRequest, encodeGRPCGetSessionCustomerResponse, opts...),
		setBasicInfo:       kitgrpc.NewServer(set.SetBasicInfo, decodeGRPCSetBasicInfoRequest, encodeGRPCSetBasicInfoResponse, opts...),
		setAddress:         kitgrpc.NewServer(set.SetAddress, decodeGRPCSetAddressRequest, encodeGRPCSetAddressResponse, opts...),
		beginLogin:         kitgrpc.NewServer(set.BeginLogin, decodeGRPCBeginLoginRequest, encodeGRPCBeginLoginResponse, opts...),
		completeLogin:      kitgrpc.NewServer(set.CompleteLogin, decodeGRPCCompleteLoginRequest, encodeGRPCCompleteLoginResponse, opts...),
		logout:             kitgrpc.NewServer(set.Logout, decodeGRPCLogoutRequest, encodeGRPCLogoutResponse, opts...),
		getSessionVat:      kitgrpc.NewServer(set.GetSessionVat, decodeGRPCGetSessionVatRequest, encodeGRPCGetSessionVatResponse, opts...),
	}
}

func (s *server) GetSessionCustomer(ctx context.Context, req *customerv1.GetSessionCustomerRequest) (*customerv1.GetSessionCustomerResponse, error) {
	return grpcserver.Handle[customerv1.GetSessionCustomerResponse](ctx, s.getSessionCustomer, req, statusFrom)
}

func (s *server) SetBasicInfo(ctx context.Context, req *customerv1.SetBasicInfoRequest) (*customerv1.SetBasicInfoResponse, error) {
	return grpcserver.Handle[customerv1.SetBasicInfoResponse](ctx, s.setBasicInfo, req, statusFrom)
}

func (s *server) SetAddress(ctx context.Context, req *customerv1.SetAddressRequest) (*customerv1.SetAddressResponse, error) {
	return grpcserver.Handle[customerv1.SetAddressResponse](ctx, s.setAddress, req, statusFrom)
}

func (s *server) BeginLogin(ctx context.Context, req *customerv1.BeginLoginRequest) (*customerv1.BeginLoginResponse, error) {
	return grpcserver.Handle[customerv1.BeginLoginResponse](ctx, s.beginLogin, req, statusFrom)
}

func (s *server) CompleteLogin(ctx context.Context, req *customerv1.CompleteLoginRequest) (*customerv1.CompleteLoginResponse, error) {
	return grpcserver.Handle[customerv1.CompleteLoginResponse](ctx, s.completeLogin, req, statusFrom)
}

func (s *server) Logout(ctx context.Context, req *customerv1.LogoutRequest) (*customerv1.LogoutResponse, error) {
	return grpcserver.Handle[customerv1.LogoutResponse](ctx, s.logout, req, statusFrom)
}

func (s *server) GetSessionVat(ctx context.Context, req *customerv1.GetSessionVatRequest) (*customerv1.GetSessionVatResponse, error) {
	return grpcserver.Handle[customerv1.GetSessionVatResponse](ctx, s.getSessionVat, req, statusFrom)
}

func decodeGRPCGetSessionVatRequest(_ context.Context, grpcReq any) (any, error) {
	if _, err := grpcRequest[customerv1.GetSessionVatRequest](grpcReq); err != nil {
		return nil, err
	}
	return nil, nil
}

func encodeGRPCGetSessionVatResponse(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.VATResponse)
	if !ok {
		return nil, fmt.Errorf("customer transport: endpoint returned %T, want endpoints.VATResponse", response)
	}
	return &customerv1.GetSessionVatResponse{VatPercent: r.VAT.Percent, CountryCode: r.VAT.CountryCode, Reason: r.VAT.Reason,
		ReverseCharge: r.VAT.Reason == domain.ReasonReverseCharge, PanelSignIn: r.VAT.PanelSignIn}, nil
}

// grpcRequest asserts the request type gRPC handed to a decoder.
func grpcRequest[T any](req any) (*T, error) {
	r, ok := req.(*T)
	if !ok || r == nil {
		return nil, fmt.Errorf("customer transport: got request %T, want %T: %w", req, r, apperr.InvalidArgument)
	}
	return r, nil
}

// result asserts the response type an endpoint returned.
func result(response any) (service.Result, error) {
	r, ok := response.(endpoints.Response)
	if !ok {
		return service.Result{}, fmt.Errorf("customer transport: endpoint returned %T, want endpoints.Response", response)
	}
	return r.Result, nil
}

func decodeGRPCGetSessionCustomerRequest(_ context.Context, grpcReq any) (any, error) {
	if _, err := grpcRequest[customerv1.GetSessionCustomerRequest](grpcReq); err != nil {
		return nil, err
	}
	return endpoints.GetSessionCustomerRequest{}, nil
}

func encodeGRPCGetSessionCustomerResponse(_ context.Context, response any) (any, error) {
	res, err := result(response)
	if err != nil {
		return nil, err
	}
	return &customerv1.GetSessionCustomerResponse{Customer: customerToProto(res), Notices: noticesToProto(res.Notices)}, nil
}

func decodeGRPCSetBasicInfoRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[customerv1.SetBasicInfoRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SetBasicInfoRequest{BasicInfo: basicInfoFromProto(req.GetBasicInfo())}, nil
}

func encodeGRPCSetBasicInfoResponse(_ context.Context, response any) (any, error) {
	res, err := result(response)
	if err != nil {
		return nil, err
	}
	return &customerv1.SetBasicInfoResponse{Customer: customerToProto(res), Notices: noticesToProto(res.Notices)}, nil
}

func decodeGRPCSetAddressRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[customerv1.SetAddressRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SetAddressRequest{Address: addressFromProto(req.GetAddress())}, nil
}

func encodeGRPCSetAddressResponse(_ context.Context, response any) (any, error) {
	res, err := result(response)
	if err != nil {
		return nil, err
	}
	return &customerv1.SetAddressResponse{Customer: customerToProto(res), Notices: noticesToProto(res.Notices)}, nil
}

func decodeGRPCBeginLoginRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[customerv1.BeginLoginRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return service.BeginLogin{RedirectURI: req.GetRedirectUri(), UseCP2: req.GetUseCp_2(), Panel: req.GetPanel()}, nil
}

func encodeGRPCBeginLoginResponse(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.BeginLoginResponse)
	if !ok {
		return nil, fmt.Errorf("customer transport: endpoint returned %T, want endpoints.BeginLoginResponse", response)
	}
	return &customerv1.BeginLoginResponse{Url: r.URL}, nil
}

func decodeGRPCCompleteLoginRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[customerv1.CompleteLoginRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	in := service.CompleteLogin{Code: req.GetAuthorizationCode(), State: req.GetState()}
	if p := req.GetPanel(); p != nil {
		in.Panel = &domain.PanelSignIn{OrderType: p.GetOrderType(), UseCP2: p.GetUseCp_2(), WebhostingID: p.GetWebhostingId(),
			CategorySlug: p.GetCategorySlug(), ExternalProductID: p.GetExternalProductId()}
	}
	return in, nil
}

func encodeGRPCCompleteLoginResponse(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.LoginResponse)
	if !ok {
		return nil, fmt.Errorf("customer transport: endpoint returned %T, want endpoints.LoginResponse", response)
	}
	return &customerv1.CompleteLoginResponse{Customer: customerToProto(r.Result.Result), ExternalProductId: r.Result.ExternalProductID}, nil
}

func decodeGRPCLogoutRequest(_ context.Context, grpcReq any) (any, error) {
	if _, err := grpcRequest[customerv1.LogoutRequest](grpcReq); err != nil {
		return nil, err
	}
	return nil, nil
}

func encodeGRPCLogoutResponse(_ context.Context, response any) (any, error) {
	r, ok := response.(endpoints.LogoutResponse)
	if !ok {
		return nil, fmt.Errorf("customer transport: endpoint returned %T, want endpoints.LogoutResponse", response)
	}
	return &customerv1.LogoutResponse{Customer: customerToProto(r.Result.Result), PanelUrl: r.Result.PanelURL}, nil
}

// basicInfoFromProto: a request without basic info is an empty form, refused field by field; one
// without a group is a private person's (spec §3: group defaults to 1).
func basicInfoFromProto(b *customerv1.BasicInfo) domain.BasicInfo {
	group := domain.GroupPrivate
	if b != nil && b.Group != nil {
		group = domain.Group(b.GetGroup())
	}
	return domain.BasicInfo{
		Group: group, Gender: int(b.GetGender()),
		FirstName: b.GetFirstName(), LastName: b.GetLastName(),
		CompanyName: b.GetCompanyName(), CompanyVatID: b.GetCompanyVatId(), Email: b.GetEmail(),
	}
}

func addressFromProto(a *customerv1.Address) domain.Address {
	return domain.Address{
		Street: a.GetStreet(), PostalCode: a.GetPostalCode(), City: a.GetCity(),
		CountryCode: a.GetCountryCode(), Phone: a.GetPhone(),
	}
}

func customerToProto(res service.Result) *customerv1.Customer {
	out := &customerv1.Customer{CustomerNo: res.Customer.CustomerNo, BrandId: res.Customer.BrandID, Validated: res.Validated}
	if b := res.Customer.BasicInfo; b != nil {
		out.BasicInfo = &customerv1.BasicInfo{
			Group: proto.Int32(int32(b.Group)), Gender: int32(b.Gender), FirstName: b.FirstName, LastName: b.LastName,
			CompanyName: b.CompanyName, CompanyVatId: b.CompanyVatID, Email: b.Email,
		}
	}
	if v := res.Customer.VATIDCheck; v != nil {
		out.VatIdCheck = &customerv1.VatIdCheck{VatId: v.VATID, Status: v.Status, ConsultationNumber: v.ConsultationNumber,
			Name: v.Name, Address: v.Address, CheckedAt: v.CheckedAt.UTC().Format(time.RFC3339)}
	}
	if p := res.Customer.Panel; p != nil {
		out.Panel = &customerv1.PanelSignIn{OrderType: p.OrderType, UseCp_2: p.UseCP2, WebhostingId: p.WebhostingID,
			CategorySlug: p.CategorySlug, ExternalProductId: p.ExternalProductID}
	}
	if a := res.Customer.Address; a != nil {
		out.Address = &customerv1.Address{
			Street: a.Street, PostalCode: a.PostalCode, City: a.City, CountryCode: a.CountryCode, Phone: a.Phone,
		}
	}
	return out
}

func noticesToProto(ns []service.Notice) []*customerv1.Notice {
	out := make([]*customerv1.Notice, len(ns))
	for i, n := range ns {
		out[i] = &customerv1.Notice{Key: n.Key, Type: n.Type, Params: n.Params}
	}
	return out
}
