package kitlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
)

type lookupRequest struct{ Input, Secret string }

func (r lookupRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("input", r.Input)} }

type lookupResponse struct {
	Names    []string
	Rejected error
}

func (r lookupResponse) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("count", len(r.Names))} }
func (r lookupResponse) Failed() error         { return r.Rejected }

// plainResponse has nothing to log.
type plainResponse struct{ Secret string }

var errEmpty = apperr.New(apperr.InvalidArgument, "shop.input_empty")

// record runs one call through the middleware and returns the single log line it wrote.
func record(t *testing.T, level slog.Level, e endpoint.Endpoint, req any) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: level}))
	wrapped := kitlog.Middleware(log, "shop", "Lookup")(e)
	resp, err := wrapped(context.Background(), req)
	gotResp, gotErr := e(context.Background(), req)
	if fmt.Sprint(resp) != fmt.Sprint(gotResp) || !errors.Is(err, gotErr) {
		t.Errorf("middleware changed the outcome: %v, %v", resp, err)
	}
	if buf.Len() == 0 {
		return nil
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil || strings.Count(buf.String(), "\n") != 1 {
		t.Fatalf("want one JSON line, got %q", buf.String())
	}
	return line
}

func answer(resp any, err error) endpoint.Endpoint {
	return func(context.Context, any) (any, error) { return resp, err }
}

func TestMiddlewareLogsOutcome(t *testing.T) {
	tests := []struct {
		name     string
		endpoint endpoint.Endpoint
		req      any
		level    string
		msg      string
		want     map[string]any // attributes that must be present; nil value: must be absent
	}{
		{"success", answer(lookupResponse{Names: []string{"a", "b"}}, nil), lookupRequest{Input: "ab", Secret: "s"},
			"DEBUG", "shop call", map[string]any{"input": "ab", "count": 2.0, "method": "Lookup", "err": nil, "Secret": nil}},
		{"rejected by a keyed error", answer(nil, fmt.Errorf("lookup: %w", errEmpty)), lookupRequest{Input: ""},
			"DEBUG", "shop call rejected", map[string]any{"input": "", "err": "lookup: shop.input_empty", "count": nil}},
		{"rejected in the response", answer(lookupResponse{Rejected: errEmpty}, nil), lookupRequest{Input: "?"},
			"DEBUG", "shop call rejected", map[string]any{"input": "?", "count": 0.0, "err": "shop.input_empty"}},
		{"failed", answer(nil, fmt.Errorf("%w: dial tcp: refused", apperr.Unavailable)), lookupRequest{Input: "x"},
			"WARN", "shop call failed", map[string]any{"input": "x", "err": "unavailable: dial tcp: refused"}},
		{"nothing to log of request or response", answer(plainResponse{Secret: "s"}, nil), struct{ Secret string }{"s"},
			"DEBUG", "shop call", map[string]any{"method": "Lookup", "Secret": nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := record(t, slog.LevelDebug, tt.endpoint, tt.req)
			if line["level"] != tt.level || line["msg"] != tt.msg {
				t.Fatalf("line = %v, want %s %q", line, tt.level, tt.msg)
			}
			if _, ok := line["took"]; !ok {
				t.Error("took missing")
			}
			for k, want := range tt.want {
				got, ok := line[k]
				if want == nil && ok {
					t.Errorf("%s = %v, want absent", k, got)
				}
				if want != nil && got != want {
					t.Errorf("%s = %v, want %v", k, got, want)
				}
			}
		})
	}
}

func TestMiddlewareRespectsLevel(t *testing.T) {
	if line := record(t, slog.LevelInfo, answer(lookupResponse{}, nil), lookupRequest{}); line != nil {
		t.Errorf("success logged above debug: %v", line)
	}
	if line := record(t, slog.LevelInfo, answer(nil, errEmpty), lookupRequest{}); line != nil {
		t.Errorf("rejection logged above debug: %v", line)
	}
	if line := record(t, slog.LevelInfo, answer(nil, errors.New("boom")), lookupRequest{}); line == nil || line["level"] != "WARN" {
		t.Errorf("failure not logged at warn: %v", line)
	}
}

func TestMiddlewareWithoutLogger(t *testing.T) {
	e := kitlog.Middleware(nil, "shop", "Lookup")(answer("ok", nil))
	if resp, err := e(context.Background(), nil); resp != "ok" || err != nil {
		t.Errorf("resp %v, err %v", resp, err)
	}
}

// shopSet stands for a service's endpoints.Set.
type shopSet struct {
	Lookup   endpoint.Endpoint
	Checkout endpoint.Endpoint
	Missing  endpoint.Endpoint // left nil by its constructor
	private  endpoint.Endpoint
	Limit    int
}

func TestSetLogsEveryEndpointUnderItsName(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	private := answer("private", nil)
	orig := shopSet{Lookup: answer("lookup", nil), Checkout: answer(nil, errEmpty), private: private, Limit: 3}
	set := kitlog.Set(orig, log, "shop")

	for name, e := range map[string]endpoint.Endpoint{"Lookup": set.Lookup, "Checkout": set.Checkout} {
		buf.Reset()
		if _, err := e(context.Background(), nil); err != nil && name == "Lookup" {
			t.Errorf("Lookup err = %v", err)
		}
		var line map[string]any
		if err := json.Unmarshal(buf.Bytes(), &line); err != nil || line["method"] != name {
			t.Errorf("%s logged %q", name, buf.String())
		}
	}
	if set.Missing != nil || set.Limit != 3 {
		t.Errorf("set = %+v: nil endpoints and other fields must stay as they are", set)
	}
	buf.Reset()
	if resp, _ := set.private(context.Background(), nil); resp != "private" || buf.Len() != 0 {
		t.Errorf("unexported endpoint wrapped: %v %q", resp, buf.String())
	}
	buf.Reset()
	if _, _ = orig.Lookup(context.Background(), nil); buf.Len() != 0 {
		t.Errorf("the original set was changed: %q", buf.String())
	}
}

func TestSetLeavesNonStructsAlone(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	got := kitlog.Set(answer("ok", nil), log, "shop")
	if resp, _ := got(context.Background(), nil); resp != "ok" || buf.Len() != 0 {
		t.Errorf("resp = %v, logged %q", resp, buf.String())
	}
	if n := kitlog.Set(7, log, "shop"); n != 7 {
		t.Errorf("Set(7) = %v", n)
	}
}
