package service

import (
	"fmt"
	"testing"

	"github.com/hostcart/checkout/services/domain/domain"
)

// A memoised name is the one normalisation gives, per catalogue; rejected input is never kept;
// the memo stays bounded.
func TestAvailabilityNameMemo(t *testing.T) {
	s := &service{}
	de := domain.NewCatalogue([]domain.TLD{{ID: 1, Name: "de", Active: true}}, nil)
	com := domain.NewCatalogue([]domain.TLD{{ID: 2, Name: "com", Active: true}}, nil)

	first, err := s.availabilityName(de, "WWW.Example.DE.")
	if err != nil || first.Domain != "example.de" {
		t.Fatalf("first = %+v, %v", first, err)
	}
	if n, ok := s.names.get(de, "WWW.Example.DE."); !ok || n != first {
		t.Fatalf("memo = %+v %v, want %+v", n, ok, first)
	}
	again, err := s.availabilityName(de, "WWW.Example.DE.")
	if err != nil || again != first {
		t.Fatalf("again = %+v, %v", again, err)
	}
	if _, err := s.availabilityName(com, "WWW.Example.DE."); err == nil {
		t.Fatal("a name valid under one catalogue answered from the memo under another")
	}
	if _, ok := s.names.get(com, "WWW.Example.DE."); ok {
		t.Fatal("rejected input kept")
	}

	for i := range maxMemoNames + 10 {
		if _, err := s.availabilityName(de, fmt.Sprintf("name-%d.de", i)); err != nil {
			t.Fatal(err)
		}
	}
	if s.names.count > maxMemoNames {
		t.Fatalf("memo holds %d names, limit %d", s.names.count, maxMemoNames)
	}
}
