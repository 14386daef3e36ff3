package service

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// fieldRepo is fakeRepo whose products define additional fields.
type fieldRepo struct {
	fakeRepo
	brandIDs []int32
}

func (r *fieldRepo) Products(_ context.Context, brandID int32, _ string, f ProductFilter) ([]domain.Product, error) {
	r.brandIDs = append(r.brandIDs, brandID)
	if r.err != nil {
		return nil, r.err
	}
	return []domain.Product{
		{ID: 10, IsHidden: true, AdditionalFields: []domain.AdditionalField{{ID: 1, Key: "ssl_domain", ValidationRules: "required|fqdn"}}},
		{ID: 12, Type: "addon", AdditionalFields: []domain.AdditionalField{{ID: 2, Key: "duns", ValidationRules: "string|min:9|max:9"}}},
	}, nil
}

func TestValidateAdditionalFields(t *testing.T) {
	repo := &fieldRepo{}
	svc := New(repo, &fakeLocales{})
	got, err := svc.ValidateAdditionalFields(ctxWith(1, "s", ""), []domain.FieldValue{{FieldID: 1, Value: ""}, {FieldID: 2, Value: "123456789"}, {FieldID: 5, Value: "x"}})
	if err != nil {
		t.Fatal(err)
	}
	// A hidden product's field is known (a cart may hold the product); field 5 is no product's.
	if fmt.Sprint(got) != "[{1 [validation.required]} {5 [validation.unknown_field]}]" || fmt.Sprint(repo.brandIDs) != "[1]" {
		t.Errorf("got %v, products read for brands %v", got, repo.brandIDs)
	}

	if _, err := svc.ValidateAdditionalFields(ctxWith(0, "s", ""), nil); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("no brand: %v", err)
	}
	down := New(&fieldRepo{fakeRepo: fakeRepo{err: fmt.Errorf("%w: connection refused", domain.ErrUnavailable)}}, &fakeLocales{})
	if _, err := down.ValidateAdditionalFields(ctxWith(1, "s", ""), []domain.FieldValue{{FieldID: 1}}); !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("store down: %v", err)
	}
}
