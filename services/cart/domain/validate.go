package domain

// Revalidate brings a stored cart in line with the catalog of now (spec §4 "cart validation after
// every route"): items of products that are no longer available leave and their domains move to a
// domain-only item; a product period that is gone resets to the default; addons and upsells that
// are no longer available leave; domains whose TLD is no longer sold leave. Every removal is
// reported as a notice. Addons whose period merely no longer goes with the product's stay: the
// priced view marks their item invalid (spec §5). env.Catalog must hold every product of the
// cart that is still orderable: an absent product counts as gone.
func (c *Cart) Revalidate(env Env) []Notice {
	var notices []Notice
	var orphaned []Domain
	kept := c.Items[:0:0]
	for _, it := range c.Items {
		p, ok := env.Catalog[it.Product.ID]
		var per Period
		if ok && p.TopLevel() {
			per, ok = ProductPeriod(p, it.Product.MaturityID, it.Product.IntervalID)
			if !ok {
				if per, ok = ProductPeriod(p, 0, 0); ok {
					it.Product.MaturityID, it.Product.IntervalID = per.Maturity.ID, per.Interval.ID
					notices = append(notices, notice(KeyPeriodReset, "product_id", itoa(p.ID), "name", p.Name, "row_id", it.RowID))
					notices = append(notices, fitLines(env, &it, p, per)...)
				}
			} else {
				notices = append(notices, pruneLines(env, &it, p, per)...)
			}
		} else {
			ok = false
		}
		if !ok {
			notices = append(notices, notice(KeyProductRemoved, "product_id", itoa(it.Product.ID), "name", p.Name, "reason", KeyNoLongerAvailable))
			orphaned = append(orphaned, it.Domains...)
			continue
		}
		notices = append(notices, pruneDomains(env, &it)...)
		kept = append(kept, it)
	}
	c.Items = kept
	if len(orphaned) > 0 {
		notices = append(notices, c.adoptDomains(env, orphaned)...)
	}
	c.Tidy(env)
	return notices
}

// pruneLines removes addons and upsells that are no longer available and remaps lines whose
// maturity or interval the addon no longer offers.
func pruneLines(env Env, it *Item, p Product, per Period) []Notice {
	var notices []Notice
	keep := func(l *Line, a Product, link AddonLink) bool {
		if m, ok := a.Maturity(l.MaturityID); ok {
			if _, ok := m.Interval(l.IntervalID); ok {
				return true
			}
		}
		ap, ok := AddonPeriod(a, link, per, 0, 0)
		if ok {
			l.MaturityID, l.IntervalID = ap.Maturity.ID, ap.Interval.ID
		}
		return ok
	}
	addons := it.Addons[:0:0]
	for _, l := range it.Addons {
		a, known := env.Catalog[l.ID]
		link, linked := p.Link(l.ID)
		if known && linked && keep(&l, a, link) {
			addons = append(addons, l)
			continue
		}
		notices = append(notices, notice(KeyAddonRemoved, "addon_id", itoa(l.ID), "name", a.Name, "product_id", itoa(p.ID), "reason", KeyNoLongerAvailable))
	}
	it.Addons = addons
	upsells := it.Upsells[:0:0]
	for _, l := range it.Upsells {
		u, known := env.Catalog[l.ID]
		if known && p.HasUpsell(l.ID) && keep(&l, u, AddonLink{}) {
			upsells = append(upsells, l)
			continue
		}
		notices = append(notices, notice(KeyUpsellRemoved, "upsell_id", itoa(l.ID), "name", u.Name, "product_id", itoa(p.ID), "reason", KeyNoLongerAvailable))
	}
	it.Upsells = upsells
	return notices
}

// pruneDomains removes domains whose TLD the brand no longer sells and records the TLD ids.
func pruneDomains(env Env, it *Item) []Notice {
	if env.TLDs == nil {
		return nil
	}
	var notices []Notice
	kept := it.Domains[:0:0]
	for _, d := range it.Domains {
		t, ok := env.TLDs.Of(d.Name)
		if !ok {
			notices = append(notices, notice(KeyDomainRemoved, "domain", d.Name, "reason", KeyNoLongerAvailable))
			continue
		}
		d.TLDID = t.ID
		kept = append(kept, d)
	}
	it.Domains = kept
	return notices
}

// adoptDomains gives domains of removed items a home in the domain-only item (spec §4: invalid
// products are removed and their domains move to a domain-only item); without a domain-only
// product they are dropped with a notice.
func (c *Cart) adoptDomains(env Env, domains []Domain) []Notice {
	if env.DomainOnly == nil {
		var notices []Notice
		for _, d := range domains {
			notices = append(notices, notice(KeyDomainRemoved, "domain", d.Name, "reason", KeyNoLongerAvailable))
		}
		return notices
	}
	p := *env.DomainOnly
	for i := range c.Items {
		if c.Items[i].Product.ID == p.ID {
			c.Items[i].Domains = append(c.Items[i].Domains, domains...)
			return pruneDomains(env, &c.Items[i])
		}
	}
	per, ok := ProductPeriod(p, 0, 0)
	if !ok {
		return c.adoptDomains(Env{TLDs: env.TLDs}, domains)
	}
	it := Item{
		RowID:   env.rowID(),
		Product: ProductLine{Line: Line{ID: p.ID, MaturityID: per.Maturity.ID, IntervalID: per.Interval.ID}},
		Domains: domains,
	}
	notices := pruneDomains(env, &it)
	c.Items = append(c.Items, it)
	return notices
}

// Tidy restores the invariants that follow from the others after every change: several
// domain-only items merge into the first, items of products removed when empty go once they hold
// nothing, and inclusive domains are decided again.
func (c *Cart) Tidy(env Env) {
	first := -1
	kept := c.Items[:0:0]
	for _, it := range c.Items {
		p, known := env.Catalog[it.Product.ID]
		if known && p.IsDomainOnly() {
			if first >= 0 {
				kept[first].Domains = append(kept[first].Domains, it.Domains...)
				continue
			}
			first = len(kept)
		}
		kept = append(kept, it)
	}
	c.Items = kept[:0]
	for _, it := range kept {
		p, known := env.Catalog[it.Product.ID]
		if known && p.RemovedWhenEmpty() && it.empty() {
			continue
		}
		if known {
			assignInclusive(env, &it, p)
		}
		c.Items = append(c.Items, it)
	}
}
