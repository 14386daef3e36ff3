package service

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/order/domain"
)

// campaignBrands configures brand 1's marketing campaign; other brands cannot be read.
type campaignBrands struct{ campaign int32 }

func (b campaignBrands) Brand(_ context.Context, id int32) (domain.Brand, error) {
	if id != 1 {
		return domain.Brand{}, apperr.New(apperr.NotFound, "brand.not_found")
	}
	return domain.Brand{ID: 1, Name: "Alpenhost", MarketingCampaignID: b.campaign}, nil
}

func sessOfBrand(id string, brand int32) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: id, BrandID: brand, Locale: "en-GB"})
}

// Spec §3, §9: an order is sent with the brand's marketing campaign id, 1 when the brand sets
// none; the stored order and its order.finalized event carry it, whatever the browser sends.
func TestOrdersCarryTheBrandsMarketingCampaign(t *testing.T) {
	for _, tc := range []struct {
		name   string
		brands Brands
		want   int32
	}{
		{"configured", campaignBrands{campaign: 4}, 4},
		{"unset: the default", campaignBrands{}, 1},
		{"brand unreadable: the default", campaignBrands{campaign: 4}, 1},
		{"no brands port: the default", nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.svc = New(Ports{Store: f.store, Carts: f.carts, Customers: f.customers, Payments: f.payments, SMS: f.sms,
				Referrals: f.referrals, Brands: tc.brands, Now: func() time.Time { return f.now }})
			ctx := sess("s1")
			if strings.HasPrefix(tc.name, "brand unreadable") {
				ctx = sessOfBrand("s1", 9)
			}
			o, err := f.svc.PlaceOrder(ctx, PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
			if err != nil || o.Feedback.MarketingCampaignID != tc.want {
				t.Fatalf("placed campaign %d, %v; want %d", o.Feedback.MarketingCampaignID, err, tc.want)
			}
			stored, err := f.store.Order(context.Background(), o.ID)
			if err != nil || stored.Feedback.MarketingCampaignID != tc.want {
				t.Fatalf("stored campaign %d, %v", stored.Feedback.MarketingCampaignID, err)
			}
			event, _ := json.Marshal(stored.Finalized())
			if want := `"marketing_campaign_id":` + string(rune('0'+tc.want)); !strings.Contains(string(event), want) {
				t.Fatalf("order.finalized %s lacks %s", event, want)
			}
		})
	}
}
