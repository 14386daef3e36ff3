// Package testrun keeps go test's result cache from replaying a test that reads the outside world.
//
// go test caches a package's passing result keyed on its test binary, its flags, the files inside
// its own module that it opened and the environment variables it read. It cannot see a server the
// test talks to (PostgreSQL, Redis, NATS), a binary the test builds and runs, or a file outside the
// package's module (the shared vectors in libs/testvectors, the frontend's generated files, the
// charts at the repository root): a result that depends on those could be replayed after they
// changed. Such a test calls Outside, which reads Var; `make test-go` sets Var to a new random
// value for every run, so the package runs again each time while packages that read only their own
// module are answered from the cache. testinfra calls it for every test that asks for a server.
//
// A plain `go test` without Var set caches these packages like any other: add -count=1 there.
package testrun

import "os"

// Var is the variable the Makefile sets to a new random value for every run.
const Var = "HOSTCART_TEST_RUN"

// Outside marks the calling test as reading the outside world: the package's result is keyed on
// this run's Var and never replayed from the cache by a later run.
func Outside() { _ = os.Getenv(Var) }
