package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/hostcart/checkout/services/cart/domain"
)

// promote lets the promotion service revalidate the cart's codes and, when the brand wants them,
// recompute the automatic promotions (spec §4 "Promotions"); it runs inside the store's update
// after every operation. before are the lines that carried codes when the update began: a code
// whose line went is sent along, so it moves to a line it fits or is removed with a notice. When
// the promotion service does not answer the codes stay as they are, down says so, and the
// operation still goes through. A panel user's session (customer) gets no automatic promotions:
// the ones its cart carries are dropped, manual codes keep their rules.
func (s *service) promote(ctx context.Context, c *domain.Cart, env domain.Env, before []domain.CodeHolder, customer *customerLookup) ([]domain.Notice, bool, error) {
	if s.Promotions == nil {
		return nil, false, nil
	}
	orphans := domain.OrphanedCodes(before, c)
	hasCodes := len(orphans) > 0 || len(c.PromotionCodes()) > 0
	if !hasCodes && len(c.Items) == 0 {
		return nil, false, nil
	}
	brand, err := s.Catalog.Brand(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("brand settings: %w", err)
	}
	automatic := brand.AutomaticPromotions
	if automatic {
		// Only asked when it matters: a brand without automatic promotions treats everyone alike.
		sc, _ := customer.get(ctx)
		automatic = !sc.Panel
	}
	var notices []domain.Notice
	if hasCodes {
		dec, err := s.Promotions.Revalidate(ctx, c.PromotionCart(env, brand.PricesWithVAT, nil, orphans))
		if err != nil {
			s.promotionsFailed(ctx, "revalidate", err)
			return nil, true, nil
		}
		c.ApplyPromotionCodes(dec.Codes)
		if !automatic {
			// The brand switched automatic promotions off after the cart got some, or the session
			// signed in from the panel after its cart got some.
			c.ApplyPromotionCodes(withoutAutomatic(dec.Codes))
		}
		notices = dec.Notices
	}
	if automatic && len(c.Items) > 0 {
		dec, err := s.Promotions.BestAutomatic(ctx, c.PromotionCart(env, brand.PricesWithVAT, nil, nil))
		if err != nil {
			s.promotionsFailed(ctx, "best automatic", err)
			return notices, true, nil
		}
		c.ApplyPromotionCodes(dec.Codes)
	}
	return notices, false, nil
}

func (s *service) promotionsFailed(ctx context.Context, call string, err error) {
	s.log.WarnContext(ctx, "promotion service failed; the cart keeps its codes",
		slog.String("call", call), slog.String("err", err.Error()))
}

// withoutAutomatic clears the positions of codes that carry an automatic promotion.
func withoutAutomatic(codes []domain.PositionCode) []domain.PositionCode {
	var out []domain.PositionCode
	for _, pc := range codes {
		if pc.Automatic && pc.Code != "" {
			pc.Code, pc.Changed = "", true
			out = append(out, pc)
		}
	}
	return out
}

// RedeemPromotionCode asks the promotion service where a manual code goes and stores the answer
// in the same update as the check, so a concurrent change cannot slip in between. The snapshot
// leaves out preconfigured items unless a sales agent redeems: a visitor's code must neither land
// on them nor clear theirs.
func (s *service) RedeemPromotionCode(ctx context.Context, code string, salesAgent bool) (Result, error) {
	code = domain.NormalizeCode(code)
	var redeemed string
	res, err := s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		if code == "" {
			return nil, domain.CodeError(domain.ErrPromotionNotFound, code)
		}
		if s.Promotions == nil {
			return nil, domain.ErrPromotionUnavailable
		}
		brand, err := s.Catalog.Brand(ctx)
		if err != nil {
			return nil, fmt.Errorf("brand settings: %w", err)
		}
		if !brand.ManualPromotions {
			// As if unknown: the brand takes no promo codes.
			return nil, domain.CodeError(domain.ErrPromotionNotFound, code)
		}
		dec, err := s.Promotions.Redeem(ctx, code, c.PromotionCart(env, brand.PricesWithVAT, env.MayChange, nil))
		if err != nil {
			return nil, fmt.Errorf("redeem %q: %w", code, err)
		}
		c.ApplyPromotionCodes(dec.Codes)
		redeemed = dec.Code
		if redeemed == "" {
			redeemed = code
		}
		return dec.Notices, nil
	})
	res.Code = redeemed
	return res, err
}

// RemovePromotionCode takes code off the cart's lines; automatic promotions are recomputed
// afterwards, so a line may get an automatic one back.
func (s *service) RemovePromotionCode(ctx context.Context, code string, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.RemovePromotionCode(env, code)
	})
}
