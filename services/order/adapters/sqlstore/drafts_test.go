package sqlstore

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
)

func TestDraftsAreVersionedAndCloseWithTheirOrder(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
		d := domain.Draft{ID: "01DRAFT", BrandID: 1, SessionID: "sess-draft", Status: domain.DraftOpen, Version: 1,
			CustomerNumber: "100001", CreatedBy: "a-1", SavedBy: "a-1", CartSnapshot: `{"items":[]}`, CreatedAt: now, UpdatedAt: now}
		code := domain.SessionCodeHash("abc123")
		if err := s.CreateDraft(ctx, d, code); err != nil {
			t.Fatal(err)
		}
		got, err := s.DraftByCode(ctx, code)
		if err != nil || got.ID != d.ID || got.SessionID != d.SessionID || got.Version != 1 || !got.CreatedAt.Equal(now) {
			t.Fatalf("DraftByCode = %+v, %v", got, err)
		}
		if _, err := s.DraftByCode(ctx, domain.SessionCodeHash("other")); !errors.Is(err, ErrDraftNotFound) {
			t.Fatalf("unknown code: %v", err)
		}

		// The agent saves at version 1; a second save still at version 1 (the customer's tab, another
		// agent) is a conflict and changes nothing.
		saved, err := s.SaveDraft(ctx, d.ID, 1, "a-2", `{"items":[1]}`, now.Add(time.Minute))
		if err != nil || saved.Version != 2 || saved.SavedBy != "a-2" || saved.CartSnapshot != `{"items":[1]}` {
			t.Fatalf("SaveDraft = %+v, %v", saved, err)
		}
		if _, err := s.SaveDraft(ctx, d.ID, 1, "a-3", `{"items":[2]}`, now.Add(2*time.Minute)); !errors.Is(err, ErrDraftVersionConflict) {
			t.Fatalf("stale save: %v", err)
		}
		if got, _ := s.DraftBySession(ctx, "sess-draft"); got.Version != 2 || got.SavedBy != "a-2" {
			t.Fatalf("after the refused save: %+v", got)
		}

		// An order placed from the draft's session closes it; it cannot be saved or cancelled after.
		p := placement(t, "sess-draft", "k1", domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true})
		if _, created, err := s.Place(ctx, p); err != nil || !created {
			t.Fatalf("Place: %v", err)
		}
		got, _ = s.DraftBySession(ctx, "sess-draft")
		if got.Status != domain.DraftOrdered || got.OrderID != p.Order.ID {
			t.Fatalf("draft after the order: %+v", got)
		}
		if _, err := s.SaveDraft(ctx, d.ID, 2, "a-2", "{}", now); !errors.Is(err, ErrDraftNotFound) {
			t.Fatalf("save of an ordered draft: %v", err)
		}
		if ok, err := s.CancelDraft(ctx, d.ID, now); ok || err != nil {
			t.Fatalf("cancel of an ordered draft: %v, %v", ok, err)
		}
	})
}
