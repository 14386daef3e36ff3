// Package service holds the customer use cases (spec §3–§5): the session's basic info and address,
// normalised and validated with the rules of the domain package against the call's brand, stored
// per session. The session and brand come from the call's context (callctx), set by the gateway.
package service

import (
	"context"
	"fmt"

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
}

// Ports are what the use cases need from outside.
type Ports struct {
	Store  SessionStore
	Brands Brands
}

type service struct{ Ports }

// New returns the use cases over ports.
func New(p Ports) Service { return &service{Ports: p} }

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

func (s *service) SetBasicInfo(ctx context.Context, in domain.BasicInfo) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	info := domain.NormalizeBasicInfo(in, c.brand)
	if err := refused(domain.ValidateBasicInfo(info, c.brand)); err != nil {
		return Result{}, fmt.Errorf("set basic info: %w", err)
	}
	return s.updateAs(ctx, c, "set basic info", func(sc *domain.SessionCustomer) { sc.BasicInfo = &info })
}

func (s *service) SetAddress(ctx context.Context, in domain.Address) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	addr := domain.NormalizeAddress(in, c.brand)
	if err := refused(domain.ValidateAddress(addr, c.brand)); err != nil {
		return Result{}, fmt.Errorf("set address: %w", err)
	}
	return s.updateAs(ctx, c, "set address", func(sc *domain.SessionCustomer) { sc.Address = &addr })
}

func (s *service) update(ctx context.Context, what string, change func(*domain.SessionCustomer)) (Result, error) {
	c, err := s.call(ctx)
	if err != nil {
		return Result{}, err
	}
	return s.updateAs(ctx, c, what, change)
}

// updateAs applies change (if any) to the stored customer and, on every read and save, resets an
// address the brand no longer delivers to, so no later step works with a country that cannot
// be ordered for.
func (s *service) updateAs(ctx context.Context, c call, what string, change func(*domain.SessionCustomer)) (Result, error) {
	var notices []Notice
	stored, err := s.Store.Update(ctx, c.sessionID, func(sc *domain.SessionCustomer) error {
		notices = nil // fn may run again on newer data
		if change != nil {
			change(sc)
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
	return Result{Customer: stored, Validated: stored.Validated(c.brand), Notices: notices}, nil
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
