package cartclient

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/pricedcart"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/service"
)

func TestConvert(t *testing.T) {
	p := &cartv1.PricedCart{
		Items: []*cartv1.PricedItem{{
			RowId:   "r1",
			Product: &cartv1.PricedLine{Id: 7, Name: "Web M", MaturityId: 2, IntervalId: 3, VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 1000, TotalGrossCents: 1190, SetupFeeNetCents: 100}},
			Addons:  []*cartv1.PricedLine{{Id: 9, Name: "SSL", VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 200, TotalGrossCents: 238}, Promotion: &cartv1.LinePromotion{Code: "X", Applied: false}}},
			Domains: []*cartv1.PricedDomain{{Name: "example.de", VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 50, TotalGrossCents: 60}, Promotion: &cartv1.LinePromotion{Code: "DOM", Applied: true, DiscountNetCents: 50}}},
		}},
		Totals:             &cartv1.Totals{TotalNetCents: 1250, TotalVatCents: 238, TotalGrossCents: 1488},
		RequiredAgreements: []string{"mca_agreement"},
		SmsValidation:      true,
	}
	want := service.PricedCart{
		Lines: []domain.Line{
			{Item: "r1", Kind: "product", RefID: 7, Name: "Web M", MaturityID: 2, IntervalID: 3, VATPercent: 19, NetCents: 1000, GrossCents: 1190, SetupNet: 100},
			{Item: "r1", Kind: "addon", RefID: 9, Name: "SSL", VATPercent: 19, NetCents: 200, GrossCents: 238},
			{Item: "r1", Kind: "domain", Name: "example.de", VATPercent: 19, NetCents: 50, GrossCents: 60, DiscountNet: 50, Promotion: "DOM"},
		},
		Totals:             domain.Totals{NetCents: 1250, VATCents: 238, GrossCents: 1488, Currency: "EUR"},
		RequiredAgreements: []string{"mca_agreement"},
		SMSValidation:      true,
	}
	// The fingerprint is the shared one of what the cart charges (libs/go/pricedcart).
	want.Fingerprint = pricedcart.Fingerprint(p)
	// This cart has no Cart (only priced lines): no item configuration (TestItemsKeepEveryConfiguredValue
	// checks a full one).
	if got := Convert(p); !reflect.DeepEqual(got, want) || got.Fingerprint == "" {
		t.Fatalf("Convert =\n%+v\nwant\n%+v", got, want)
	}
	p.Items[0].MissingDomain = true
	if !Convert(p).Blocked {
		t.Fatal("an item missing its domain does not block")
	}
	if got := Convert(nil); len(got.Lines) != 0 || got.Blocked {
		t.Fatalf("nil cart: %+v", got)
	}
}

// The order keeps what the confirm page printed: a hide_in_cart addon stays hidden (issue 23's
// "Monitoring-Agent" in the mail), a hidden zero price stays hidden, each line's presentation and
// the cart's are copied as sent.
func TestConvertKeepsTheDisplay(t *testing.T) {
	pres := &cartv1.LinePresentation{UnitMonths: 1, UnitCents: 951, PerMonthCents: 951, IntervalCents: 11412, TermMonths: 12, RegularCents: 11412,
		DiscountCents: 2380, FirstTermCents: 9032, DueTodayCents: 9032, RenewalUnitCents: 951, RenewalFromMonth: 13, NetCents: 7590, VatCents: 1442, GrossCents: 9032,
		DueTodayNetCents: 7590, DueTodayVatCents: 1442, DueTodayGrossCents: 9032}
	p := &cartv1.PricedCart{PricesWithVat: true, Items: []*cartv1.PricedItem{{
		RowId: "r1",
		Product: &cartv1.PricedLine{Id: 7, Name: "Webhosting M", MaturityMonths: 12, IntervalMonths: 12, VatPercent: 19, CancelationPeriod: 90,
			Price: &cartv1.LinePrice{ShowPrice: true, TotalGrossCents: 9032, Presentation: pres}},
		Addons: []*cartv1.PricedLine{{Id: 1210, Name: "Monitoring-Agent", HideInCart: true, MaturityMonths: 12, IntervalMonths: 12,
			Price: &cartv1.LinePrice{OneTime: true, Presentation: &cartv1.LinePresentation{OneTime: true, UnitMonths: 1, TermMonths: 12}}}},
		Domains: []*cartv1.PricedDomain{{Name: "muster.de", Inclusive: true, Price: &cartv1.LinePrice{Presentation: &cartv1.LinePresentation{UnitMonths: 12}}}},
	}}, Totals: &cartv1.Totals{TotalGrossCents: 9032, Presentation: &cartv1.CartPresentation{SubtotalCents: 11412, DiscountCents: 2380,
		FirstTermCents: 9032, FirstTermMonths: 12, DueTodayCents: 9032, RenewalMonthlyCents: 951, RenewalFromMonth: 13, NetCents: 7590, VatCents: 1442, GrossCents: 9032,
		DueTodayNetCents: 7590, DueTodayVatCents: 1442, DueTodayGrossCents: 9032}}}
	got := Convert(p)
	if len(got.Lines) != 3 {
		t.Fatalf("lines %+v", got.Lines)
	}
	product, agent, dom := got.Lines[0].Display, got.Lines[1].Display, got.Lines[2].Display
	if product == nil || product.Hidden || product.HidePrice || product.MaturityMonths != 12 || product.IntervalMonths != 12 ||
		product.Figures.UnitCents != 951 || product.Figures.DiscountCents != 2380 || product.Figures.FirstTermCents != 9032 || product.Figures.RenewalFromMonth != 13 {
		t.Fatalf("product display %+v", product)
	}
	// The first invoice's split travels too: the mail prints its gross amount as the debit.
	if f := product.Figures; f.DueTodayNetCents != 7590 || f.DueTodayVATCents != 1442 || f.DueTodayGrossCents != 9032 {
		t.Fatalf("product due today %+v", f)
	}
	// The notice the confirm page worded the contract terms with, for the confirmation mail.
	if product.CancelationDays == nil || *product.CancelationDays != 90 {
		t.Fatalf("product notice %v", product.CancelationDays)
	}
	if agent == nil || !agent.Hidden || !agent.HidePrice {
		t.Fatalf("agent display %+v", agent)
	}
	if dom == nil || !dom.Inclusive || dom.Figures.UnitMonths != 12 {
		t.Fatalf("domain display %+v", dom)
	}
	d := got.Totals.Display
	if d == nil || !d.PricesWithVAT || d.Figures.SubtotalCents-d.Figures.DiscountCents != d.Figures.FirstTermCents || d.Figures.GrossCents != 9032 ||
		d.Figures.DueTodayGrossCents != 9032 || d.Figures.DueTodayVATCents != 1442 {
		t.Fatalf("totals display %+v", d)
	}
}

// TestItemsKeepEveryConfiguredValue: the cart → order mapping of a full cart (issue 20 "A complete
// order record"): a product with fields (a password among them, a contract transfer's reference
// and transfer id), an addon with a secret field, an upsell, a transferred domain with its auth
// code, a registered domain and an inclusive one, and a business-address (nsa_*) and
// power-of-attorney (ppoa_*) product. Every value lands on the order's item; the password, the
// addon's secret and the auth code only as secrets (referenced, never as a clear value).
func TestItemsKeepEveryConfiguredValue(t *testing.T) {
	const (
		rootPassword  = "S3cret!root-pw"
		adminPassword = "Adm1n!secret-pw"
		authCode      = "AUTH-code-42!"
		street        = `{"street":"Friedrichstraße","number":"123a"}`
		poBox         = `{"enabled":true,"number":"1234","zip":"10117","city":"Berlin"}`
		authz         = `{"private":true,"business":false}`
		basicInfo     = `{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}`
		signature     = `{"style":"montez-regular","place":"Berlin","date":"25.11.2026"}`
	)
	p := &cartv1.PricedCart{
		Cart: &cartv1.Cart{Version: 7, Items: []*cartv1.Item{
			{
				RowId: "r1",
				Product: &cartv1.ProductLine{Id: 2011, MaturityId: 12, IntervalId: 13, Promotion: "SPRING",
					AdditionalFields: []*cartv1.FieldValue{
						{FieldId: 3, FieldKey: "root_password", Value: rootPassword},
						{FieldId: 6, FieldKey: "server_hostname", Value: "srv1.example.de"},
						{FieldId: 12, FieldKey: "transfer_contract", Value: "K-77812"},
					},
					Informations: map[string]string{"transfer_id": "T-200"}},
				Addons: []*cartv1.AddonLine{{Id: 1210, MaturityId: 14, IntervalId: 15, Promotion: "ADDON10",
					AdditionalFields: []*cartv1.FieldValue{{FieldId: 23, FieldKey: "admin_password", Value: adminPassword}, {FieldId: 1, FieldKey: "ssl_domain", Value: "shop.example.de"}}}},
				Upsells: []*cartv1.AddonLine{{Id: 3100, MaturityId: 16, IntervalId: 17,
					AdditionalFields: []*cartv1.FieldValue{{FieldId: 8, FieldKey: "wp_site_title", Value: "Ada's blog"}}}},
				Domains: []*cartv1.Domain{
					{Id: 1, Name: "umzug.de", AuthCode: authCode, PromotionCode: "DOM1"},
					{Id: 2, Name: "neu.de", AdditionalFields: []*cartv1.FieldValue{{FieldId: 22, FieldKey: "forwarding_address", Value: "https://example.org"}}},
					{Id: 3, Name: "frei.de", Inclusive: true},
				},
			},
			{
				RowId:           "r2",
				IsPreconfigured: true,
				Product: &cartv1.ProductLine{Id: 4010, MaturityId: 20, IntervalId: 21, AdditionalFields: []*cartv1.FieldValue{
					{FieldId: 13, FieldKey: "nsa_customer_type", Value: "business"},
					{FieldId: 14, FieldKey: "nsa_minimum_rental_period", Value: "12"},
					{FieldId: 15, FieldKey: "nsa_po_box", Value: poBox},
					{FieldId: 16, FieldKey: "nsa_street", Value: street},
					{FieldId: 19, FieldKey: "ppoa_authorization", Value: authz},
					{FieldId: 20, FieldKey: "ppoa_basic_info", Value: basicInfo},
					{FieldId: 21, FieldKey: "ppoa_signature", Value: signature},
				}},
			},
		}},
		Items: []*cartv1.PricedItem{
			{
				RowId:   "r1",
				Product: &cartv1.PricedLine{Id: 2011, SecretFieldIds: []int32{3}},
				Addons:  []*cartv1.PricedLine{{Id: 1210, SecretFieldIds: []int32{23}}},
				Upsells: []*cartv1.PricedLine{{Id: 3100}},
				Domains: []*cartv1.PricedDomain{{Name: "umzug.de"}, {Name: "neu.de"}, {Name: "frei.de", Inclusive: true}},
			},
			{RowId: "r2", Product: &cartv1.PricedLine{Id: 4010}},
		},
	}
	secret := func(ref, plain string) *domain.SecretValue { return domain.NewSecret(ref, plain) }
	want := []domain.ItemConfig{
		{
			Row: "r1",
			Product: domain.LineConfig{ID: 2011, MaturityID: 12, IntervalID: 13, Promotion: "SPRING",
				Fields: []domain.FieldConfig{
					{FieldID: 3, Key: "root_password", Secret: secret("item/r1/product/field/3", rootPassword)},
					{FieldID: 6, Key: "server_hostname", Value: "srv1.example.de"},
					{FieldID: 12, Key: "transfer_contract", Value: "K-77812"},
				},
				Informations: map[string]string{"transfer_id": "T-200"}},
			Addons: []domain.LineConfig{{ID: 1210, MaturityID: 14, IntervalID: 15, Promotion: "ADDON10", Fields: []domain.FieldConfig{
				{FieldID: 23, Key: "admin_password", Secret: secret("item/r1/addon/1210/field/23", adminPassword)},
				{FieldID: 1, Key: "ssl_domain", Value: "shop.example.de"},
			}}},
			Upsells: []domain.LineConfig{{ID: 3100, MaturityID: 16, IntervalID: 17, Fields: []domain.FieldConfig{{FieldID: 8, Key: "wp_site_title", Value: "Ada's blog"}}}},
			Domains: []domain.DomainConfig{
				{Name: "umzug.de", Type: domain.DomainTransfer, Promotion: "DOM1", AuthCode: secret("item/r1/domain/umzug.de/auth_code", authCode)},
				{Name: "neu.de", Type: domain.DomainRegister, Fields: []domain.FieldConfig{{FieldID: 22, Key: "forwarding_address", Value: "https://example.org"}}},
				{Name: "frei.de", Type: domain.DomainRegister, Inclusive: true},
			},
		},
		{
			Row: "r2", Preconfigured: true,
			Product: domain.LineConfig{ID: 4010, MaturityID: 20, IntervalID: 21, Fields: []domain.FieldConfig{
				{FieldID: 13, Key: "nsa_customer_type", Value: "business"},
				{FieldID: 14, Key: "nsa_minimum_rental_period", Value: "12"},
				{FieldID: 15, Key: "nsa_po_box", Value: poBox},
				{FieldID: 16, Key: "nsa_street", Value: street},
				{FieldID: 19, Key: "ppoa_authorization", Value: authz},
				{FieldID: 20, Key: "ppoa_basic_info", Value: basicInfo},
				{FieldID: 21, Key: "ppoa_signature", Value: signature},
			}},
		},
	}
	got := Convert(p).Items
	if !reflect.DeepEqual(got, want) {
		gj, _ := json.MarshalIndent(got, "", " ")
		wj, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("items =\n%s\nwant\n%s", gj, wj)
	}
	// The secrets are the three the order seals, in clear only until sealing (Plain, never
	// serialised): the order's JSON and the event's items name them by reference.
	var plains []string
	for _, s := range domain.Secrets(got) {
		plains = append(plains, s.Ref+"="+s.Plain)
	}
	wantPlains := []string{"item/r1/product/field/3=" + rootPassword, "item/r1/addon/1210/field/23=" + adminPassword, "item/r1/domain/umzug.de/auth_code=" + authCode}
	if !reflect.DeepEqual(plains, wantPlains) {
		t.Fatalf("secrets %v, want %v", plains, wantPlains)
	}
	for _, v := range []any{got, domain.WithoutCiphertexts(got)} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, clear := range []string{rootPassword, adminPassword, authCode} {
			if strings.Contains(string(b), clear) {
				t.Fatalf("a secret in clear in the serialised items: %s", b)
			}
		}
		for _, ref := range []string{`"ref":"item/r1/product/field/3"`, `"ref":"item/r1/domain/umzug.de/auth_code"`, `"type":"transfer"`, `"inclusive":true`, `"transfer_id":"T-200"`, `"value":"K-77812"`} {
			if !strings.Contains(string(b), ref) {
				t.Fatalf("serialised items lack %s: %s", ref, b)
			}
		}
	}
}
