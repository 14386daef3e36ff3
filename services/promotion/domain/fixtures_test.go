package domain_test

import (
	"time"

	"github.com/hostcart/checkout/services/promotion/domain"
)

// now is the clock of every rule test.
var now = time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)

// Promotions modelled on the Hostwerk seed (product 1001 Web hosting S, 1002 M, 1043 domain-only,
// addon 1201 storage, upsell 1301 SSL Premium).
var (
	autoHalf24 = domain.Promotion{ID: 1, Code: "AUTO-HALF-24", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 50, IsAutomatic: true, Active: true,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1001, 1002}},
		Supported: domain.Supported{MaturityMonths: []int32{24}},
		Labels:    map[string]string{"en-GB": "50 % off", "de-DE": "50 % Rabatt"}}
	autoFixed12 = domain.Promotion{ID: 2, Code: "AUTO-FIXED-12", Type: domain.TargetProduct, ValueType: domain.Fixed,
		ValueCents: 2000, IsAutomatic: true, Active: true,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1001}},
		Supported: domain.Supported{MaturityMonths: []int32{12}, IntervalMonths: []int32{12}}}
	autoThirty = domain.Promotion{ID: 3, Code: "AUTO-30", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 30, IsAutomatic: true, Active: true,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1001}}}
	autoDE = domain.Promotion{ID: 4, Code: "AUTO-DE", Type: domain.TargetDomain, ValueType: domain.Percentage,
		Percent: 100, IsAutomatic: true, Active: true, Requires: []int32{1001, 1002},
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToTLDs, TLDs: []string{"de"}}}
	welcome = domain.Promotion{ID: 10, Code: "WELCOME10", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 10, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll},
		Supported: domain.Supported{ForAddon: true}}
	domain50 = domain.Promotion{ID: 11, Code: "DOMAIN50", Type: domain.TargetDomain, ValueType: domain.Percentage,
		Percent: 50, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToTLDs, TLDs: []string{"com", "net"}}}
	ssl20 = domain.Promotion{ID: 12, Code: "SSL20", Type: domain.TargetUpsell, ValueType: domain.Percentage,
		Percent: 20, Active: true, IsRecurring: true, RecursFor: 3,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1301}}}
	storage = domain.Promotion{ID: 13, Code: "STORAGE", Type: domain.TargetAddon, ValueType: domain.Percentage,
		Percent: 100, Active: true, Requires: []int32{1002},
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1201}}}
	hosting24 = domain.Promotion{ID: 14, Code: "HOSTING24", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 20, Active: true,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1001, 1002}},
		Supported: domain.Supported{MaturityMonths: []int32{24}}}
	summer = domain.Promotion{ID: 15, Code: "SUMMER2019", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 30, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll},
		ValidUntil: time.Date(2019, 10, 1, 0, 0, 0, 0, time.UTC)}
	switchedOff = domain.Promotion{ID: 16, Code: "PAUSED", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 30, Active: false, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}}
)

func book(ps ...domain.Promotion) domain.Book { return domain.NewBook(ps) }

func allPromotions() domain.Book {
	return book(autoHalf24, autoFixed12, autoThirty, autoDE, welcome, domain50, ssl20, storage, hosting24, summer, switchedOff)
}

// hosting returns a Web hosting item at a maturity of the seed: 1 month 699, 12 months 499,
// 24 months 449 (product 1001) or 1 month 999, 12 months 799, 24 months 699 (product 1002),
// billed yearly (monthly for 1 month) with 19 % VAT.
func hosting(row string, id, months int32, code string) domain.Item {
	prices := map[int32]map[int32]int64{
		1001: {1: 699, 12: 499, 24: 449},
		1002: {1: 999, 12: 799, 24: 699},
	}
	interval := int32(12)
	if months == 1 {
		interval = 1
	}
	name := map[int32]string{1001: "Web hosting S", 1002: "Web hosting M"}[id]
	return domain.Item{RowID: row, Product: domain.Line{ID: id, Name: name, MaturityMonths: months,
		PriceCents: prices[id][months], IntervalMonths: interval, VATPercent: 19, Code: code}}
}

func line(id, months int32, price int64, code string) domain.Line {
	return domain.Line{ID: id, MaturityMonths: months, PriceCents: price, IntervalMonths: 12, VATPercent: 19, Code: code}
}

func dom(name, tld string, price int64, inclusive bool, code string) domain.Domain {
	return domain.Domain{Name: name, TLD: tld, PriceCents: price, VATPercent: 19, Inclusive: inclusive, Code: code}
}

// codes lists the resulting code of every position, in snapshot order.
func codes(o domain.Outcome) []string {
	out := make([]string, len(o.Positions))
	for i, r := range o.Positions {
		out[i] = r.Code
	}
	return out
}
