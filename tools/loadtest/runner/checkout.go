package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	_ "github.com/lib/pq" // the throwaway database of the checkout part

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// checkoutSettings are the checkout part's LOADTEST_CHECKOUT_* variables (docs/performance.md).
type checkoutSettings struct {
	postgresURL   string // server URL without database; a database of the run's own is created
	natsURL       string
	mixVUs        []int
	mixDuration   string
	orderRates    []int
	orderDuration string
	pause         string
	profile       bool
}

func checkoutFromEnv() checkoutSettings {
	return checkoutSettings{
		postgresURL:   config.String("LOADTEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		natsURL:       config.String("LOADTEST_NATS_URL", "nats://127.0.0.1:4222"),
		mixVUs:        intList(config.String("LOADTEST_MIX_VUS", "2,4,8,16,32")),
		mixDuration:   config.String("LOADTEST_MIX_DURATION", "20s"),
		orderRates:    intList(config.String("LOADTEST_ORDER_RATES", "20,50")),
		orderDuration: config.String("LOADTEST_ORDER_DURATION", "20s"),
		pause:         "3s",
		profile:       config.Bool("LOADTEST_PROFILE", true),
	}
}

// checkoutSteps are the steps of the mix in the order the table shows them.
var checkoutSteps = []string{"session", "browse", "view_cart", "add_to_cart", "remove_from_cart", "change_locale", "domain_check", "basic_info", "address", "payment", "order"}

// mixLevel is one VU level of the closed-loop mix, ours and reference B's.
type mixLevel struct {
	VUs        int                   `json:"vus"`
	ReqPerSec  float64               `json:"req_per_s"`
	Failed     float64               `json:"failed_requests"`
	Steps      map[string][2]float64 `json:"steps_p50_p99_ms"`
	BReqPerS   float64               `json:"b_req_per_s"`
	BP50, BP99 float64               `json:"-"`
}

// orderRate is the order placement at one constant arrival rate of full checkouts.
type orderRate struct {
	Rate     int                   `json:"rate"`
	Steps    map[string][2]float64 `json:"steps_p50_p99_ms"`
	Orders   float64               `json:"orders"`
	P50, P99 float64               `json:"-"`
	Failed   float64               `json:"failed_requests"`
	Dropped  float64               `json:"dropped_iterations"`
}

type checkoutReport struct {
	Levels []mixLevel  `json:"levels"`
	Knee   int         `json:"knee_vus"`
	Orders []orderRate `json:"orders"`
	Errors float64     `json:"errors"`
	Top    string      `json:"profile_top"`
}

// runCheckout is the checkout part: devstack on PostgreSQL, Redis and NATS, the k6 checkout mix
// (closed loop per VU level, reference B at the same levels, then orders at constant rates), and
// a CPU profile of the stack during the order runs.
func runCheckout(ctx context.Context, s settings, p *procs, redisURL, refB string) (bool, error) {
	cs := checkoutFromEnv()
	if redisURL == "" {
		return false, errors.New("checkout part: needs Redis (LOADTEST_REDIS_URL or 127.0.0.1:6379)")
	}
	runID := strconv.FormatInt(time.Now().Unix(), 36)
	dbURL, dropDB, err := createDatabase(ctx, cs.postgresURL, "loadtest_checkout_"+runID)
	if err != nil {
		return false, err
	}
	defer dropDB()
	stream := "LOADTEST_" + strings.ToUpper(runID)
	defer removeStream(cs.natsURL, stream)

	port, err := freePort()
	if err != nil {
		return false, err
	}
	adminPort, err := freePort()
	if err != nil {
		return false, err
	}
	shop := fmt.Sprintf("http://127.0.0.1:%d", port)
	admin := fmt.Sprintf("127.0.0.1:%d", adminPort)
	dataDir, err := os.MkdirTemp("", "loadtest-checkout-")
	if err != nil {
		return false, fmt.Errorf("data folder: %w", err)
	}
	defer os.RemoveAll(dataDir)
	env := []string{
		"PORT=" + strconv.Itoa(port), "HOST=127.0.0.1",
		"DATABASE_URL=" + dbURL, "REDIS_URL=" + redisURL, "NATS_URL=" + cs.natsURL,
		"NATS_STREAM=" + stream, "NATS_SUBJECT_PREFIX=" + strings.ToLower(stream) + ".",
		"DEVSTACK_DATA_DIR=" + dataDir, "FRONTEND_DIR=" + filepath.Join(dataDir, "no-frontend"),
		"DOMAIN_SANDBOX_LATENCY=" + s.sandboxLatency, "ADMIN_LISTEN=" + admin,
		// One load generator is one client address: every per-address budget is off, so are the
		// new-session budget and the registry's; per-session budgets stay production's (each
		// buyer is a session of its own).
		"DOMAIN_RATELIMIT_IP=off", "DOMAIN_RATELIMIT_SESSION=off", "SESSION_NEW_RATELIMIT_IP=off",
		"PAYMENT_RATELIMIT_IP=off", "ORDER_RATELIMIT_IP=off", "TRANSFER_RATELIMIT_IP=off",
	}
	if s.gogc != "" {
		env = append(env, "GOGC="+s.gogc)
	}
	env = append(env, s.telemetryEnv()...)
	logf("checkout: starting devstack on PostgreSQL, Redis %s and NATS %s (stream %s)", redisURL, cs.natsURL, stream)
	if _, err := p.start(filepath.Join(s.out, "devstack-checkout.log"), env, s.repo, filepath.Join(s.repo, "bin", "devstack")); err != nil {
		return false, err
	}
	if err := waitHTTP(ctx, shop+"/readyz", 3*time.Minute); err != nil {
		return false, err
	}

	script := filepath.Join(s.repo, "tools", "loadtest", "checkout-mix.js")
	summaryPath := filepath.Join(s.out, "k6-checkout-summary.json")
	k6Log, err := os.Create(filepath.Join(s.out, "k6-checkout.log"))
	if err != nil {
		return false, fmt.Errorf("k6 log: %w", err)
	}
	defer k6Log.Close()

	// The profile covers the order runs: they start after every mix and reference B level.
	step := seconds(cs.mixDuration) + seconds(cs.pause)
	ordersAt := time.Duration(float64(2*len(cs.mixVUs))*step) * time.Second
	profDone := make(chan string, 1)
	if cs.profile && len(cs.orderRates) > 0 {
		secs := int(float64(len(cs.orderRates)) * (seconds(cs.orderDuration) + seconds(cs.pause)))
		go func() { profDone <- profile(ctx, s, admin, ordersAt, secs) }()
	} else {
		profDone <- ""
	}
	logf("checkout: k6 mix at %v VUs, reference B alike, %s each; then orders at %v/s for %s", cs.mixVUs, cs.mixDuration, cs.orderRates, cs.orderDuration)
	k6Err := k6(ctx, s, k6Log, "run", "--summary-export", summaryPath,
		"-e", "BASE_URL="+shop, "-e", "REFB_URL="+refB,
		"-e", "MIX_VUS="+joinInts(cs.mixVUs), "-e", "MIX_DURATION="+cs.mixDuration,
		"-e", "ORDER_RATES="+joinInts(cs.orderRates), "-e", "ORDER_DURATION="+cs.orderDuration,
		"-e", "PAUSE="+cs.pause, "-e", "RUN_ID="+runID, script)
	var exitErr *exec.ExitError
	if k6Err != nil && !errors.As(k6Err, &exitErr) {
		return false, fmt.Errorf("k6 checkout: %w", k6Err)
	}
	sum, err := readSummary(summaryPath)
	if err != nil {
		return false, err
	}
	r := checkoutFigures(sum, cs)
	if len(r.Levels) > 0 && r.Levels[0].ReqPerSec == 0 {
		return false, fmt.Errorf("k6 checkout ran no mix requests; see %s", filepath.Join(s.out, "k6-checkout.log"))
	}
	r.Top = <-profDone
	text := r.text(cs)
	fmt.Print("\n" + text)
	if err := os.WriteFile(filepath.Join(s.out, "checkout-report.txt"), []byte(text), 0o644); err != nil {
		return false, fmt.Errorf("write report: %w", err)
	}
	return r.Errors == 0, nil
}

// checkoutFigures reads the k6 summary of the checkout script.
func checkoutFigures(sum summary, cs checkoutSettings) checkoutReport {
	var r checkoutReport
	durMix := seconds(cs.mixDuration)
	for _, vus := range cs.mixVUs {
		sc := fmt.Sprintf("mix_%d", vus)
		l := mixLevel{VUs: vus, Steps: map[string][2]float64{}}
		failed := sum.Metrics["http_req_failed{scenario:"+sc+"}"]
		l.ReqPerSec = (failed.Passes + failed.Fails) / durMix
		l.Failed = failed.Passes
		for _, st := range checkoutSteps {
			if m, ok := sum.Metrics["http_req_duration{scenario:"+sc+",step:"+st+"}"]; ok && m.Max > 0 {
				l.Steps[st] = [2]float64{m.Med, m.P99}
			}
		}
		b := sum.Metrics[fmt.Sprintf("http_req_failed{scenario:refb_%d}", vus)]
		l.BReqPerS = (b.Passes + b.Fails) / durMix
		bd := sum.Metrics[fmt.Sprintf("http_req_duration{scenario:refb_%d}", vus)]
		l.BP50, l.BP99 = bd.Med, bd.P99
		r.Errors += l.Failed + b.Passes
		r.Levels = append(r.Levels, l)
	}
	r.Knee = knee(r.Levels)
	for _, rate := range cs.orderRates {
		sc := fmt.Sprintf("orders_%d", rate)
		o := orderRate{Rate: rate, Steps: map[string][2]float64{}}
		for _, st := range checkoutSteps {
			if m, ok := sum.Metrics["http_req_duration{scenario:"+sc+",step:"+st+"}"]; ok && m.Max > 0 {
				o.Steps[st] = [2]float64{m.Med, m.P99}
			}
		}
		d := sum.Metrics["http_req_duration{scenario:"+sc+",step:order}"]
		o.P50, o.P99 = d.Med, d.P99
		failed := sum.Metrics["http_req_failed{scenario:"+sc+"}"]
		o.Failed = failed.Passes
		o.Dropped = sum.Metrics["dropped_iterations{scenario:"+sc+"}"].Count
		o.Orders = sum.Metrics["iterations{scenario:"+sc+"}"].Count
		r.Errors += o.Failed
		r.Orders = append(r.Orders, o)
	}
	return r
}

// knee is the smallest VU level that reaches nine tenths of the highest throughput measured: past
// it more visitors add little but waiting. (Asking only whether each level adds a tenth to the one
// before stops at the first noisy level on a shared machine.)
func knee(levels []mixLevel) int {
	best := 0.0
	for _, l := range levels {
		best = max(best, l.ReqPerSec)
	}
	for _, l := range levels {
		if l.ReqPerSec >= 0.9*best {
			return l.VUs
		}
	}
	return 0
}

func (r checkoutReport) text(cs checkoutSettings) string {
	var b strings.Builder
	fmt.Fprintf(&b, "checkout mix (k6 closed loop, weights browse 10, view cart 3, add to cart 2, locale 1, domain check 2, checkout 1; %s per level)\n", cs.mixDuration)
	fmt.Fprintf(&b, "%5s %10s %10s %8s   %s\n", "VUs", "ours req/s", "B req/s", "failed", "B p50/p99 ms")
	for _, l := range r.Levels {
		mark := ""
		if l.VUs == r.Knee {
			mark = "  <- knee"
		}
		fmt.Fprintf(&b, "%5d %10.1f %10.1f %8.0f   %.2f / %.2f%s\n", l.VUs, l.ReqPerSec, l.BReqPerS, l.Failed, l.BP50, l.BP99, mark)
	}
	for _, l := range r.Levels {
		if l.VUs != r.Knee {
			continue
		}
		fmt.Fprintf(&b, "p50 / p99 per step at the knee (%d VUs), ms\n", l.VUs)
		for _, st := range checkoutSteps {
			if v, ok := l.Steps[st]; ok {
				fmt.Fprintf(&b, "  %-17s %8.1f / %8.1f\n", st, v[0], v[1])
			}
		}
	}
	fmt.Fprintf(&b, "order placement at a constant rate of full checkouts (%s each)\n", cs.orderDuration)
	fmt.Fprintf(&b, "%8s %8s %12s %12s %8s %8s\n", "orders/s", "orders", "p50 ms", "p99 ms", "failed", "dropped")
	for _, o := range r.Orders {
		fmt.Fprintf(&b, "%8d %8.0f %12.1f %12.1f %8.0f %8.0f\n", o.Rate, o.Orders, o.P50, o.P99, o.Failed, o.Dropped)
	}
	for _, o := range r.Orders {
		fmt.Fprintf(&b, "p50 / p99 per checkout step at %d orders/s, ms\n", o.Rate)
		for _, st := range checkoutSteps {
			if v, ok := o.Steps[st]; ok {
				fmt.Fprintf(&b, "  %-17s %8.1f / %8.1f\n", st, v[0], v[1])
			}
		}
	}
	verdict := "PASS"
	if r.Errors != 0 {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "errors: %.0f (target 0) %s\n", r.Errors, verdict)
	if r.Top != "" {
		fmt.Fprintf(&b, "CPU profile of the stack during the order runs (pprof -top -cum):\n%s\n", r.Top)
	}
	return b.String()
}

// profile waits until the order runs start, takes a CPU profile of the stack from its admin
// listener for secs seconds and returns pprof's top lines ("" when it could not).
func profile(ctx context.Context, s settings, admin string, after time.Duration, secs int) string {
	select {
	case <-ctx.Done():
		return ""
	case <-time.After(after):
	}
	path := filepath.Join(s.out, "checkout-orders-cpu.pprof")
	client := &http.Client{Timeout: time.Duration(secs+30) * time.Second}
	resp, err := client.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", admin, secs))
	if err != nil {
		logf("checkout: profile: %v", err)
		return ""
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return ""
	}
	_, err = io.Copy(f, resp.Body)
	f.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		logf("checkout: profile: status %d, %v", resp.StatusCode, err)
		return ""
	}
	var out bytes.Buffer
	if err := runForeground(ctx, nil, s.repo, &out, "go", "tool", "pprof", "-top", "-cum", "-nodecount=25", path); err != nil {
		logf("checkout: pprof: %v", err)
		return ""
	}
	lines := strings.Split(out.String(), "\n")
	if i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "flat%") }); i >= 0 {
		lines = lines[i:]
	}
	return strings.Join(lines, "\n")
}

// createDatabase creates database name on the server of serverURL and returns its URL and a
// function that drops it.
func createDatabase(ctx context.Context, serverURL, name string) (string, func(), error) {
	db, err := sql.Open("postgres", serverURL)
	if err != nil {
		return "", nil, fmt.Errorf("postgres: %w", err)
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("checkout part needs PostgreSQL (LOADTEST_POSTGRES_URL): %w", err)
	}
	u := strings.Replace(serverURL, "/postgres?", "/"+name+"?", 1)
	if u == serverURL {
		db.Close()
		return "", nil, fmt.Errorf("LOADTEST_POSTGRES_URL %q must name the database postgres and options", serverURL)
	}
	return u, func() {
		_, _ = db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		db.Close()
	}, nil
}

// removeStream deletes the run's order stream from the machine's NATS.
func removeStream(url, stream string) {
	nc, err := nats.Connect(url, nats.Timeout(5*time.Second))
	if err != nil {
		return
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = js.DeleteStream(ctx, stream)
}

func seconds(d string) float64 {
	v, err := time.ParseDuration(d)
	if err != nil {
		return 0
	}
	return v.Seconds()
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
