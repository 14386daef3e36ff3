package catalogclient

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// transferCatalog lists a brand's products with external ids, hidden ones only when asked.
type transferCatalog struct {
	catalogv1.CatalogServiceClient
	err error
}

func (s transferCatalog) ListProducts(_ context.Context, in *catalogv1.ListProductsRequest, _ ...grpc.CallOption) (*catalogv1.ListProductsResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	all := []*catalogv1.Product{
		{Id: 1001, Type: "hosting", ExternalProductId: "HW-WEB-S"},
		{Id: 1095, Type: "contract-transfer", IsHidden: true, ExternalProductId: "HW-CONTRACT-TRANSFER"},
	}
	if !in.GetIncludeHidden() {
		all = all[:1]
	}
	return &catalogv1.ListProductsResponse{Products: all}, nil
}

func TestTransferProduct(t *testing.T) {
	cl := New(transferCatalog{}, 0)
	ctx := callctx.With(context.Background(), callctx.Values{BrandID: 1})
	if p, ok, err := cl.TransferProduct(ctx, ""); err != nil || !ok || p.ID != 1095 {
		t.Errorf("brand's transfer product = %+v %v %v, want the hidden 1095", p, ok, err)
	}
	if p, ok, err := cl.TransferProduct(ctx, "HW-WEB-S"); err != nil || !ok || p.ID != 1001 {
		t.Errorf("by external id = %+v %v %v, want 1001", p, ok, err)
	}
	if _, ok, err := cl.TransferProduct(ctx, "SANDBOX-RETIRED"); err != nil || ok {
		t.Errorf("unknown external id: ok %v, err %v; want not found", ok, err)
	}
	down := New(transferCatalog{err: status.Error(codes.Unavailable, "connection refused")}, 0)
	if _, _, err := down.TransferProduct(ctx, ""); apperr.Code(err) != codes.Unavailable {
		t.Errorf("catalog down: %v", err)
	}
}
