package service

import (
	"context"
	"log/slog"

	"github.com/hostcart/checkout/services/order/domain"
)

// campaignID is the marketing campaign an order of the brand is sent with (spec §3 brand, §9:
// default 1): the brand's configured one, or the default when the brand names none or cannot be
// read (the order is not refused for it).
func (s *service) campaignID(ctx context.Context, brandID int32) int32 {
	if s.Brands == nil {
		return domain.DefaultMarketingCampaignID
	}
	b, err := s.Brands.Brand(ctx, brandID)
	if err != nil {
		s.Log.WarnContext(ctx, "brand of the order not read; default marketing campaign", slog.Int("brand", int(brandID)), slog.Any("error", err))
		return domain.DefaultMarketingCampaignID
	}
	return b.CampaignID()
}
