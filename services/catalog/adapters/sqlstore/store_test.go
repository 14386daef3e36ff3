package sqlstore

import (
	"context"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"io"
	"net"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/catalog/domain"
	"github.com/hostcart/checkout/services/catalog/seed"
	"github.com/hostcart/checkout/services/catalog/service"
)

// TestRepository runs one suite against every implementation, each on its own fresh database.
func TestRepository(t *testing.T) {
	impls := map[string]func(t *testing.T) *Store{
		"sqlite":   newSQLiteStore,
		"postgres": newPostgresStore,
	}
	for name, open := range impls {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := open(t)
			ctx := context.Background()
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			c, err := seed.Default()
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Import(ctx, c); err != nil {
				t.Fatal(err)
			}
			runRepositorySuite(t, s, c)
		})
	}
}

func newSQLiteStore(t *testing.T) *Store {
	t.Helper()
	s, err := OpenSQLite(context.Background(), MemorySQLite)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// newPostgresStore opens a store on a throwaway database of the machine's PostgreSQL.
func newPostgresStore(t *testing.T) *Store {
	t.Helper()
	s, err := OpenPostgres(context.Background(), throwawayPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// throwawayPostgres creates a database on the machine's PostgreSQL (TEST_POSTGRES_URL), answers its
// URL and drops it after the test.
func throwawayPostgres(t *testing.T) string {
	t.Helper()
	return testinfra.Postgres(t, "catalog_test")
}

func runRepositorySuite(t *testing.T, s *Store, c *seed.Catalog) {
	ctx := context.Background()

	t.Run("brand by fqdn", func(t *testing.T) {
		hw, err := s.BrandByFQDN(ctx, "shop.hostwerk.de")
		if err != nil {
			t.Fatal(err)
		}
		if hw.ID != 1 || hw.Name != "Hostwerk" || hw.Slug != "hostwerk" || !hw.IsVisible {
			t.Errorf("hostwerk = %+v", hw)
		}
		wantLocales := []domain.Locale{
			{Label: "Deutsch", Code: "de-DE", FallbackCode: "en-GB", IsDefault: true},
			{Label: "English", Code: "en-GB"},
		}
		if !reflect.DeepEqual(hw.Locales, wantLocales) {
			t.Errorf("locales = %+v", hw.Locales)
		}
		if !hw.Properties.DisplayPricesWithVAT() || hw.Properties.CountryCode() != "DE" || hw.Properties[domain.PropOAuthAuthorityURL] == "" {
			t.Errorf("hostwerk properties = %v", hw.Properties)
		}
		if _, ok := hw.Properties[domain.PropPrivacySettingsURL]; ok {
			t.Error("hostwerk has a privacy settings url")
		}
		ah, err := s.BrandByFQDN(ctx, "shop.alpenhost.at")
		if err != nil {
			t.Fatal(err)
		}
		if ah.ID != 2 || ah.Properties.DisplayPricesWithVAT() || ah.Properties.CountryCode() != "AT" ||
			!ah.Properties.Flag(domain.PropDisplayPrivacySettingsLink) || ah.Properties[domain.PropPrivacySettingsURL] == "" {
			t.Errorf("alpenhost = %+v", ah)
		}
		if _, err := s.BrandByFQDN(ctx, "shop.example.org"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("unknown fqdn: err = %v, want not found", err)
		}
		byID, err := s.BrandByID(ctx, 2)
		if err != nil || byID.FQDN != "shop.alpenhost.at" {
			t.Errorf("brand 2 = %+v, %v", byID, err)
		}
		if _, err := s.BrandByID(ctx, 999); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("unknown id: err = %v, want not found", err)
		}
		all, err := s.Brands(ctx)
		if err != nil || len(all) != 2 || all[0].Slug != "hostwerk" || all[1].Slug != "alpenhost" {
			t.Errorf("brands = %+v, %v", all, err)
		}
	})

	t.Run("countries with locale fallback", func(t *testing.T) {
		for locale, want := range map[string][]string{
			"de-DE": {"Deutschland", "Österreich", "Schweiz"},
			"en-GB": {"Germany", "Austria", "Switzerland"},
			"fr-FR": {"Germany", "Austria", "Switzerland"},
		} {
			cs, err := s.Countries(ctx, locale)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) < 29 {
				t.Fatalf("%d countries", len(cs))
			}
			got := []string{cs[0].Name, cs[1].Name, cs[2].Name}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: first countries %v, want %v", locale, got, want)
			}
			if cs[1].Code != "AT" || cs[1].PhonePrefix != "+43" || cs[1].Order != 2 {
				t.Errorf("austria = %+v", cs[1])
			}
		}
	})

	t.Run("categories", func(t *testing.T) {
		cats, err := s.Categories(ctx, 1, "de-DE")
		if err != nil {
			t.Fatal(err)
		}
		bySlug := map[string]domain.Category{}
		for _, cat := range cats {
			bySlug[cat.Slug] = cat
		}
		if len(cats) != 13 || bySlug["webhosting"].Name != "Webhosting" || !bySlug["webhosting"].IsVisible {
			t.Errorf("hostwerk categories = %+v", cats)
		}
		if nsa := bySlug["nsa"]; !nsa.IsAddon || nsa.IsVisible {
			t.Errorf("nsa addon category = %+v", nsa)
		}
		if bySlug["ssl"].ProductNotice != "Die Ausstellung kann bis zu 2 Werktage dauern." {
			t.Errorf("ssl notice = %q", bySlug["ssl"].ProductNotice)
		}
		en, err := s.Categories(ctx, 1, "en-GB")
		if err != nil || en[0].Name != "Web hosting" {
			t.Errorf("english categories: %v, %v", en, err)
		}
		ah, err := s.Categories(ctx, 2, "de-DE")
		if err != nil || len(ah) == 0 || ah[2].Slug != "cloud-server" {
			t.Errorf("alpenhost categories: %v, %v", ah, err)
		}
	})

	t.Run("products of every family", func(t *testing.T) {
		for _, brandID := range []int32{1, 2} {
			ps, err := s.Products(ctx, brandID, "de-DE", service.ProductFilter{})
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, b := range c.Brands {
				if b.ID == brandID {
					want = len(b.Products)
				}
			}
			if len(ps) != want {
				t.Errorf("brand %d: %d products, want %d", brandID, len(ps), want)
			}
			types := map[string]bool{}
			for _, p := range ps {
				types[p.Type] = true
				if len(p.Maturities) == 0 {
					t.Errorf("product %d without maturities", p.ID)
				}
			}
			for _, typ := range []string{"hosting", "domain", "domain-only", "transfer", "certificate", "addon", "upsell",
				"nsa", "ppoa", "postal-forwarding", "microsoft-licence", "contract-transfer"} {
				if !types[typ] {
					t.Errorf("brand %d has no %s product", brandID, typ)
				}
			}
		}
	})

	t.Run("product details", func(t *testing.T) {
		ps, err := s.Products(ctx, 1, "de-DE", service.ProductFilter{IDs: []int32{1002, 1011, 1021, 1061, 1005, 1051, 1208, 2001}})
		if err != nil {
			t.Fatal(err)
		}
		byID := map[int32]domain.Product{}
		for _, p := range ps {
			byID[p.ID] = p
		}
		if len(ps) != 7 {
			t.Fatalf("got %d products, want 7 (2001 belongs to the other brand)", len(ps))
		}
		m := byID[1002]
		if m.Name != "Webhosting M" || m.Tagline != "Unser Bestseller" || !m.IsHighlight || !m.DomainCapable ||
			m.CategorySlug != "webhosting" || m.CategoryName != "Webhosting" || m.Type != "hosting" || m.TypeID != 1 ||
			m.QtyMax != 10 || m.IsDomainRequired != 2 || m.ExternalProductID != "HW-WEB-M" {
			t.Errorf("webhosting M = %+v", m)
		}
		if !reflect.DeepEqual(m.FreeTLDs, domain.FreeTLDs{Amount: 1, Domains: []string{"de", "com", "net"}}) {
			t.Errorf("free tlds = %+v", m.FreeTLDs)
		}
		if !reflect.DeepEqual(m.Attributes, []domain.Attribute{{Key: "gtc_agreement", Value: "true"}}) {
			t.Errorf("attributes = %+v", m.Attributes)
		}
		if len(m.Maturities) != 3 {
			t.Fatalf("maturities = %+v", m.Maturities)
		}
		y := m.Maturities[1]
		if y.ID != 100202 || y.Months != 12 || y.PriceCents != 799 || !y.IsActive || y.ProductID != 1002 || y.CancelationPeriod != 90 {
			t.Errorf("12-month maturity = %+v", y)
		}
		var months []int32
		for _, iv := range y.Intervals {
			months = append(months, iv.Months)
			if iv.VATPercent != 19 || !iv.IsActive {
				t.Errorf("interval = %+v", iv)
			}
		}
		if !reflect.DeepEqual(months, []int32{1, 6, 12}) || !y.Intervals[2].IsDefault {
			t.Errorf("intervals of 12-month maturity = %+v", y.Intervals)
		}
		if len(m.Addons) != 15 {
			t.Fatalf("%d addon links", len(m.Addons))
		}
		first := m.Addons[0]
		if first.ID != seed.AddonLinkID(1002, 0) || first.AddonID != 1201 || len(first.Groups) != 1 ||
			first.Groups[0].Name != "storage" || first.Groups[0].DisplayName != "Mehr Speicherplatz" ||
			!reflect.DeepEqual(first.Groups[0].Rules, []string{"mutually_exclusive"}) {
			t.Errorf("first addon link = %+v", first)
		}
		for _, a := range m.Addons {
			if a.AddonID == 1208 && (!a.IsPromoted || a.PromotedAddonOrder != 1) {
				t.Errorf("setup service link = %+v", a)
			}
		}
		for _, brandID := range []int32{1, 2} {
			all, err := s.Products(ctx, brandID, "de-DE", service.ProductFilter{})
			if err != nil {
				t.Fatal(err)
			}
			rules := map[string]bool{}
			for _, p := range all {
				for _, a := range p.Addons {
					for _, g := range a.Groups {
						for _, r := range g.Rules {
							rules[r] = true
						}
					}
				}
			}
			for _, r := range domain.RuleTypes {
				if !rules[r] {
					t.Errorf("brand %d links no addon group with rule %s", brandID, r)
				}
			}
		}
		if len(m.Upsells) != 3 || m.Upsells[0].UpsellID != 1301 || m.Upsells[0].UpsellHeadline != "Mehr Vertrauen mit SSL Premium" ||
			!reflect.DeepEqual(m.Upsells[0].Disadvantages, []string{"Keine Firmenangaben im Zertifikat", "Keine Garantiesumme"}) {
			t.Errorf("upsells = %+v", m.Upsells)
		}
		if wp := byID[1011]; wp.Maturities[0].IsActive || wp.Maturities[0].ID != 101101 {
			t.Errorf("wordpress start keeps its inactive maturity at the store: %+v", wp.Maturities)
		}
		server := byID[1021]
		var keys []string
		for _, f := range server.AdditionalFields {
			keys = append(keys, f.Key)
		}
		if !reflect.DeepEqual(keys, []string{"linux_distribution", "root_password", "server_hostname", "accept_data_processing"}) {
			t.Errorf("server fields = %v", keys)
		}
		if f := server.AdditionalFields[0]; f.PrefilledWith != "ubuntu-22.04" || f.InputComponent != "linux_distribution" || f.Label != "Betriebssystem" || f.Order != 1 {
			t.Errorf("linux field = %+v", f)
		}
		if f := server.AdditionalFields[2]; !f.IsPostponed || f.ValidationRules != "required|fqdn" {
			t.Errorf("hostname field = %+v", f)
		}
		if f := server.AdditionalFields[1]; f.Headline != "Zugangsdaten für Ihren Server" {
			t.Errorf("password field headline = %q", f.Headline)
		}
		// The seed's secret mark survives the store (the cart seals such values in the order).
		if f := server.AdditionalFields[1]; !f.IsSecret {
			t.Errorf("root_password is not marked secret: %+v", f)
		}
		if f := server.AdditionalFields[2]; f.IsSecret {
			t.Errorf("hostname field marked secret: %+v", f)
		}
		if !server.SMSValidation || server.Maturities[0].SetupFeeCents != 9900 {
			t.Errorf("managed server = %+v", server)
		}
		if !byID[1005].IsHidden {
			t.Error("webhosting classic is not hidden")
		}
		ms := byID[1051]
		if !reflect.DeepEqual(ms.Attributes, []domain.Attribute{{Key: "eult_agreement", Value: "true"}, {Key: "mca_agreement", Value: "true"}}) {
			t.Errorf("microsoft attributes = %+v", ms.Attributes)
		}
		if setup := byID[1208].Maturities; len(setup) != 1 || setup[0].Months != 0 || setup[0].SetupFeeCents != 4900 || setup[0].Intervals[0].Months != 0 {
			t.Errorf("one-time setup service = %+v", setup)
		}
		nsa := byID[1061]
		if nsa.Type != "nsa" || !strings.HasPrefix(nsa.CategorySlug, "nsa") || len(nsa.Maturities) != 3 || nsa.Maturities[0].Months != 3 {
			t.Errorf("business address = %+v", nsa)
		}
	})

	t.Run("filters and english texts", func(t *testing.T) {
		ssl, err := s.Products(ctx, 1, "en-GB", service.ProductFilter{CategorySlug: "ssl"})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range ssl {
			names = append(names, p.Name)
		}
		if !reflect.DeepEqual(names, []string{"SSL Basic", "SSL Business", "SSL Wildcard"}) {
			t.Errorf("ssl products = %v", names)
		}
		if ssl[0].AdditionalFields[0].Headline != "Which domain should the certificate be issued for?" {
			t.Errorf("english field headline = %q", ssl[0].AdditionalFields[0].Headline)
		}
		up, err := s.Products(ctx, 1, "en-GB", service.ProductFilter{IDs: []int32{1301}})
		if err != nil || len(up) != 1 {
			t.Fatalf("upsell product: %v, %v", up, err)
		}
		if up[0].AdvantagesButtonText != "Add SSL Premium" || len(up[0].Advantages) != 3 || up[0].Advantages[1] != "EUR 50,000 warranty" {
			t.Errorf("upsell texts = %+v", up[0])
		}
		none, err := s.Products(ctx, 1, "de-DE", service.ProductFilter{CategorySlug: "no-such-category"})
		if err != nil || len(none) != 0 {
			t.Errorf("unknown category: %v, %v", none, err)
		}
	})

	t.Run("listing rules over stored products", func(t *testing.T) {
		all, err := s.Products(ctx, 1, "de-DE", service.ProductFilter{})
		if err != nil {
			t.Fatal(err)
		}
		listed := domain.SelectProducts(all, domain.ProductQuery{})
		withHidden := domain.SelectProducts(all, domain.ProductQuery{IncludeHidden: true})
		has := func(ps []domain.Product, id int32) bool {
			return slices.ContainsFunc(ps, func(p domain.Product) bool { return p.ID == id })
		}
		for _, hidden := range []int32{1005, 1043, 1095} {
			if has(listed, hidden) || !has(withHidden, hidden) {
				t.Errorf("hidden product %d: listed=%v with hidden=%v", hidden, has(listed, hidden), has(withHidden, hidden))
			}
		}
		for _, p := range listed {
			if p.ID == 1011 && (len(p.Maturities) != 2 || p.FromPrice.NetCents != 549) {
				t.Errorf("wordpress start lists %+v from %+v", p.Maturities, p.FromPrice)
			}
			if p.ID == 1001 && (p.FromPrice.NetCents != 449 || p.FromPrice.GrossCents != 534 || p.FromPrice.MaturityMonths != 24) {
				t.Errorf("webhosting S from-price = %+v", p.FromPrice) // 449 * 1.19 = 534.31
			}
		}
		ah, err := s.Products(ctx, 2, "de-DE", service.ProductFilter{IDs: []int32{2001}})
		if err != nil {
			t.Fatal(err)
		}
		start, ok := domain.Listed(ah[0])
		if !ok || len(start.Maturities) != 3 || start.FromPrice.GrossCents != 468 { // 390 * 1.2
			t.Errorf("alpenhost start hides its 3-month maturity (inactive interval): %+v, %+v", start.Maturities, start.FromPrice)
		}
	})

	t.Run("payment intervals", func(t *testing.T) {
		hw, err := s.PaymentIntervals(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := []domain.Interval{
			{ID: 1, Months: 0, VATPercent: 19, IsActive: true},
			{ID: 2, Months: 1, VATPercent: 19, IsActive: true},
			{ID: 3, Months: 6, VATPercent: 19, IsActive: true},
			{ID: 4, Months: 12, VATPercent: 19, IsActive: true, IsDefault: true},
			{ID: 5, Months: 24, VATPercent: 19, IsActive: true},
		}
		if !reflect.DeepEqual(hw, want) {
			t.Errorf("hostwerk intervals = %+v", hw)
		}
		ah, err := s.PaymentIntervals(ctx, 2)
		if err != nil || len(ah) != 6 || ah[2].Months != 3 || ah[2].IsActive || ah[3].VATPercent != 20 {
			t.Errorf("alpenhost intervals = %+v, %v", ah, err)
		}
	})

	t.Run("zip codes", func(t *testing.T) {
		zs, err := s.ZipCodes(ctx, "DE", "101", 50)
		if err != nil {
			t.Fatal(err)
		}
		if len(zs) < 3 || zs[0] != (domain.ZipCode{Code: "10115", City: "Berlin", CountryCode: "DE"}) {
			t.Errorf("101 = %+v", zs)
		}
		for _, z := range zs {
			if !strings.HasPrefix(z.Code, "101") || z.CountryCode != "DE" {
				t.Errorf("zip %+v does not match", z)
			}
		}
		wien, err := s.ZipCodes(ctx, "AT", "1010", 50)
		if err != nil || len(wien) != 1 || wien[0].City != "Wien" {
			t.Errorf("1010 = %+v, %v", wien, err)
		}
		limited, err := s.ZipCodes(ctx, "DE", "10", 5)
		if err != nil || len(limited) != 5 {
			t.Errorf("limit: %d, %v", len(limited), err)
		}
		if none, err := s.ZipCodes(ctx, "AT", "1011", 50); err != nil || len(none) != 0 {
			t.Errorf("unknown prefix: %+v, %v", none, err)
		}
	})

	t.Run("seed import is idempotent", func(t *testing.T) {
		before := rowCounts(t, s)
		if err := s.Import(ctx, c); err != nil {
			t.Fatal(err)
		}
		if after := rowCounts(t, s); !reflect.DeepEqual(before, after) {
			t.Errorf("row counts changed on re-import:\nbefore %v\nafter  %v", before, after)
		}
		if before["zip_codes"] != len(c.ZipCodes) || before["products"] != 84 {
			t.Errorf("row counts = %v", before)
		}
	})

	// Last, because it changes a stored text: a text missing in the requested locale falls back to
	// en-GB field by field while the other fields stay translated.
	t.Run("field level fallback", func(t *testing.T) {
		if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE product_texts SET tagline = NULL WHERE product_id = ? AND locale = ?`), 1003, "de-DE"); err != nil {
			t.Fatal(err)
		}
		ps, err := s.Products(ctx, 1, "de-DE", service.ProductFilter{IDs: []int32{1003}})
		if err != nil {
			t.Fatal(err)
		}
		if ps[0].Tagline != "For several projects" || ps[0].Name != "Webhosting L" {
			t.Errorf("tagline %q name %q, want english tagline and german name", ps[0].Tagline, ps[0].Name)
		}
	})
}

func rowCounts(t *testing.T, s *Store) map[string]int {
	t.Helper()
	tables := []string{"brands", "brand_locales", "brand_properties", "countries", "country_texts", "zip_codes",
		"payment_intervals", "categories", "category_texts", "product_types", "products", "product_texts",
		"product_attributes", "product_free_tlds", "payment_maturities", "maturity_intervals", "addon_groups",
		"addon_group_texts", "addon_group_rules", "product_addons", "product_addon_groups", "product_upsells",
		"product_upsell_texts", "additional_fields", "additional_field_texts", "product_additional_fields"}
	counts := map[string]int{}
	for _, table := range tables {
		var n int
		if err := s.db.GetContext(context.Background(), &n, "SELECT COUNT(*) FROM "+table); err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		counts[table] = n
	}
	return counts
}

// TestPostgresLostIsUnavailable: a database that goes away after the start reaches the service as
// domain.ErrUnavailable (a retryable outage), not as an internal error. PostgreSQL is reached
// through a proxy the test cuts.
func TestPostgresLostIsUnavailable(t *testing.T) {
	ctx := context.Background()
	u, err := url.Parse(throwawayPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	cut := proxy(t, u.Host)
	u.Host = cut.addr
	s, err := OpenPostgres(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Brands(ctx); err != nil {
		t.Fatalf("brands through the proxy: %v", err)
	}
	cut.stop()
	if _, err := s.Brands(ctx); !errors.Is(err, domain.ErrUnavailable) {
		t.Fatalf("brands with the database gone: %v, want unavailable", err)
	}
	if err := s.Ping(ctx); !errors.Is(err, domain.ErrUnavailable) {
		t.Fatalf("ping with the database gone: %v, want unavailable", err)
	}
}

type tcpProxy struct {
	addr string
	stop func()
}

// proxy forwards a loopback port to target until stop, which closes the port and every
// connection, as a database server that went away.
func proxy(t *testing.T, target string) tcpProxy {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			client, err := lis.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", target)
			if err != nil {
				_ = client.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, client, server)
			mu.Unlock()
			go func() { _, _ = io.Copy(server, client); _ = server.Close() }()
			go func() { _, _ = io.Copy(client, server); _ = client.Close() }()
		}
	}()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			_ = lis.Close()
			mu.Lock()
			defer mu.Unlock()
			for _, c := range conns {
				_ = c.Close()
			}
		})
	}
	t.Cleanup(stop)
	return tcpProxy{addr: lis.Addr().String(), stop: stop}
}

func TestPostgresDownIsUnavailable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// Port 1 on loopback refuses connections.
	_, err := OpenPostgres(ctx, "postgres://postgres@127.0.0.1:1/catalog?sslmode=disable&connect_timeout=2")
	if !errors.Is(err, domain.ErrUnavailable) {
		t.Fatalf("err = %v, want unavailable", err)
	}
}

// TestSQLiteFileSurvivesRestart covers devstack's on-disk database: a second start migrates and
// seeds the existing file without errors or duplicates.
func TestSQLiteFileSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/catalog.db"
	c, err := seed.Default()
	if err != nil {
		t.Fatal(err)
	}
	var counts []map[string]int
	for range 2 {
		s, err := OpenSQLite(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.Import(ctx, c); err != nil {
			t.Fatal(err)
		}
		counts = append(counts, rowCounts(t, s))
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(counts[0], counts[1]) || counts[0]["products"] != 84 {
		t.Errorf("row counts across restarts: %v vs %v", counts[0], counts[1])
	}
}
