// Package service holds the cart's use cases. Session and brand of a call come from the request
// context (callctx), set by the gateway and read by the gRPC interceptors. Every use case loads
// the catalog snapshot it needs, then revalidates the cart and applies its rule inside the store's
// update function, so the check and the write happen together and a refused change stores nothing.
package service

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

// Result is a cart after a use case, with the notices of what changed by itself.
type Result struct {
	Cart    domain.Cart
	Notices []domain.Notice
	// RowID is the item AddProduct put the product into.
	RowID string
	// Code is the promotion code RedeemPromotionCode applied, as stored.
	Code string
	// Transfer is the contract StartContractTransfer put into the cart.
	Transfer domain.Transfer
}

// Service is what the cart offers its callers. salesAgent is trusted from the gateway only: it
// lifts the lock of preconfigured items.
type Service interface {
	GetCart(ctx context.Context) (Result, error)
	ReplaceCart(ctx context.Context, in domain.Cart, salesAgent bool, expectedVersion int64) (Result, error)
	ClearCart(ctx context.Context, salesAgent bool) (Result, error)
	AddProduct(ctx context.Context, req domain.AddProduct, salesAgent bool) (Result, error)
	RemoveItem(ctx context.Context, rowID string, salesAgent bool) (Result, error)
	AddAddon(ctx context.Context, req domain.AddAddon, salesAgent bool) (Result, error)
	RemoveAddon(ctx context.Context, rowID string, addonID int32, cascade, salesAgent bool) (Result, error)
	AddUpsell(ctx context.Context, rowID string, upsellID int32, values []domain.FieldValue, salesAgent bool) (Result, error)
	RemoveUpsell(ctx context.Context, rowID string, upsellID int32, salesAgent bool) (Result, error)
	SetPeriod(ctx context.Context, line domain.LineRef, maturityID, intervalID int32, salesAgent bool) (Result, error)
	AddDomain(ctx context.Context, rowID string, d domain.Domain, salesAgent bool) (Result, error)
	RemoveDomain(ctx context.Context, name string, salesAgent bool) (Result, error)
	SetFields(ctx context.Context, line domain.LineRef, values []domain.FieldValue, salesAgent bool) (Result, error)
	SetPromotions(ctx context.Context, as []domain.PromotionAssignment, clearOthers, salesAgent bool) (Result, error)
	// RedeemPromotionCode lets the promotion service place a manual code and stores the outcome.
	RedeemPromotionCode(ctx context.Context, code string, salesAgent bool) (Result, error)
	// RemovePromotionCode takes a code off every line holding it.
	RemovePromotionCode(ctx context.Context, code string, salesAgent bool) (Result, error)
	GetPricedCart(ctx context.Context) (domain.PricedCart, []domain.Notice, error)
	// StartContractTransfer orders the contract behind a transfer id (spec §4 "Contract
	// transfer"): the transfer product is added unless the cart holds it, its transfer_contract
	// field carries the contract's reference. Repeating it changes nothing.
	StartContractTransfer(ctx context.Context, transferID string, salesAgent bool) (Result, error)
}

// Ports are the service's dependencies. TLDs and Promotions may be nil: domains are then checked
// for their shape only and priced at 0, and the cart carries and prices no promotions (codes
// cannot be redeemed).
type Ports struct {
	Store      Store
	Catalog    Catalog
	TLDs       TLDs
	Promotions Promotions
	// Customers answers the session customer's VAT rate and whether it signed in from the cloud
	// control panel; nil prices with the catalog's rates and treats every session as a visitor's.
	Customers Customers
	// Transfers and TransferProducts serve contract transfers; either nil answers every transfer
	// with domain.ErrTransferUnavailable.
	Transfers        Transfers
	TransferProducts TransferProducts
	// CustomerNumbers decides which session is told a transfer's holder (the session signed in as
	// the holder's customer number); nil tells no session.
	CustomerNumbers CustomerNumbers
	// NewRowID makes row ids; nil uses domain.NewRowID.
	NewRowID func() string
	// Now is the clock a power of attorney's signature is dated against; nil uses time.Now.
	Now func() time.Time
}

type service struct {
	Ports
	log *slog.Logger
}

// New returns the cart use cases over ports.
func New(p Ports, log *slog.Logger) Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if p.NewRowID == nil {
		p.NewRowID = domain.NewRowID
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	return &service{Ports: p, log: log}
}

// need says what an operation needs loaded besides the cart's own products.
type need struct {
	ids []int32
	// linked loads the addons and upsells linked to the products too (auto-assigned addons,
	// inclusive partners, remapping after a period change).
	linked bool
	// domains loads the TLDs even when the cart holds no domain yet.
	domains bool
	// dropCodes: the operation removes promotion codes on purpose (emptying the cart), so codes
	// whose line went are not moved to other lines.
	dropCodes bool
}

// op is a rule applied to the revalidated cart.
type op func(c *domain.Cart, env domain.Env) ([]domain.Notice, error)

// updated is the outcome of mutate: the stored cart, the snapshot it was checked against, and
// whether the promotion service answered.
type updated struct {
	Result
	env domain.Env
	// promotionsDown: the promotion service did not answer; the cart's codes stayed as they were.
	promotionsDown bool
	// customer is the use case's answer of the customer service, asked at most once.
	customer *customerLookup
}

// mutate revalidates the session's cart, applies op (when not nil), then lets the promotion
// service revalidate the codes and recompute the automatic promotions, and stores the outcome in
// one update of the store. A failing op stores nothing, not even the revalidation.
func (s *service) mutate(ctx context.Context, salesAgent bool, n need, apply op) (updated, error) {
	sid, err := sessionID(ctx)
	if err != nil {
		return updated{}, err
	}
	var u updated
	// Outside the update: a retry on a newer cart reuses the customer's answer.
	customer := &customerLookup{port: s.Customers, log: s.log}
	cart, err := s.Store.Update(ctx, sid, func(c *domain.Cart) error {
		// The function may run again on a newer cart: start from scratch each time.
		u = updated{customer: customer}
		before := c.CodeHolders()
		e, err := s.env(ctx, c, n, salesAgent)
		if err != nil {
			return err
		}
		u.env = e
		notices := c.Revalidate(e)
		if apply != nil {
			more, err := apply(c, e)
			if err != nil {
				return err
			}
			notices = append(notices, more...)
			c.Tidy(e)
		}
		if n.dropCodes {
			before = nil
		}
		more, down, err := s.promote(ctx, c, e, before, customer)
		if err != nil {
			return err
		}
		u.Notices, u.promotionsDown = append(notices, more...), down
		return nil
	})
	if err != nil {
		return updated{env: u.env, customer: customer}, err
	}
	u.Cart, u.customer = cart, customer
	return u, nil
}

// change is mutate for the use cases that answer the cart.
func (s *service) change(ctx context.Context, salesAgent bool, n need, apply op) (Result, error) {
	u, err := s.mutate(ctx, salesAgent, n, apply)
	return u.Result, err
}

// env loads the catalog snapshot and TLDs for the cart and the operation.
func (s *service) env(ctx context.Context, c *domain.Cart, n need, salesAgent bool) (domain.Env, error) {
	env := domain.Env{Catalog: domain.Catalog{}, SalesAgent: salesAgent, NewRowID: s.NewRowID, Now: s.Now()}
	ids := c.ProductIDs()
	for _, id := range n.ids {
		if id > 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		cat, err := s.Catalog.Products(ctx, ids)
		if err != nil {
			return domain.Env{}, fmt.Errorf("load products %v: %w", ids, err)
		}
		env.Catalog = cat
	}
	if n.linked {
		if more := env.Catalog.LinkedIDs(); len(more) > 0 {
			linked, err := s.Catalog.Products(ctx, more)
			if err != nil {
				return domain.Env{}, fmt.Errorf("load linked products %v: %w", more, err)
			}
			for id, p := range linked {
				env.Catalog[id] = p
			}
		}
	}
	if s.TLDs != nil && (n.domains || c.HasDomains()) {
		tlds, err := s.TLDs.TLDs(ctx)
		if err != nil {
			// Domains keep their place; revalidation checks them again once TLDs are back.
			s.log.WarnContext(ctx, "TLDs unavailable; domains are not checked", slog.String("err", err.Error()))
		} else {
			env.TLDs = tlds
		}
	}
	if orphansDomains(c, env.Catalog) {
		p, ok, err := s.Catalog.DomainOnlyProduct(ctx)
		if err != nil {
			return domain.Env{}, fmt.Errorf("load the domain-only product: %w", err)
		}
		if ok {
			env.DomainOnly = &p
		}
	}
	return env, nil
}

// orphansDomains reports whether revalidation will remove an item that holds domains.
func orphansDomains(c *domain.Cart, cat domain.Catalog) bool {
	for _, it := range c.Items {
		if _, ok := cat[it.Product.ID]; !ok && len(it.Domains) > 0 {
			return true
		}
	}
	return false
}

func sessionID(ctx context.Context) (string, error) {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return "", domain.ErrSessionRequired
	}
	if v.BrandID <= 0 {
		return "", domain.ErrBrandRequired
	}
	return v.SessionID, nil
}

// GetCart revalidates and returns the cart. With the catalog down it answers the stored cart as
// it is, so the shop's header and cart page keep working; changes need the catalog.
func (s *service) GetCart(ctx context.Context) (Result, error) {
	res, err := s.change(ctx, false, need{}, nil)
	if err == nil || !isOutage(err) {
		return res, err
	}
	sid, _ := sessionID(ctx)
	cart, gerr := s.Store.Get(ctx, sid)
	if gerr != nil {
		return Result{}, err
	}
	s.log.WarnContext(ctx, "cart answered without revalidation", slog.String("err", err.Error()))
	return Result{Cart: cart}, nil
}

func (s *service) ReplaceCart(ctx context.Context, in domain.Cart, salesAgent bool, expectedVersion int64) (Result, error) {
	n := need{ids: in.ProductIDs(), linked: true, domains: in.HasDomains()}
	return s.change(ctx, salesAgent, n, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		if expectedVersion != 0 && c.Version != expectedVersion {
			return nil, domain.ErrVersionConflict
		}
		held := c.CodeHolders()
		if err := c.Replace(env, in); err != nil {
			return nil, err
		}
		// Codes are the promotion service's to place, through the guarded redeem (its rate limit,
		// the brand's manual_promotions): a replacement, a sales agent's too, keeps the codes the
		// stored lines carry and drops the others silently, so it can neither apply a code nor
		// tell a guessed one from a wrong one.
		c.RestoreCodes(held)
		return nil, nil
	})
}

func (s *service) ClearCart(ctx context.Context, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{dropCodes: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.Clear(env)
	})
}

func (s *service) AddProduct(ctx context.Context, req domain.AddProduct, salesAgent bool) (Result, error) {
	var rowID string
	res, err := s.change(ctx, salesAgent, need{ids: []int32{req.ProductID}, linked: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		row, notices, err := c.AddProduct(env, req)
		rowID = row
		return notices, err
	})
	res.RowID = rowID
	return res, err
}

func (s *service) RemoveItem(ctx context.Context, rowID string, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.RemoveItem(env, rowID)
	})
}

func (s *service) AddAddon(ctx context.Context, req domain.AddAddon, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{ids: []int32{req.AddonID}, linked: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.AddAddon(env, req)
	})
}

func (s *service) RemoveAddon(ctx context.Context, rowID string, addonID int32, cascade, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.RemoveAddon(env, rowID, addonID, cascade)
	})
}

func (s *service) AddUpsell(ctx context.Context, rowID string, upsellID int32, values []domain.FieldValue, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{ids: []int32{upsellID}}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.AddUpsell(env, rowID, upsellID, values)
	})
}

func (s *service) RemoveUpsell(ctx context.Context, rowID string, upsellID int32, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.RemoveUpsell(env, rowID, upsellID)
	})
}

func (s *service) SetPeriod(ctx context.Context, line domain.LineRef, maturityID, intervalID int32, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{linked: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return c.SetPeriod(env, line, maturityID, intervalID)
	})
}

func (s *service) AddDomain(ctx context.Context, rowID string, d domain.Domain, salesAgent bool) (Result, error) {
	if !salesAgent {
		// Codes come through redeeming, where the promotion service checks and rate-limits them.
		d.PromotionCode = ""
	}
	return s.change(ctx, salesAgent, need{domains: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return c.AddDomain(env, rowID, d)
	})
}

func (s *service) RemoveDomain(ctx context.Context, name string, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.RemoveDomain(env, name)
	})
}

func (s *service) SetFields(ctx context.Context, line domain.LineRef, values []domain.FieldValue, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.SetFields(env, line, values)
	})
}

func (s *service) SetPromotions(ctx context.Context, as []domain.PromotionAssignment, clearOthers, salesAgent bool) (Result, error) {
	return s.change(ctx, salesAgent, need{}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		return nil, c.SetPromotions(env, as, clearOthers)
	})
}

// GetPricedCart revalidates the cart and prices it. The catalog and the TLDs are needed; the
// promotion service is not: without it the view carries no discounts and says so.
func (s *service) GetPricedCart(ctx context.Context) (domain.PricedCart, []domain.Notice, error) {
	u, err := s.mutate(ctx, false, need{}, nil)
	if err != nil {
		return domain.PricedCart{}, nil, err
	}
	env := u.env
	if s.TLDs != nil && u.Cart.HasDomains() && env.TLDs == nil {
		if env.TLDs, err = s.TLDs.TLDs(ctx); err != nil {
			return domain.PricedCart{}, nil, fmt.Errorf("price domains: %w", err)
		}
	}
	brand, err := s.Catalog.Brand(ctx)
	if err != nil {
		return domain.PricedCart{}, nil, fmt.Errorf("brand settings: %w", err)
	}
	var promos map[string]domain.Promotion
	unavailable := u.promotionsDown
	if codes := u.Cart.PromotionCodes(); len(codes) > 0 && s.Promotions != nil && !unavailable {
		if promos, err = s.Promotions.Lookup(ctx, codes); err != nil {
			s.log.WarnContext(ctx, "promotions unavailable; cart priced without discounts", slog.String("err", err.Error()))
			unavailable = true
		}
	}
	// The answer the promotion step got, if it asked: one customer call per priced view.
	customer, vatUnavailable := u.customer.get(ctx)
	vat := customer.VAT
	if vat != nil {
		brand.SessionVAT = &vat.Percent
	}
	pc := domain.Price(u.Cart, env, brand, promos)
	pc.PromotionsUnavailable = unavailable
	pc.SessionVAT, pc.VATUnavailable = vat, vatUnavailable
	return pc, u.Notices, nil
}

// customerLookup asks the customer service about the session at most once per use case: the
// promotion step (a panel user's cart gets no automatic promotions) and the priced view (the
// customer's rate) share the one answer, and the store's retries of an update reuse it. It is
// the one place that decides what the cart does without an answer.
type customerLookup struct {
	port   Customers
	log    *slog.Logger
	asked  bool
	answer domain.SessionCustomer
	down   bool
}

// get answers the session's customer; down reports that the customer service did not answer.
// Then the brand's rates price the cart and the view says so (VATUnavailable: the order step
// must not take a total priced so), and the session counts as a visitor's: its cart gets the
// brand's automatic promotions as it did before panel sessions were told apart. A panel user's
// cart that got one so loses it on the next change once the service answers again, and it
// cannot be ordered meanwhile, as the view is VATUnavailable.
func (l *customerLookup) get(ctx context.Context) (domain.SessionCustomer, bool) {
	if l == nil || l.port == nil {
		return domain.SessionCustomer{}, false
	}
	if !l.asked {
		l.asked = true
		answer, err := l.port.SessionCustomer(ctx)
		if err != nil {
			l.log.WarnContext(ctx, "customer service unavailable; cart priced with the brand's rates and the session taken for a visitor's",
				slog.String("err", err.Error()))
			l.down = true
		} else {
			l.answer = answer
		}
	}
	return l.answer, l.down
}

// isOutage reports whether err means a dependency did not answer (rather than refused).
func isOutage(err error) bool {
	switch apperr.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return true
	}
	return false
}
