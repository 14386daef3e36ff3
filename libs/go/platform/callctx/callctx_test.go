package callctx

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// incoming turns the outgoing metadata of ctx into the incoming metadata a server would see.
func incoming(ctx context.Context) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	return metadata.NewIncomingContext(context.Background(), md)
}

func TestWithFrom(t *testing.T) {
	if got := From(context.Background()); got != (Values{}) {
		t.Fatalf("From(empty) = %+v", got)
	}
	v := Values{SessionID: "s1", BrandID: 2, Locale: "en-GB", RequestID: "r1"}
	if got := From(With(context.Background(), v)); got != v {
		t.Fatalf("From(With(v)) = %+v, want %+v", got, v)
	}
}

func TestMetadataRoundTrip(t *testing.T) {
	v := Values{SessionID: "sess", BrandID: 1234, Locale: "de-DE", RequestID: "req", ClientIP: "2001:db8::7"}
	ctx := ToOutgoing(context.Background(), v)
	md, _ := metadata.FromOutgoingContext(ctx)
	if got := md.Get(MDBrandID); len(got) != 1 || got[0] != "1234" {
		t.Fatalf("brand metadata = %v, want decimal text", got)
	}
	if got := FromIncoming(incoming(ctx)); got != v {
		t.Fatalf("round trip = %+v, want %+v", got, v)
	}
}

func TestClientIPMetadata(t *testing.T) {
	md, _ := metadata.FromOutgoingContext(ToOutgoing(context.Background(), Values{ClientIP: "203.0.113.9"}))
	if got := md.Get(MDClientIP); len(got) != 1 || got[0] != "203.0.113.9" {
		t.Fatalf("%s = %v", MDClientIP, got)
	}
	for sent, want := range map[string]string{
		" 203.0.113.9 ":         "203.0.113.9",
		"::ffff:203.0.113.9":    "203.0.113.9",
		"203.0.113.9:443":       "",
		"session:abc":           "",
		"203.0.113.9, 10.0.0.1": "",
		// IPv4 text is passed on as sent only in its canonical form (issue 26's shortcut);
		// everything else is parsed and printed again.
		"203.0.113.09":   "",
		"203.0.113.9%lo": "",
		"2001:DB8::0:1":  "2001:db8::1",
	} {
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(MDClientIP, sent))
		if got := FromIncoming(ctx).ClientIP; got != want {
			t.Errorf("FromIncoming(%q).ClientIP = %q, want %q", sent, got, want)
		}
	}
}

func TestFromIncomingMalformedBrand(t *testing.T) {
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(MDBrandID, "hostwerk", MDLocale, "de-DE"))
	got := FromIncoming(ctx)
	if got.BrandID != 0 || got.Locale != "de-DE" {
		t.Fatalf("FromIncoming = %+v, want brand 0 and locale kept", got)
	}
}

func TestClientInterceptorReplacesForwardedValues(t *testing.T) {
	ctx := metadata.AppendToOutgoingContext(context.Background(), MDLocale, "de-DE", "other", "x")
	ctx = With(ctx, Values{Locale: "en-GB"})
	var seen metadata.MD
	invoker := func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, opts ...grpc.CallOption) error {
		seen, _ = metadata.FromOutgoingContext(ctx)
		return nil
	}
	if err := UnaryClientInterceptor()(ctx, "/x.Y/Z", nil, nil, nil, invoker); err != nil {
		t.Fatal(err)
	}
	if got := seen.Get(MDLocale); len(got) != 1 || got[0] != "en-GB" {
		t.Errorf("locale metadata = %v, want only en-GB", got)
	}
	if got := seen.Get("other"); len(got) != 1 {
		t.Errorf("unrelated metadata lost: %v", seen)
	}
	if len(seen.Get(MDSessionID)) != 0 {
		t.Errorf("empty session id was sent: %v", seen)
	}
}

func TestServerInterceptorGeneratesRequestID(t *testing.T) {
	var got Values
	handler := func(ctx context.Context, req any) (any, error) {
		got = From(ctx)
		return nil, nil
	}
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(MDSessionID, "s"))
	if _, err := UnaryServerInterceptor()(ctx, nil, &grpc.UnaryServerInfo{}, handler); err != nil {
		t.Fatal(err)
	}
	if got.SessionID != "s" || len(got.RequestID) != 32 {
		t.Fatalf("values = %+v, want session kept and a generated request id", got)
	}
	first := got.RequestID
	if _, err := UnaryServerInterceptor()(ctx, nil, &grpc.UnaryServerInfo{}, handler); err != nil {
		t.Fatal(err)
	}
	if got.RequestID == first {
		t.Fatal("request ids repeat")
	}

	ctx = metadata.NewIncomingContext(context.Background(), metadata.Pairs(MDRequestID, "given"))
	if _, err := UnaryServerInterceptor()(ctx, nil, &grpc.UnaryServerInfo{}, handler); err != nil {
		t.Fatal(err)
	}
	if got.RequestID != "given" {
		t.Fatalf("request id = %q, want the caller's", got.RequestID)
	}
}
