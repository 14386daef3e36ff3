package service

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

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

// signatureRepo defines a power-of-attorney signature field.
type signatureRepo struct{ fakeRepo }

func (r *signatureRepo) Products(context.Context, int32, string, ProductFilter) ([]domain.Product, error) {
	return []domain.Product{{ID: 20, Type: "addon", AdditionalFields: []domain.AdditionalField{{ID: 3, Key: "ppoa_signature", InputComponent: "ppoa_signature", ValidationRules: "required"}}}}, nil
}

// The signature is checked against the injected clock, not the wall clock: dated on the clock's
// day it passes whatever day the suite runs on; three days earlier it is refused (a day either side
// is allowed for time zones).
func TestValidateAdditionalFieldsSignatureDatedByClock(t *testing.T) {
	day := time.Date(2026, time.November, 25, 12, 0, 0, 0, time.UTC)
	svc := New(&signatureRepo{}, &fakeLocales{}, WithClock(func() time.Time { return day }))
	sig := func(date string) []domain.FieldValue {
		return []domain.FieldValue{{FieldID: 3, Value: `{"style":"montez-regular","place":"Berlin","date":"` + date + `"}`}}
	}
	got, err := svc.ValidateAdditionalFields(ctxWith(1, "s", ""), sig("25.11.2026"))
	if err != nil || len(got) != 0 {
		t.Fatalf("dated on the clock's day: %v, %v", got, err)
	}
	got, err = svc.ValidateAdditionalFields(ctxWith(1, "s", ""), sig("22.11.2026"))
	if err != nil || fmt.Sprint(got) != "[{3 [families.errors.signature_date]}]" {
		t.Fatalf("dated three days before: %v, %v", got, err)
	}
}
