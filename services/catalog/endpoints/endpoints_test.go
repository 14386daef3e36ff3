package endpoints

import (
	"context"
	"testing"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/catalog/domain"
	"github.com/hostcart/checkout/services/catalog/service"
)

// stubService answers only what these tests call; the embedded nil interface panics on anything else.
type stubService struct {
	service.Service
	gotCode string
}

func (s *stubService) SetSessionLocale(_ context.Context, code string) (string, error) {
	s.gotCode = code
	if code == "fr-FR" {
		return "", domain.ErrLocaleNotSupported
	}
	return code, nil
}

func TestEndpointsCallTheService(t *testing.T) {
	svc := &stubService{}
	var order []string
	mark := func(name string) endpoint.Middleware {
		return func(next endpoint.Endpoint) endpoint.Endpoint {
			return func(ctx context.Context, req any) (any, error) {
				order = append(order, name)
				return next(ctx, req)
			}
		}
	}
	set := New(svc, mark("outer"), mark("inner"))
	resp, err := set.SetSessionLocale(context.Background(), SetSessionLocaleRequest{Code: "en-GB"})
	if err != nil || resp.(SetSessionLocaleResponse).Code != "en-GB" || svc.gotCode != "en-GB" {
		t.Fatalf("resp %v, err %v", resp, err)
	}
	if len(order) != 2 || order[0] != "outer" || order[1] != "inner" {
		t.Errorf("middleware order = %v", order)
	}
	if _, err := set.SetSessionLocale(context.Background(), SetSessionLocaleRequest{Code: "fr-FR"}); err != domain.ErrLocaleNotSupported {
		t.Errorf("domain error not passed through: %v", err)
	}
	if _, err := set.SetSessionLocale(context.Background(), GetProductRequest{ID: 1}); err == nil {
		t.Error("wrong request type accepted")
	}
}

type fieldStub struct {
	service.Service
	got []domain.FieldValue
}

func (s *fieldStub) ValidateAdditionalFields(_ context.Context, values []domain.FieldValue) ([]domain.FieldErrors, error) {
	s.got = values
	return []domain.FieldErrors{{FieldID: values[0].FieldID, Errors: []string{"validation.required"}}}, nil
}

func TestValidateAdditionalFieldsEndpoint(t *testing.T) {
	svc := &fieldStub{}
	set := New(svc)
	resp, err := set.ValidateAdditionalFields(context.Background(), ValidateAdditionalFieldsRequest{Values: []domain.FieldValue{{FieldID: 7, Value: ""}}})
	if err != nil || len(svc.got) != 1 || resp.(ValidateAdditionalFieldsResponse).Errors[0].FieldID != 7 {
		t.Fatalf("resp %v, err %v, service got %v", resp, err, svc.got)
	}
	if _, err := set.ValidateAdditionalFields(context.Background(), GetProductRequest{ID: 1}); err == nil {
		t.Error("wrong request type accepted")
	}
}
