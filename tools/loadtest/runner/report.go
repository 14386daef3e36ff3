package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Targets of issues 3, 8 and 26 on this machine class, through the gateway with the sandbox registry.
const (
	// Warm maximum at least four fifths of reference B's (issue 26; issues 3 and 8 asked for half).
	minRatioToB = 0.8
	// At each target rate, k6 constant arrival rate, same run: our warm p99 at most twice B's
	// and at most 15 ms. The ratio is what a shared 2-core machine can show; the bound keeps it
	// honest when B itself is slow.
	maxWarmP99RatioToB = 2.0
	maxWarmP99ms       = 15
	// A scenario that could not start more than this share of its iterations on time did not
	// offer the rate: its p99 is k6's queue, not the server's.
	maxDroppedShare = 0.01
	maxColdP99ms    = 70 // 5-name batches, 50 ms registry latency, 200 checks/s
	minZipfHitRate  = 0.9
)

type check struct {
	Name   string `json:"name"`
	Target string `json:"target"`
	Got    string `json:"got"`
	Pass   bool   `json:"pass"`
}

type report struct {
	Started  time.Time         `json:"started"`
	Machine  map[string]string `json:"machine"`
	Settings map[string]string `json:"settings"`
	MaxTool  string            `json:"max_tool"`
	MaxA     maxResult         `json:"max_a"`
	MaxB     maxResult         `json:"max_b"`
	MaxOurs  maxResult         `json:"max_ours"`
	RatioToA float64           `json:"ratio_to_a"`
	RatioToB float64           `json:"ratio_to_b"`
	// SideBySide is our warm path and B at each target rate, in the order of the rates.
	SideBySide []sideBySide     `json:"side_by_side"`
	ColdRate   int              `json:"cold_rate"`
	ZipfRate   int              `json:"zipf_rate"`
	Scenarios  []scenarioResult `json:"scenarios"`
	Checks     []check          `json:"checks"`
	Pass       bool             `json:"pass"`
}

// sideBySide is one target rate: the same k6 scenario against our warm path and against B.
type sideBySide struct {
	Rate int `json:"rate"`
	// Planned is the iterations each scenario was to start (rate x duration).
	Planned float64        `json:"planned_iterations"`
	Ours    scenarioResult `json:"ours"`
	B       scenarioResult `json:"b"`
	// Ratio is our p99 over B's; 0 when B has no p99.
	Ratio float64 `json:"p99_ratio"`
	// Offered is false when either side dropped more than maxDroppedShare of its iterations or
	// answered nothing: then neither p99 is the server's.
	Offered bool `json:"rate_offered"`
	Pass    bool `json:"pass"`
}

// judge fills Ratio, Offered and Pass.
func (p *sideBySide) judge() {
	if p.B.P99ms > 0 {
		p.Ratio = p.Ours.P99ms / p.B.P99ms
	}
	limit := maxDroppedShare * p.Planned
	p.Offered = p.Ours.Requests > 0 && p.B.Requests > 0 && p.Ours.Dropped <= limit && p.B.Dropped <= limit
	p.Pass = p.Offered && p.B.P99ms > 0 && p.Ratio <= maxWarmP99RatioToB && p.Ours.P99ms <= maxWarmP99ms &&
		p.Ours.FailedReqs == 0 && p.B.FailedReqs == 0
}

// verdict says why a rate failed, so a reader does not take a queue's p99 for the server's.
func (p sideBySide) verdict() string {
	switch {
	case p.Pass:
		return "PASS"
	case !p.Offered:
		return fmt.Sprintf("FAIL (k6 could not offer %d req/s: dropped ours %.0f, B %.0f of %.0f; p99s not meaningful)",
			p.Rate, p.Ours.Dropped, p.B.Dropped, p.Planned)
	case p.Ours.FailedReqs > 0 || p.B.FailedReqs > 0:
		return fmt.Sprintf("FAIL (failed requests: ours %.0f, B %.0f)", p.Ours.FailedReqs, p.B.FailedReqs)
	default:
		return "FAIL"
	}
}

// evaluate compares the figures with the targets.
func (r *report) evaluate() {
	if r.MaxA.RPS > 0 {
		r.RatioToA = r.MaxOurs.RPS / r.MaxA.RPS
	}
	if r.MaxB.RPS > 0 {
		r.RatioToB = r.MaxOurs.RPS / r.MaxB.RPS
	}
	r.Checks = []check{{
		Name:   "warm maximum vs B",
		Target: fmt.Sprintf(">= %.0f %%", minRatioToB*100),
		Got:    fmt.Sprintf("%.1f %% (%.0f of %.0f req/s)", r.RatioToB*100, r.MaxOurs.RPS, r.MaxB.RPS),
		Pass:   r.RatioToB >= minRatioToB,
	}, {
		Name:   "no errors in the maximum runs",
		Target: "0",
		Got:    fmt.Sprintf("%d", r.MaxA.Errors+r.MaxB.Errors+r.MaxOurs.Errors),
		Pass:   r.MaxA.Errors+r.MaxB.Errors+r.MaxOurs.Errors == 0,
	}}
	for i := range r.SideBySide {
		p := &r.SideBySide[i]
		p.judge()
		r.Checks = append(r.Checks, check{
			Name:   fmt.Sprintf("warm p99 vs B at %d req/s", p.Rate),
			Target: fmt.Sprintf("<= %.0fx B, <= %d ms", maxWarmP99RatioToB, maxWarmP99ms),
			Got: fmt.Sprintf("%.2fx (ours %.2f ms, B %.2f ms; dropped %.0f / %.0f of %.0f; failed %.0f / %.0f)",
				p.Ratio, p.Ours.P99ms, p.B.P99ms, p.Ours.Dropped, p.B.Dropped, p.Planned, p.Ours.FailedReqs, p.B.FailedReqs),
			Pass: p.Pass,
		})
	}
	if len(r.SideBySide) == 0 {
		r.Checks = append(r.Checks, check{Name: "warm p99 vs B", Target: "ran", Got: "missing", Pass: false})
	}
	byName := map[string]scenarioResult{}
	for _, s := range r.Scenarios {
		byName[s.Name] = s
	}
	scenario := func(name string, rate int, maxP99 float64) {
		s, ok := byName[name]
		if !ok {
			r.Checks = append(r.Checks, check{Name: name + " scenario", Target: "ran", Got: "missing", Pass: false})
			return
		}
		r.Checks = append(r.Checks, check{
			Name:   fmt.Sprintf("%s p99 at %d req/s", name, rate),
			Target: fmt.Sprintf("< %.0f ms", maxP99),
			Got:    fmt.Sprintf("%.2f ms (p95 %.2f ms)", s.P99ms, s.P95ms),
			Pass:   s.P99ms < maxP99,
		}, check{
			Name:   name + " failed requests / dropped iterations",
			Target: "0 / <= 1 %",
			Got:    fmt.Sprintf("%.0f of %.0f / %.0f", s.FailedReqs, s.Requests, s.Dropped),
			Pass:   s.FailedReqs == 0 && s.Requests > 0 && !slices.ContainsFunc(s.Crossed, isDropped),
		})
	}
	scenario("cold", r.ColdRate, maxColdP99ms)
	scenario("zipf", r.ZipfRate, maxColdP99ms)
	if z, ok := byName["zipf"]; ok && z.CacheHits != nil {
		r.Checks = append(r.Checks, check{
			Name: "zipf cache hits", Target: fmt.Sprintf(">= %.0f %%", minZipfHitRate*100),
			Got: fmt.Sprintf("%.1f %%", *z.CacheHits*100), Pass: *z.CacheHits >= minZipfHitRate,
		})
	}
	r.Pass = true
	for _, c := range r.Checks {
		r.Pass = r.Pass && c.Pass
	}
}

func isDropped(threshold string) bool { return strings.HasPrefix(threshold, "dropped_iterations") }

func (r *report) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Load test of POST /api/v2/domain-availability, %s\n", r.Started.Format(time.RFC3339))
	fmt.Fprintf(&b, "Machine: %s, %s cores, %s, load average at the start %s, at the end %s\n",
		r.Machine["cpu"], r.Machine["cores"], r.Machine["kernel"], r.Machine["loadavg_start"], r.Machine["loadavg"])
	fmt.Fprintf(&b, "Settings: redis %s, sandbox latency %s, rate limits off, GOGC %s, %s runs of %s with %s connections (%s), telemetry %s\n\n",
		r.Settings["redis"], r.Settings["sandbox_latency"], r.Settings["gogc"], r.Settings["max_rounds"], r.Settings["max_duration"],
		r.Settings["connections"], r.MaxTool, r.Settings["telemetry"])
	fmt.Fprintf(&b, "Maximum requests/s (best of the rounds; every round in brackets)\n")
	for _, row := range []struct {
		name string
		m    maxResult
	}{{"A  bare gin handler", r.MaxA}, {"B  gin + one loopback gRPC call", r.MaxB}, {"ours  gateway -> domain service (warm)", r.MaxOurs}} {
		fmt.Fprintf(&b, "  %-40s %8.0f  p99 %6.2f ms  %v\n", row.name, row.m.RPS, row.m.P99ms, rounded(row.m.Runs))
	}
	fmt.Fprintf(&b, "  ours / A = %.3f   ours / B = %.3f\n\n", r.RatioToA, r.RatioToB)
	fmt.Fprintf(&b, "Warm path vs B, k6 constant arrival rate, %s each, interleaved in this run\n", r.Settings["scenario_length"])
	fmt.Fprintf(&b, "  %8s  %-22s %-22s %7s  %-17s %-14s %s\n", "req/s", "ours p95 / p99 ms", "B p95 / p99 ms", "ours/B", "dropped ours / B", "other ours / B", "verdict")
	for _, p := range r.SideBySide {
		fmt.Fprintf(&b, "  %8d  %8.2f / %-11.2f %8.2f / %-11.2f %6.2fx  %6.0f / %-8.0f %5s / %-6s %s\n",
			p.Rate, p.Ours.P95ms, p.Ours.P99ms, p.B.P95ms, p.B.P99ms, p.Ratio, p.Ours.Dropped, p.B.Dropped,
			cores(p.Ours.OtherCPU), cores(p.B.OtherCPU), p.verdict())
	}
	fmt.Fprintf(&b, "  target: ours p99 <= %.0fx B's p99 and <= %d ms at each rate, at most %.0f %% of iterations dropped on either side\n",
		maxWarmP99RatioToB, maxWarmP99ms, maxDroppedShare*100)
	fmt.Fprintf(&b, "  other: cores' worth of CPU used during the run by processes the runner did not start; well above 0, or\n"+
		"  unequal between ours and B, means other work shared the %s cores and weighs on the tails\n\n", r.Machine["cores"])
	fmt.Fprintf(&b, "k6 constant arrival rate\n")
	for _, s := range r.Scenarios {
		hits := ""
		if s.CacheHits != nil {
			hits = fmt.Sprintf("  cache hits %.1f %%", *s.CacheHits*100)
		}
		fmt.Fprintf(&b, "  %-5s %6.0f requests  p95 %7.2f ms  p99 %7.2f ms  max %7.2f ms  failed %.0f  dropped %.0f%s\n",
			s.Name, s.Requests, s.P95ms, s.P99ms, s.MaxMs, s.FailedReqs, s.Dropped, hits)
	}
	fmt.Fprintf(&b, "\nTargets\n")
	for _, c := range r.Checks {
		verdict := "PASS"
		if !c.Pass {
			verdict = "FAIL"
		}
		fmt.Fprintf(&b, "  %s  %-42s target %-18s got %s\n", verdict, c.Name, c.Target, c.Got)
	}
	if r.Pass {
		fmt.Fprintf(&b, "\nAll targets met.\n")
	} else {
		fmt.Fprintf(&b, "\nSome targets missed.\n")
	}
	return b.String()
}

func cores(v *float64) string {
	if v == nil {
		return "?"
	}
	return fmt.Sprintf("%.2f", *v)
}

func rounded(runs []float64) []int {
	out := make([]int, len(runs))
	for i, r := range runs {
		out[i] = int(r + 0.5)
	}
	return out
}

// machine describes where the figures were taken: they only mean something next to it.
func machine() map[string]string {
	m := map[string]string{"cores": fmt.Sprint(runtime.NumCPU()), "cpu": "unknown", "kernel": "unknown", "loadavg": "unknown"}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				m["cpu"] = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m["kernel"] = "Linux " + strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m["loadavg"] = strings.Join(f[:3], " ")
		}
	}
	return m
}
