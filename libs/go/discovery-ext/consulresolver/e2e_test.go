package consulresolver_test

import (
	"testing"

	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/resolvertest"
)

// Two real gRPC servers behind consul:// (the scheme registered by the package's init) and a
// client calling them in a loop through the platform's grpcclient: calls are spread over both;
// when one turns critical it stops getting calls while it still runs; when another leaves
// (deregistered and stopped at once, as on a rolling update) no call fails.
func TestCallsFollowInstancesEndToEnd(t *testing.T) {
	f := newFakeConsul(t)
	a, b := resolvertest.StartServer(t), resolvertest.StartServer(t)
	f.set("echo-a", "echo", a.Host(), a.Port(), passing)
	f.set("echo-b", "echo", b.Host(), b.Port(), passing)

	caller := resolvertest.StartCaller(t, "consul://"+f.Listener.Addr().String()+"/echo")
	resolvertest.Spread(t, 20, a, b) // round robin is in force, not pick_first

	f.setStatus("echo-b", critical)
	resolvertest.Followed(t, caller, a, b) // only a from now on, although b still serves
	b.Stop(t)

	c := resolvertest.StartServer(t)
	f.set("echo-c", "echo", c.Host(), c.Port(), passing)
	resolvertest.Spread(t, 20, c)
	f.remove("echo-c")
	c.Stop(t)
	resolvertest.Followed(t, caller, a, c)

	caller.Stop()
	caller.CheckNoFailures(t)
}
