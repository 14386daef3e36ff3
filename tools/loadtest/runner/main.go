// Command runner is `make loadtest`: it starts devstack (sandbox registry with latency, real Redis
// when reachable, rate limits off), reference server A (bare gin) and B (gin plus one loopback
// gRPC call) on this machine, measures the maximum requests per second of A, B and our warm
// availability path with one closed-loop method, drives our warm path and B side by side with
// the same k6 constant-arrival-rate scenario at each target rate, runs the cold and Zipf
// scenarios and prints the figures against the targets of issues 3 and 8. It stops everything it
// started when it ends, fails or is interrupted.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// settings of one run; every field has a LOADTEST_* variable (see docs/performance.md).
type settings struct {
	repo           string
	out            string
	redisURL       string
	sandboxLatency string
	maxDuration    time.Duration
	maxRounds      int
	connections    int
	duration       string
	// durationSec is duration in seconds, for the iterations a scenario was meant to start.
	durationSec float64
	coldRate    int
	zipfRate    int
	warmBatches int
	// gogc, when set, is the GOGC of devstack and of both reference servers alike.
	gogc string
	// telemetry (LOADTEST_TELEMETRY) runs devstack with OpenTelemetry set up as the chart deploys it
	// without a collector (traces none, metrics prometheus): what a deployed shop pays per call.
	// Off by default, as every figure before issue 26's round 6 was measured.
	telemetry bool
	// targetRates are the constant arrival rates at which our warm p99 is set beside B's. k6 needs
	// a good part of the two cores itself, so a rate near our maximum would measure k6's queue
	// rather than either server: the comparison is at rates both k6 and the servers fit.
	targetRates []int
	// availability and checkout are the parts LOADTEST_PARTS names (default both): the domain
	// availability figures of issues 3 and 8, and the checkout mix of issue 21 (checkout.go).
	availability, checkout bool
}

func main() {
	repo := flag.String("repo", ".", "repository root (where bin/ and tools/ are)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// k6 runs in tools/k6, so every path handed to a tool must not depend on the directory.
	root, err := filepath.Abs(*repo)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	out, err := filepath.Abs(config.String("LOADTEST_OUT", filepath.Join(root, "artifacts", "loadtest")))
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	s := settings{
		repo:           root,
		out:            out,
		redisURL:       config.String("LOADTEST_REDIS_URL", ""),
		sandboxLatency: config.String("LOADTEST_SANDBOX_LATENCY", "50ms"),
		maxDuration:    config.Duration("LOADTEST_MAX_DURATION", 10*time.Second),
		maxRounds:      config.Int("LOADTEST_MAX_ROUNDS", 3),
		connections:    config.Int("LOADTEST_CONNECTIONS", 32),
		duration:       config.String("LOADTEST_DURATION", "30s"),
		coldRate:       config.Int("LOADTEST_COLD_RATE", 200),
		zipfRate:       config.Int("LOADTEST_ZIPF_RATE", 200),
		warmBatches:    20,
		gogc:           config.String("LOADTEST_GOGC", ""),
		telemetry:      config.Bool("LOADTEST_TELEMETRY", false),
		targetRates:    intList(config.String("LOADTEST_TARGET_RATES", "1000,2000")),
	}
	for part := range strings.SplitSeq(config.String("LOADTEST_PARTS", "availability,checkout"), ",") {
		switch strings.TrimSpace(part) {
		case "availability":
			s.availability = true
		case "checkout":
			s.checkout = true
		}
	}
	d, err := time.ParseDuration(s.duration)
	if err != nil || d <= 0 {
		fmt.Fprintf(os.Stderr, "loadtest: LOADTEST_DURATION %q is not a duration\n", s.duration)
		os.Exit(2)
	}
	s.durationSec = d.Seconds()
	if len(s.targetRates) == 0 {
		fmt.Fprintln(os.Stderr, "loadtest: LOADTEST_TARGET_RATES names no rate")
		os.Exit(2)
	}
	ok, err := run(ctx, s)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

func run(ctx context.Context, s settings) (bool, error) {
	if err := os.MkdirAll(s.out, 0o755); err != nil {
		return false, fmt.Errorf("create %s: %w", s.out, err)
	}
	p := &procs{}
	defer p.stopAll(15 * time.Second)
	startLoad := machine()["loadavg"]
	if busy(startLoad) {
		logf("WARNING: load average %s on %d cores: other work is running, the figures will be low and noisy", startLoad, runtime.NumCPU())
	}

	logf("building k6 (first time takes a few minutes)")
	if err := k6(ctx, s, io.Discard, "version"); err != nil {
		return false, fmt.Errorf("k6: %w", err)
	}

	redisURL := s.redisURL
	if redisURL == "" && reachable("127.0.0.1:6379") {
		redisURL = "redis://127.0.0.1:6379/0"
	}
	ports := map[string]int{}
	for _, name := range []string{"shop", "refA", "refB"} {
		port, err := freePort()
		if err != nil {
			return false, err
		}
		ports[name] = port
	}
	shop := fmt.Sprintf("http://127.0.0.1:%d", ports["shop"])
	refA := fmt.Sprintf("http://127.0.0.1:%d", ports["refA"])
	refB := fmt.Sprintf("http://127.0.0.1:%d", ports["refB"])

	refserver := filepath.Join(s.repo, "bin", "refserver")
	if !s.availability {
		if _, err := p.start(filepath.Join(s.out, "refserver-b.log"), nil, s.repo, refserver, "-mode", "grpc", "-addr", strings.TrimPrefix(refB, "http://")); err != nil {
			return false, err
		}
		if err := waitHTTP(ctx, refB+"/healthz", 90*time.Second); err != nil {
			return false, err
		}
		if !s.checkout {
			return false, errors.New("LOADTEST_PARTS names neither availability nor checkout")
		}
		return runCheckout(ctx, s, p, redisURL, refB)
	}

	dataDir, err := os.MkdirTemp("", "loadtest-devstack-")
	if err != nil {
		return false, fmt.Errorf("data folder: %w", err)
	}
	defer os.RemoveAll(dataDir)
	stackEnv := []string{
		"PORT=" + strconv.Itoa(ports["shop"]),
		"HOST=127.0.0.1",
		"REDIS_URL=" + redisURL,
		"DATABASE_URL=",
		"DEVSTACK_DATA_DIR=" + dataDir,
		"FRONTEND_DIR=" + filepath.Join(dataDir, "no-frontend"),
		"DOMAIN_SANDBOX_LATENCY=" + s.sandboxLatency,
		// One load generator is one client address and a handful of sessions: the budgets that
		// protect the registry from a visitor would throttle the measurement itself.
		"DOMAIN_RATELIMIT_IP=off",
		"DOMAIN_RATELIMIT_SESSION=off",
	}
	logf("starting devstack (redis %q, sandbox latency %s), reference servers A and B", orEmbedded(redisURL), s.sandboxLatency)
	var gcEnv []string
	if s.gogc != "" {
		gcEnv = []string{"GOGC=" + s.gogc}
	}
	stackEnv = append(stackEnv, s.telemetryEnv()...)
	if _, err := p.start(filepath.Join(s.out, "devstack.log"), append(stackEnv, gcEnv...), s.repo, filepath.Join(s.repo, "bin", "devstack")); err != nil {
		return false, err
	}
	if _, err := p.start(filepath.Join(s.out, "refserver-a.log"), gcEnv, s.repo, refserver, "-mode", "bare", "-addr", strings.TrimPrefix(refA, "http://")); err != nil {
		return false, err
	}
	if _, err := p.start(filepath.Join(s.out, "refserver-b.log"), gcEnv, s.repo, refserver, "-mode", "grpc", "-addr", strings.TrimPrefix(refB, "http://")); err != nil {
		return false, err
	}
	for _, u := range []string{shop + "/readyz", refA + "/healthz", refB + "/healthz"} {
		if err := waitHTTP(ctx, u, 90*time.Second); err != nil {
			return false, err
		}
	}

	visitor, err := newVisitor(shop)
	if err != nil {
		return false, err
	}
	if err := visitor.warm(s.warmBatches); err != nil {
		return false, err
	}

	r := &report{Settings: describe(s, redisURL), Started: time.Now().UTC()}
	tool := "wrk"
	if _, err := exec.LookPath("wrk"); err != nil {
		tool = "k6-max"
	}
	r.MaxTool = tool
	logf("maximum requests/s with %s, %d connections, %v per run, best of %d rounds", tool, s.connections, s.maxDuration, s.maxRounds)
	targets := []struct {
		name, base string
		dst        *maxResult
	}{{"A (bare gin)", refA, &r.MaxA}, {"B (gin + gRPC hop)", refB, &r.MaxB}, {"ours (warm path)", shop, &r.MaxOurs}}
	for round := 1; round <= s.maxRounds; round++ {
		for _, tg := range targets {
			if tg.base == shop {
				// Redis entries last DOMAIN_CACHE_TTL (60 s); keep the warm set warm between rounds.
				if err := visitor.warm(s.warmBatches); err != nil {
					return false, err
				}
			}
			var m maxResult
			var err error
			if tool == "wrk" {
				m, err = wrkMax(ctx, s, tg.base, visitor)
			} else {
				m, err = k6Max(ctx, s, tg.base)
			}
			if err != nil {
				return false, fmt.Errorf("%s: %w", tg.name, err)
			}
			logf("  round %d %-20s %8.0f req/s  p99 %6.2f ms  errors %d", round, tg.name, m.RPS, m.P99ms, m.Errors)
			tg.dst.Runs = append(tg.dst.Runs, m.RPS)
			tg.dst.Errors += m.Errors
			if m.RPS > tg.dst.RPS {
				tg.dst.RPS, tg.dst.P99ms = m.RPS, m.P99ms
			}
			time.Sleep(2 * time.Second)
		}
	}

	k6Log, err := os.Create(filepath.Join(s.out, "k6.log"))
	if err != nil {
		return false, fmt.Errorf("k6 log: %w", err)
	}
	defer k6Log.Close()
	script := filepath.Join(s.repo, "tools", "loadtest", "domain-availability.js")

	// Ours and B alternate, and the order flips from one rate to the next (ours, B, B, ours, ...),
	// so that a drift of the machine's load during the run weighs on both alike.
	logf("warm path and reference B side by side: k6 constant arrival rate at %v req/s, %s each", s.targetRates, s.duration)
	for i, rate := range s.targetRates {
		pair := sideBySide{Rate: rate, Planned: float64(rate) * s.durationSec}
		order := []string{"warm", "refb"}
		if i%2 == 1 {
			order = []string{"refb", "warm"}
		}
		for _, name := range order {
			if name == "warm" {
				// Redis entries last DOMAIN_CACHE_TTL (60 s): warm the set again before each run.
				if err := visitor.warm(s.warmBatches); err != nil {
					return false, err
				}
			}
			res, err := k6Scenario(ctx, s, p, k6Log, script, name, rate, shop, refB)
			if err != nil {
				return false, err
			}
			logf("  %-4s at %5d req/s  p95 %7.2f ms  p99 %7.2f ms  requests %.0f  failed %.0f  dropped %.0f  other work %.2f cores",
				name, rate, res.P95ms, res.P99ms, res.Requests, res.FailedReqs, res.Dropped, *res.OtherCPU)
			if name == "warm" {
				pair.Ours = res
			} else {
				pair.B = res
			}
		}
		r.SideBySide = append(r.SideBySide, pair)
	}

	r.ColdRate, r.ZipfRate = s.coldRate, s.zipfRate
	logf("k6 fixed-rate scenarios: cold %d/s, zipf %d/s, %s each", r.ColdRate, r.ZipfRate, s.duration)
	summaryPath := filepath.Join(s.out, "k6-summary.json")
	k6Err := k6(ctx, s, io.MultiWriter(k6Log, os.Stdout), "run", "--summary-export", summaryPath,
		"-e", "SCENARIOS=cold,zipf",
		"-e", "BASE_URL="+shop,
		"-e", "COLD_RATE="+strconv.Itoa(r.ColdRate),
		"-e", "ZIPF_RATE="+strconv.Itoa(r.ZipfRate),
		"-e", "DURATION="+s.duration,
		"-e", "WARM_BATCHES="+strconv.Itoa(s.warmBatches),
		script)
	var exitErr *exec.ExitError
	if k6Err != nil && !errors.As(k6Err, &exitErr) {
		return false, fmt.Errorf("k6 run: %w", k6Err)
	}
	sum, err := readSummary(summaryPath)
	if err != nil {
		return false, err
	}
	r.Scenarios = scenarioResults(sum)
	r.Machine = machine()
	r.Machine["loadavg_start"] = startLoad
	r.evaluate()

	text := r.text()
	fmt.Print("\n" + text)
	if err := os.WriteFile(filepath.Join(s.out, "report.txt"), []byte(text), 0o644); err != nil {
		return false, fmt.Errorf("write report: %w", err)
	}
	raw, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return false, fmt.Errorf("encode report: %w", err)
	}
	if err := os.WriteFile(filepath.Join(s.out, "report.json"), raw, 0o644); err != nil {
		return false, fmt.Errorf("write report: %w", err)
	}
	logf("report: %s", filepath.Join(s.out, "report.txt"))
	if !s.checkout {
		return r.Pass, nil
	}
	// The availability stack is idle from here on; it would only share the cores.
	ok, err := runCheckout(ctx, s, p, redisURL, refB)
	return r.Pass && ok, err
}

func orEmbedded(url string) string {
	if url == "" {
		return "embedded"
	}
	return url
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadtest: "+format+"\n", args...)
}

// k6 runs the pinned k6 (tools/k6, `go tool k6`) with args.
func k6(ctx context.Context, s settings, out io.Writer, args ...string) error {
	_, err := k6Measured(ctx, s, out, args...)
	return err
}

// k6Measured is k6 that also returns the CPU time k6 used.
func k6Measured(ctx context.Context, s settings, out io.Writer, args ...string) (time.Duration, error) {
	return runMeasured(ctx, []string{"GOWORK=off", "K6_NO_USAGE_REPORT=true"}, filepath.Join(s.repo, "tools", "k6"), out,
		"go", append([]string{"tool", "k6"}, args...)...)
}

// k6Scenario runs one k6 scenario of the script (warm against the shop, refb against reference
// B) at rate for the configured duration and returns what it achieved. A crossed threshold is a
// result, not an error: the runner judges the figures itself. It also measures the CPU that
// neither k6 nor the processes in p used meanwhile: other work on the machine.
func k6Scenario(ctx context.Context, s settings, p *procs, log io.Writer, script, name string, rate int, shop, refB string) (scenarioResult, error) {
	path := filepath.Join(s.out, fmt.Sprintf("k6-%s-%d-summary.json", name, rate))
	busy, own, start := machineBusy(), p.cpu(), time.Now()
	k6CPU, err := k6Measured(ctx, s, log, "run", "-q", "--summary-export", path,
		"-e", "SCENARIOS="+name, "-e", "BASE_URL="+shop, "-e", "REFB_URL="+refB,
		"-e", "WARM_RATE="+strconv.Itoa(rate), "-e", "DURATION="+s.duration,
		"-e", "WARM_BATCHES="+strconv.Itoa(s.warmBatches), script)
	other := (machineBusy() - busy) - (p.cpu() - own) - k6CPU
	otherCores := max(other.Seconds(), 0) / time.Since(start).Seconds()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return scenarioResult{}, fmt.Errorf("k6 run %s at %d/s: %w", name, rate, err)
	}
	sum, err := readSummary(path)
	if err != nil {
		return scenarioResult{}, err
	}
	for _, sc := range scenarioResults(sum) {
		if sc.Name == name {
			sc.OtherCPU = &otherCores
			return sc, nil
		}
	}
	return scenarioResult{}, fmt.Errorf("k6 run %s at %d/s: no figures for the scenario in %s", name, rate, path)
}

// visitor is the load generator's session at the shop: the cookies and CSRF token every POST needs.
type visitor struct {
	base   string
	client *http.Client
	cookie string
	token  string
}

func newVisitor(base string) (*visitor, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, fmt.Errorf("cookie jar: %w", err)
	}
	v := &visitor{base: base, client: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
	resp, err := v.client.Get(base + "/api/v2/session/locale")
	if err != nil {
		return nil, fmt.Errorf("start session: %w", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	var parts []string
	for _, c := range resp.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
		if c.Name == "XSRF-TOKEN" {
			v.token = c.Value
		}
	}
	if v.token == "" {
		return nil, errors.New("start session: no XSRF-TOKEN cookie")
	}
	v.cookie = strings.Join(parts, "; ")
	return v, nil
}

// warm checks the warm set twice so that it is in the cache, and fails unless the second pass
// was served from there.
func (v *visitor) warm(batches int) error {
	for pass := range 2 {
		for i := 1; i <= batches; i++ {
			var names []string
			for _, tld := range []string{"de", "com", "net", "eu", "org"} {
				names = append(names, fmt.Sprintf("lt-warm-%d.%s", i, tld))
			}
			body, _ := json.Marshal(map[string][]string{"domains": names})
			req, err := http.NewRequest(http.MethodPost, v.base+"/api/v2/domain-availability", strings.NewReader(string(body)))
			if err != nil {
				return err
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-XSRF-TOKEN", v.token)
			resp, err := v.client.Do(req)
			if err != nil {
				return fmt.Errorf("warm: %w", err)
			}
			var out struct {
				Results []struct {
					Cached bool `json:"cached"`
				} `json:"results"`
			}
			err = json.NewDecoder(resp.Body).Decode(&out)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || err != nil || len(out.Results) != len(names) {
				return fmt.Errorf("warm %v: status %d, %v", names, resp.StatusCode, err)
			}
			if pass == 1 {
				for _, r := range out.Results {
					if !r.Cached {
						return fmt.Errorf("warm %v: second check not served from the cache", names)
					}
				}
			}
		}
	}
	return nil
}

func describe(s settings, redisURL string) map[string]string {
	return map[string]string{
		"redis":            orEmbedded(redisURL),
		"sandbox_latency":  s.sandboxLatency,
		"rate_limits":      "off (DOMAIN_RATELIMIT_IP=off, DOMAIN_RATELIMIT_SESSION=off)",
		"max_duration":     s.maxDuration.String(),
		"max_rounds":       strconv.Itoa(s.maxRounds),
		"connections":      strconv.Itoa(s.connections),
		"scenario_length":  s.duration,
		"go":               runtime.Version(),
		"gomaxprocs":       strconv.Itoa(runtime.GOMAXPROCS(0)),
		"warm_set_batches": strconv.Itoa(s.warmBatches),
		"gogc":             cmpOr(s.gogc, "default (100)"),
		"telemetry":        telemetryDescription(s.telemetry),
		"target_rates":     fmt.Sprint(s.targetRates),
	}
}

// telemetryEnv is devstack's environment for s.telemetry.
func (s settings) telemetryEnv() []string {
	if !s.telemetry {
		return nil
	}
	return []string{"DEVSTACK_TELEMETRY=true", "OTEL_TRACES_EXPORTER=none", "OTEL_METRICS_EXPORTER=prometheus"}
}

func telemetryDescription(on bool) string {
	if on {
		return "as deployed without a collector (traces none, metrics prometheus)"
	}
	return "off (devstack without telemetry.Setup)"
}

// intList reads "500,1000"; items that are not positive numbers are skipped.
func intList(s string) []int {
	var out []int
	for part := range strings.SplitSeq(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(part)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

func cmpOr(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// busy reports whether the 1-minute load average says other work is competing for the cores.
func busy(loadavg string) bool {
	first, _, _ := strings.Cut(loadavg, " ")
	l, err := strconv.ParseFloat(first, 64)
	return err == nil && l > 0.5*float64(runtime.NumCPU())
}
