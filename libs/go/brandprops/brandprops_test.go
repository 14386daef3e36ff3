package brandprops_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/brandprops"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

type catalog struct {
	catalogv1.CatalogServiceClient
	calls int
	err   error
}

func (c *catalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest, ...grpc.CallOption) (*catalogv1.ListBrandsResponse, error) {
	c.calls++
	if c.err != nil {
		return nil, c.err
	}
	return &catalogv1.ListBrandsResponse{Brands: []*catalogv1.Brand{
		{Id: 1, Properties: []*catalogv1.BrandProperty{{Key: "display_bank_name_input_field", Value: "true"}, {Key: "country_code", Value: "DE"}}},
	}}, nil
}

func TestProps(t *testing.T) {
	c := &catalog{}
	r := brandprops.New(c, time.Minute)
	for range 3 {
		p, err := r.Props(context.Background(), 1)
		if err != nil || !p.Flag("display_bank_name_input_field") || p["country_code"] != "DE" || p.Flag("country_code") {
			t.Fatalf("Props = %v, %v", p, err)
		}
	}
	if c.calls != 1 {
		t.Fatalf("catalog asked %d times, want once (cached)", c.calls)
	}
	if _, err := r.Props(context.Background(), 9); !errors.Is(err, brandprops.ErrBrandNotFound) {
		t.Fatalf("unknown brand: %v", err)
	}
	down := brandprops.New(&catalog{err: status.Error(codes.Unavailable, "down")}, time.Minute)
	if _, err := down.Props(context.Background(), 1); !errors.Is(err, brandprops.ErrUnavailable) {
		t.Fatalf("catalog down: %v", err)
	}
	cancelled := brandprops.New(&catalog{err: status.Error(codes.Canceled, "gone")}, time.Minute)
	if _, err := cancelled.Props(context.Background(), 1); !errors.Is(err, context.Canceled) || errors.Is(err, brandprops.ErrUnavailable) {
		t.Fatalf("cancelled call: %v", err)
	}
}
