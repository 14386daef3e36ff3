package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/hostcart/checkout/services/cart/domain"
)

// StartContractTransfer asks the transfer service about the transfer before touching the cart,
// so an outage or an unknown id leaves the cart as it was; the product check, the field rules
// and the write then happen in one update of the store, with the cart's normal versioning.
func (s *service) StartContractTransfer(ctx context.Context, transferID string, salesAgent bool) (Result, error) {
	sid, err := sessionID(ctx)
	if err != nil {
		return Result{}, err
	}
	if !domain.ValidTransferID(transferID) {
		// Such an id names no transfer; it is not sent to the transfer service.
		return Result{}, fmt.Errorf("transfer id %q: %w", transferID, domain.ErrTransferNotFound)
	}
	if s.Transfers == nil || s.TransferProducts == nil {
		return Result{}, fmt.Errorf("no transfer service configured: %w", domain.ErrTransferUnavailable)
	}
	t, err := s.Transfers.Lookup(ctx, transferID)
	if err != nil {
		return Result{}, fmt.Errorf("look up transfer: %w", err)
	}
	p, ok, err := s.TransferProducts.TransferProduct(ctx, t.ExternalProductID)
	if err != nil {
		return Result{}, fmt.Errorf("transfer %s: find its product: %w", t.ID, err)
	}
	if !ok {
		return Result{}, fmt.Errorf("transfer %s: product %q: %w", t.ID, t.ExternalProductID, domain.ErrTransferProductUnavailable)
	}
	var rowID string
	res, err := s.change(ctx, salesAgent, need{ids: []int32{p.ID}, linked: true}, func(c *domain.Cart, env domain.Env) ([]domain.Notice, error) {
		row, notices, err := c.StartContractTransfer(env, p.ID, t)
		rowID = row
		return notices, err
	})
	if err != nil {
		return Result{}, fmt.Errorf("transfer %s: %w", t.ID, err)
	}
	if !s.ownsTransfer(ctx, t.ID, sid) {
		t.Holder = ""
	}
	res.RowID, res.Transfer = rowID, t
	return res, nil
}

// ownsTransfer reports whether the session may be told the transfer's holder: it is the session
// that first put the transfer into its cart (the claim is made here, once the cart holds it). The
// holder is a person's name and the transfer id the only secret behind it, so any doubt answers
// without it: no claim store, another session's claim, or a claim that cannot be read. The
// transfer itself goes on either way; the holder is a courtesy, not part of the order.
func (s *service) ownsTransfer(ctx context.Context, transferID, sid string) bool {
	if s.TransferClaims == nil {
		return false
	}
	owned, err := s.TransferClaims.Claim(ctx, transferID, sid)
	if err != nil {
		s.log.WarnContext(ctx, "transfer claim unreadable; answering without the holder", slog.String("transfer_id", transferID), slog.Any("error", err))
		return false
	}
	return owned
}
