// Package promotionclient is the cart's Promotions port over the promotion service's gRPC
// contract: the brand's promotions for pricing the codes a cart holds (ListPromotions with
// include_manual, cached briefly), and the decisions about which line carries which code
// (RedeemCode, BestAutomaticPromotions, RevalidatePromotions) over a snapshot of the cart with the
// catalog's prices. Brand, locale, session and client address travel as metadata (the platform's
// client interceptor copies them), so the promotion service rate-limits code lookups per visitor.
package promotionclient

import (
	"context"
	"fmt"
	"maps"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/libs/go/ttlcache"
	"github.com/hostcart/checkout/services/cart/domain"
)

// DefaultCacheTTL is how long a brand's promotion list is reused for pricing. A code missing
// from the cached list reloads it, so a coupon created a moment ago is priced at once.
const DefaultCacheTTL = 30 * time.Second

// cacheSize bounds the cache: keys are brands × their locales, a handful; more than this means
// callers send made-up ones, and those must not grow the cart's memory.
const cacheSize = 256

type cacheKey struct {
	brand  int32
	locale string
}

// Client implements the cart's Promotions port.
type Client struct {
	c      promotionv1.PromotionServiceClient
	listed *ttlcache.Cache[cacheKey, map[string]domain.Promotion]
}

// New returns the port over c, reusing a brand's promotion list for ttl (0 reads it every time).
func New(c promotionv1.PromotionServiceClient, ttl time.Duration) *Client {
	return &Client{c: c, listed: ttlcache.New[cacheKey, map[string]domain.Promotion](cacheSize, ttl)}
}

// Lookup returns the usable promotions among codes, manual and automatic.
func (cl *Client) Lookup(ctx context.Context, codes []string) (map[string]domain.Promotion, error) {
	v := callctx.From(ctx)
	key := cacheKey{v.BrandID, v.Locale}
	load := func(ctx context.Context) (map[string]domain.Promotion, error) {
		resp, err := cl.c.ListPromotions(ctx, &promotionv1.ListPromotionsRequest{IncludeManual: true})
		if err != nil {
			return nil, remoteError("list promotions", err)
		}
		out := make(map[string]domain.Promotion, len(resp.GetPromotions()))
		for _, p := range resp.GetPromotions() {
			dp := PromotionFromProto(p)
			out[dp.Code] = dp
		}
		return out, nil
	}
	all, err := cl.listed.Load(ctx, key, load)
	if err != nil {
		return nil, err
	}
	if !hasAll(all, codes) {
		if all, err = cl.listed.Reload(ctx, key, load); err != nil {
			return nil, err
		}
	}
	out := make(map[string]domain.Promotion, len(codes))
	for _, c := range codes {
		if p, ok := all[domain.NormalizeCode(c)]; ok {
			out[p.Code] = p
		}
	}
	return out, nil
}

func hasAll(all map[string]domain.Promotion, codes []string) bool {
	for _, c := range codes {
		if _, ok := all[domain.NormalizeCode(c)]; !ok {
			return false
		}
	}
	return true
}

// Redeem asks where a manual code goes.
func (cl *Client) Redeem(ctx context.Context, code string, cart domain.PromotionCart) (domain.PromotionDecision, error) {
	resp, err := cl.c.RedeemCode(ctx, &promotionv1.RedeemCodeRequest{Code: code, Cart: SnapshotToProto(cart)})
	if err != nil {
		return domain.PromotionDecision{}, remoteError("redeem code", err)
	}
	dec := decision(resp.GetPositions(), resp.GetNotices())
	dec.Code = domain.NormalizeCode(resp.GetPromotion().GetCode())
	return dec, nil
}

// BestAutomatic asks for the best automatic promotion of every line without a manual code.
func (cl *Client) BestAutomatic(ctx context.Context, cart domain.PromotionCart) (domain.PromotionDecision, error) {
	resp, err := cl.c.BestAutomaticPromotions(ctx, &promotionv1.BestAutomaticPromotionsRequest{Cart: SnapshotToProto(cart)})
	if err != nil {
		return domain.PromotionDecision{}, remoteError("best automatic promotions", err)
	}
	return decision(resp.GetPositions(), nil), nil
}

// Revalidate asks which codes stay, move or go.
func (cl *Client) Revalidate(ctx context.Context, cart domain.PromotionCart) (domain.PromotionDecision, error) {
	resp, err := cl.c.RevalidatePromotions(ctx, &promotionv1.RevalidatePromotionsRequest{Cart: SnapshotToProto(cart)})
	if err != nil {
		return domain.PromotionDecision{}, remoteError("revalidate promotions", err)
	}
	return decision(resp.GetPositions(), resp.GetNotices()), nil
}

// PromotionFromProto converts a promotion to what pricing needs. A promotion that does not recur
// lasts one billing interval whatever its recurs_for says, as in the promotion service.
func PromotionFromProto(p *promotionv1.Promotion) domain.Promotion {
	recurs := int32(1)
	if p.GetIsRecurring() {
		recurs = p.GetRecursFor()
	}
	return domain.Promotion{
		Code:          domain.NormalizeCode(p.GetCode()),
		Target:        p.GetType(),
		Kind:          pricing.PromotionKind(p.GetValueType()),
		Percent:       p.GetPercent(),
		ValueCents:    int64(p.GetValueCents()),
		RecursFor:     recurs,
		DiscountLabel: p.GetDiscountLabel(),
		AppliesTo: domain.AppliesTo{
			Type: p.GetAppliesTo().GetType(), IDs: p.GetAppliesTo().GetIds(), TLDs: p.GetAppliesTo().GetTlds(),
		},
		Supported: domain.Supported{
			MaturityMonths: p.GetSupported().GetMaturityMonths(), IntervalMonths: p.GetSupported().GetIntervalMonths(),
			ForAddon: p.GetSupported().GetForAddon(), ForUpsell: p.GetSupported().GetForUpsell(),
		},
		Requires: p.GetRequires(),
	}
}

// SnapshotToProto converts the cart snapshot. Domains are billed yearly (interval 0 = the usual 12).
func SnapshotToProto(c domain.PromotionCart) *promotionv1.CartSnapshot {
	out := &promotionv1.CartSnapshot{PricesWithVat: c.PricesWithVAT, Items: make([]*promotionv1.CartItem, len(c.Items))}
	for i, it := range c.Items {
		item := &promotionv1.CartItem{
			RowId:   it.RowID,
			Product: positionToProto(it.Product),
			Addons:  make([]*promotionv1.CartPosition, len(it.Addons)),
			Upsells: make([]*promotionv1.CartPosition, len(it.Upsells)),
			Domains: make([]*promotionv1.CartDomain, len(it.Domains)),
		}
		for j, l := range it.Addons {
			item.Addons[j] = positionToProto(l)
		}
		for j, l := range it.Upsells {
			item.Upsells[j] = positionToProto(l)
		}
		for j, d := range it.Domains {
			item.Domains[j] = &promotionv1.CartDomain{
				Name: d.Name, Tld: d.TLD, PriceCents: d.PriceCents, IntervalVat: d.VATPercent,
				Inclusive: d.Inclusive, PromotionCode: d.Code,
			}
		}
		out.Items[i] = item
	}
	return out
}

func positionToProto(l domain.PromotionLine) *promotionv1.CartPosition {
	return &promotionv1.CartPosition{
		Id: l.ID, Name: l.Name, MaturityMonths: l.MaturityMonths, PriceCents: l.PriceCents,
		IntervalMonths: l.IntervalMonths, IntervalVat: l.VATPercent, PromotionCode: l.Code,
	}
}

var targets = map[string]domain.LineKind{
	domain.TargetProduct: domain.LineProduct,
	domain.TargetAddon:   domain.LineAddon,
	domain.TargetUpsell:  domain.LineUpsell,
	domain.TargetDomain:  domain.LineDomain,
}

// decision converts the answer: the code of every position, and the notices. Promotion notices
// have a title and a body; the cart's notice key is the title, or the body when there is none.
func decision(ps []*promotionv1.PositionPromotion, ns []*promotionv1.Notice) domain.PromotionDecision {
	var out domain.PromotionDecision
	for _, p := range ps {
		kind, ok := targets[p.GetTarget()]
		if !ok {
			continue
		}
		out.Codes = append(out.Codes, domain.PositionCode{
			Line:      domain.LineRef{RowID: p.GetRowId(), Kind: kind, ID: p.GetId(), Domain: p.GetDomain()},
			Index:     int(p.GetIndex()),
			Code:      domain.NormalizeCode(p.GetPromotionCode()),
			Changed:   p.GetChanged(),
			Automatic: p.GetFigures().GetIsAutomatic(),
		})
	}
	for _, n := range ns {
		dn := domain.Notice{Key: n.GetTitle(), Message: n.GetMessage(), Type: n.GetType(), Params: maps.Clone(n.GetParams())}
		if dn.Key == "" {
			dn.Key, dn.Message = n.GetMessage(), ""
		}
		if dn.Params == nil {
			dn.Params = map[string]string{}
		}
		out.Notices = append(out.Notices, dn)
	}
	return out
}

// ErrUnavailable is the answer when the promotion service does not answer.
var ErrUnavailable = domain.ErrPromotionUnavailable

// refusal is an answer of the promotion service the visitor is told about, with the message key
// and params (the refused code) it came with.
type refusal struct {
	keyed  *apperr.Keyed
	params map[string]string
}

func (e *refusal) Error() string             { return fmt.Sprintf("%s %v", e.keyed.MessageKey(), e.params) }
func (e *refusal) Unwrap() error             { return e.keyed }
func (e *refusal) MessageKey() string        { return e.keyed.MessageKey() }
func (e *refusal) Params() map[string]string { return maps.Clone(e.params) }

// rateLimited is a refusal that says when to try again (Retry-After at the gateway).
type rateLimited struct {
	refusal
	delay time.Duration
}

func (e *rateLimited) RetryDelay() time.Duration { return e.delay }

// remoteError turns a failed call into the cart's errors: refusals keep their kind, key and
// params, so the gateway answers the visitor as the promotion service meant; everything else
// means the promotion service is unavailable.
func remoteError(what string, err error) error {
	st := status.Convert(err)
	var kind *apperr.Kind
	switch st.Code() {
	case codes.NotFound:
		kind = apperr.NotFound
	case codes.FailedPrecondition:
		kind = apperr.FailedPrecondition
	case codes.InvalidArgument:
		kind = apperr.InvalidArgument
	case codes.ResourceExhausted:
		kind = apperr.RateLimited
	case codes.Canceled:
		return fmt.Errorf("%s: %w", what, context.Canceled)
	default:
		return fmt.Errorf("%s: %w: %v", what, ErrUnavailable, err)
	}
	r := refusal{keyed: apperr.New(kind, st.Message())}
	var delay time.Duration
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			r.params = d.GetMetadata()
		case *errdetails.RetryInfo:
			delay = d.GetRetryDelay().AsDuration()
		}
	}
	if kind == apperr.RateLimited {
		return fmt.Errorf("%s: %w", what, &rateLimited{refusal: r, delay: delay})
	}
	return fmt.Errorf("%s: %w", what, &r)
}
