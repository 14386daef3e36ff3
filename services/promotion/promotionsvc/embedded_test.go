package promotionsvc

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
)

// Started alone without store URLs and without EMBEDDED_STORES, the service refuses to run rather
// than keep its data in its own memory (every replica would have its own).
func TestRefusesToStartWithoutStores(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	err = Run(context.Background(), Config{}, lis, nil)
	if !errors.Is(err, sqldb.ErrNoDatabase) {
		t.Fatalf("Run without store URLs = %v, want %v", err, sqldb.ErrNoDatabase)
	}
	// The listener was released: the port can be bound again.
	again, lerr := net.Listen("tcp", lis.Addr().String())
	if lerr != nil {
		t.Fatalf("port still held after the refused start: %v", lerr)
	}
	again.Close()
}
