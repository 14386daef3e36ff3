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

// Active reports whether Setup has installed providers and a propagator in this process.
func Active() bool { return active.Load() }

// GRPCServerOptions returns the server options that trace and measure gRPC calls (otelgrpc's stats
// handler) once Setup has run, none before. Call Setup first, as every service's main does: a server
// built before Setup stays uninstrumented.
func GRPCServerOptions() []grpc.ServerOption {
	if !Active() {
		return nil
	}
	return []grpc.ServerOption{grpc.StatsHandler(otelgrpc.NewServerHandler())}
}

// GRPCDialOptions is the client counterpart of GRPCServerOptions.
func GRPCDialOptions() []grpc.DialOption {
	if !Active() {
		return nil
	}
	return []grpc.DialOption{grpc.WithStatsHandler(otelgrpc.NewClientHandler())}
}
