// Package service holds the promotion use cases. The brand of a call comes from the request
// context (callctx), set by the gateway and read by the gRPC interceptors.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/ttlcache"
	"github.com/hostcart/checkout/services/promotion/domain"
)

// Service is what the promotion service offers its callers.
type Service interface {
	// ListPromotions returns the brand's promotions usable now; manual ones only on request.
	ListPromotions(ctx context.Context, includeManual bool) ([]domain.Promotion, error)
	// GetPromotionByCode returns a usable manual promotion, else a domain.CodeError (not found).
	GetPromotionByCode(ctx context.Context, code string) (domain.Promotion, error)
	BestAutomatic(ctx context.Context, cart domain.Cart) (domain.Outcome, error)
	RedeemCode(ctx context.Context, code string, cart domain.Cart) (domain.Promotion, domain.Outcome, error)
	Revalidate(ctx context.Context, cart domain.Cart) (domain.Outcome, error)
}

// Middleware decorates a Service (logging, metrics) without touching the use cases.
type Middleware func(Service) Service

// Repository reads promotions. Unknown codes are domain.ErrPromotionNotFound, store outages
// apperr.Unavailable.
type Repository interface {
	// Promotions returns every promotion of the brand, inactive and expired ones included.
	Promotions(ctx context.Context, brandID int32) ([]domain.Promotion, error)
	// PromotionByCode looks up a normalised code.
	PromotionByCode(ctx context.Context, brandID int32, code string) (domain.Promotion, error)
}

// Config tunes the use cases.
type Config struct {
	// BookTTL is how long a brand's promotions are reused for listings and cart decisions; the
	// cart asks on every change, the promotions change rarely. 0 reads the store every time.
	BookTTL time.Duration
	// Now is the clock validity windows are checked against; nil means time.Now.
	Now func() time.Time

	// onBookExpired lets tests wait for a cached book to expire instead of sleeping.
	onBookExpired func()
}

// maxBooks bounds the book caches: one entry per brand, and a shop runs a few; the bound only
// matters if callers send brands that do not exist.
const maxBooks = 256

type promotions struct {
	repo Repository
	cfg  Config
	log  *slog.Logger

	books *ttlcache.Cache[int32, domain.Book]
	// lastGood keeps each brand's latest book past its TTL for store outages, which an expiring
	// cache cannot; nil when BookTTL is 0, where every call reads the store.
	lastGood *lru.Cache[int32, domain.Book]
}

// New returns the promotion use cases over repo.
func New(repo Repository, cfg Config, log *slog.Logger) Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var onEvict func(int32, domain.Book)
	if cfg.onBookExpired != nil {
		onEvict = func(int32, domain.Book) { cfg.onBookExpired() }
	}
	s := &promotions{repo: repo, cfg: cfg, log: log, books: ttlcache.NewWithEvict(maxBooks, cfg.BookTTL, onEvict)}
	if cfg.BookTTL > 0 {
		lastGood, err := lru.New[int32, domain.Book](maxBooks)
		if err != nil {
			panic(fmt.Sprintf("promotion service: book fallback cache: %v", err)) // only for a size <= 0
		}
		s.lastGood = lastGood
	}
	return s
}

func (s *promotions) ListPromotions(ctx context.Context, includeManual bool) ([]domain.Promotion, error) {
	brand, err := brandOf(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.book(ctx, brand)
	if err != nil {
		return nil, fmt.Errorf("list promotions: %w", err)
	}
	return b.Listed(s.cfg.Now(), includeManual), nil
}

func (s *promotions) GetPromotionByCode(ctx context.Context, code string) (domain.Promotion, error) {
	brand, err := brandOf(ctx)
	if err != nil {
		return domain.Promotion{}, err
	}
	return s.manual(ctx, brand, code)
}

// manual looks a code up in the store, so a coupon an operator just created works at once, and
// refuses what a visitor may not redeem: automatic, switched-off and expired promotions answer
// like unknown codes, which tells a guesser nothing.
func (s *promotions) manual(ctx context.Context, brand int32, code string) (domain.Promotion, error) {
	c, ok := domain.NormalizeCode(code)
	if !ok {
		return domain.Promotion{}, domain.NotFoundError(code)
	}
	p, err := s.repo.PromotionByCode(ctx, brand, c)
	if errors.Is(err, apperr.NotFound) {
		return domain.Promotion{}, domain.NotFoundError(c)
	}
	if err != nil {
		return domain.Promotion{}, fmt.Errorf("promotion by code: %w", err)
	}
	if p.IsAutomatic || !p.Usable(s.cfg.Now()) {
		return domain.Promotion{}, domain.NotFoundError(c)
	}
	return p, nil
}

func (s *promotions) BestAutomatic(ctx context.Context, cart domain.Cart) (domain.Outcome, error) {
	b, err := s.cartBook(ctx, cart)
	if err != nil {
		return domain.Outcome{}, err
	}
	return b.BestAutomatic(cart, s.cfg.Now()), nil
}

func (s *promotions) RedeemCode(ctx context.Context, code string, cart domain.Cart) (domain.Promotion, domain.Outcome, error) {
	b, err := s.cartBook(ctx, cart)
	if err != nil {
		return domain.Promotion{}, domain.Outcome{}, err
	}
	p, err := s.manual(ctx, callctx.From(ctx).BrandID, code)
	if err != nil {
		return domain.Promotion{}, domain.Outcome{}, err
	}
	// The fresh promotion goes first so it wins over a cached copy (NewBook keeps the first).
	b = domain.NewBook(append([]domain.Promotion{p}, b.All()...))
	out, err := b.Redeem(cart, p, s.cfg.Now())
	if err != nil {
		return domain.Promotion{}, domain.Outcome{}, err
	}
	return p, out, nil
}

func (s *promotions) Revalidate(ctx context.Context, cart domain.Cart) (domain.Outcome, error) {
	b, err := s.cartBook(ctx, cart)
	if err != nil {
		return domain.Outcome{}, err
	}
	return b.Revalidate(cart, s.cfg.Now()), nil
}

// cartBook checks the brand and the snapshot and returns the brand's promotions.
func (s *promotions) cartBook(ctx context.Context, cart domain.Cart) (domain.Book, error) {
	brand, err := brandOf(ctx)
	if err != nil {
		return domain.Book{}, err
	}
	if err := cart.Validate(); err != nil {
		return domain.Book{}, err
	}
	b, err := s.book(ctx, brand)
	if err != nil {
		return domain.Book{}, fmt.Errorf("promotions of brand %d: %w", brand, err)
	}
	return b, nil
}

// book returns the brand's promotions, from the cache while fresh. When the store fails and an
// older copy exists, the copy is used: a cart keeps its promotions through a database hiccup,
// and validity windows are still checked against the clock.
func (s *promotions) book(ctx context.Context, brand int32) (domain.Book, error) {
	if b, ok := s.books.Get(brand); ok {
		return b, nil
	}
	ps, err := s.repo.Promotions(ctx, brand)
	if err != nil {
		if s.lastGood == nil || !errors.Is(err, apperr.Unavailable) {
			return domain.Book{}, err
		}
		if old, ok := s.lastGood.Get(brand); ok {
			s.log.WarnContext(ctx, "promotion store unavailable, using promotions loaded before",
				slog.Int("brand", int(brand)), slog.String("err", err.Error()))
			return old, nil
		}
		return domain.Book{}, err
	}
	b := domain.NewBook(ps)
	s.books.Add(brand, b)
	if s.lastGood != nil {
		s.lastGood.Add(brand, b)
	}
	return b, nil
}

func brandOf(ctx context.Context) (int32, error) {
	id := callctx.From(ctx).BrandID
	if id <= 0 {
		return 0, domain.ErrBrandRequired
	}
	return id, nil
}
