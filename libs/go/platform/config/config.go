// Package config reads settings from the environment. A missing or malformed value yields the
// caller's default, so a typo in a deployment never stops a service from starting with sane values.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

func lookup(key string) (string, bool) {
	v, ok := os.LookupEnv(key)
	if !ok {
		return "", false
	}
	v = strings.TrimSpace(v)
	return v, v != ""
}

// String returns the value of key, or def when it is unset or blank.
func String(key, def string) string {
	if v, ok := lookup(key); ok {
		return v
	}
	return def
}

// Int returns key parsed as a decimal integer, or def when unset or malformed.
func Int(key string, def int) int {
	v, ok := lookup(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

// Bool returns key parsed by strconv.ParseBool, or def when unset or malformed.
func Bool(key string, def bool) bool {
	v, ok := lookup(key)
	if !ok {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

// Duration returns key parsed by time.ParseDuration ("250ms", "5s"), or def when unset or malformed.
func Duration(key string, def time.Duration) time.Duration {
	v, ok := lookup(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}

// EmbeddedStores reads EMBEDDED_STORES: true lets a service started without DATABASE_URL or
// REDIS_URL run on an embedded SQL file and an in-process Redis. Only devstack and local runs set
// it; in production a missing URL is a configuration error, not a reason to keep data in memory.
func EmbeddedStores() bool { return Bool("EMBEDDED_STORES", false) }

// Map reads key as comma-separated key=value pairs ("a=1, b=2"); the value may hold "=" itself
// (URLs). Pairs without "=" or with an empty key are skipped. Unset is an empty map.
func Map(key string) map[string]string {
	out := map[string]string{}
	v, ok := lookup(key)
	if !ok {
		return out
	}
	for pair := range strings.SplitSeq(v, ",") {
		k, val, found := strings.Cut(strings.TrimSpace(pair), "=")
		if k = strings.TrimSpace(k); found && k != "" {
			out[k] = strings.TrimSpace(val)
		}
	}
	return out
}
