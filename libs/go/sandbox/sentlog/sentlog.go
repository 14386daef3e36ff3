// Package sentlog keeps what a sandbox port sent instead of reaching the world: in memory, in
// order, for tests in the same process, and, with a folder, appended as JSON lines to a file, for
// processes that cannot share memory with it (devstack's end-to-end tests read SMS codes and mails
// there, and the card sandbox's voids). The SMS, mail and card sandboxes share it.
package sentlog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Log is the record of sent items; the zero value keeps them in memory only.
type Log[T any] struct {
	mu    sync.Mutex
	items []T
}

// Record keeps v and, when dir is set, appends it as one JSON line to dir/file.
func (l *Log[T]) Record(dir, file string, v T) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, v)
	if dir == "" {
		return nil
	}
	line, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, file), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("open %s: %w", file, err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		_ = f.Close()
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", file, err)
	}
	return nil
}

// All returns a copy of every item so far, oldest first.
func (l *Log[T]) All() []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]T(nil), l.items...)
}

// Last returns the newest item that matches.
func (l *Log[T]) Last(match func(T) bool) (T, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.items) - 1; i >= 0; i-- {
		if match(l.items[i]) {
			return l.items[i], true
		}
	}
	var zero T
	return zero, false
}
