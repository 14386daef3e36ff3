package service

import (
	"sync"

	"github.com/hostcart/checkout/services/domain/domain"
)

// maxMemoNames bounds the names a nameMemo holds; when full it starts over rather than tracking
// recency on the hot path (the lookup screen sends the same few names again and again).
const maxMemoNames = 8192

// nameMemo remembers which name an availability input normalises to under a catalogue, so a name
// checked again skips normalisation (IDNA, label splitting, several strings). The result depends only
// on the input and the catalogue's TLD set, and catalogues are immutable values replaced on reload,
// so entries are keyed by the catalogue they were computed with. Only valid names are kept:
// rejected input takes the normal path and its error.
type nameMemo struct {
	mu    sync.RWMutex
	count int
	byCat map[*domain.Catalogue]map[string]domain.Name
}

func (m *nameMemo) get(cat *domain.Catalogue, input string) (domain.Name, bool) {
	m.mu.RLock()
	n, ok := m.byCat[cat][input]
	m.mu.RUnlock()
	return n, ok
}

func (m *nameMemo) put(cat *domain.Catalogue, input string, n domain.Name) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byCat == nil || m.count >= maxMemoNames {
		// Also drops catalogues that have been replaced since.
		m.byCat, m.count = map[*domain.Catalogue]map[string]domain.Name{}, 0
	}
	names := m.byCat[cat]
	if names == nil {
		names = map[string]domain.Name{}
		m.byCat[cat] = names
	}
	if _, ok := names[input]; !ok {
		names[input] = n
		m.count++
	}
}

// availabilityName normalises one input of an availability batch to the full name it checks.
func (s *service) availabilityName(cat *domain.Catalogue, raw string) (domain.Name, *domain.InputError) {
	if n, ok := s.names.get(cat, raw); ok {
		return n, nil
	}
	search, inErr := domain.NormalizeSearch(raw, cat.Set())
	if inErr == nil && search.TLD == "" {
		inErr = &domain.InputError{Key: domain.KeyCannotBeRegistered, Input: raw}
	}
	if inErr != nil {
		return domain.Name{}, inErr
	}
	t, _ := cat.TLD(search.TLD)
	n := search.Name(t)
	s.names.put(cat, raw, n)
	return n, nil
}
