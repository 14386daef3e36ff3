package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const wrkReport = `Running 10s test @ http://127.0.0.1:18080/api/v2/domain-availability
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    19.81ms   12.32ms 106.32ms   73.50%
    Req/Sec   847.16    314.71     1.79k    69.50%
  Latency Distribution
     50%   17.13ms
     75%   25.90ms
     90%   36.27ms
     99%  860.20us
  16926 requests in 10.06s, 47.73MB read
  Socket errors: connect 0, read 32, write 1, timeout 2
  Non-2xx or 3xx responses: 5
Requests/sec:   1683.07
Transfer/sec:      4.75MB
`

func TestParseWrk(t *testing.T) {
	r, err := parseWrk(wrkReport)
	if err != nil {
		t.Fatal(err)
	}
	if r.RPS != 1683.07 || r.Errors != 8 || math.Abs(r.P99ms-0.8602) > 1e-9 {
		t.Fatalf("parseWrk = %+v, want 1683.07 req/s, 8 errors (5 non-2xx, 1 write, 2 timeouts), p99 0.8602 ms", r)
	}
	if _, err := parseWrk("unable to connect"); err == nil {
		t.Fatal("report without figures accepted")
	}
}

const k6Summary = `{"metrics": {
  "http_req_duration{scenario:refb,endpoint:availability}": {"p(95)": 4.1, "p(99)": 9.5, "max": 30, "thresholds": {"max>=0": false}},
  "http_req_failed{scenario:refb,endpoint:availability}": {"passes": 0, "fails": 3000, "value": 0, "thresholds": {"rate==0": false}},
  "dropped_iterations{scenario:refb}": {"count": 7},
  "http_req_duration{scenario:cold,endpoint:availability}": {"p(95)": 60, "p(99)": 75, "max": 90, "thresholds": {"p(99)<70": true}},
  "http_req_failed{scenario:cold,endpoint:availability}": {"passes": 0, "fails": 6000, "value": 0},
  "dropped_iterations{scenario:cold}": {"count": 3, "thresholds": {"count<=60": false}},
  "http_req_duration{scenario:zipf,endpoint:availability}": {"p(95)": 50, "p(99)": 55, "max": 60},
  "http_req_failed{scenario:zipf,endpoint:availability}": {"passes": 1, "fails": 5999, "value": 0.0002},
  "cache_hits{scenario:zipf}": {"value": 0.93}
}}`

func TestEvaluate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.json")
	if err := os.WriteFile(path, []byte(k6Summary), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := readSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	var refb *scenarioResult
	results := scenarioResults(sum)
	for i := range results {
		if results[i].Name == "refb" {
			refb = &results[i]
		}
	}
	if refb == nil || refb.P99ms != 9.5 || refb.Dropped != 7 || refb.Requests != 3000 {
		t.Fatalf("refb figures = %+v, want p99 9.5, dropped 7, 3000 requests", refb)
	}
	r := &report{
		MaxA: maxResult{RPS: 30000}, MaxB: maxResult{RPS: 10000}, MaxOurs: maxResult{RPS: 6000},
		ColdRate: 200, ZipfRate: 200, Scenarios: results,
		SideBySide: []sideBySide{
			// Within both bounds.
			{Rate: 1000, Planned: 30000, Ours: sc(30000, 0, 0, 6), B: sc(30000, 0, 0, 4)},
			// Ratio over 2.
			{Rate: 2000, Planned: 60000, Ours: sc(60000, 0, 0, 9), B: sc(60000, 0, 0, 4)},
			// Ratio fine, but over 15 ms.
			{Rate: 3000, Planned: 90000, Ours: sc(90000, 0, 0, 16), B: sc(90000, 0, 0, 10)},
			// Fine figures, but B dropped 2 %: the rate was not offered.
			{Rate: 4000, Planned: 120000, Ours: sc(120000, 0, 0, 5), B: sc(117600, 0, 2400, 4)},
			// A failed request.
			{Rate: 5000, Planned: 150000, Ours: sc(150000, 1, 0, 5), B: sc(150000, 0, 0, 4)},
		},
	}
	r.evaluate()
	got := map[string]bool{}
	for _, c := range r.Checks {
		got[c.Name] = c.Pass
	}
	want := map[string]bool{
		"warm maximum vs B":                         false, // 0.6 < 0.8
		"no errors in the maximum runs":             true,
		"warm p99 vs B at 1000 req/s":               true,
		"warm p99 vs B at 2000 req/s":               false,
		"warm p99 vs B at 3000 req/s":               false,
		"warm p99 vs B at 4000 req/s":               false,
		"warm p99 vs B at 5000 req/s":               false,
		"cold p99 at 200 req/s":                     false,
		"cold failed requests / dropped iterations": true,
		"zipf p99 at 200 req/s":                     true,
		"zipf failed requests / dropped iterations": false,
		"zipf cache hits":                           true,
	}
	for name, pass := range want {
		if p, ok := got[name]; !ok || p != pass {
			t.Errorf("check %q = %v (present %v), want %v", name, p, ok, pass)
		}
	}
	if r.Pass || r.RatioToB != 0.6 || r.RatioToA != 0.2 {
		t.Fatalf("pass %v, ratios %v %v", r.Pass, r.RatioToA, r.RatioToB)
	}
	if got := r.SideBySide[1].Ratio; got != 2.25 {
		t.Errorf("ratio at 2000 req/s = %v, want 2.25", got)
	}
	text := r.text()
	for _, want := range []string{"2.25x", "k6 could not offer 4000 req/s", "failed requests: ours 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
}

func sc(requests, failed, dropped, p99 float64) scenarioResult {
	return scenarioResult{Requests: requests, FailedReqs: failed, Dropped: dropped, P99ms: p99}
}

// The knee is the smallest VU level with nine tenths of the best throughput, even when a level
// before it measured a little less than its predecessor.
func TestKnee(t *testing.T) {
	levels := []mixLevel{{VUs: 2, ReqPerSec: 115}, {VUs: 4, ReqPerSec: 114}, {VUs: 8, ReqPerSec: 158}, {VUs: 16, ReqPerSec: 152}}
	if got := knee(levels); got != 8 {
		t.Errorf("knee = %d, want 8", got)
	}
	if got := knee(levels[:1]); got != 2 {
		t.Errorf("one level: knee = %d, want 2", got)
	}
	if got := knee(nil); got != 0 {
		t.Errorf("no levels: knee = %d", got)
	}
}
