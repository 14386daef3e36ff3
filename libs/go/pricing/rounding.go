package pricing

import "math/big"

// mulDivRound returns the product of factors divided by den, rounded half away from zero. It works
// on big integers so that price × months × percent × VAT products cannot overflow int64 before the
// single final division. Results beyond int64 saturate instead of wrapping.
func mulDivRound(den int64, factors ...int64) int64 {
	num := big.NewInt(1)
	for _, f := range factors {
		num.Mul(num, big.NewInt(f))
	}
	return divRoundBig(num, big.NewInt(den))
}

// divRound divides and rounds half away from zero, for negative amounts (discounts) too.
func divRound(num, den int64) int64 {
	return divRoundBig(big.NewInt(num), big.NewInt(den))
}

func divRoundBig(num, den *big.Int) int64 {
	if den.Sign() == 0 {
		return 0
	}
	if den.Sign() < 0 {
		num = new(big.Int).Neg(num)
		den = new(big.Int).Neg(den)
	}
	// Round |num|/den half up, then restore the sign: that is half away from zero.
	abs := new(big.Int).Abs(num)
	q, r := new(big.Int).QuoRem(abs, den, new(big.Int))
	if r.Lsh(r, 1).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if num.Sign() < 0 {
		q.Neg(q)
	}
	return saturate(q)
}

var (
	maxInt64 = big.NewInt(1<<63 - 1)
	minInt64 = big.NewInt(-1 << 63)
)

func saturate(v *big.Int) int64 {
	switch {
	case v.Cmp(maxInt64) > 0:
		return 1<<63 - 1
	case v.Cmp(minInt64) < 0:
		return -1 << 63
	}
	return v.Int64()
}

// clamp bounds v to [lo, hi].
func clamp(v, lo, hi int64) int64 {
	return max(lo, min(v, hi))
}
