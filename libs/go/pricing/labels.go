package pricing

// Label is a message key the UI translates (de-DE, en-GB), with the number it interpolates as
// {{n}}. Keys:
//
//	maturity.one_time, maturity.monthly, maturity.bimonthly, maturity.seasonal, maturity.triannual,
//	maturity.semiannual, maturity.annual, maturity.biannual, maturity.months (n = months)
//	interval.none, interval.monthly, interval.semiannual, interval.annual,
//	interval.every_n_months (n = months)
//	cancellation.monthly, cancellation.bimonthly, cancellation.quarterly,
//	cancellation.four_monthly, cancellation.half_yearly, cancellation.yearly,
//	cancellation.days (n = days)
//	cancellation.details_months (n = months), cancellation.details_days (n = days)
type Label struct {
	Key string `json:"key"`
	N   int32  `json:"n"`
}

var maturityKeys = map[int32]string{
	1:  "maturity.monthly",
	2:  "maturity.bimonthly",
	3:  "maturity.seasonal",
	4:  "maturity.triannual",
	6:  "maturity.semiannual",
	12: "maturity.annual",
	24: "maturity.biannual",
}

// MaturityLabel names a contract term (spec §9). Terms without a name of their own get
// maturity.months; 0 months is a one-time purchase.
func MaturityLabel(months int32) Label {
	if months == 0 {
		return Label{Key: "maturity.one_time"}
	}
	if key, ok := maturityKeys[months]; ok {
		return Label{Key: key, N: months}
	}
	return Label{Key: "maturity.months", N: months}
}

var intervalKeys = map[int32]string{
	1:  "interval.monthly",
	6:  "interval.semiannual",
	12: "interval.annual",
}

// IntervalLabel names a billing interval (spec §9): 0 months means none, other unnamed intervals
// read "every N months".
func IntervalLabel(months int32) Label {
	if months == 0 {
		return Label{Key: "interval.none"}
	}
	if key, ok := intervalKeys[months]; ok {
		return Label{Key: key, N: months}
	}
	return Label{Key: "interval.every_n_months", N: months}
}
