package telemetry

import (
	"sync/atomic"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
)

// active is set by Setup. Until then the global OpenTelemetry providers and propagator are the
// API's no-ops: spans record nothing and carry no ids, nothing propagates, metrics go nowhere.
// Instrumentation still cost real work in that state: gRPC copies a call's whole metadata for any
// stats handler and reports six events per call to it, otelgrpc builds spans, attribute slices and
// two more metadata copies, otelgin builds every request's attributes. Processes that never call
// Setup (tests, tools/devstack) therefore run without it.
var active atomic.Bool

// exporting is set by Setup when spans leave the process (a stdout or OTLP trace exporter).
var exporting atomic.Bool

// Active reports whether Setup has installed providers and a propagator in this process.
func Active() bool { return active.Load() }

// GRPCServerOptions returns the server options that trace gRPC calls once Setup has run, none
// before: otelgrpc's stats handler (spans with attributes, and its rpc metrics) when spans are
// exported, the light propagation of propagate.go when they are not. Call Setup first, as every
// service's main does: a server built before Setup stays uninstrumented. Pass these options before
// other interceptors, so that those see the call's span.
func GRPCServerOptions() []grpc.ServerOption {
	switch {
	case !Active():
		return nil
	case exporting.Load():
		return []grpc.ServerOption{grpc.StatsHandler(otelgrpc.NewServerHandler())}
	}
	return lightServerOptions()
}

// GRPCDialOptions is the client counterpart of GRPCServerOptions. Pass these after the other
// interceptors: the light propagation then adds its metadata last, without a copy.
func GRPCDialOptions() []grpc.DialOption {
	switch {
	case !Active():
		return nil
	case exporting.Load():
		return []grpc.DialOption{grpc.WithStatsHandler(otelgrpc.NewClientHandler())}
	}
	return lightDialOptions()
}
