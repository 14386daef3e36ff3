package catalogbrands

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/libs/go/brandprops"
	"github.com/hostcart/checkout/services/order/domain"
)

type props map[int32]brandprops.Props

func (p props) Props(_ context.Context, id int32) (brandprops.Props, error) {
	if v, ok := p[id]; ok {
		return v, nil
	}
	return nil, brandprops.ErrBrandNotFound
}

func TestBrandReadsTheMailProperties(t *testing.T) {
	b := New(props{2: {"mail_sender_name": "Alpenhost", "mail_sender_address": "bestellung@alpenhost.at", "company_name": "Alpenhost GmbH",
		"company_address": "Wien", "company_register": "FN 1x", "company_vat_id": "ATU1", "support_email": "hilfe@alpenhost.at",
		"support_phone": "+43 1", "website_url": "https://www.alpenhost.at", "country_code": "AT", "allow_crm": "false",
		"terms_private_url": "https://a.test/agb", "terms_business_url": "https://a.test/agb-b", "revocation_url": "https://a.test/ruecktritt"}})
	got, err := b.Brand(context.Background(), 2)
	want := domain.Brand{ID: 2, Name: "Alpenhost", SenderAddress: "bestellung@alpenhost.at", CompanyName: "Alpenhost GmbH", CompanyAddress: "Wien",
		CompanyRegister: "FN 1x", CompanyVATID: "ATU1", SupportEmail: "hilfe@alpenhost.at", SupportPhone: "+43 1",
		WebsiteURL: "https://www.alpenhost.at", CountryCode: "AT", TermsPrivateURL: "https://a.test/agb", TermsBusinessURL: "https://a.test/agb-b",
		RevocationURL: "https://a.test/ruecktritt"}
	if err != nil || got != want || got.Sender() != "Alpenhost <bestellung@alpenhost.at>" {
		t.Fatalf("Brand = %+v, %v", got, err)
	}
	if _, err := b.Brand(context.Background(), 9); !errors.Is(err, brandprops.ErrBrandNotFound) {
		t.Fatalf("unknown brand: %v", err)
	}
}

// Spec §9: the campaign id is a positive number; anything else leaves the default to the domain.
func TestBrandReadsTheMarketingCampaign(t *testing.T) {
	for raw, want := range map[string]int32{"4": 4, " 12 ": 12, "": 0, "0": 0, "-3": 0, "x": 0, "99999999999": 0} {
		b := New(props{1: {"marketing_campaign_id": raw}})
		got, err := b.Brand(context.Background(), 1)
		if err != nil || got.MarketingCampaignID != want {
			t.Errorf("marketing_campaign_id %q: %d, %v; want %d", raw, got.MarketingCampaignID, err, want)
		}
		if want == 0 && got.CampaignID() != domain.DefaultMarketingCampaignID {
			t.Errorf("marketing_campaign_id %q: campaign %d, want the default", raw, got.CampaignID())
		}
	}
}
