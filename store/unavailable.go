package store

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrUnavailable is what a Store's errors match (errors.Is) when the
// database could not be reached or could not answer in time: the request
// may succeed if tried again later, unlike a refused one. The error
// itself says more.
var ErrUnavailable = errors.New("the store is unavailable")

// unavailableError is an error of the database's connection.
type unavailableError struct{ err error }

func (e *unavailableError) Error() string        { return "store unavailable: " + e.err.Error() }
func (e *unavailableError) Unwrap() error        { return e.err }
func (e *unavailableError) Is(target error) bool { return target == ErrUnavailable }

// markUnavailable returns *err, matching ErrUnavailable if it is one of
// the database being unreachable or too slow (see unavailable). Stores'
// methods defer it on their error result.
func markUnavailable(err *error) {
	if *err != nil && unavailable(*err) && !errors.Is(*err, ErrUnavailable) {
		*err = &unavailableError{*err}
	}
}

// unavailable reports whether err is one of the database being away or
// overloaded, rather than of the request.
func unavailable(err error) bool {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, errClosed) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"), // connection exception
			strings.HasPrefix(pe.Code, "53"),                           // insufficient resources
			pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // shutting down, starting up
			pe.Code == "57014": // query cancelled (statement timeout)
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) {
		return true
	}
	var se interface{ Code() int }
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // SQLite's primary result codes
		case 5, 6, 7, 10, 13, 14: // BUSY, LOCKED, NOMEM, IOERR, FULL, CANTOPEN
			return true
		}
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "closed pool") || strings.Contains(msg, "database is closed")
}
