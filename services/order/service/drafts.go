package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/order/domain"
)

// Errors of the draft use cases.
var (
	ErrDraftNotFound     = apperr.New(apperr.NotFound, domain.KeyDraftNotFound)
	ErrNoDraft           = apperr.New(apperr.NotFound, domain.KeyNoDraft)
	ErrDraftAgentOnly    = apperr.New(apperr.PermissionDenied, domain.KeyDraftAgentOnly)
	ErrDraftCustomerOnly = apperr.New(apperr.PermissionDenied, domain.KeyDraftCustomerOnly)
	ErrDraftCartRequired = apperr.New(apperr.InvalidArgument, domain.KeyDraftCartRequired)
)

// CreateDraftInput is the admin panel's draft.
type CreateDraftInput struct {
	CartJSON       []byte
	ItemCount      int
	CustomerNumber string
	CreatedBy      string
}

// Drafts are the order draft use cases.
type Drafts interface {
	CreateDraft(ctx context.Context, in CreateDraftInput) (domain.Draft, string, error)
	OpenDraft(ctx context.Context, code string) (domain.Draft, error)
	CurrentDraft(ctx context.Context) (domain.Draft, error)
	SaveDraft(ctx context.Context, expected int64, salesAgent bool, adminID string) (domain.Draft, error)
	CancelDraft(ctx context.Context, salesAgent bool) error
}

type drafts struct {
	*service
	store DraftStore
	carts DraftCarts
}

// NewDrafts returns the draft use cases; s supplies the session's customer, payment and clock.
func NewDrafts(s Service, store DraftStore, carts DraftCarts) Drafts {
	return &drafts{service: s.(*service), store: store, carts: carts}
}

func (d *drafts) CreateDraft(ctx context.Context, in CreateDraftInput) (domain.Draft, string, error) {
	v := callctx.From(ctx)
	if v.BrandID <= 0 {
		return domain.Draft{}, "", ErrBrandRequired
	}
	if in.ItemCount == 0 {
		return domain.Draft{}, "", ErrDraftCartRequired
	}
	now := d.Now().UTC().Truncate(time.Millisecond)
	id, err := domain.NewOrderID(now)
	if err != nil {
		return domain.Draft{}, "", err
	}
	sessionID, err := domain.NewDraftSessionID(d.Random, v.BrandID)
	if err != nil {
		return domain.Draft{}, "", err
	}
	code, err := domain.NewSessionCode(d.Random)
	if err != nil {
		return domain.Draft{}, "", err
	}
	v.SessionID = sessionID
	sctx := callctx.With(ctx, v)
	stored, _, err := d.carts.CreateDraftCart(sctx, in.CartJSON)
	if err != nil {
		return domain.Draft{}, "", fmt.Errorf("draft cart: %w", err)
	}
	dr := domain.Draft{ID: id, BrandID: v.BrandID, SessionID: sessionID, Status: domain.DraftOpen, Version: 1,
		CustomerNumber: in.CustomerNumber, CreatedBy: in.CreatedBy, SavedBy: in.CreatedBy, CartSnapshot: string(stored),
		CreatedAt: now, UpdatedAt: now}
	if err := d.store.CreateDraft(ctx, dr, domain.SessionCodeHash(code)); err != nil {
		return domain.Draft{}, "", err
	}
	return dr, code, nil
}

// OpenDraft answers the open draft of code in the calling brand.
func (d *drafts) OpenDraft(ctx context.Context, code string) (domain.Draft, error) {
	v := callctx.From(ctx)
	if v.BrandID <= 0 {
		return domain.Draft{}, ErrBrandRequired
	}
	if code == "" {
		return domain.Draft{}, ErrDraftNotFound
	}
	dr, err := d.store.DraftByCode(ctx, domain.SessionCodeHash(code))
	switch {
	case errors.Is(err, domain.ErrDraftNotFound):
		return domain.Draft{}, ErrDraftNotFound
	case err != nil:
		return domain.Draft{}, err
	case dr.Status != domain.DraftOpen || dr.BrandID != v.BrandID:
		return domain.Draft{}, ErrDraftNotFound
	}
	return dr, nil
}

func (d *drafts) CurrentDraft(ctx context.Context) (domain.Draft, error) {
	v, err := session(ctx)
	if err != nil {
		return domain.Draft{}, err
	}
	dr, err := d.store.DraftBySession(ctx, v.SessionID)
	switch {
	case errors.Is(err, domain.ErrDraftNotFound):
		return domain.Draft{}, ErrNoDraft
	case err != nil:
		return domain.Draft{}, err
	}
	return dr, nil
}

func (d *drafts) SaveDraft(ctx context.Context, expected int64, salesAgent bool, adminID string) (domain.Draft, error) {
	if !salesAgent {
		return domain.Draft{}, ErrDraftAgentOnly
	}
	dr, err := d.CurrentDraft(ctx)
	if err != nil {
		return domain.Draft{}, err
	}
	if dr.Status != domain.DraftOpen {
		return domain.Draft{}, ErrDraftNotFound
	}
	snapshot, err := d.carts.CartJSON(ctx)
	if err != nil {
		return domain.Draft{}, fmt.Errorf("draft cart: %w", err)
	}
	return d.store.SaveDraft(ctx, dr.ID, expected, adminID, string(snapshot), d.Now())
}

func (d *drafts) CancelDraft(ctx context.Context, salesAgent bool) error {
	if salesAgent {
		return ErrDraftCustomerOnly
	}
	dr, err := d.CurrentDraft(ctx)
	if err != nil {
		return err
	}
	if _, err := d.store.CancelDraft(ctx, dr.ID, d.Now()); err != nil {
		return err
	}
	// The draft's session is emptied too: a link to it opens nothing any more.
	if err := d.carts.ClearAsAgent(ctx); err != nil {
		d.Log.WarnContext(ctx, "cancelled draft's cart not cleared", slog.String("draft", dr.ID), slog.Any("error", err))
	}
	if err := d.Customers.Forget(ctx); err != nil {
		d.Log.WarnContext(ctx, "cancelled draft's customer not cleared", slog.String("draft", dr.ID), slog.Any("error", err))
	}
	if err := d.Payments.Forget(ctx); err != nil {
		d.Log.WarnContext(ctx, "cancelled draft's payment not cleared", slog.String("draft", dr.ID), slog.Any("error", err))
	}
	return nil
}
