package service_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/service"
)

// memStore is the SessionStore in memory; it keeps copies so callers cannot change stored data.
type memStore struct {
	data   map[string]domain.SessionCustomer
	writes int
}

func copyOf(c domain.SessionCustomer) domain.SessionCustomer {
	out := domain.SessionCustomer{CustomerNo: c.CustomerNo}
	if c.Login != nil {
		l := *c.Login
		out.Login = &l
	}
	if c.VATIDCheck != nil {
		v := *c.VATIDCheck
		out.VATIDCheck = &v
	}
	if c.BasicInfo != nil {
		b := *c.BasicInfo
		out.BasicInfo = &b
	}
	if c.Address != nil {
		a := *c.Address
		out.Address = &a
	}
	return out
}

func (m *memStore) Get(_ context.Context, sid string) (domain.SessionCustomer, error) {
	return copyOf(m.data[sid]), nil
}

func (m *memStore) Update(_ context.Context, sid string, fn func(*domain.SessionCustomer) error) (domain.SessionCustomer, error) {
	c := copyOf(m.data[sid])
	if err := fn(&c); err != nil {
		return domain.SessionCustomer{}, err
	}
	if !reflect.DeepEqual(c, m.data[sid]) {
		m.data[sid] = copyOf(c)
		m.writes++
	}
	return copyOf(c), nil
}

type fakeBrands struct {
	brands map[int32]domain.Brand
	err    error
}

func (f fakeBrands) Brand(_ context.Context, id int32) (domain.Brand, error) {
	if f.err != nil {
		return domain.Brand{}, f.err
	}
	b, ok := f.brands[id]
	if !ok {
		return domain.Brand{}, apperr.New(apperr.NotFound, "brand.not_found")
	}
	return b, nil
}

const (
	hostwerk      = 1
	companiesOnly = 3
)

// VAT imitates the catalog's rule for the countries of the fakes: the service only passes the
// position on.
func (f fakeBrands) VAT(_ context.Context, id int32, p domain.TaxPosition) (domain.VAT, error) {
	if f.err != nil {
		return domain.VAT{}, f.err
	}
	home := f.brands[id].CountryCode
	switch {
	case p.CountryCode == "" || p.CountryCode == home:
		return domain.VAT{Percent: 19, CountryCode: home, Reason: "domestic"}, nil
	case p.CountryCode == "CH":
		return domain.VAT{Percent: 0, CountryCode: "CH", Reason: "export"}, nil
	case p.Business && p.VATIDVerified:
		return domain.VAT{Percent: 0, CountryCode: p.CountryCode, Reason: "reverse_charge"}, nil
	}
	return domain.VAT{Percent: 20, CountryCode: p.CountryCode, Reason: "destination"}, nil
}

var eu = map[string]bool{"DE": true, "AT": true}

var brands = fakeBrands{brands: map[int32]domain.Brand{
	hostwerk:      {ID: hostwerk, AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "CH"}, EUMembers: eu},
	companiesOnly: {AllowCompanies: true, CountryCode: "AT", Countries: []string{"DE", "AT"}},
}}

func setup() (service.Service, *memStore) {
	store := &memStore{data: map[string]domain.SessionCustomer{}}
	return service.New(service.Ports{Store: store, Brands: brands}), store
}

func session(sid string, brand int32) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: brand})
}

// fieldKeys returns the refused fields and their keys of err, or fails the test.
func fieldKeys(t *testing.T, err error) map[string][]string {
	t.Helper()
	var fv apperr.FieldViolator
	if !errors.As(err, &fv) || !errors.Is(err, apperr.InvalidArgument) {
		t.Fatalf("err = %v, want refused fields", err)
	}
	return fv.FieldViolations()
}

var erika = domain.BasicInfo{Group: domain.GroupPrivate, Gender: 1, FirstName: " Erika ", LastName: "Mustermann", Email: "erika@example.de "}
var berlin = domain.Address{Street: " Unter den Linden 1 ", PostalCode: "10117", City: "Berlin", CountryCode: "de", Phone: "+49 30 1234567"}

func TestSetBasicInfoNormalisesAndStores(t *testing.T) {
	svc, store := setup()
	ctx := session("s1", hostwerk)

	// A private person who typed company fields first: they are dropped, values trimmed.
	in := erika
	in.CompanyName, in.CompanyVatID = "Muster GmbH", "DE 123"
	res, err := svc.SetBasicInfo(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	want := domain.BasicInfo{Group: domain.GroupPrivate, Gender: 1, FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de"}
	if res.Customer.BasicInfo == nil || *res.Customer.BasicInfo != want || res.Customer.Address != nil || res.Validated || len(res.Notices) != 0 {
		t.Fatalf("result = %+v %+v", res, res.Customer.BasicInfo)
	}
	if got := store.data["s1"].BasicInfo; got == nil || *got != want {
		t.Fatalf("stored = %+v", got)
	}

	// A company's VAT id loses its spaces.
	company := domain.BasicInfo{Group: domain.GroupCompany, FirstName: "Max", LastName: "Muster", Email: "max@muster.de", CompanyName: " Muster GmbH ", CompanyVatID: " DE 123 456 789 "}
	res, err = svc.SetBasicInfo(ctx, company)
	if err != nil {
		t.Fatal(err)
	}
	if b := res.Customer.BasicInfo; b.CompanyName != "Muster GmbH" || b.CompanyVatID != "DE123456789" || b.Group != domain.GroupCompany {
		t.Fatalf("company = %+v", b)
	}
}

func TestSetBasicInfoGroupForcedByBrand(t *testing.T) {
	svc, _ := setup()
	// The brand takes companies only: a private person's form becomes a company's, which then
	// lacks its company name.
	_, err := svc.SetBasicInfo(session("s1", companiesOnly), erika)
	if got := fieldKeys(t, err); fmt.Sprint(got) != "map[company_name:[validation.required]]" {
		t.Fatalf("refused = %v", got)
	}
	in := erika
	in.CompanyName = "Muster AG"
	res, err := svc.SetBasicInfo(session("s1", companiesOnly), in)
	if err != nil || res.Customer.BasicInfo.Group != domain.GroupCompany || res.Customer.BasicInfo.CompanyName != "Muster AG" {
		t.Fatalf("forced company: %+v, %v", res.Customer.BasicInfo, err)
	}
}

func TestRefusedFormStoresNothing(t *testing.T) {
	svc, store := setup()
	ctx := session("s1", hostwerk)
	if _, err := svc.SetBasicInfo(ctx, erika); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetAddress(ctx, berlin); err != nil {
		t.Fatal(err)
	}
	before := copyOf(store.data["s1"])
	writes := store.writes

	_, err := svc.SetBasicInfo(ctx, domain.BasicInfo{Group: domain.GroupCompany, FirstName: "Max", Email: "max.muster.de"})
	want := map[string][]string{"last_name": {"validation.required"}, "email": {"validation.email"}, "company_name": {"validation.required"}}
	if got := fieldKeys(t, err); !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("basic info refused = %v, want %v", got, want)
	}
	_, err = svc.SetAddress(ctx, domain.Address{Street: "Hauptstr. 1", PostalCode: "12345678901", City: "Berlin", CountryCode: "US", Phone: "030 12a"})
	want = map[string][]string{"postal_code": {"validation.max_length"}, "country_code": {"customer.country_not_supported"}, "phone": {"customer.phone_invalid"}}
	if got := fieldKeys(t, err); !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("address refused = %v, want %v", got, want)
	}
	if store.writes != writes || fmt.Sprint(*store.data["s1"].BasicInfo, *store.data["s1"].Address) != fmt.Sprint(*before.BasicInfo, *before.Address) {
		t.Errorf("refused forms changed the store: %+v", store.data["s1"])
	}
}

func TestSetAddressValidatesTheCustomer(t *testing.T) {
	svc, _ := setup()
	ctx := session("s1", hostwerk)
	res, err := svc.SetAddress(ctx, berlin)
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Address{Street: "Unter den Linden 1", PostalCode: "10117", City: "Berlin", CountryCode: "DE", Phone: "+49 30 1234567"}
	if *res.Customer.Address != want || res.Validated {
		t.Fatalf("address only: %+v validated=%v", *res.Customer.Address, res.Validated)
	}
	if res, err = svc.SetBasicInfo(ctx, erika); err != nil || !res.Validated {
		t.Fatalf("both forms: validated=%v, %v", res.Validated, err)
	}
	// An empty country is the brand's: a Viennese number is no German one.
	vienna := domain.Address{Street: "Ring 1", PostalCode: "1010", City: "Wien", Phone: "01 5880 0"}
	_, err = svc.SetAddress(ctx, vienna)
	if got := fieldKeys(t, err); fmt.Sprint(got) != "map[phone:[customer.phone_invalid]]" {
		t.Errorf("Austrian number in Germany: %v", got)
	}
	vienna.CountryCode, vienna.Phone = "AT", "+43 1 58800"
	if res, err = svc.SetAddress(ctx, vienna); err != nil || res.Customer.Address.CountryCode != "AT" {
		t.Fatalf("Vienna: %+v, %v", res.Customer.Address, err)
	}
}

func TestUnsupportedCountryIsResetOnReadAndSave(t *testing.T) {
	svc, store := setup()
	// Stored while the brand still delivered to Liechtenstein.
	info := domain.BasicInfo{Group: domain.GroupPrivate, FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de"}
	store.data["s1"] = domain.SessionCustomer{
		BasicInfo: &info,
		Address:   &domain.Address{Street: "Städtle 1", PostalCode: "9490", City: "Vaduz", CountryCode: "LI", Phone: "+423 2366000"},
	}
	res, err := svc.GetSessionCustomer(session("s1", hostwerk))
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Address{Street: "Städtle 1", CountryCode: "DE", Phone: "+423 2366000"}
	if *res.Customer.Address != want || res.Validated {
		t.Fatalf("after read: %+v validated=%v", *res.Customer.Address, res.Validated)
	}
	if len(res.Notices) != 1 || res.Notices[0].Key != "customer.country_not_supported" || res.Notices[0].Type != "warning" {
		t.Fatalf("notices = %+v", res.Notices)
	}
	if got := *store.data["s1"].Address; got != want {
		t.Fatalf("stored after read: %+v", got)
	}
	// Read again: nothing left to reset, no notice, no write.
	writes := store.writes
	if res, err = svc.GetSessionCustomer(session("s1", hostwerk)); err != nil || len(res.Notices) != 0 || store.writes != writes {
		t.Fatalf("second read: %+v writes %d→%d, %v", res.Notices, writes, store.writes, err)
	}

	// Saving basic info resets a stored address too.
	store.data["s2"] = domain.SessionCustomer{Address: &domain.Address{Street: "Rue 1", PostalCode: "75001", City: "Paris", CountryCode: "FR", Phone: "+33 1 23456789"}}
	res, err = svc.SetBasicInfo(session("s2", hostwerk), erika)
	if err != nil || len(res.Notices) != 1 || res.Customer.Address.CountryCode != "DE" || res.Customer.Address.City != "" || store.data["s2"].Address.PostalCode != "" {
		t.Fatalf("save: %+v %+v, %v", res.Notices, res.Customer.Address, err)
	}
}

func TestFreshSessionHasNoCustomer(t *testing.T) {
	svc, store := setup()
	res, err := svc.GetSessionCustomer(session("new", hostwerk))
	if err != nil || res.Customer.BasicInfo != nil || res.Customer.Address != nil || res.Validated || len(res.Notices) != 0 {
		t.Fatalf("fresh: %+v, %v", res, err)
	}
	if store.writes != 0 {
		t.Error("a read of a fresh session wrote")
	}
}

func TestSessionsAreApart(t *testing.T) {
	svc, _ := setup()
	if _, err := svc.SetBasicInfo(session("a", hostwerk), erika); err != nil {
		t.Fatal(err)
	}
	if res, err := svc.GetSessionCustomer(session("b", hostwerk)); err != nil || res.Customer.BasicInfo != nil {
		t.Fatalf("session b sees %+v, %v", res.Customer.BasicInfo, err)
	}
}

func TestCallContextAndBrandFailures(t *testing.T) {
	svc, _ := setup()
	if _, err := svc.GetSessionCustomer(session("", hostwerk)); !errors.Is(err, service.ErrSessionRequired) {
		t.Errorf("no session: %v", err)
	}
	if _, err := svc.SetAddress(session("s1", 0), berlin); !errors.Is(err, service.ErrBrandRequired) {
		t.Errorf("no brand: %v", err)
	}
	if _, err := svc.SetBasicInfo(session("s1", 99), erika); apperr.MessageKey(err) != "brand.not_found" {
		t.Errorf("unknown brand: %v", err)
	}

	store := &memStore{data: map[string]domain.SessionCustomer{}}
	down := service.New(service.Ports{Store: store, Brands: fakeBrands{err: fmt.Errorf("list brands: %w", apperr.Unavailable)}})
	if _, err := down.SetBasicInfo(session("s1", hostwerk), erika); !errors.Is(err, apperr.Unavailable) || store.writes != 0 {
		t.Errorf("catalog down: %v, %d writes", err, store.writes)
	}
}
