package service

import (
	"context"
	"fmt"

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
	res.RowID, res.Transfer = rowID, t
	return res, nil
}
