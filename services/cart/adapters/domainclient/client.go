// Package domainclient is the cart's TLDs port over the domain service's gRPC contract: the TLDs
// the call's brand sells, with prices and the additional fields their domains ask for.
package domainclient

import (
	"context"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/ttlcache"
	"github.com/hostcart/checkout/services/cart/domain"
)

// DefaultCacheTTL is how long a brand's TLDs are reused.
const DefaultCacheTTL = 30 * time.Second

// ErrUnavailable is the answer when the domain service does not answer.
var ErrUnavailable = apperr.New(apperr.Unavailable, "domain.unavailable")

// cacheSize bounds the cache: keys are brands × their locales, a handful; more than this means
// callers send made-up ones, and those must not grow the cart's memory.
const cacheSize = 256

type cacheKey struct {
	brand  int32
	locale string
}

// Client implements the cart's TLDs port.
type Client struct {
	c     domainv1.DomainServiceClient
	cache *ttlcache.Cache[cacheKey, domain.TLDs]
}

// New returns the port over c, reusing a brand's TLDs for ttl.
func New(c domainv1.DomainServiceClient, ttl time.Duration) *Client {
	return &Client{c: c, cache: ttlcache.New[cacheKey, domain.TLDs](cacheSize, ttl)}
}

// TLDs returns the TLDs the call's brand sells.
func (cl *Client) TLDs(ctx context.Context) (domain.TLDs, error) {
	v := callctx.From(ctx)
	return cl.cache.Load(ctx, cacheKey{v.BrandID, v.Locale}, func(ctx context.Context) (domain.TLDs, error) {
		resp, err := cl.c.ListTlds(ctx, &domainv1.ListTldsRequest{})
		if err != nil {
			if status.Code(err) == codes.InvalidArgument {
				return nil, fmt.Errorf("list TLDs: %w", apperr.New(apperr.InvalidArgument, status.Convert(err).Message()))
			}
			return nil, fmt.Errorf("list TLDs: %w: %v", ErrUnavailable, err)
		}
		ts := make([]domain.TLD, 0, len(resp.GetTlds()))
		for _, t := range resp.GetTlds() {
			if !t.GetIsActive() {
				continue
			}
			ts = append(ts, TLDFromProto(t))
		}
		return domain.NewTLDs(ts), nil
	})
}

// TLDFromProto converts a TLD of the domain service.
func TLDFromProto(t *domainv1.Tld) domain.TLD {
	out := domain.TLD{
		ID: t.GetId(), Name: strings.ToLower(strings.TrimPrefix(t.GetTld(), ".")),
		PriceCents: t.GetPriceCents(), SetupFeeCents: t.GetSetupfeeCents(), VATPercent: t.GetIntervalVat(),
	}
	for _, f := range t.GetAdditionalFields() {
		out.Fields = append(out.Fields, domain.FieldDef{ID: f.GetId(), Key: f.GetKey(), Rules: f.GetValidationRules(), IsPostponed: f.GetIsPostponed(),
			InputComponent: f.GetInputComponent(), Secret: f.GetIsSecret()})
	}
	return out
}
