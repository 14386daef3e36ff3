package testinfra_test

import (
	"context"
	"database/sql"
	"net"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

func TestPostgresGivesAThrowawayDatabase(t *testing.T) {
	dbURL := testinfra.Postgres(t, "testinfra")
	db, err := sql.Open("postgres", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE t (v int)"); err != nil {
		t.Fatalf("the throwaway database does not take writes: %v", err)
	}
}

func TestRedisGivesAPrefixedClient(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "testinfra")
	if err := rdb.Set(context.Background(), prefix+"k", "v", time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	_, other := testinfra.Redis(t, "testinfra")
	if other == prefix {
		t.Fatalf("two tests got the same prefix %q", prefix)
	}
}

func TestWaitServingFollowsTheHealthService(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpcserver.New("probe", nil, grpcserver.Config{ShutdownGrace: time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	defer func() { cancel(); <-done }()
	testinfra.WaitServing(t, lis.Addr().String(), 10*time.Second)
}
