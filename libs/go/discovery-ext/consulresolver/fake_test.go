package consulresolver_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/consul/api"
)

// fakeConsul serves the parts of Consul's HTTP API the package uses: the health endpoint of a
// service with blocking-query semantics (index and wait parameters, X-Consul-Index) and the agent's
// service register and deregister endpoints. Every change bumps the index and wakes the queries
// waiting at the old one.
type fakeConsul struct {
	*httptest.Server

	mu           sync.Mutex
	index        uint64
	changed      chan struct{}
	instances    map[string]*instance // by service ID
	failNext     int                  // answer this many health queries with 500
	queries      []query
	registered   []api.AgentServiceRegistration
	deregistered []string
}

type instance struct {
	service, address string
	port             int
	tags             []string
	status           string // api.HealthPassing, api.HealthCritical, ...
}

type query struct {
	index uint64
	wait  time.Duration
}

func newFakeConsul(t *testing.T) *fakeConsul {
	f := &fakeConsul{index: 10, changed: make(chan struct{}), instances: map[string]*instance{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/health/service/{name}", f.health)
	mux.HandleFunc("PUT /v1/agent/service/register", f.register)
	mux.HandleFunc("PUT /v1/agent/service/deregister/{id}", f.deregister)
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// change applies fn under the lock, then bumps the index and wakes the waiting queries.
func (f *fakeConsul) change(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
	f.index++
	close(f.changed)
	f.changed = make(chan struct{})
}

func (f *fakeConsul) set(id, service, addr string, port int, status string, tags ...string) {
	f.change(func() {
		f.instances[id] = &instance{service: service, address: addr, port: port, status: status, tags: tags}
	})
}

func (f *fakeConsul) setStatus(id, status string) {
	f.change(func() { f.instances[id].status = status })
}

func (f *fakeConsul) remove(id string) { f.change(func() { delete(f.instances, id) }) }

// resetIndex simulates a Consul server restore: the index goes backwards.
func (f *fakeConsul) resetIndex(to uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.index = to
	close(f.changed)
	f.changed = make(chan struct{})
}

func (f *fakeConsul) fail(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failNext = n
}

func (f *fakeConsul) currentIndex() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.index
}

func (f *fakeConsul) queryLog() []query {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.queries)
}

func (f *fakeConsul) registrations() []api.AgentServiceRegistration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.registered)
}

func (f *fakeConsul) deregistrations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.deregistered)
}

func (f *fakeConsul) health(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	q := r.URL.Query()
	var index uint64
	if s := q.Get("index"); s != "" {
		var err error
		if index, err = strconv.ParseUint(s, 10, 64); err != nil {
			http.Error(w, "bad index", http.StatusBadRequest)
			return
		}
	}
	wait := 5 * time.Minute
	if s := q.Get("wait"); s != "" {
		var err error
		if wait, err = time.ParseDuration(s); err != nil {
			http.Error(w, "bad wait", http.StatusBadRequest)
			return
		}
	}
	f.mu.Lock()
	f.queries = append(f.queries, query{index: index, wait: wait})
	if f.failNext > 0 {
		f.failNext--
		f.mu.Unlock()
		http.Error(w, "rpc error: No cluster leader", http.StatusInternalServerError)
		return
	}
	// Blocking query, as Consul does it: hold the request while the state is not newer than the
	// client's index, until it changes or the wait runs out (then answer the unchanged state).
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for timedOut := false; index > 0 && f.index <= index && !timedOut; {
		ch := f.changed
		f.mu.Unlock()
		select {
		case <-ch:
		case <-timer.C:
			timedOut = true
		case <-r.Context().Done():
			return
		}
		f.mu.Lock()
	}
	passing := q.Has("passing")
	tag := q.Get("tag")
	var out []api.ServiceEntry
	for id, in := range f.instances {
		if in.service != name || (passing && in.status != api.HealthPassing) || (tag != "" && !slices.Contains(in.tags, tag)) {
			continue
		}
		out = append(out, api.ServiceEntry{
			Node:    &api.Node{Node: "node-" + id, Address: "10.9.9.9"},
			Service: &api.AgentService{ID: id, Service: in.service, Address: in.address, Port: in.port, Tags: in.tags},
			Checks:  api.HealthChecks{{CheckID: id + "-grpc", Status: in.status, ServiceID: id}},
		})
	}
	idx := f.index
	f.mu.Unlock()
	slices.SortFunc(out, func(a, b api.ServiceEntry) int { return strings.Compare(a.Service.ID, b.Service.ID) })
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Consul-Index", strconv.FormatUint(idx, 10))
	w.Header().Set("X-Consul-KnownLeader", "true")
	w.Header().Set("X-Consul-LastContact", "0")
	_ = json.NewEncoder(w).Encode(out)
}

func (f *fakeConsul) register(w http.ResponseWriter, r *http.Request) {
	var reg api.AgentServiceRegistration
	if err := json.NewDecoder(r.Body).Decode(&reg); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.change(func() {
		f.registered = append(f.registered, reg)
		// The agent runs the check; an instance starts critical until it first passes.
		f.instances[reg.ID] = &instance{service: reg.Name, address: reg.Address, port: reg.Port, tags: reg.Tags, status: api.HealthCritical}
	})
}

func (f *fakeConsul) deregister(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	f.mu.Lock()
	_, ok := f.instances[id]
	f.mu.Unlock()
	if !ok {
		http.Error(w, "Unknown service ID", http.StatusNotFound)
		return
	}
	f.change(func() {
		f.deregistered = append(f.deregistered, id)
		delete(f.instances, id)
	})
}
