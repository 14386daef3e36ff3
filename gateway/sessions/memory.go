package sessions

import (
	"context"
	"sync"
)

// Memory keeps sessions in the process, for tests of the gateway's logic. It never expires
// sessions; production and devstack use Redis.
type Memory struct {
	mu  sync.Mutex
	ids map[string]string // token key → id
}

// NewMemory returns an empty in-process store.
func NewMemory() *Memory { return &Memory{ids: map[string]string{}} }

// Resolve returns the id of token.
func (m *Memory) Resolve(_ context.Context, token string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.ids[tokenKey(token)]
	switch {
	case !ok:
		return "", ErrUnknown
	case id == rotatedMarker:
		return "", ErrRotated
	}
	return id, nil
}

// Create starts a session.
func (m *Memory) Create(_ context.Context, scope string) (string, string, error) {
	token, err := NewToken()
	if err != nil {
		return "", "", err
	}
	id, err := ScopedID(scope)
	if err != nil {
		return "", "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ids[tokenKey(token)] = id
	return token, id, nil
}

// Rotate gives the session of token a new token.
func (m *Memory) Rotate(_ context.Context, token string) (string, error) {
	fresh, err := NewToken()
	if err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.ids[tokenKey(token)]
	if !ok || id == rotatedMarker {
		return "", ErrUnknown
	}
	m.ids[tokenKey(token)] = rotatedMarker // kept without expiry: a test store
	m.ids[tokenKey(fresh)] = id
	return fresh, nil
}

// Adopt points a new token at id and drops token.
func (m *Memory) Adopt(_ context.Context, token, id string) (string, error) {
	fresh, err := NewToken()
	if err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ids[tokenKey(token)] = rotatedMarker
	m.ids[tokenKey(fresh)] = id
	return fresh, nil
}
