# The two commands a newcomer needs:
#   make run    installs dependencies, builds the frontend and the devstack, starts the whole shop
#   make test   installs dependencies, builds, and runs every test (Go with -race, lint and tidy checks,
#               proto drift, jest, end to end)
SHELL := /bin/bash
.DEFAULT_GOAL := help

export GOTOOLCHAIN := local
# -trimpath keeps the checkout's path out of every build: without it go's build and test caches
# key our packages on their directory, so a second clone (CI's fresh checkout, a worktree) compiles
# and reruns everything again; with it a fresh clone on a warm machine reuses them.
export GOFLAGS := -buildvcs=false -trimpath
export NX_NO_CLOUD := true
export NX_DAEMON := false
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

GO_MODULES := libs/go libs/go/discovery-ext services/catalog services/domain services/cart services/promotion services/customer services/payment services/order gateway tools tools/deploytest
# The modules as package patterns (./libs/go/... ./gateway/...). go.work makes them one build, so one
# go vet, staticcheck or go test over all of them from the root schedules the packages of every module
# at once (-p, one per core) instead of waiting for one module after the other.
GO_PATTERNS := $(addsuffix /...,$(addprefix ./,$(GO_MODULES)))
# go test prefers its packages in the order of its arguments: the modules with the longest tests come
# first (tools: the devstack's whole-stack tests; tools/deploytest: the image builds), so they run
# beside the many short packages instead of alone at the end.
GO_TEST_PATTERNS := $(addsuffix /...,$(addprefix ./,tools tools/deploytest $(filter-out tools tools/deploytest,$(GO_MODULES))))

# A new random value for every make run. The tests that read the outside world read it (testinfra for
# PostgreSQL, Redis and NATS; tests reading files outside their module or building binaries:
# libs/go/platform/testrun), and go test keys its cached results on the variables a test read: those
# packages run every time, packages that read only their own module are answered from the cache.
export HOSTCART_TEST_RUN := $(shell od -An -N8 -tx8 /dev/urandom | tr -d ' ')
PORT ?= 8080

.PHONY: help check run deps deps-go deps-web build build-web build-go test test-go test-bench test-fuzz faulttest lint-go test-proto test-web lint-web test-e2e proto fmt loadtest test-clock-ahead

help:
	@echo "make run    - install, build and start the whole shop on http://localhost:$(PORT)"
	@echo "make test   - install, build and run every test"
	@echo "make check  - the quick loop between edits: short Go tests, jest, types and lint of what changed"
	@echo "make proto  - regenerate Go code and frontend types from libs/proto"
	@echo "make loadtest - load test of the domain availability path against its targets (several minutes)"
	@echo "make test-clock-ahead - the Go tests and jest with the clock a year ahead (time bombs)"

run: deps build
	PORT=$(PORT) FRONTEND_DIR=dist/frontend/shell ./bin/devstack

deps: deps-go deps-web

# Fetches only the packages the build and tests import: a plain `go mod download` would also ask for
# every optional driver of our dependencies, some of which the module proxy refuses.
deps-go:
	go list -deps -test $(addsuffix /...,$(addprefix ./,$(GO_MODULES))) > /dev/null

# `npm ci` refuses the lockfile on this platform (see shared TOOLCHAIN notes); install from it instead.
# npm install into an empty node_modules takes about 100 s (1582 packages, 48 000 files), and a
# fresh clone (every `.ci/run`) starts with one, while the e2e suite waits for the frontend. So the
# tree an install of this package.json and lockfile produced is kept as a tar named by their hash
# (NODE_MODULES_CACHE, the two newest kept), unpacked into an empty node_modules, and npm install
# then checks it against the lockfile and mends what differs (about 7 s). No tar: a plain install,
# which then writes one.
NODE_MODULES_CACHE ?= $(HOME)/.cache/hostcart/node_modules
deps-web:
	@key=$$(cat package.json package-lock.json | sha256sum | cut -c1-16); tar="$(NODE_MODULES_CACHE)/$$key.tar"; \
	if [ ! -d node_modules ] && [ -f "$$tar" ]; then echo "deps-web: node_modules from $$tar"; tar -xf "$$tar" || exit 1; fi; \
	echo "npm install --no-audit --no-fund"; npm install --no-audit --no-fund || exit 1; \
	if [ ! -f "$$tar" ]; then \
		mkdir -p "$(NODE_MODULES_CACHE)" && tar --exclude=node_modules/.cache -cf "$$tar.$$$$" node_modules && mv "$$tar.$$$$" "$$tar" && \
		ls -t "$(NODE_MODULES_CACHE)"/*.tar | tail -n +3 | xargs -r rm -f; \
	fi

build: build-web build-go

build-web:
	npm run build

build-go:
	go build -o bin/devstack ./tools/devstack
	go build -o bin/draftctl ./tools/draftctl
	go build -o bin/orderctl ./tools/orderctl

# Each step after the other, each target timed (tools/testloop/run.sh prints the table at the end).
# One step of three sequences at once: the Go side (install, binaries, vet, staticcheck, -race
# tests, benchmarks, fuzzing) keeps the cores busy; the frontend's npm install, Nx build, lint,
# types and jest fill its gaps, then the contract check and the e2e suite, which starts as soon as
# the frontend is built and tested (so Chromium takes over the cores while the Go side finishes
# instead of waiting for it: the Go side's last minute is its longest packages and the fuzzer,
# well under two cores); and the fault matrix, which mostly waits out deadlines and recoveries
# (load about 0.5 for 3 minutes). Their outputs follow one another.
test:
	@tools/testloop/run.sh deps-go,build-go,test-go,test-bench,test-fuzz+deps-web,build-web,test-web,test-proto,test-e2e+faulttest

# The quick loop between edits (about a minute, target under 2; not a substitute for make test): the
# Go packages changed against origin/main (or HEAD, or HEAD~1 on a clean tree; CHECK_BASE=<rev> sets
# it) and those whose tests import them with go test -short (no image build, Helm rendering or
# whole-stack tests), go vet and staticcheck of the changed packages; tsc, jest of the affected Nx
# projects and ESLint of the changed frontend files. Assumes `make deps` ran. tools/check/run.sh.
check: bin/staticcheck
	GO_MODULES="$(GO_MODULES)" tools/check/run.sh

# Race detector on every Go test of every module in one go test; infrastructure tests fail (not skip)
# without PostgreSQL, Redis and NATS (libs/go/platform/testinfra). No -count=1: a package whose tests
# read only its own module is answered from go test's cache when nothing it depends on changed ("(cached)"),
# every package reading the outside world runs (HOSTCART_TEST_RUN above).
test-go: lint-go
	@go test -race -skip '$(DEVSTACK_SLOW_TESTS)' $(GO_TEST_PATTERNS) & all=$$!; \
	(cd tools && go test -race -run '$(DEVSTACK_SLOW_TESTS)' ./devstack); slow=$$?; \
	wait $$all; rest=$$?; [ $$rest -eq 0 ] && [ $$slow -eq 0 ]

# The whole-stack tests of tools/devstack are the longest package (about 115 s on a quiet machine)
# and mostly wait (stacks starting, deadlines, breakers opening and closing: 0.6 of a core), so
# they kept one of go test's two package slots busy long after the other packages were done. Its
# four longest tests (about 70 s) run in a second go test beside the first, which runs the rest.
DEVSTACK_SLOW_TESTS := ^(TestStackPostgresAndRedis|TestStackCardProviderOutageIsolatesTheSession|TestStackOneBackendDown|TestStackSlowVIESIsolatesTheSession)$$

# Every Go fuzz target (parsers of visitor input) for FUZZTIME (3.5s) each; seed corpora run with
# the ordinary tests too.
test-fuzz:
	tools/fuzz/run.sh

# Benchmark smoke run (issue 26): each benchmark once (-benchtime=1x), so a benchmark that breaks
# (the warm availability request through the gateway's whole middleware chain, the catalog's read
# cache) fails here rather than before a load test; figures: docs/performance.md "Issue 26".
test-bench:
	cd tools && go test -count=1 -run '^$$' -bench 'WarmRequest' -benchmem -benchtime=1x ./systemtest/
	cd services/catalog && go test -count=1 -run '^$$' -bench 'Products' -benchmem -benchtime=1x ./adapters/sqlstore/

# The fault matrix of issue 21 (about 2 minutes): the whole stack on PostgreSQL, Redis and NATS with
# in-process toxiproxy proxies before each of them and before every service; per dependency and fault
# it asserts which routes stay 200, which fail fast with 503 and a key, recovery within 10 s, and no
# order lost or doubled, and prints the table (docs/operations.md "Fault matrix"). Behind the
# faulttest build tag so test-go does not run it a second time (lint-go vets it with the tag).
faulttest:
	cd tools && go test -race -count=1 -tags faulttest -run '^TestFaultMatrix$$' -timeout 10m -v ./devstack | grep -v -E '^(=== RUN|=== PAUSE|=== CONT)'; exit $${PIPESTATUS[0]}

# go vet and staticcheck (pinned in tools/gotools) over every module at once, and per module a
# go.mod/go.sum that `go mod tidy` would not change (about 2 s for all).
lint-go: bin/staticcheck
	go vet $(GO_PATTERNS)
	$(CURDIR)/bin/staticcheck $(GO_PATTERNS)
	cd tools && go vet -tags faulttest ./devstack ./faulttest && $(CURDIR)/bin/staticcheck -tags faulttest ./devstack ./faulttest
	@for m in $(GO_MODULES); do \
		(cd $$m && GOWORK=off go mod tidy -e -diff > /dev/null) || { echo "$$m: go.mod/go.sum not tidy (run: cd $$m && GOWORK=off go mod tidy -e)"; exit 1; }; done

bin/staticcheck: tools/gotools/go.mod
	cd tools/gotools && GOWORK=off go build -o ../../bin/staticcheck honnef.co/go/tools/cmd/staticcheck

# Where `make proto` writes: Go for the services, TypeScript types for the frontend.
PROTO_GEN := libs/go/gen frontend/libs/shared/api-types/src/gen
# The one generation command of `make proto` (into the tree) and `make test-proto` (into a
# temporary folder, with -o).
BUF_GENERATE := cd tools/gotools && GOWORK=off go tool buf generate ../../libs/proto --template ../../libs/proto/buf.gen.yaml

# Generates the gRPC code into a temporary folder and fails when the code in the tree differs from
# what the contract produces. It writes nothing into the tree (`make proto` does), so it runs
# beside the Go tests that compile that code.
test-proto: node_modules/.bin/protoc-gen-es
	@cd tools/gotools && GOWORK=off go tool buf lint ../../libs/proto
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && mkdir -p "$$out/base/dir" && \
	($(BUF_GENERATE) -o "$$out/base/dir") && \
	for d in $(PROTO_GEN); do \
		diff -r -q "$$out/$$d" "$$d" || { echo "generated code is stale: run 'make proto' and commit $(PROTO_GEN)"; exit 1; }; \
	done && echo "proto: generated code is up to date"

# protoc-gen-es is an npm package (pinned in package.json); buf runs it from node_modules.
proto: node_modules/.bin/protoc-gen-es
	$(BUF_GENERATE)

node_modules/.bin/protoc-gen-es:
	npm install --no-audit --no-fund

# jest runs specs through babel, which drops types: tsc checks them (and the compile-time
# assertions on the generated API types) over every app and library first.
test-web: lint-web
	npm run typecheck
	npm test

# ESLint over the frontend with no warning let through: module boundaries by tag, react-hooks and
# jsx-a11y (eslint.config.mjs). One eslint process for every project, each file with its
# project's eslint.config.mjs (the flag looks the config up from the file): it loads the config
# and plugins once, where `npm run lint` starts one eslint per project (35). About 30 s of CPU on
# this machine. The boundary rule reads Nx's cached project graph and skips itself without one:
# `nx show projects` writes it first.
lint-web:
	npx nx show projects >/dev/null
	npx eslint --flag v10_config_lookup_from_file --max-warnings=0 frontend

# The binaries first (a no-op when build-go has just built them): make test starts the e2e suite
# after the frontend's sequence, beside the Go side that builds them.
test-e2e: build-go
	DEVSTACK_BIN=bin/devstack DRAFTCTL_BIN=bin/draftctl npm run e2e

# Not part of `make test`: it takes minutes and needs the machine to itself. Figures and method:
# docs/performance.md. The maxima need Debian's wrk (installed here when missing and apt can); without
# it the runner falls back to k6's closed loop, whose own CPU cost compresses the ratios.
loadtest: deps-go
	command -v wrk >/dev/null || apt-get install -y wrk || echo "loadtest: no wrk, falling back to k6 for the maxima"
	go build -o bin/devstack ./tools/devstack
	go build -o bin/refserver ./tools/loadtest/refserver
	go build -o bin/loadtest ./tools/loadtest/runner
	./bin/loadtest -repo .

# Not part of `make test` (it runs the Go tests and jest a second time, about 10 minutes): the same
# suites with the clock a year ahead (CLOCK_AHEAD_DAYS), to find code and tests that read the wall
# clock instead of the injected one. How: tools/clockahead/run.sh.
test-clock-ahead: deps
	tools/clockahead/run.sh

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '/gen/')
