package main

import (
	"io"
	"os"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// Config says where the stack listens and which stores it uses. Empty store URLs select the
// embedded stores, so `make run` works on a machine without PostgreSQL or Redis.
type Config struct {
	Port        int
	Host        string // interface the gateway binds to
	DatabaseURL string
	RedisURL    string
	// NATSURL (NATS_URL) is the broker of the order events; empty starts an in-process JetStream.
	NATSURL     string
	FrontendDir string
	DataDir     string // where embedded stores keep files; a fresh temporary folder when empty
	// AdminAddr (ADMIN_LISTEN) serves metrics and the Go profiler of the whole stack (gateway and
	// services share the process) when set, for performance work.
	AdminAddr string
	// Telemetry (DEVSTACK_TELEMETRY) sets up OpenTelemetry as deployed processes do, with the
	// OTEL_* variables (exporters none by default): off by default, since the instrumentation costs
	// CPU on every call; on, the load test measures what a deployed shop pays.
	Telemetry bool
	// StartTimeout (DEVSTACK_START_TIMEOUT) bounds how long the stack may take to answer.
	StartTimeout time.Duration
	Banner       io.Writer // receives the "open the shop here" lines; nil prints none
	// GatewayDial, when set, gives the address the gateway dials for a service instead of the
	// service's own listener (addr): the fault matrix puts a proxy between them there. The
	// services still dial each other directly.
	GatewayDial func(service, addr string) (string, error)
}

func configFromEnv() Config {
	return Config{
		Port:         config.Int("PORT", 8080),
		Host:         config.String("HOST", "127.0.0.1"),
		DatabaseURL:  config.String("DATABASE_URL", ""),
		RedisURL:     config.String("REDIS_URL", ""),
		NATSURL:      config.String("NATS_URL", ""),
		FrontendDir:  config.String("FRONTEND_DIR", "dist/frontend/shell"),
		DataDir:      config.String("DEVSTACK_DATA_DIR", ""),
		AdminAddr:    config.String("ADMIN_LISTEN", ""),
		Telemetry:    config.Bool("DEVSTACK_TELEMETRY", false),
		StartTimeout: config.Duration("DEVSTACK_START_TIMEOUT", defaultStartTimeout),
		Banner:       os.Stderr,
	}
}

// defaultStartTimeout leaves room for a cold PostgreSQL migration on a busy machine.
const defaultStartTimeout = 2 * time.Minute

func (c Config) withDefaults() Config {
	if c.StartTimeout <= 0 {
		c.StartTimeout = defaultStartTimeout
	}
	return c
}
