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
	if _, err := sessionID(ctx); err != nil {
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
	if !s.holdsTransfer(ctx, t) {
		t.Holder = ""
	}
	t.CustomerNo = ""
	res.RowID, res.Transfer = rowID, t
	return res, nil
}

// holdsTransfer reports whether the session may be told the transfer's holder: it is signed in as
// the customer the transfer service names as the contract's holder (Transfer.CustomerNo). The
// holder is a person's name and the transfer id, which anyone may guess or enumerate, the only
// secret behind it (issue 21), so being the first to look an id up gives no right to it, and any
// doubt answers without it: no customer number named, a visitor's session, another customer's, or
// a customer service that cannot answer. The transfer itself goes on either way; the holder is a
// courtesy, not part of the order, and the transfer screen does not show it.
func (s *service) holdsTransfer(ctx context.Context, t domain.Transfer) bool {
	if t.CustomerNo == "" || s.CustomerNumbers == nil {
		return false
	}
	no, err := s.CustomerNumbers.SessionCustomerNo(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "session customer unreadable; answering the transfer without its holder", slog.String("transfer_id", t.ID), slog.Any("error", err))
		return false
	}
	return no != "" && no == t.CustomerNo
}
