package domainsvc

import (
	"context"
	"fmt"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// The component tests talk real gRPC to the service started once in TestMain: embedded SQLite,
// an in-process Redis-protocol server and the sandbox registry.
var (
	conn   *grpc.ClientConn
	client domainv1.DomainServiceClient
)

const sessionBudget = 20

func TestMain(m *testing.M) {
	os.Exit(runComponent(m))
}

func runComponent(m *testing.M) int {
	dir, err := os.MkdirTemp("", "domainsvc-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	mr, err := miniredis.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer mr.Close()

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cfg := Config{EmbeddedStores: true,
		SQLitePath:      filepath.Join(dir, "domain.db"),
		RedisURL:        "redis://" + mr.Addr(),
		Seed:            true,
		Registry:        RegistrySandbox,
		RegistryTimeout: time.Second,
		CacheTTL:        time.Minute,
		LocalCacheTTL:   time.Second,
		CatalogueTTL:    time.Minute,
		RateSession:     ratelimit.Limit{Rate: sessionBudget, Period: time.Hour},
		RateIP:          ratelimit.Limit{Rate: 1000, Period: time.Hour},
		GRPC:            grpcserver.Config{ShutdownGrace: time.Second},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, lis, slog.New(slog.DiscardHandler)) }()

	conn, err = grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 5 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, "dial:", err)
		cancel()
		return 1
	}
	defer conn.Close()
	client = domainv1.NewDomainServiceClient(conn)
	if err := waitServing(conn); err != nil {
		fmt.Fprintln(os.Stderr, err)
		cancel()
		return 1
	}

	code := m.Run()
	cancel()
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "Run returned:", err)
		return 1
	}
	return code
}

func waitServing(conn *grpc.ClientConn) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return testinfra.Serving(ctx, conn, domainv1.DomainService_ServiceDesc.ServiceName)
}

// call returns a context for a visitor of brand on a session.
func call(t *testing.T, brand int32, session string) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	ctx = callctx.With(ctx, callctx.Values{BrandID: brand, SessionID: session, Locale: "de-DE"})
	return metadata.AppendToOutgoingContext(ctx, "x-client-ip", "198.51.100.7")
}

func TestListTldsAndGroups(t *testing.T) {
	resp, err := client.ListTlds(call(t, 1, "lists"), &domainv1.ListTldsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetTlds()) < 40 {
		t.Fatalf("%d TLDs, want at least 40", len(resp.GetTlds()))
	}
	de := resp.GetTlds()[0]
	if de.GetTld() != "de" || de.GetPriceCents() != 99 || de.GetIntervalVat() != 19 || !de.GetTopTld() ||
		de.GetGroupName() != "Beliebte Endungen" || de.GetPrice().GetContractGrossCents() != 1414 || len(de.GetAdditionalFields()) != 2 {
		t.Errorf("first TLD = %v", de)
	}
	at, err := client.ListTlds(call(t, 2, "lists"), &domainv1.ListTldsRequest{})
	if err != nil || at.GetTlds()[0].GetTld() != "at" || at.GetTlds()[0].GetIntervalVat() != 20 {
		t.Errorf("Alpenhost's first TLD = %v, %v", at.GetTlds()[0], err)
	}
	groups, err := client.ListDomainGroups(call(t, 1, "lists"), &domainv1.ListDomainGroupsRequest{})
	if err != nil || len(groups.GetDomainGroups()) != 5 || len(groups.GetDomainGroups()[0].GetTlds()) == 0 {
		t.Errorf("groups = %v, %v", groups, err)
	}
	if _, err := client.ListTlds(call(t, 0, "lists"), &domainv1.ListTldsRequest{}); status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != "brand.required" {
		t.Errorf("without brand: %v", err)
	}
}

func TestNormalizeSearchOverGRPC(t *testing.T) {
	ok, err := client.NormalizeSearch(call(t, 1, "norm"), &domainv1.NormalizeSearchRequest{Input: "WWW.Müller.DE."})
	if err != nil {
		t.Fatal(err)
	}
	s := ok.GetSearch()
	if !ok.GetValid() || s.GetSld() != "xn--mller-kva" || s.GetDomain() != "xn--mller-kva.de" || s.GetDomainUnicode() != "müller.de" || !s.GetIdn() || !s.GetReduced() {
		t.Errorf("normalised = %v", ok)
	}
	bad, err := client.NormalizeSearch(call(t, 1, "norm"), &domainv1.NormalizeSearchRequest{Input: "my shop@home"})
	if err != nil {
		t.Fatal(err)
	}
	if bad.GetValid() || bad.GetError().GetKey() != "domain.input_invalid" || fmt.Sprint(bad.GetError().GetChars()) != "[  @]" {
		t.Errorf("invalid input = %v", bad)
	}
	sub, err := client.NormalizeSearch(call(t, 1, "norm"), &domainv1.NormalizeSearchRequest{Input: "blog.shop.example.co.uk"})
	if err != nil || sub.GetSearch().GetDomain() != "example.co.uk" {
		t.Errorf("subdomain of co.uk = %v, %v", sub, err)
	}
}

func TestCheckAvailabilityOverGRPC(t *testing.T) {
	ctx := call(t, 1, "avail")
	req := &domainv1.CheckAvailabilityRequest{
		Domains:  []string{"freeplace.de", "takenplace.com", "reservedplace.net", "WWW.shop.freeplace.eu.", "bäckerei.at"},
		FreeTlds: []string{"de"},
	}
	resp, err := client.CheckAvailability(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	rs := resp.GetResults()
	if len(rs) != 5 {
		t.Fatalf("%d results", len(rs))
	}
	want := []struct {
		domain    string
		status    int32
		text      string
		inclusive bool
	}{
		{"freeplace.de", 0, "domain.status.available", true},
		{"takenplace.com", 1, "domain.status.taken", false},
		{"reservedplace.net", 2, "domain.status.unavailable", false},
		{"freeplace.eu", 0, "domain.status.available", false},
	}
	for i, w := range want {
		r := rs[i]
		if r.GetDomain() != w.domain || r.GetStatus() != w.status || r.GetStatusText() != w.text || r.GetInclusive() != w.inclusive {
			t.Errorf("result %d = %v, want %+v", i, r, w)
		}
	}
	if !rs[1].GetAuthcode() || rs[0].GetAuthcode() {
		t.Errorf("authcode flags: taken %v, available %v", rs[1].GetAuthcode(), rs[0].GetAuthcode())
	}
	if rs[4].GetDomain() != "xn--bckerei-5wa.at" || rs[4].GetDomainUnicode() != "bäckerei.at" || rs[4].GetTld() != "at" {
		t.Errorf("IDN result = %v", rs[4])
	}
	again, err := client.CheckAvailability(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range again.GetResults() {
		if !r.GetCached() {
			t.Errorf("%s not served from the cache on the second check", r.GetDomain())
		}
	}

	_, err = client.CheckAvailability(ctx, &domainv1.CheckAvailabilityRequest{Domains: []string{"a1.de", "a2.de", "a3.de", "a4.de", "a5.de", "a6.de"}})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || st.Message() != "domain.too_many_names" {
		t.Errorf("6 names: %v", err)
	}
	_, err = client.CheckAvailability(ctx, &domainv1.CheckAvailabilityRequest{Domains: []string{"fine.de", "ex!ample.de"}})
	st := status.Convert(err)
	if st.Code() != codes.InvalidArgument || st.Message() != "domain.input_invalid" {
		t.Fatalf("forbidden chars: %v", err)
	}
	var chars string
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			chars = info.GetMetadata()["chars"]
		}
	}
	if chars != "!" {
		t.Errorf("offending characters in the details = %q, want !", chars)
	}
}

func TestSearchGroupRecommendationsAndFullDomain(t *testing.T) {
	ctx := call(t, 1, "search")
	page, err := client.SearchGroup(ctx, &domainv1.SearchGroupRequest{Domain: "mein-laden", GroupId: 2, Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.GetResults()) != 4 || !page.GetHasMore() || page.GetNextOffset() != 4 || page.GetTotal() < 10 {
		t.Errorf("first page = total %d next %d more %v results %d", page.GetTotal(), page.GetNextOffset(), page.GetHasMore(), len(page.GetResults()))
	}
	last, err := client.SearchGroup(ctx, &domainv1.SearchGroupRequest{Domain: "mein-laden", GroupId: 2, Offset: page.GetTotal() - 1, Limit: 4})
	if err != nil || len(last.GetResults()) != 1 || last.GetHasMore() || last.GetNextOffset() != page.GetTotal() {
		t.Errorf("last page = %v, %v", last, err)
	}
	if _, err := client.SearchGroup(ctx, &domainv1.SearchGroupRequest{Domain: "x1", GroupId: 77}); status.Code(err) != codes.NotFound {
		t.Errorf("unknown group: %v", err)
	}

	recs, err := client.GetRecommendations(ctx, &domainv1.GetRecommendationsRequest{Domain: "takenbrand.de", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs.GetRecommendations()) == 0 || len(recs.GetRecommendations()) > 5 {
		t.Errorf("%d recommendations", len(recs.GetRecommendations()))
	}
	for _, r := range recs.GetRecommendations() {
		if r.GetStatus() != 0 {
			t.Errorf("recommended %s with status %d", r.GetDomain(), r.GetStatus())
		}
	}

	full, err := client.SearchFullDomain(ctx, &domainv1.SearchFullDomainRequest{Domain: "shop.takenhouse.co.uk"})
	if err != nil || full.GetResult().GetDomain() != "takenhouse.co.uk" || full.GetResult().GetStatus() != 1 {
		t.Errorf("full domain = %v, %v", full, err)
	}
}

func TestInclusiveAndFieldsOverGRPC(t *testing.T) {
	ctx := call(t, 1, "incl")
	inc, err := client.GetInclusiveTlds(ctx, &domainv1.GetInclusiveTldsRequest{
		FreeTlds: &domainv1.FreeTlds{Amount: 1, Domains: []string{"de", "com", "net"}},
		Domains:  []string{"mine.org", "mine.com", "mine.de"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(inc.GetInclusiveTlds()) != "[de com net]" || fmt.Sprint(inc.GetInclusiveDomains()) != "[mine.com]" || inc.GetRemaining() != 0 {
		t.Errorf("inclusive = %v", inc)
	}
	v, err := client.ValidateDomainAdditionalFields(ctx, &domainv1.ValidateDomainAdditionalFieldsRequest{
		Fields: []*domainv1.DomainFieldValue{
			{Domain: "shop.eu", FieldId: 1, Value: ""},
			{Domain: "shop.de", FieldId: 2, Value: "not a host"},
			{Domain: "fine.de", FieldId: 2, Value: "ns1.example.com"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if v.GetValid() || len(v.GetErrors()) != 2 ||
		v.GetErrors()[0].GetErrors()[0] != "validation.required" || v.GetErrors()[1].GetErrors()[0] != "validation.fqdn" {
		t.Errorf("validation = %v", v)
	}
}

func TestSessionRateLimit(t *testing.T) {
	ctx := call(t, 1, "greedy-session")
	req := &domainv1.CheckAvailabilityRequest{Domains: []string{"freeplace.de"}}
	for i := range sessionBudget {
		if _, err := client.CheckAvailability(ctx, req); err != nil {
			t.Fatalf("call %d within the budget: %v", i, err)
		}
	}
	_, err := client.CheckAvailability(ctx, req)
	st := status.Convert(err)
	if st.Code() != codes.ResourceExhausted || st.Message() != "domain.too_many_requests" {
		t.Fatalf("call over the budget: %v, want RESOURCE_EXHAUSTED", err)
	}
	var delay time.Duration
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			delay = ri.GetRetryDelay().AsDuration()
		}
	}
	if delay <= 0 {
		t.Errorf("no retry delay in %v", st.Details())
	}
	// Reads that never reach the registry are not limited.
	if _, err := client.ListTlds(ctx, &domainv1.ListTldsRequest{}); err != nil {
		t.Errorf("ListTlds after the limit: %v", err)
	}
	if _, err := client.CheckAvailability(call(t, 1, "other-session"), req); err != nil {
		t.Errorf("other session limited: %v", err)
	}
}
