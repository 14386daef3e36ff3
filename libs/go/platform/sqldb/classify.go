package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/lib/pq"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Classify sorts a query's error for the transports: no rows is apperr.NotFound, an outage
// (IsOutage) apperr.Unavailable; anything else — a bad statement, a violated constraint — stays as
// it is and is reported as internal, because retrying elsewhere will not help. Cancellations and
// deadlines keep their own meaning, as with Unavailable.
func Classify(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: %w", apperr.NotFound, err)
	case IsOutage(err):
		return Unavailable(err)
	}
	return err
}

// IsOutage reports whether err means the database cannot be reached or cannot serve right now (a
// lost or refused connection, a server shutting down or out of resources, a busy SQLite), as
// opposed to a fault of the statement. The caller's own cancellation or deadline is no outage.
func IsOutage(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false // context.DeadlineExceeded is a net.Error too
	}
	var netErr net.Error
	var pqErr *pq.Error
	switch {
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.As(err, &netErr):
		return true
	case errors.As(err, &pqErr):
		// Class 08 connection exception, 53 insufficient resources, 57P admin/crash shutdown.
		code := string(pqErr.Code)
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "53") || strings.HasPrefix(code, "57P")
	}
	// modernc reports SQLITE_BUSY and SQLITE_LOCKED only in its message text.
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}
