package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// maxResult is one target's closed-loop maximum: the best run and every run's figure.
type maxResult struct {
	RPS    float64   `json:"rps"`
	P99ms  float64   `json:"p99_ms"`
	Errors int       `json:"errors"`
	Runs   []float64 `json:"runs"`
}

// wrkMax measures base with wrk: fixed connections, each sending the next request as soon as the
// answer is in, so the figure is the most the server answers per second on this machine.
func wrkMax(ctx context.Context, s settings, base string, v *visitor) (maxResult, error) {
	var out bytes.Buffer
	env := []string{"LOADTEST_COOKIE=" + v.cookie, "LOADTEST_XSRF=" + v.token}
	err := runForeground(ctx, env, s.repo, &out, "wrk",
		"-t2", "-c"+strconv.Itoa(s.connections), "-d"+strconv.Itoa(int(s.maxDuration.Seconds()))+"s", "--latency",
		"-s", filepath.Join(s.repo, "tools", "loadtest", "wrk", "availability.lua"),
		base+"/api/v2/domain-availability")
	if err != nil {
		return maxResult{}, fmt.Errorf("wrk: %w\n%s", err, out.String())
	}
	return parseWrk(out.String())
}

var (
	wrkRPS    = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	wrkNon2xx = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	wrkSocket = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	wrkP99    = regexp.MustCompile(`(?m)^\s+99%\s+([\d.]+)(us|ms|s)\s*$`)
)

// parseWrk reads the figures of a `wrk --latency` report.
func parseWrk(report string) (maxResult, error) {
	m := wrkRPS.FindStringSubmatch(report)
	if m == nil {
		return maxResult{}, fmt.Errorf("no Requests/sec in wrk output:\n%s", report)
	}
	var r maxResult
	r.RPS, _ = strconv.ParseFloat(m[1], 64)
	if m := wrkNon2xx.FindStringSubmatch(report); m != nil {
		n, _ := strconv.Atoi(m[1])
		r.Errors += n
	}
	if m := wrkSocket.FindStringSubmatch(report); m != nil {
		// Read errors at the end of a run are connections wrk closes itself; count the others.
		for _, idx := range []int{1, 3, 4} {
			n, _ := strconv.Atoi(m[idx])
			r.Errors += n
		}
	}
	if m := wrkP99.FindStringSubmatch(report); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		r.P99ms = v * map[string]float64{"us": 0.001, "ms": 1, "s": 1000}[m[2]]
	}
	return r, nil
}

// k6Max is the fallback without wrk: k6's closed loop (constant VUs) against base.
func k6Max(ctx context.Context, s settings, base string) (maxResult, error) {
	path := filepath.Join(s.out, "k6-max-summary.json")
	var out bytes.Buffer
	err := k6(ctx, s, &out, "run", "-q", "--summary-export", path,
		"-e", "SCENARIOS=max", "-e", "BASE_URL="+base,
		"-e", "MAX_VUS="+strconv.Itoa(s.connections),
		"-e", "MAX_DURATION="+strconv.Itoa(int(s.maxDuration.Seconds()))+"s",
		filepath.Join(s.repo, "tools", "loadtest", "domain-availability.js"))
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return maxResult{}, fmt.Errorf("k6: %w\n%s", err, out.String())
	}
	sum, err := readSummary(path)
	if err != nil {
		return maxResult{}, err
	}
	iters := sum.Metrics["iterations"]
	failed := sum.Metrics["http_req_failed{scenario:max,endpoint:availability}"]
	dur := sum.Metrics["http_req_duration{scenario:max,endpoint:availability}"]
	return maxResult{RPS: iters.Rate, P99ms: dur.P99, Errors: int(failed.Passes)}, nil
}

// summary is the part of k6's --summary-export document the runner reads.
type summary struct {
	Metrics map[string]metric `json:"metrics"`
}

type metric struct {
	Count  float64 `json:"count"`
	Rate   float64 `json:"rate"`
	Value  float64 `json:"value"`
	Passes float64 `json:"passes"`
	Fails  float64 `json:"fails"`
	Avg    float64 `json:"avg"`
	Med    float64 `json:"med"`
	P95    float64 `json:"p(95)"`
	P99    float64 `json:"p(99)"`
	Max    float64 `json:"max"`
	// Thresholds maps each expression to whether it was crossed (failed).
	Thresholds map[string]bool `json:"thresholds"`
}

func readSummary(path string) (summary, error) {
	f, err := os.Open(path)
	if err != nil {
		return summary{}, fmt.Errorf("k6 summary: %w", err)
	}
	defer f.Close()
	var s summary
	if err := json.NewDecoder(io.LimitReader(f, 16<<20)).Decode(&s); err != nil {
		return summary{}, fmt.Errorf("k6 summary %s: %w", path, err)
	}
	return s, nil
}

// scenarioResult is what one k6 scenario achieved.
type scenarioResult struct {
	Name       string   `json:"name"`
	Requests   float64  `json:"requests"`
	FailedReqs float64  `json:"failed_requests"`
	Dropped    float64  `json:"dropped_iterations"`
	P95ms      float64  `json:"p95_ms"`
	P99ms      float64  `json:"p99_ms"`
	MaxMs      float64  `json:"max_ms"`
	CacheHits  *float64 `json:"cache_hits,omitempty"`
	// Crossed lists the thresholds k6 reported as failed.
	Crossed []string `json:"crossed_thresholds"`
	// OtherCPU is the CPU, in cores, that processes the runner did not start used during the run
	// (machine busy time minus devstack's, A's, B's and k6's). The runner's load-average warning
	// looks only at the start; other work that begins later shows here.
	OtherCPU *float64 `json:"other_cpu_cores,omitempty"`
}

func scenarioResults(s summary) []scenarioResult {
	var out []scenarioResult
	for _, name := range []string{"warm", "refb", "cold", "zipf"} {
		tag := "{scenario:" + name + ",endpoint:availability}"
		dur, ok := s.Metrics["http_req_duration"+tag]
		if !ok {
			continue
		}
		failed := s.Metrics["http_req_failed"+tag]
		r := scenarioResult{
			Name: name, Requests: failed.Passes + failed.Fails, FailedReqs: failed.Passes,
			Dropped: s.Metrics["dropped_iterations{scenario:"+name+"}"].Count,
			P95ms:   dur.P95, P99ms: dur.P99, MaxMs: dur.Max,
		}
		if hits, ok := s.Metrics["cache_hits{scenario:"+name+"}"]; ok {
			v := hits.Value
			r.CacheHits = &v
		}
		for key, m := range s.Metrics {
			if !strings.Contains(key, "scenario:"+name) {
				continue
			}
			for expr, crossed := range m.Thresholds {
				if crossed {
					r.Crossed = append(r.Crossed, key+" "+expr)
				}
			}
		}
		out = append(out, r)
	}
	return out
}
