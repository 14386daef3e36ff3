package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/sandbox/viessandbox"
	"github.com/hostcart/checkout/services/customer/service"
)

// countingVIES is the sandbox, counting the checks.
type countingVIES struct {
	viessandbox.Sandbox
	calls int
}

func (c *countingVIES) Check(ctx context.Context, id string) (domain.VATIDCheck, error) {
	c.calls++
	return c.Sandbox.Check(ctx, id)
}

var vienna = domain.Address{Street: "Ring 1", PostalCode: "1010", City: "Wien", CountryCode: "AT", Phone: "+43 1 58801"}

func company(vatID string) domain.BasicInfo {
	return domain.BasicInfo{Group: domain.GroupCompany, FirstName: "Lukas", LastName: "Gruber", CompanyName: "Gruber Bau KG", CompanyVatID: vatID, Email: "office@gruber.example"}
}

func TestVATFollowsTheCustomer(t *testing.T) {
	vies := &countingVIES{}
	store := &memStore{data: map[string]domain.SessionCustomer{}}
	svc := service.New(service.Ports{Store: store, Brands: brands, VIES: vies})
	ctx := session("vat-1", hostwerk)

	vat, err := svc.GetSessionVat(ctx)
	if err != nil || vat.Reason != "domestic" || vat.Percent != 19 {
		t.Fatalf("no address: %+v, %v", vat, err)
	}

	// An Austrian company with a valid Austrian VAT id: reverse charge, with the evidence kept.
	res, err := svc.SetBasicInfo(ctx, company("ATU 12345678"))
	if err != nil || len(res.Notices) != 0 {
		t.Fatalf("basic info: %+v, %v", res, err)
	}
	check := res.Customer.VATIDCheck
	if check == nil || check.Status != domain.VATIDValid || check.ConsultationNumber == "" || check.VATID != "ATU12345678" {
		t.Fatalf("evidence: %+v", check)
	}
	if vat, _ := svc.GetSessionVat(ctx); vat.Reason != "domestic" {
		t.Fatalf("no address yet, VAT id alone changes nothing: %+v", vat)
	}
	if _, err := svc.SetAddress(ctx, vienna); err != nil {
		t.Fatal(err)
	}
	if vat, _ := svc.GetSessionVat(ctx); vat.Reason != "reverse_charge" || vat.Percent != 0 {
		t.Fatalf("verified Austrian company in Vienna: %+v", vat)
	}
	// Saving the same id again does not ask VIES again.
	if _, err := svc.SetBasicInfo(ctx, company("ATU12345678")); err != nil || vies.calls != 1 {
		t.Fatalf("second save: %d VIES calls, %v", vies.calls, err)
	}

	// A private person in Austria pays the Austrian rate.
	private := session("vat-2", hostwerk)
	if _, err := svc.SetBasicInfo(private, erika); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetAddress(private, vienna); err != nil {
		t.Fatal(err)
	}
	if vat, _ := svc.GetSessionVat(private); vat.Reason != "destination" || vat.Percent != 20 {
		t.Fatalf("Austrian consumer: %+v", vat)
	}
}

func TestVATIDNotConfirmed(t *testing.T) {
	svc := service.New(service.Ports{Store: &memStore{data: map[string]domain.SessionCustomer{}}, Brands: brands, VIES: viessandbox.Sandbox{}})
	for _, tc := range []struct{ id, status, notice string }{
		{"ATU12345679", domain.VATIDInvalid, domain.KeyVATIDInvalid},
		{"ATU12345670", domain.VATIDUnavailable, domain.KeyVATIDUnchecked},
	} {
		ctx := session("vat-"+tc.id, hostwerk)
		res, err := svc.SetBasicInfo(ctx, company(tc.id))
		// Nothing is lost: the form is saved, a notice explains that normal VAT applies.
		if err != nil || res.Customer.BasicInfo == nil || res.Customer.VATIDCheck.Status != tc.status ||
			len(res.Notices) != 1 || res.Notices[0].Key != tc.notice {
			t.Fatalf("%s: %+v, %v", tc.id, res, err)
		}
		if _, err := svc.SetAddress(ctx, vienna); err != nil {
			t.Fatal(err)
		}
		if vat, _ := svc.GetSessionVat(ctx); vat.Reason != "destination" || vat.Percent != 20 {
			t.Fatalf("%s: VAT %+v, want the Austrian rate", tc.id, vat)
		}
	}
	// A German id in the German brand needs no check: domestic VAT whatever VIES would say.
	res, err := svc.SetBasicInfo(session("vat-de", hostwerk), company("DE123456780"))
	if err != nil || res.Customer.VATIDCheck != nil || len(res.Notices) != 0 {
		t.Fatalf("domestic id: %+v, %v", res, err)
	}
	// The verified id must be the address's country: a French id with a Vienna address is no reverse charge.
	ctx := session("vat-mismatch", hostwerk)
	svcFR := service.New(service.Ports{Store: &memStore{data: map[string]domain.SessionCustomer{}}, Brands: fakeBrands{brands: map[int32]domain.Brand{
		hostwerk: {ID: hostwerk, AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "FR"}, EUMembers: map[string]bool{"DE": true, "AT": true, "FR": true}},
	}}, VIES: viessandbox.Sandbox{}})
	if _, err := svcFR.SetBasicInfo(ctx, company("FR40303265045")); err != nil {
		t.Fatal(err)
	}
	if _, err := svcFR.SetAddress(ctx, vienna); err != nil {
		t.Fatal(err)
	}
	if vat, _ := svcFR.GetSessionVat(ctx); vat.Reason == "reverse_charge" {
		t.Fatalf("French id, Austrian address: %+v", vat)
	}
	if _, err := svcFR.GetSessionVat(session("vat-none", 99)); err == nil {
		t.Fatal("unknown brand answered")
	}
}

// A VAT id starting with a letter that upper-cases to fewer bytes (ı, ſ) crashed the VIES check
// (issue 21): it is refused at the field with the VAT id's key, before VIES is asked, and nothing
// is stored.
func TestMalformedVATIDIsRefusedAtTheField(t *testing.T) {
	vies := &countingVIES{}
	store := &memStore{data: map[string]domain.SessionCustomer{}}
	svc := service.New(service.Ports{Store: store, Brands: brands, VIES: vies})
	for _, id := range []string{"ıX123", "ſX123", "ı", "ATU1234567ı"} {
		_, err := svc.SetBasicInfo(session("vat-malformed", hostwerk), company(id))
		if got := fieldKeys(t, err); len(got) != 1 || len(got["company_vat_id"]) != 1 || got["company_vat_id"][0] != domain.KeyVATIDMalformed {
			t.Errorf("%q: refused fields %v (%v), want company_vat_id %s", id, got, err, domain.KeyVATIDMalformed)
		}
	}
	if vies.calls != 0 || len(store.data) != 0 {
		t.Fatalf("malformed ids reached VIES (%d calls) or the store (%v)", vies.calls, store.data)
	}
}

// slowVIES answers only when its context ends (a VIES that hangs).
type slowVIES struct{}

func (slowVIES) Check(ctx context.Context, _ string) (domain.VATIDCheck, error) {
	<-ctx.Done()
	return domain.VATIDCheck{}, ctx.Err()
}

// A VIES slower than the caller's deadline costs the check, not the form: the check gives up
// before the deadline, leaving time to save, and the form is saved with the id unchecked.
func TestSlowVIESLeavesTheFormSaved(t *testing.T) {
	store := &memStore{data: map[string]domain.SessionCustomer{}}
	svc := service.New(service.Ports{Store: store, Brands: brands, VIES: slowVIES{}})
	ctx, cancel := context.WithTimeout(session("vat-slow", hostwerk), 1500*time.Millisecond)
	defer cancel()
	res, err := svc.SetBasicInfo(ctx, company("ATU12345678"))
	if err != nil || ctx.Err() != nil {
		t.Fatalf("save with a hanging VIES: %v (caller's context: %v)", err, ctx.Err())
	}
	if len(res.Notices) != 1 || res.Notices[0].Key != domain.KeyVATIDUnchecked || res.Customer.BasicInfo == nil || res.Customer.VATIDCheck.Status != domain.VATIDUnavailable {
		t.Fatalf("result %+v", res)
	}
}
