//go:build faulttest

package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	orderdomain "github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/tools/faulttest"
)

// The fault matrix (issue 21, `make faulttest`): the whole stack on the machine's PostgreSQL,
// Redis and NATS, with an in-process toxiproxy between the services and each of them and between
// the gateway and each service. For every dependency and fault (latency beyond the deadline, a
// connection reset, the dependency down or the service stopped) it checks, through the public
// API, that:
//
//   - routes that do not need the broken part keep answering 200;
//   - routes that need it answer within the deadline (plus slack) with 503 and a message key,
//     never a hang, a 500 or a bare error;
//   - every route answers 200 again within recoverWithin of the fault ending;
//   - POST /orders placed during the fault loses and doubles nothing: every 200 has exactly one
//     row in PostgreSQL and one order.finalized event in JetStream, and a non-200 attempt is
//     recovered by sending the same Idempotency-Key again, without a second row.
//
// It prints the table of cells to stdout and fails on any failed cell.

const (
	// deadline is the gateway's per-call deadline (GRPC_CLIENT_TIMEOUT's default).
	deadline = 3 * time.Second
	// answerWithin bounds every answer during a fault: the deadline plus slack for a busy
	// machine running the race detector.
	answerWithin = deadline + 2*time.Second
	// faultLatency is what the latency fault adds to each answer of the dependency: beyond the
	// deadline.
	faultLatency = deadline + time.Second
	// recoverWithin is how soon after a fault ends every route must answer 200 again.
	recoverWithin = 10 * time.Second
)

// slowAnswers are the cells whose answers are known to exceed answerWithin (findings of the
// matrix not fixed yet, docs/operations.md "Fault matrix"): there they must still come within
// knownWithin, with 200 or 503 and a key, and the table marks the cell "known" instead of "ok".
var slowAnswers = map[string]string{}

// knownWithin bounds the answers of the cells in slowAnswers.
const knownWithin = 12 * time.Second

// expect is what a route must do while a fault is on.
type expect int

const (
	up     expect = iota // 200 throughout: it does not need the broken part
	down                 // 503 with a message key within answerWithin: it needs the broken part
	either               // either of the above (it may be served from a cache)
)

func (e expect) String() string {
	return [...]string{"up", "down", "either"}[e]
}

// probe is one route of the shop asked during every fault.
type probe struct {
	name, method, path, body string
	// cookieless probes carry no session: a visitor's first request.
	cookieless bool
}

func probes() []probe {
	return []probe{
		{name: "config", method: http.MethodGet, path: "/api/v2/config", cookieless: true},
		{name: "brand", method: http.MethodGet, path: "/api/v2/brands/current"},
		{name: "categories", method: http.MethodGet, path: "/api/v2/categories"},
		{name: "domains", method: http.MethodGet, path: "/api/v2/domains"},
		{name: "availability", method: http.MethodPost, path: "/api/v2/domain-availability"},
		{name: "promotions", method: http.MethodGet, path: "/api/v2/promotions"},
		{name: "cart", method: http.MethodGet, path: "/api/v2/session/cart"},
		{name: "customer", method: http.MethodGet, path: "/api/v2/session/customer"},
		{name: "payment-types", method: http.MethodGet, path: "/api/v2/payment-types"},
	}
}

// within bounds the answer of a route during a fault: its deadline in the gateway (POST /orders
// has the provider routes' 12 s, the others GRPC_CLIENT_TIMEOUT) plus slack for a busy machine
// running the race detector.
func within(name string) time.Duration {
	if name == "order" {
		return providerDeadline + 2*time.Second
	}
	return answerWithin
}

// providerDeadline is the gateway's deadline of POST /orders (PROVIDER_ROUTE_TIMEOUT's default).
const providerDeadline = 12 * time.Second

// dependency is one row of the matrix: a proxy and which routes need what is behind it.
type dependency struct {
	name  string
	proxy string
	// needs are the probes that need the dependency ("order" is POST /orders); the others must
	// stay up.
	needs map[string]expect
}

// matrix is the rows, each route's needs written from the architecture: who calls whom, what
// each service keeps where.
func matrix() []dependency {
	return []dependency{
		// Orders and the payment types are read from PostgreSQL on each call; the catalog (its read
		// cache, CATALOG_CACHE_TTL, issue 26), the domain and promotion services and the cart's
		// pricing keep what they read in memory for a while, so they may answer. Brands (the
		// gateway serves the last answer), the config and the customer (Redis) never need it.
		{name: "postgresql", proxy: "postgresql", needs: map[string]expect{
			"order": down, "categories": either, "payment-types": down,
			"domains": either, "availability": either, "promotions": either, "cart": either,
		}},
		// Every route with a session needs Redis (the gateway keeps sessions there), and so does a
		// visitor's first request (the new-session budget). Orders fail closed without it.
		{name: "redis", proxy: "redis", needs: map[string]expect{
			"order": down, "brand": either, "categories": either, "domains": either, "availability": either,
			"promotions": either, "cart": either, "customer": either, "payment-types": either, "config": either,
		}},
		// The order events go out through the outbox: nobody waits for NATS.
		{name: "nats", proxy: "nats", needs: map[string]expect{}},
		// The session's locale is asked from the catalog but optional (the brand's default stands
		// in, locales.Options.LookupTimeout); brands are served from the last answer.
		{name: "gateway→catalog", proxy: "catalog", needs: map[string]expect{"categories": down}},
		{name: "gateway→domain", proxy: "domain", needs: map[string]expect{"domains": down, "availability": down}},
		{name: "gateway→cart", proxy: "cart", needs: map[string]expect{"cart": down}},
		{name: "gateway→promotion", proxy: "promotion", needs: map[string]expect{"promotions": down}},
		{name: "gateway→customer", proxy: "customer", needs: map[string]expect{"customer": down}},
		{name: "gateway→payment", proxy: "payment", needs: map[string]expect{"payment-types": down}},
		{name: "gateway→order", proxy: "order", needs: map[string]expect{"order": down}},
	}
}

func TestFaultMatrix(t *testing.T) {
	// go-redis logs every failed dial of its pools to the standard logger: hundreds of lines
	// while Redis is down, which would bury the table.
	redis.SetLogger(quietRedis{})
	dbURL := testinfra.Postgres(t, "devstack_fault")
	testinfra.Redis(t, "devstack_fault") // fails here when Redis is missing
	redisURL := testinfra.RedisURL()
	natsURL := testinfra.NATS(t)
	stream := strings.ToUpper(testinfra.Name("devstack_fault_orders"))
	t.Setenv("NATS_STREAM", stream)
	t.Setenv("NATS_SUBJECT_PREFIX", strings.ToLower(stream)+".")
	t.Setenv("GRPC_CLIENT_TIMEOUT", deadline.String())

	// A short brand cache: the catalog's faults outlast it, and brands must still be served
	// (the last known ones, brands.Resolver).
	t.Setenv("BRAND_CACHE_TTL", "2s")

	proxies := faulttest.New(faultLatency)
	t.Cleanup(proxies.Close)
	// POST /orders has the provider routes' 12 s: latency beyond it.
	proxies.SetLatency("order", providerDeadline+time.Second)
	proxied := func(name, raw string) string {
		u, err := proxies.AddURL(name, raw)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	cfg := Config{
		Host:        "127.0.0.1",
		FrontendDir: t.TempDir(),
		DatabaseURL: proxied("postgresql", dbURL),
		RedisURL:    proxied("redis", redisURL),
		NATSURL:     proxied("nats", natsURL),
		GatewayDial: proxies.Add,
	}
	st := startStackHandle(t, cfg)

	m := &faultRun{t: t, st: st, client: &http.Client{Timeout: 4 * answerWithin}}
	var cells []faulttest.Cell
	for _, dep := range matrix() {
		for _, fault := range faulttest.Faults {
			cells = append(cells, m.cell(proxies, dep, fault))
		}
	}
	m.checkOrders(dbURL, natsURL, stream)

	faulttest.PrintTable(os.Stdout, cells)
	for _, c := range cells {
		if !c.OK() {
			t.Errorf("%s × %s: %s", c.Dependency, c.Fault, strings.Join(c.Failed, "; "))
		}
	}
}

// faultRun is the state of one run of the matrix: the stack, and the orders placed so far.
type faultRun struct {
	t      *testing.T
	st     *stack
	client *http.Client
	seq    int
	// orders are the ids of the orders answered 200, by idempotency key.
	orders map[string]string
	// lost lists keys whose order never came back 200 after the fault.
	lost []string
}

// answer is one HTTP exchange during a fault.
type answer struct {
	status int
	key    string // the body's "error"
	took   time.Duration
	err    error
	body   map[string]any
}

func (a answer) String() string {
	if a.err != nil {
		return fmt.Sprintf("%v after %s", a.err, a.took.Round(time.Millisecond))
	}
	s := fmt.Sprint(a.status)
	if a.key != "" {
		s += " " + a.key
	}
	return s + " in " + a.took.Round(time.Millisecond).String()
}

// send is browser.do without failing the test: a fault may make the request itself fail.
func (m *faultRun) send(b *browser, p probe, key string) answer {
	req, err := http.NewRequest(p.method, m.st.base+p.path, strings.NewReader(p.body))
	if err != nil {
		return answer{err: err}
	}
	req.Host = b.host
	if !p.cookieless {
		for _, c := range b.cookies {
			req.AddCookie(c)
		}
		if c := b.cookies["XSRF-TOKEN"]; c != nil && p.method != http.MethodGet {
			req.Header.Set("X-XSRF-TOKEN", c.Value)
		}
	}
	if p.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	began := time.Now()
	resp, err := m.client.Do(req)
	if err != nil {
		return answer{err: err, took: time.Since(began)}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, took: time.Since(began), err: err}
	if err == nil && len(raw) > 0 {
		if jerr := json.Unmarshal(raw, &a.body); jerr != nil {
			a.err = fmt.Errorf("%d, not a JSON object: %.80s", resp.StatusCode, raw)
		}
		a.key, _ = a.body["error"].(string)
	}
	return a
}

// cell runs one fault on one dependency.
func (m *faultRun) cell(proxies *faulttest.Proxies, dep dependency, fault faulttest.Fault) faulttest.Cell {
	t := m.t
	t.Helper()
	m.seq++
	c := faulttest.Cell{Dependency: dep.name, Fault: fault}
	fail := func(format string, args ...any) { c.Failed = append(c.Failed, fmt.Sprintf(format, args...)) }

	// A visitor with a session, and one ready to confirm an order, both before the fault.
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	visitor := newBrowser(t, m.st.base, "hostwerk.localhost")
	buyer := readySession(t, m.st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
	orderKey := fmt.Sprintf("fault-%02d-%s-%s", m.seq, dep.proxy, fault)
	list := probes()
	for i := range list {
		if list[i].name == "availability" {
			list[i].body = fmt.Sprintf(`{"domains":["fault-%d-%s.de"]}`, m.seq, fault)
		}
	}

	end, err := proxies.Inject(dep.proxy, fault)
	if err != nil {
		t.Fatal(err)
	}
	answers := make([]answer, len(list))
	var order answer
	var wg sync.WaitGroup
	for i, p := range list {
		wg.Go(func() { answers[i] = m.send(visitor, p, "") })
	}
	wg.Go(func() {
		order = m.send(buyer, probe{method: http.MethodPost, path: "/api/v2/orders", body: `{` + consents + `}`}, orderKey)
	})
	wg.Wait()
	if err := end(); err != nil {
		t.Fatalf("end %s on %s: %v", fault, dep.proxy, err)
	}
	ended := time.Now()

	known, isKnown := slowAnswers[dep.proxy+"/"+string(fault)]
	judge := func(name string, a answer) {
		want := dep.needs[name]
		t.Logf("%s × %s: %s (%s): %s", dep.name, fault, name, want, a)
		if a.took > c.Slowest && (a.status != http.StatusOK || a.err != nil) {
			c.Slowest = a.took
		}
		if a.took > within(name) && isKnown && a.took <= knownWithin {
			c.Known = known
		} else if a.took > within(name) {
			fail("%s: %s, want an answer within %s", name, a, within(name))
			return
		}
		switch {
		case a.err != nil:
			fail("%s (%s): %s", name, want, a)
		case a.status == http.StatusOK && want != down:
		case a.status == http.StatusServiceUnavailable && a.key != "" && want != up:
		default:
			fail("%s (%s): %s", name, want, a)
		}
	}
	for i, p := range list {
		judge(p.name, answers[i])
	}
	judge("order", order)
	c.Order = fmt.Sprint(order.status)
	if order.err != nil {
		c.Order = "error"
	}

	// Every route answers 200 again within recoverWithin of the fault's end.
	pending := map[string]probe{}
	for _, p := range list {
		pending[p.name] = p
	}
	var last map[string]answer
	for len(pending) > 0 && time.Since(ended) < recoverWithin {
		last = map[string]answer{}
		var recovered []string
		var mu sync.Mutex
		var wg sync.WaitGroup
		// The probes are read before any goroutine starts and pending changes only after all have
		// ended: the goroutines share nothing but what mu guards.
		for _, name := range sortedKeys(pending) {
			p := pending[name]
			wg.Go(func() {
				a := m.send(visitor, p, "")
				mu.Lock()
				defer mu.Unlock()
				if a.err == nil && a.status == http.StatusOK {
					recovered = append(recovered, name)
				} else {
					last[name] = a
				}
			})
		}
		wg.Wait()
		for _, name := range recovered {
			delete(pending, name)
		}
		if len(pending) > 0 {
			time.Sleep(200 * time.Millisecond)
		}
	}
	c.Recovered = time.Since(ended)
	for _, name := range sortedKeys(pending) {
		fail("%s not back to 200 within %s of the fault's end: %s", name, recoverWithin, last[name])
	}

	// The order: a 200 is sent again with its key and must name the same order; a non-200 is
	// the client's retry, which must place it now (once).
	var again answer
	for {
		again = m.send(buyer, probe{method: http.MethodPost, path: "/api/v2/orders", body: `{` + consents + `}`}, orderKey)
		if again.status == http.StatusOK || time.Since(ended) > recoverWithin+5*time.Second {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	id := orderID(again)
	switch {
	case id == "":
		fail("order %s sent again after the fault: %s, want 200", orderKey, again)
		m.lost = append(m.lost, orderKey)
	case order.status == http.StatusOK && orderID(order) != id:
		fail("order %s: %s during the fault, %s when sent again: two orders for one key", orderKey, orderID(order), id)
	default:
		if m.orders == nil {
			m.orders = map[string]string{}
		}
		m.orders[orderKey] = id
	}
	return c
}

func orderID(a answer) string {
	if a.err != nil || a.status != http.StatusOK {
		return ""
	}
	order, _ := a.body["order"].(map[string]any)
	id, _ := order["order_id"].(string)
	return id
}

// checkOrders: every order answered 200 has exactly one row and exactly one order.finalized
// event, and there is no row (and no event) of any other order.
func (m *faultRun) checkOrders(dbURL, natsURL, stream string) {
	t := m.t
	t.Run("orders neither lost nor doubled", func(t *testing.T) {
		if len(m.lost) > 0 {
			t.Errorf("orders never placed after their faults: %v", m.lost)
		}
		want := map[string]bool{}
		for _, id := range m.orders {
			want[id] = true
		}
		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rows, err := db.Query(`SELECT id FROM orders`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		perID := map[string]int{}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			perID[id]++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		for id := range want {
			if perID[id] != 1 {
				t.Errorf("order %s answered 200: %d rows, want 1", id, perID[id])
			}
		}
		for id, n := range perID {
			if !want[id] {
				t.Errorf("order %s: %d rows without a 200 answer for any key", id, n)
			}
		}

		events := m.events(t, natsURL, stream, want)
		for id := range want {
			if events[id] != 1 {
				t.Errorf("order %s: %d order.finalized events, want 1 (all: %v)", id, events[id], events)
			}
		}
		fmt.Printf("fault matrix orders: %d placed (one per key), %d rows, %d events\n", len(want), len(perID), sum(events))
	})
}

// events counts the order.finalized events of the stream per order id, waiting (within the
// relay's rounds) until every wanted order has one, then two more rounds for doubles.
func (m *faultRun) events(t *testing.T, natsURL, stream string, want map[string]bool) map[string]int {
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream) })
	count := func() map[string]int {
		seen := map[string]int{}
		for i, data := range streamMessages(ctx, js, stream) {
			var ev struct {
				Event   string `json:"event"`
				OrderID string `json:"order_id"`
			}
			switch {
			case json.Unmarshal(data, &ev) != nil || ev.OrderID == "":
				seen[fmt.Sprintf("unreadable event %d", i)]++
			case ev.Event == orderdomain.EventFinalized:
				seen[ev.OrderID]++
			}
		}
		return seen
	}
	var seen map[string]int
	for ctx.Err() == nil {
		seen = count()
		all := true
		for id := range want {
			if seen[id] == 0 {
				all = false
			}
		}
		if all {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(2500 * time.Millisecond) // two more relay rounds: nothing may arrive twice
	seen = count()
	for id, n := range seen {
		if !want[id] {
			t.Errorf("event of %s (%d) without a 200 answer for its order", id, n)
		}
	}
	return seen
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// quietRedis drops go-redis's internal log lines.
type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}
