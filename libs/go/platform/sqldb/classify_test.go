package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"syscall"
	"testing"

	"github.com/lib/pq"

	"github.com/hostcart/checkout/libs/go/apperr"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want error // nil: neither not found nor unavailable
	}{
		{"no rows", sql.ErrNoRows, apperr.NotFound},
		{"wrapped no rows", fmt.Errorf("select brand: %w", sql.ErrNoRows), apperr.NotFound},
		{"bad connection", fmt.Errorf("query: %w", sql.ErrConnDone), apperr.Unavailable},
		{"connection refused", fmt.Errorf("dial: %w", syscall.ECONNREFUSED), apperr.Unavailable},
		{"postgres shutting down", &pq.Error{Code: "57P01"}, apperr.Unavailable},
		{"postgres connection failure", &pq.Error{Code: "08006"}, apperr.Unavailable},
		{"postgres too many connections", &pq.Error{Code: "53300"}, apperr.Unavailable},
		{"sqlite busy", errors.New("database is locked (5) (SQLITE_BUSY)"), apperr.Unavailable},
		{"postgres syntax error", &pq.Error{Code: "42601"}, nil},
		{"postgres statement cancelled", &pq.Error{Code: "57014"}, nil},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), nil},
		{"cancelled", context.Canceled, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(tt.err)
			if !errors.Is(got, tt.err) {
				t.Errorf("Classify lost the cause: %v", got)
			}
			for _, kind := range []error{apperr.NotFound, apperr.Unavailable} {
				if is := errors.Is(got, kind); is != (kind == tt.want) {
					t.Errorf("Classify(%v) is %v: %v, want only %v", tt.err, kind, is, tt.want)
				}
			}
		})
	}
	if Classify(nil) != nil {
		t.Fatal("nil became an error")
	}
}

// TestClassifyDriverErrors runs real statements on SQLite: what the driver answers must reach the
// transports as the right kind.
func TestClassifyDriverErrors(t *testing.T) {
	ctx := context.Background()
	db := memoryDB(t)
	var n int
	err := Classify(db.GetContext(ctx, &n, "SELECT 1 WHERE 1 = 0"))
	if !errors.Is(err, apperr.NotFound) {
		t.Errorf("no row: %v, want apperr.NotFound", err)
	}
	err = Classify(db.GetContext(ctx, &n, "SELECT nope FROM nowhere"))
	if err == nil || errors.Is(err, apperr.Unavailable) || errors.Is(err, apperr.NotFound) {
		t.Errorf("bad statement: %v, want an unclassified error", err)
	}
}
