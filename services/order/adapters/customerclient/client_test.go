package customerclient

import (
	"context"
	"reflect"
	"testing"
	"time"

	"google.golang.org/grpc"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/services/order/domain"
)

// fakeCustomerService answers GetSessionCustomer with customer; every other method is unused here.
type fakeCustomerService struct {
	customerv1.CustomerServiceClient
	customer *customerv1.Customer
}

func (f fakeCustomerService) GetSessionCustomer(context.Context, *customerv1.GetSessionCustomerRequest, ...grpc.CallOption) (*customerv1.GetSessionCustomerResponse, error) {
	return &customerv1.GetSessionCustomerResponse{Customer: f.customer}, nil
}

// The VIES evidence the customer service recorded reaches the order's customer; a customer without
// a check has none, and a check time the customer service cannot have written is refused.
func TestSessionCustomerCarriesTheVATIDCheck(t *testing.T) {
	c := &customerv1.Customer{Validated: true,
		BasicInfo: &customerv1.BasicInfo{Group: new(int32), FirstName: "Lukas", LastName: "Gruber", CompanyName: "Gruber Bau KG", CompanyVatId: "ATU12345678", Email: "office@gruber-bau.example"},
		Address:   &customerv1.Address{Street: "Landstraße 22", PostalCode: "4020", City: "Linz", CountryCode: "DE", Phone: "+49 30 1"},
		VatIdCheck: &customerv1.VatIdCheck{VatId: "ATU12345678", Status: "valid", ConsultationNumber: "WAPI1", Name: "GRUBER BAU KG",
			Address: "LANDSTRASSE 22\n4020 LINZ", CheckedAt: "2026-11-27T09:30:00Z"}}
	got, ok, err := New(fakeCustomerService{customer: c}).SessionCustomer(context.Background())
	want := &domain.VATIDCheck{VATID: "ATU12345678", Status: domain.VATIDValid, ConsultationNumber: "WAPI1", Name: "GRUBER BAU KG",
		Address: "LANDSTRASSE 22\n4020 LINZ", CheckedAt: time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)}
	if err != nil || !ok || got.CompanyVATID != "ATU12345678" || !reflect.DeepEqual(got.VATIDCheck, want) {
		t.Fatalf("customer %+v (check %+v), ok %v, err %v", got, got.VATIDCheck, ok, err)
	}

	c.VatIdCheck = nil
	if got, _, err := New(fakeCustomerService{customer: c}).SessionCustomer(context.Background()); err != nil || got.VATIDCheck != nil {
		t.Fatalf("without a check: %+v, %v", got.VATIDCheck, err)
	}
	c.VatIdCheck = &customerv1.VatIdCheck{VatId: "ATU12345678", Status: "valid", CheckedAt: "yesterday"}
	if _, _, err := New(fakeCustomerService{customer: c}).SessionCustomer(context.Background()); err == nil {
		t.Fatal("a check without a readable time was taken")
	}
}
