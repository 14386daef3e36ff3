package endpoints

import "log/slog"

// What the call log (kitlog) records of each request and answer: the ids that explain an outcome
// and sizes, never field values (they may hold passwords) or auth codes.

func (r ReplaceCartRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("items", len(r.Cart.Items)), slog.Bool("sales_agent", r.SalesAgent)}
}

func (r AddProductRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("product_id", int(r.Req.ProductID)), slog.Int("maturity_id", int(r.Req.MaturityID))}
}

func (r RemoveItemRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("row_id", r.RowID)} }

func (r AddAddonRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.Req.RowID), slog.Int("addon_id", int(r.Req.AddonID))}
}

func (r RemoveAddonRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.RowID), slog.Int("addon_id", int(r.AddonID)), slog.Bool("cascade", r.Cascade)}
}

func (r AddUpsellRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.RowID), slog.Int("upsell_id", int(r.UpsellID))}
}

func (r RemoveUpsellRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.RowID), slog.Int("upsell_id", int(r.UpsellID))}
}

func (r SetPeriodRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.Line.RowID), slog.Int("kind", int(r.Line.Kind)), slog.Int("line_id", int(r.Line.ID)),
		slog.Int("maturity_id", int(r.MaturityID)), slog.Int("interval_id", int(r.IntervalID))}
}

func (r AddDomainRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.RowID), slog.String("domain", r.Domain.Name)}
}

func (r RemoveDomainRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("domain", r.Domain)}
}

func (r SetFieldsRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("row_id", r.Line.RowID), slog.Int("kind", int(r.Line.Kind)), slog.Int("fields", len(r.Fields))}
}

func (r SetPromotionsRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("assignments", len(r.Assignments)), slog.Bool("clear_others", r.ClearOthers)}
}

func (r RedeemCodeRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("code", r.Code), slog.Bool("sales_agent", r.SalesAgent)}
}

func (r RemoveCodeRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("code", r.Code), slog.Bool("sales_agent", r.SalesAgent)}
}

func (r CartResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("items", len(r.Result.Cart.Items)), slog.Int64("version", r.Result.Cart.Version), slog.Int("notices", len(r.Result.Notices))}
}

func (r PricedCartResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("items", len(r.Priced.Items)), slog.Int64("total_net_cents", r.Priced.Totals.TotalNet)}
}

func (r StartTransferRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("transfer_id", r.TransferID), slog.Bool("sales_agent", r.SalesAgent)}
}
