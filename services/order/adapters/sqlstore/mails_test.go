package sqlstore

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
)

// placed is an order in s, for a mail record to belong to.
func placed(t *testing.T, s *Store, key string) string {
	t.Helper()
	p := placement(t, "sess-mail", key, domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true})
	o, _, err := s.Place(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return o.ID
}

func TestMailClaimFinishAndRelease(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := placed(t, s, "m1")
		const lease = time.Minute
		if _, found, err := s.MailRecord(ctx, id); err != nil || found {
			t.Fatalf("record before any claim: %v %v", found, err)
		}
		c, err := s.ClaimMail(ctx, id, "ada@example.org", t0, lease)
		if err != nil || !c.Claimed || !c.ClaimedAt.Equal(t0) {
			t.Fatalf("first claim = %+v, %v", c, err)
		}
		// A redelivery while the first attempt may still be sending waits.
		c2, err := s.ClaimMail(ctx, id, "ada@example.org", t0.Add(lease/2), lease)
		if err != nil || c2.Claimed || c2.Status != MailSending || !c2.ClaimedAt.Equal(t0) || c2.Attempts != 1 {
			t.Fatalf("claim within the lease = %+v, %v", c2, err)
		}
		// An attempt that died: its claim is taken over after the lease.
		later := t0.Add(lease + time.Second)
		c3, err := s.ClaimMail(ctx, id, "ada@example.org", later, lease)
		if err != nil || !c3.Claimed {
			t.Fatalf("claim after the lease = %+v, %v", c3, err)
		}
		// The dead attempt's release does not touch the new claim.
		if err := s.ReleaseMail(ctx, id, t0, "late"); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.ClaimMail(ctx, id, "ada@example.org", later.Add(time.Second), lease); c.Claimed {
			t.Fatal("a stale release freed another attempt's claim")
		}
		// An outage gives the claim back: the next delivery claims it at once.
		if err := s.ReleaseMail(ctx, id, c3.ClaimedAt, "smtp: unavailable"); err != nil {
			t.Fatal(err)
		}
		c4, err := s.ClaimMail(ctx, id, "ada@example.org", later.Add(2*time.Second), lease)
		if err != nil || !c4.Claimed {
			t.Fatalf("claim after a release = %+v, %v", c4, err)
		}
		if err := s.FinishMail(ctx, id, MailSent, "", later.Add(3*time.Second)); err != nil {
			t.Fatal(err)
		}
		// Sent is final, however late the redelivery.
		c5, err := s.ClaimMail(ctx, id, "ada@example.org", later.Add(24*time.Hour), lease)
		if err != nil || c5.Claimed || c5.Status != MailSent || c5.Attempts != 3 {
			t.Fatalf("claim of a sent mail = %+v, %v", c5, err)
		}
		if err := s.FinishMail(ctx, id, MailSending, "", later); err == nil {
			t.Fatal("FinishMail accepted a status that is not final")
		}

		rejected := placed(t, s, "m2")
		if c, err := s.ClaimMail(ctx, rejected, "nobody@example.org", t0, lease); err != nil || !c.Claimed {
			t.Fatalf("claim = %+v, %v", c, err)
		}
		if err := s.FinishMail(ctx, rejected, MailRejected, "550 no such user", t0); err != nil {
			t.Fatal(err)
		}
		if c, err := s.ClaimMail(ctx, rejected, "nobody@example.org", t0.Add(time.Hour), lease); err != nil || c.Claimed || c.Status != MailRejected {
			t.Fatalf("claim of a rejected mail = %+v, %v", c, err)
		}
	})
}

func TestMailClaimedOnceUnderConcurrency(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		id := placed(t, s, "m3")
		var claimed atomic.Int32
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for range 10 {
			wg.Go(func() {
				c, err := s.ClaimMail(context.Background(), id, "ada@example.org", time.Now(), time.Minute)
				if err != nil {
					errs <- err
					return
				}
				if c.Claimed {
					claimed.Add(1)
				}
			})
		}
		wg.Wait()
		close(errs)
		if err := errors.Join(func() (all []error) {
			for e := range errs {
				all = append(all, e)
			}
			return
		}()...); err != nil {
			t.Fatal(err)
		}
		if n := claimed.Load(); n != 1 {
			t.Fatalf("%d concurrent claims won, want 1", n)
		}
	})
}
