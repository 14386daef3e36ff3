package main

import (
	"io"
	"os"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// Config says where the stack listens and which stores it uses. Empty store URLs select the
// embedded stores, so `make run` works on a machine without PostgreSQL or Redis.
type Config struct {
	Port        int
	Host        string // interface the gateway binds to
	DatabaseURL string
	RedisURL    string
	FrontendDir string
	DataDir     string    // where embedded stores keep files; a fresh temporary folder when empty
	PprofAddr   string    // serves the Go profiler there when set (DEVSTACK_PPROF), for performance work
	Banner      io.Writer // receives the "open the shop here" lines; nil prints none
}

func configFromEnv() Config {
	return Config{
		Port:        config.Int("PORT", 8080),
		Host:        config.String("HOST", "127.0.0.1"),
		DatabaseURL: config.String("DATABASE_URL", ""),
		RedisURL:    config.String("REDIS_URL", ""),
		FrontendDir: config.String("FRONTEND_DIR", "dist/frontend/shell"),
		DataDir:     config.String("DEVSTACK_DATA_DIR", ""),
		PprofAddr:   config.String("DEVSTACK_PPROF", ""),
		Banner:      os.Stderr,
	}
}
