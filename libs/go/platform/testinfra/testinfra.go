// Package testinfra gives tests the machine's real PostgreSQL and Redis, one variable each:
// TEST_POSTGRES_URL (an admin connection, default postgres://postgres@127.0.0.1:5432/postgres) and
// TEST_REDIS_URL (default redis://127.0.0.1:6379/0). Each test gets a throwaway database or its own
// key prefix, so tests never depend on data an earlier run left.
//
// A server that cannot be reached fails the test: a store test that skips when its store is
// missing reports green while proving nothing. Only TEST_SKIP_INFRA=true turns that into a skip,
// for a laptop without the servers, and never while CI=true.
package testinfra

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
	_ "github.com/lib/pq" // the PostgreSQL driver the admin connection uses
	"github.com/redis/go-redis/v9"
)

// Defaults of the two variables.
const (
	DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	DefaultRedisURL    = "redis://127.0.0.1:6379/0"
)

// PostgresAdminURL is TEST_POSTGRES_URL or its default.
func PostgresAdminURL() string { return env("TEST_POSTGRES_URL", DefaultPostgresURL) }

// RedisURL is TEST_REDIS_URL or its default.
func RedisURL() string { return env("TEST_REDIS_URL", DefaultRedisURL) }

// env reads a setting of the test servers. Every test that asks for a server comes here, so this is
// also where it is marked as reading the outside world (its result never replayed from go test's
// cache by a later `make test-go`).
func env(key, def string) string {
	testrun.Outside()
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// missing fails the test because a server it needs is not there, or skips it when the developer
// opted out with TEST_SKIP_INFRA=true.
func missing(t testing.TB, what, variable string, err error) {
	t.Helper()
	// CI=true wins: a CI run must never turn a missing store into a green skip.
	if os.Getenv("TEST_SKIP_INFRA") == "true" && os.Getenv("CI") != "true" {
		t.Skipf("%s not reachable (TEST_SKIP_INFRA=true): %v", what, err)
	}
	t.Fatalf("%s not reachable (set %s, or TEST_SKIP_INFRA=true to skip on a machine without it): %v", what, variable, err)
}

// Postgres creates a database named after prefix on the test PostgreSQL and returns its URL; the
// database is dropped when the test ends (after cleanups registered later, such as closing a store).
func Postgres(t testing.TB, prefix string) string {
	t.Helper()
	adminURL := PostgresAdminURL()
	admin, err := sql.Open("postgres", adminURL)
	if err != nil {
		t.Fatalf("testinfra: TEST_POSTGRES_URL: %v", err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		missing(t, "PostgreSQL at "+redact(adminURL), "TEST_POSTGRES_URL", err)
	}
	name := prefix + "_" + randomHex(6)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("testinfra: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("testinfra: drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(adminURL)
	if err != nil {
		t.Fatalf("testinfra: TEST_POSTGRES_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// Redis connects to the test Redis and returns a client with a key prefix of the test's own; keys
// under the prefix are deleted when the test ends. Tests must put every key they write under it.
func Redis(t testing.TB, prefix string) (*redis.Client, string) {
	t.Helper()
	opt, err := redis.ParseURL(RedisURL())
	if err != nil {
		t.Fatalf("testinfra: TEST_REDIS_URL: %v", err)
	}
	rdb := redis.NewClient(opt)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		_ = rdb.Close()
		missing(t, "Redis at "+RedisURL(), "TEST_REDIS_URL", err)
	}
	keyPrefix := "test:" + prefix + ":" + randomHex(6) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, keyPrefix+"*", 500).Iterator()
		var keys []string
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		if len(keys) > 0 {
			_ = rdb.Del(ctx, keys...).Err()
		}
		_ = rdb.Close()
	})
	return rdb, keyPrefix
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// redact drops a password from a URL for messages.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxx")
	}
	return strings.Replace(u.String(), "xxx", "…", 1)
}
