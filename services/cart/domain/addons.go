package domain

import "slices"

// AddAddon asks for an addon on an item.
type AddAddon struct {
	RowID      string
	AddonID    int32
	MaturityID int32 // 0: the maturity matching the product's months, else one-time
	IntervalID int32
	Fields     []FieldValue
}

func addonUnavailable(addonID int32, name string, productID int32) error {
	return withParams(ErrAddonNotAvailable, "addon_id", itoa(addonID), "name", name, "product_id", itoa(productID))
}

// AddAddon adds an addon to an item (spec §4): only a linked, visible addon whose period goes with
// the product's; the other addons of its mutually exclusive groups leave, its mutually inclusive
// partners come along. Adding an addon of quantity 1 that is already there only updates its fields.
func (c *Cart) AddAddon(env Env, req AddAddon) error {
	it, p, per, err := c.editable(env, req.RowID)
	if err != nil {
		return err
	}
	link, linked := p.Link(req.AddonID)
	addon, known := env.Catalog[req.AddonID]
	if !linked || !known || link.Has(RuleInvisible) {
		return addonUnavailable(req.AddonID, addon.Name, p.ID)
	}
	ap, ok := AddonPeriod(addon, link, per, req.MaturityID, req.IntervalID)
	if !ok {
		return addonUnavailable(addon.ID, addon.Name, p.ID)
	}
	fields, vs := env.mergeFields(nil, addon.Fields, true, req.Fields, "additional_fields")
	if err := fieldsError(vs); err != nil {
		return err
	}
	limit := max(addon.QtyMax, 1)
	switch n := it.addonCount(addon.ID); {
	case n > 0 && limit == 1:
		i := slices.IndexFunc(it.Addons, func(l Line) bool { return l.ID == addon.ID })
		it.Addons[i].AdditionalFields, _ = env.mergeFields(it.Addons[i].AdditionalFields, addon.Fields, true, req.Fields, "")
		return nil
	case int32(n) >= limit:
		return withParams(ErrMaxAmount, "addon_id", itoa(addon.ID), "name", addon.Name, "qty_max", itoa(limit))
	}

	// Partners are checked before anything changes, so a partner that cannot come refuses the add.
	var partners []Line
	for _, id := range inclusiveClosure(p, addon.ID) {
		if id == addon.ID || it.hasAddon(id) {
			continue
		}
		pl, _ := p.Link(id)
		pa, ok := env.Catalog[id]
		if !ok {
			return addonUnavailable(id, "", p.ID)
		}
		pp, ok := AddonPeriod(pa, pl, per, 0, 0)
		if !ok {
			return addonUnavailable(id, pa.Name, p.ID)
		}
		partners = append(partners, Line{ID: id, MaturityID: pp.Maturity.ID, IntervalID: pp.Interval.ID})
	}
	for _, g := range link.groupsWith(RuleMutuallyExclusive) {
		for _, other := range p.Addons {
			if other.AddonID != addon.ID && other.inGroup(g) && it.hasAddon(other.AddonID) {
				it.removeAddons(inclusiveClosure(p, other.AddonID)...)
			}
		}
	}
	it.Addons = append(it.Addons, Line{ID: addon.ID, MaturityID: ap.Maturity.ID, IntervalID: ap.Interval.ID, AdditionalFields: fields})
	it.Addons = append(it.Addons, partners...)
	return nil
}

// inclusiveClosure returns id and every addon of p bound to it through mutually inclusive groups.
func inclusiveClosure(p Product, id int32) []int32 {
	out := []int32{id}
	for i := 0; i < len(out); i++ {
		l, ok := p.Link(out[i])
		if !ok {
			continue
		}
		for _, g := range l.groupsWith(RuleMutuallyInclusive) {
			for _, other := range p.Addons {
				if other.inGroup(g) && !slices.Contains(out, other.AddonID) {
					out = append(out, other.AddonID)
				}
			}
		}
	}
	return out
}

// RemoveAddon removes an addon from an item (spec §4). With cascade, an auto-assigned addon takes
// its whole item along; otherwise non-removable addons stay and the addon's mutually inclusive
// partners leave with it. Of an addon held several times, one is removed.
func (c *Cart) RemoveAddon(env Env, rowID string, addonID int32, cascade bool) error {
	it, err := c.item(rowID)
	if err != nil {
		return err
	}
	if err := env.guard(it); err != nil {
		return err
	}
	n := it.addonCount(addonID)
	if n == 0 {
		return withParams(ErrAddonNotInCart, "addon_id", itoa(addonID))
	}
	p := env.Catalog[it.Product.ID]
	link, _ := p.Link(addonID)
	if cascade && link.Has(RuleAutoassign) {
		c.removeItem(rowID)
		return nil
	}
	if link.Has(RuleNonRemovable) {
		return withParams(ErrAddonNotRemovable, "addon_id", itoa(addonID), "name", env.Catalog[addonID].Name)
	}
	if n > 1 {
		for i := len(it.Addons) - 1; i >= 0; i-- {
			if it.Addons[i].ID == addonID {
				it.Addons = slices.Delete(it.Addons, i, i+1)
				break
			}
		}
		return nil
	}
	var leave []int32
	for _, id := range inclusiveClosure(p, addonID) {
		if l, _ := p.Link(id); id == addonID || !l.Has(RuleNonRemovable) {
			leave = append(leave, id)
		}
	}
	it.removeAddons(leave...)
	return nil
}

// AddUpsell adds a popular addon with the contract and interval months of the product (spec §4).
// An upsell already there only gets its fields updated.
func (c *Cart) AddUpsell(env Env, rowID string, upsellID int32, values []FieldValue) error {
	it, p, per, err := c.editable(env, rowID)
	if err != nil {
		return err
	}
	u, known := env.Catalog[upsellID]
	if !known || !p.HasUpsell(upsellID) {
		return addonUnavailable(upsellID, u.Name, p.ID)
	}
	up, ok := AddonPeriod(u, AddonLink{}, per, 0, 0)
	if !ok {
		return addonUnavailable(upsellID, u.Name, p.ID)
	}
	if i := it.upsellIndex(upsellID); i >= 0 {
		merged, vs := env.mergeFields(it.Upsells[i].AdditionalFields, u.Fields, true, values, "additional_fields")
		if err := fieldsError(vs); err != nil {
			return err
		}
		it.Upsells[i].AdditionalFields = merged
		return nil
	}
	fields, vs := env.mergeFields(nil, u.Fields, true, values, "additional_fields")
	if err := fieldsError(vs); err != nil {
		return err
	}
	it.Upsells = append(it.Upsells, Line{ID: u.ID, MaturityID: up.Maturity.ID, IntervalID: up.Interval.ID, AdditionalFields: fields})
	return nil
}

// RemoveUpsell removes a popular addon from an item.
func (c *Cart) RemoveUpsell(env Env, rowID string, upsellID int32) error {
	it, err := c.item(rowID)
	if err != nil {
		return err
	}
	if err := env.guard(it); err != nil {
		return err
	}
	i := it.upsellIndex(upsellID)
	if i < 0 {
		return withParams(ErrUpsellNotInCart, "upsell_id", itoa(upsellID))
	}
	it.Upsells = slices.Delete(it.Upsells, i, i+1)
	return nil
}

// fitLines makes an item's addons and upsells follow its product's period per (spec §4): lines
// that still go with it stay, restricted ones are remapped by months, the rest leave with a notice
// (and their mutually inclusive partners with them). Auto-assigned addons the new period allows
// are added.
func fitLines(env Env, it *Item, p Product, per Period) []Notice {
	var notices []Notice
	var dropped []int32
	kept := it.Addons[:0:0]
	for _, l := range it.Addons {
		a, known := env.Catalog[l.ID]
		link, linked := p.Link(l.ID)
		switch {
		case !known || !linked:
			notices = append(notices, notice(KeyAddonRemoved, "addon_id", itoa(l.ID), "name", a.Name, "product_id", itoa(p.ID), "reason", KeyNoLongerAvailable))
			dropped = append(dropped, l.ID)
			continue
		case LineFits(a, link, per, l.MaturityID, l.IntervalID):
		default:
			ap, ok := AddonPeriod(a, link, per, 0, 0)
			if !ok {
				notices = append(notices, notice(KeyAddonRemoved, "addon_id", itoa(l.ID), "name", a.Name, "product_id", itoa(p.ID), "reason", KeyPeriodNotSupported))
				dropped = append(dropped, l.ID)
				continue
			}
			l.MaturityID, l.IntervalID = ap.Maturity.ID, ap.Interval.ID
		}
		kept = append(kept, l)
	}
	it.Addons = kept
	for _, id := range dropped {
		for _, partner := range inclusiveClosure(p, id) {
			if partner != id && it.hasAddon(partner) {
				notices = append(notices, notice(KeyAddonRemoved, "addon_id", itoa(partner), "name", env.Catalog[partner].Name, "product_id", itoa(p.ID), "reason", KeyPeriodNotSupported))
				it.removeAddons(partner)
			}
		}
	}
	it.Addons = append(it.Addons, autoassigned(env, p, per, it.Addons)...)

	keptUpsells := it.Upsells[:0:0]
	for _, l := range it.Upsells {
		u, known := env.Catalog[l.ID]
		switch {
		case !known || !p.HasUpsell(l.ID):
			notices = append(notices, notice(KeyUpsellRemoved, "upsell_id", itoa(l.ID), "name", u.Name, "product_id", itoa(p.ID), "reason", KeyNoLongerAvailable))
			continue
		case LineFits(u, AddonLink{}, per, l.MaturityID, l.IntervalID):
		default:
			up, ok := AddonPeriod(u, AddonLink{}, per, 0, 0)
			if !ok {
				notices = append(notices, notice(KeyUpsellRemoved, "upsell_id", itoa(l.ID), "name", u.Name, "product_id", itoa(p.ID), "reason", KeyPeriodNotSupported))
				continue
			}
			l.MaturityID, l.IntervalID = up.Maturity.ID, up.Interval.ID
		}
		keptUpsells = append(keptUpsells, l)
	}
	it.Upsells = keptUpsells
	return notices
}
