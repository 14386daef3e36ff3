package redisstore

import (
	"context"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/customer/domain"
)

type backend struct {
	rdb    redis.UniversalClient
	prefix string
}

// realRedis connects to the machine's Redis (TEST_REDIS_URL) under a key prefix of the test's own,
// whose keys are deleted at the end. A missing Redis fails the test: the store must be proven
// against the real server, not only the embedded one.
func realRedis(t *testing.T) backend {
	t.Helper()
	rdb, prefix := testinfra.Redis(t, "customer")
	return backend{rdb: rdb, prefix: prefix + "customer:session:"}
}

func embeddedRedis(t *testing.T) backend {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return backend{rdb: rdb, prefix: DefaultPrefix}
}

// TestStore runs one suite against the machine's Redis and the in-process one.
func TestStore(t *testing.T) {
	for name, open := range map[string]func(*testing.T) backend{"redis": realRedis, "miniredis": embeddedRedis} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite(t, open(t))
		})
	}
}

var (
	erika  = domain.BasicInfo{Group: domain.GroupCompany, Gender: 1, FirstName: "Erika", LastName: "Mustermann", CompanyName: "Muster GmbH", CompanyVatID: "DE123456789", Email: "erika@example.de"}
	berlin = domain.Address{Street: "Unter den Linden 1", PostalCode: "10117", City: "Berlin", CountryCode: "DE", Phone: "+49 30 1234567"}
)

func suite(t *testing.T, b backend) {
	ctx := context.Background()
	store := New(b.rdb, Options{Prefix: b.prefix, TTL: time.Hour})

	t.Run("unknown session has no forms", func(t *testing.T) {
		c, err := store.Get(ctx, "nobody")
		if err != nil || c.BasicInfo != nil || c.Address != nil {
			t.Errorf("customer = %+v, %v", c, err)
		}
	})

	t.Run("update stores every field with the TTL", func(t *testing.T) {
		c, err := store.Update(ctx, "s1", func(c *domain.SessionCustomer) error {
			info, addr := erika, berlin
			c.BasicInfo, c.Address = &info, &addr
			return nil
		})
		if err != nil || *c.BasicInfo != erika || *c.Address != berlin {
			t.Fatalf("update: %+v, %v", c, err)
		}
		got, err := store.Get(ctx, "s1")
		if err != nil || got.BasicInfo == nil || *got.BasicInfo != erika || got.Address == nil || *got.Address != berlin {
			t.Fatalf("stored: %+v %+v, %v", got.BasicInfo, got.Address, err)
		}
		ttl, err := b.rdb.TTL(ctx, b.prefix+"s1").Result()
		if err != nil || ttl <= 0 || ttl > time.Hour {
			t.Errorf("TTL = %v, %v", ttl, err)
		}
	})

	t.Run("a failing update writes nothing", func(t *testing.T) {
		refused := errors.New("refused")
		_, err := store.Update(ctx, "s1", func(c *domain.SessionCustomer) error {
			c.Address = nil
			return refused
		})
		if !errors.Is(err, refused) {
			t.Fatalf("err = %v", err)
		}
		if got, _ := store.Get(ctx, "s1"); got.Address == nil || *got.Address != berlin {
			t.Errorf("address after refused update: %+v", got.Address)
		}
	})

	t.Run("an update that changes nothing writes nothing", func(t *testing.T) {
		if _, err := store.Update(ctx, "s2", func(*domain.SessionCustomer) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if n, _ := b.rdb.Exists(ctx, b.prefix+"s2").Result(); n != 0 {
			t.Error("an empty customer was written")
		}
	})

	t.Run("sessions are apart", func(t *testing.T) {
		if got, err := store.Get(ctx, "s3"); err != nil || got.BasicInfo != nil {
			t.Errorf("s3 sees %+v, %v", got.BasicInfo, err)
		}
	})

	t.Run("concurrent updates lose nothing", func(t *testing.T) {
		// Every writer counts one up; a lost update would leave the count short.
		const writers = 12
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := store.Update(ctx, "busy", func(c *domain.SessionCustomer) error {
					if c.BasicInfo == nil {
						c.BasicInfo = &domain.BasicInfo{}
					}
					c.BasicInfo.Gender++
					return nil
				})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if got, err := store.Get(ctx, "busy"); err != nil || got.BasicInfo.Gender != writers {
			t.Errorf("count = %+v, %v; want %d", got.BasicInfo, err, writers)
		}
	})

	t.Run("a panel sign-in is kept with the customer", func(t *testing.T) {
		panel := domain.PanelSignIn{OrderType: domain.OrderTypeCloudpitDomains, UseCP2: true, WebhostingID: "wh42",
			CategorySlug: "webhosting", ExternalProductID: "ext-7"}
		if _, err := store.Update(ctx, "panel", func(c *domain.SessionCustomer) error {
			c.CustomerNo, c.Panel = "100001", &panel
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		got, err := store.Get(ctx, "panel")
		if err != nil || got.Panel == nil || *got.Panel != panel || got.CustomerNo != "100001" {
			t.Fatalf("stored panel sign-in: %+v, %v", got.Panel, err)
		}
		// A logout empties the session; the panel sign-in must go with it.
		if _, err := store.Update(ctx, "panel", func(c *domain.SessionCustomer) error {
			*c = domain.SessionCustomer{}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if got, err := store.Get(ctx, "panel"); err != nil || got.Panel != nil {
			t.Errorf("panel after logout: %+v, %v", got.Panel, err)
		}
	})

	t.Run("unreadable data is an error, not a panic", func(t *testing.T) {
		if err := b.rdb.Set(ctx, b.prefix+"bad", "{not json", time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Get(ctx, "bad"); err == nil {
			t.Error("Get accepted broken JSON")
		}
		if _, err := store.Update(ctx, "bad", func(*domain.SessionCustomer) error { return nil }); err == nil {
			t.Error("Update accepted broken JSON")
		}
	})
}

func TestOutageIsUnavailable(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	store := New(rdb, Options{})
	mr.Close()
	if _, err := store.Get(context.Background(), "s1"); !errors.Is(err, apperr.Unavailable) {
		t.Errorf("Get: %v", err)
	}
	if _, err := store.Update(context.Background(), "s1", func(*domain.SessionCustomer) error { return nil }); !errors.Is(err, apperr.Unavailable) {
		t.Errorf("Update: %v", err)
	}
}
