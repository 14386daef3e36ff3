package pricing

var cancellationKeys = map[int32]string{
	28:  "cancellation.monthly",
	30:  "cancellation.monthly",
	60:  "cancellation.bimonthly",
	90:  "cancellation.quarterly",
	120: "cancellation.four_monthly",
	180: "cancellation.half_yearly",
	365: "cancellation.yearly",
}

// CancellationLabel names a cancellation period given in days (spec §9); periods without a name
// read as a number of days.
func CancellationLabel(days int32) Label {
	if key, ok := cancellationKeys[days]; ok {
		return Label{Key: key, N: days}
	}
	return Label{Key: "cancellation.days", N: days}
}

// Days per month used to turn a period in days into months: the average month of the 365.25-day
// year, 1461/48 days. A plain 30 would make 1095 days (three years) 36.5 → 37 months.
const (
	daysPerMonthNum = 1461
	daysPerMonthDen = 48
)

// CancellationDetails spells a cancellation period out for the contract details: in whole months
// (rounded half away from zero) from 30 days on, else in days.
func CancellationDetails(days int32) Label {
	if days < 30 {
		return Label{Key: "cancellation.details_days", N: days}
	}
	months := divRound(int64(days)*daysPerMonthDen, daysPerMonthNum)
	return Label{Key: "cancellation.details_months", N: int32(months)}
}
