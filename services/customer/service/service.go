// Package service holds the customer use cases (spec §3–§5): the session's basic info and address,
// normalised and validated with the rules of the domain package against the call's brand, stored
// per session. The session and brand come from the call's context (callctx), set by the gateway.
package service

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/customer/domain"
)

// Errors of calls that lack their context; the gateway always sends both.
var (
	ErrSessionRequired = apperr.New(apperr.InvalidArgument, "session.required")
	ErrBrandRequired   = apperr.New(apperr.InvalidArgument, "brand.required")
)

// Notice types.
const (
	NoticeWarning = "warning"
	NoticeInfo    = "info"
)

// Notice tells the visitor about a change the service made on its own.
type Notice struct {
	Key    string
	Type   string
	Params map[string]string
}

// Result is the session's customer after a use case, with what the visitor should be told.
type Result struct {
	Customer domain.SessionCustomer
	// Validated: both forms stored and valid for the brand (spec §3 customerValidated).
	Validated bool
	Notices   []Notice
}

// Service is the customer service's use cases.
type Service interface {
	// GetSessionCustomer answers the session's customer, after resetting an address whose
	// country the brand no longer supports (spec §4 "customer validation").
	GetSessionCustomer(ctx context.Context) (Result, error)
	// SetBasicInfo normalises, validates and stores the basic info; refused fields are an
	// apperr.FieldViolator and nothing is stored.
	SetBasicInfo(ctx context.Context, in domain.BasicInfo) (Result, error)
	// SetAddress normalises, validates and stores the address; refused fields are an
	// apperr.FieldViolator and nothing is stored.
	SetAddress(ctx context.Context, in domain.Address) (Result, error)
	// BeginLogin starts a login at the brand's authority and answers its authorization URL.
	BeginLogin(ctx context.Context, in BeginLogin) (string, error)
	// CompleteLogin finishes the session's login with the authority's answer.
	CompleteLogin(ctx context.Context, in CompleteLogin) (LoginResult, error)
	// Logout forgets the session's customer (and its panel sign-in) and answers where a panel
	// user goes back to.
	Logout(ctx context.Context) (LogoutResult, error)
	// GetSessionVat answers the VAT rate that applies to the session, and whether the session
	// signed in from the cloud control panel.
	GetSessionVat(ctx context.Context) (SessionVAT, error)
}

// Ports are what the use cases need from outside.
type Ports struct {
	Store     SessionStore
	Brands    Brands
	Customers Customers
	Authority Authority
	// VIES checks foreign EU VAT ids of companies; nil checks none (their VAT stays normal).
	VIES VIES
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

type service struct{ Ports }

// New returns the use cases over ports.
func New(p Ports) Service {
	if p.Now == nil {
		p.Now = time.Now
	}
	return &service{Ports: p}
}

// call is the session and brand of a call.
type call struct {
	sessionID string
	brand     domain.Brand
}

func (s *service) call(ctx context.Context) (call, error) {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return call{}, ErrSessionRequired
	}
	if v.BrandID <= 0 {
		return call{}, ErrBrandRequired
	}
	b, err := s.Brands.Brand(ctx, v.BrandID)
	if err != nil {
		return call{}, fmt.Errorf("brand %d: %w", v.BrandID, err)
	}
	return call{sessionID: v.SessionID, brand: b}, nil
}

func (s *service) GetSessionCustomer(ctx context.Context) (Result, error) {
	return s.update(ctx, "read session customer", nil)
}

// ErrExistingCustomer refuses form changes of a logged-in customer: their data is the customer
// record's, changed in the customer panel, not by the order.
var ErrExistingCustomer = apperr.New(apperr.FailedPrecondition, "customer.existing_customer")

func (s *service) SetBasicInfo(ctx context.Context, in domain.BasicInfo) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	if err := s.refuseExisting(ctx, c); err != nil {
		return Result{}, err
	}
	info := domain.NormalizeBasicInfo(in, c.brand)
	if err := refused(domain.ValidateBasicInfo(info, c.brand)); err != nil {
		return Result{}, fmt.Errorf("set basic info: %w", err)
	}
	check, notices, err := s.vatIDCheck(ctx, c, info)
	if err != nil {
		return Result{}, err
	}
	// The form is saved whatever VIES took: detached from the caller's cancellation, bounded.
	save, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
	defer cancel()
	res, err := s.updateAs(save, c, "set basic info", func(sc *domain.SessionCustomer) error {
		if sc.Existing() {
			return ErrExistingCustomer
		}
		sc.BasicInfo = &info
		sc.VATIDCheck = check
		return nil
	})
	res.Notices = append(res.Notices, notices...)
	return res, err
}

func (s *service) SetAddress(ctx context.Context, in domain.Address) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	if err := s.refuseExisting(ctx, c); err != nil {
		return Result{}, err
	}
	addr := domain.NormalizeAddress(in, c.brand)
	if err := refused(domain.ValidateAddress(addr, c.brand)); err != nil {
		return Result{}, fmt.Errorf("set address: %w", err)
	}
	return s.updateAs(ctx, c, "set address", func(sc *domain.SessionCustomer) error {
		if sc.Existing() {
			return ErrExistingCustomer
		}
		sc.Address = &addr
		return nil
	})
}

// refuseExisting is checked before validating so an existing customer learns the real reason.
// The form is written with Update afterwards; a login in between is caught there too (see
// updateAs callers), so this read is a courtesy, not the guard.
func (s *service) refuseExisting(ctx context.Context, c call) error {
	sc, err := s.Store.Get(ctx, c.sessionID)
	if err != nil {
		return fmt.Errorf("read session customer: %w", err)
	}
	if sc.Existing() {
		return ErrExistingCustomer
	}
	return nil
}

func (s *service) update(ctx context.Context, what string, change func(*domain.SessionCustomer) error) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	return s.updateAs(ctx, c, what, change)
}

// updateAs applies change (if any) to the stored customer and, on every read and save, resets an
// address the brand no longer delivers to, so no later step works with a country that cannot
// be ordered for.
func (s *service) updateAs(ctx context.Context, c call, what string, change func(*domain.SessionCustomer) error) (Result, error) {
	var notices []Notice
	stored, err := s.Store.Update(ctx, c.sessionID, func(sc *domain.SessionCustomer) error {
		notices = nil // fn may run again on newer data
		if change != nil {
			if err := change(sc); err != nil {
				return err
			}
		}
		if sc.Address == nil {
			return nil
		}
		if addr, reset := domain.ResetUnsupportedCountry(*sc.Address, c.brand); reset {
			sc.Address = &addr
			notices = append(notices, Notice{Key: domain.KeyCountryNotSupported, Type: NoticeWarning})
		}
		return nil
	})
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", what, err)
	}
	return Result{Customer: stored, Validated: stored.Existing() || stored.Validated(c.brand), Notices: notices}, nil
}

// refused turns the violations of a form into the error the transport answers per field.
func refused(errs domain.Errors) error {
	if len(errs) == 0 {
		return nil
	}
	keys := make(map[string][]string, len(errs))
	for field, vs := range errs {
		for _, v := range vs {
			keys[field] = append(keys[field], v.Key)
		}
	}
	return apperr.NewFieldErrors(keys)
}
