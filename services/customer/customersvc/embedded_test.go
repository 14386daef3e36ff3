package customersvc

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/redisconn"
)

// Started alone without REDIS_URL and without EMBEDDED_STORES, the service refuses to run rather
// than keep customer data in its own memory (every replica would have its own).
func TestRefusesToStartWithoutRedis(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	err = Run(context.Background(), Config{CatalogAddr: "127.0.0.1:1"}, lis, nil)
	if !errors.Is(err, redisconn.ErrNoURL) {
		t.Fatalf("Run without REDIS_URL = %v, want %v", err, redisconn.ErrNoURL)
	}
	// The listener was released: the port can be bound again.
	again, lerr := net.Listen("tcp", lis.Addr().String())
	if lerr != nil {
		t.Fatalf("port still held after the refused start: %v", lerr)
	}
	again.Close()
}

func TestRefusesToStartWithoutCatalog(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), Config{EmbeddedStores: true}, lis, nil); err == nil || err.Error() != "customer: CATALOG_ADDR is not set" {
		t.Fatalf("Run without CATALOG_ADDR = %v", err)
	}
}
