package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"
)

// stack is the running system: each service (and the gateway) runs as a module with a context of
// its own, as it would run as its own process, so one can be stopped while the others go on.
type stack struct {
	base     string // the gateway's base URL
	group    *errgroup.Group
	services map[string]*module
	stores   func() // stops the embedded stores and removes the data folder
	redisURL string // the stack's Redis, embedded or not (tests seed session data through it)
	// adminPanel is the local admin panel's URL (agents' sign-in, saved draft pages).
	adminPanel string
	// addrs are the services' gRPC addresses.
	addrs map[string]string
}

type module struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// launch runs one module in the group. A module that fails stops the whole stack (the group's
// context ends); one stopped through stop returns nil and leaves the others running.
func (s *stack) launch(ctx context.Context, name string, log *slog.Logger, run func(context.Context, *slog.Logger) error) {
	mctx, cancel := context.WithCancel(ctx)
	m := &module{cancel: cancel, done: make(chan struct{})}
	s.services[name] = m
	s.group.Go(func() error {
		defer close(m.done)
		return serviceErr(name, run(mctx, log.With("component", name)))
	})
}

// stop stops one module as if its process had ended and waits until it has let go of its port.
func (s *stack) stop(name string) error {
	m, ok := s.services[name]
	if !ok {
		return fmt.Errorf("devstack: no service %q", name)
	}
	m.cancel()
	<-m.done
	return nil
}

// wait blocks until every module has stopped and releases the stores.
func (s *stack) wait() error {
	err := s.group.Wait()
	s.stores()
	return err
}

func (s *stack) port() int {
	u, err := url.Parse(s.base)
	if err != nil {
		return 0
	}
	p, _ := strconv.Atoi(u.Port())
	return p
}

// readyzBody is what the gateway's /readyz reports.
type readyzBody struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks"`
}

// waitReady polls the gateway's /readyz until every backend reports SERVING, a module fails (ctx
// ends) or timeout passes.
func (s *stack) waitReady(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	last := "no answer yet"
	for {
		if body, err := s.readyz(ctx, client); err != nil {
			last = err.Error()
		} else if allServing(body) {
			return nil
		} else {
			last = fmt.Sprintf("status %s, checks %v", body.Status, body.Checks)
		}
		select {
		case <-ctx.Done():
			if context.Cause(ctx) != nil && ctx.Err() == context.DeadlineExceeded {
				return fmt.Errorf("devstack: not ready after %v: %s", timeout, last)
			}
			return fmt.Errorf("devstack: stopped while starting: %s", last)
		case <-tick.C:
		}
	}
}

func (s *stack) readyz(ctx context.Context, client *http.Client) (readyzBody, error) {
	var body readyzBody
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/readyz", nil)
	if err != nil {
		return body, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return body, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return body, fmt.Errorf("readyz %d: %w", resp.StatusCode, err)
	}
	if resp.StatusCode != http.StatusOK {
		return body, fmt.Errorf("readyz %d: %v", resp.StatusCode, body.Checks)
	}
	return body, nil
}

func allServing(b readyzBody) bool {
	if len(b.Checks) == 0 {
		return false
	}
	for _, state := range b.Checks {
		if state != "SERVING" {
			return false
		}
	}
	return true
}

// loopbackFor is the address a local client uses to reach a server bound to host: a wildcard
// bind is reached on loopback.
func loopbackFor(host string) string {
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return "127.0.0.1"
	}
	return host
}
