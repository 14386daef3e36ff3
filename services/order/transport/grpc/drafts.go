package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/protobuf/encoding/protojson"

	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/endpoints"
	"github.com/hostcart/checkout/services/order/service"
)

func (s *server) CreateDraft(ctx context.Context, req *orderv1.CreateDraftRequest) (*orderv1.CreateDraftResponse, error) {
	return grpcserver.Handle[orderv1.CreateDraftResponse](ctx, s.createDraft, req, statusFrom)
}

func (s *server) OpenDraft(ctx context.Context, req *orderv1.OpenDraftRequest) (*orderv1.OpenDraftResponse, error) {
	return grpcserver.Handle[orderv1.OpenDraftResponse](ctx, s.openDraft, req, statusFrom)
}

func (s *server) GetCurrentDraft(ctx context.Context, req *orderv1.GetCurrentDraftRequest) (*orderv1.GetCurrentDraftResponse, error) {
	return grpcserver.Handle[orderv1.GetCurrentDraftResponse](ctx, s.currentDraft, req, statusFrom)
}

func (s *server) SaveDraft(ctx context.Context, req *orderv1.SaveDraftRequest) (*orderv1.SaveDraftResponse, error) {
	return grpcserver.Handle[orderv1.SaveDraftResponse](ctx, s.saveDraft, req, statusFrom)
}

func (s *server) CancelDraft(ctx context.Context, req *orderv1.CancelDraftRequest) (*orderv1.CancelDraftResponse, error) {
	return grpcserver.Handle[orderv1.CancelDraftResponse](ctx, s.cancelDraft, req, statusFrom)
}

func decodeCreateDraft(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.CreateDraftRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	// The cart stays the cart service's business: it travels on as that service's JSON.
	cart, err := protojson.Marshal(req.GetCart())
	if err != nil {
		return nil, fmt.Errorf("order transport: draft cart: %w", err)
	}
	return service.CreateDraftInput{CartJSON: cart, ItemCount: len(req.GetCart().GetItems()),
		CustomerNumber: req.GetCustomerNumber(), CreatedBy: req.GetCreatedBy()}, nil
}

func decodeOpenDraft(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.OpenDraftRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SessionCodeRequest{Code: req.GetSessionCode()}, nil
}

func decodeSaveDraft(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.SaveDraftRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SaveDraftRequest{ExpectedVersion: req.GetExpectedVersion(), SalesAgent: req.GetIsSalesAgent(), AdminID: req.GetAdminId()}, nil
}

func decodeCancelDraft(_ context.Context, grpcReq any) (any, error) {
	req, err := request[orderv1.CancelDraftRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.CancelDraftRequest{SalesAgent: req.GetIsSalesAgent()}, nil
}

func draftResponse(response any) (endpoints.DraftResponse, error) {
	r, ok := response.(endpoints.DraftResponse)
	if !ok {
		return r, fmt.Errorf("order transport: endpoint returned %T", response)
	}
	return r, nil
}

func encodeDraft(wrap func(*orderv1.Draft) any) kitgrpc.EncodeResponseFunc {
	return func(_ context.Context, response any) (any, error) {
		r, err := draftResponse(response)
		if err != nil {
			return nil, err
		}
		return wrap(Draft(r.Draft)), nil
	}
}

func encodeCreateDraft(_ context.Context, response any) (any, error) {
	r, err := draftResponse(response)
	if err != nil {
		return nil, err
	}
	return &orderv1.CreateDraftResponse{Draft: Draft(r.Draft), SessionCode: r.SessionCode}, nil
}

func encodeOpenDraft(_ context.Context, response any) (any, error) {
	r, err := draftResponse(response)
	if err != nil {
		return nil, err
	}
	return &orderv1.OpenDraftResponse{Draft: Draft(r.Draft), SessionId: r.Draft.SessionID}, nil
}

// Draft is the contract's view of a draft: no session id, no cart snapshot.
func Draft(d domain.Draft) *orderv1.Draft {
	return &orderv1.Draft{Id: d.ID, Status: d.Status, Version: d.Version, CustomerNumber: d.CustomerNumber,
		CreatedBy: d.CreatedBy, SavedBy: d.SavedBy, CreatedAtUnix: d.CreatedAt.Unix(), UpdatedAtUnix: d.UpdatedAt.Unix(),
		OrderId: d.OrderID}
}
