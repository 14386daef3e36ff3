// Package callctx carries the request context of a shopper (session, brand, locale, request id,
// client address) from the gateway through every service as one gRPC metadata entry (MDCall).
package callctx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/netip"
	"strconv"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// Metadata keys; gRPC requires lower case.
const (
	// MDCall carries the whole call context in one entry, fields in a fixed order (FormatCall).
	// One entry instead of five: each metadata entry costs an HPACK field on both sides, a map
	// entry with its own slice and strings on the server, and a lookup that copies the values
	// (issue 26: the five headers were a good part of the warm hop's allocations).
	MDCall = "x-call"

	// The five keys below are how the call context travelled before MDCall. Nothing sends them
	// any more; a server still reads them when a call has no MDCall, so a caller one release
	// behind keeps working during a rollout (docs/operations.md: services a version apart keep
	// talking). To be removed once every deployed caller sends MDCall. The names also name the
	// fields of MDCall in the docs and the contracts' comments.
	MDSessionID = "x-session-id"
	MDBrandID   = "x-brand-id"
	MDLocale    = "x-locale"
	MDRequestID = "x-request-id"
	// MDClientIP is the visitor's address as the gateway saw it, for per-address rate limits.
	MDClientIP = "x-client-ip"

	// MDAnsweredBy is the trailer the platform's server chain (grpcserver) puts on every error
	// status a handler answered, or that a handler's recovered panic became, with the service's
	// name: a status with it is an answer of the server application, one without it a failure of
	// the transport (no connection, reset, no answer within the deadline). The platform's client
	// (grpcclient) counts only the latter against the backend.
	MDAnsweredBy = "x-answered-by"
)

// Values is the request context every service may rely on.
type Values struct {
	SessionID string
	BrandID   int32
	Locale    string
	RequestID string
	// ClientIP is the visitor's address (the first untrusted hop), set by the gateway only.
	ClientIP string
}

type ctxKey struct{}

// With returns a copy of ctx carrying v.
func With(ctx context.Context, v Values) context.Context {
	return context.WithValue(ctx, ctxKey{}, v)
}

// From returns the Values in ctx, or the zero Values when there are none.
func From(ctx context.Context) Values {
	v, _ := ctx.Value(ctxKey{}).(Values)
	return v
}

// NewRequestID returns a random 16-byte hex id.
func NewRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

// ToOutgoing appends v to the outgoing metadata of ctx as one MDCall entry; nothing when every
// field is empty.
func ToOutgoing(ctx context.Context, v Values) context.Context {
	call := FormatCall(v)
	if call == "" {
		return ctx
	}
	// Drop an entry already present so a forwarded call does not send two conflicting values.
	if md, ok := metadata.FromOutgoingContext(ctx); ok && len(md[MDCall]) > 0 {
		md = md.Copy()
		md.Delete(MDCall)
		ctx = metadata.NewOutgoingContext(ctx, md)
	}
	return metadata.AppendToOutgoingContext(ctx, MDCall, call)
}

// FromIncoming reads Values from the incoming metadata of ctx: the MDCall entry, or the five
// entries of a caller a release behind when there is none. A malformed MDCall reads as the zero
// Values (ParseCall); a malformed brand id as 0 (unknown brand) rather than failing the call: the
// service decides whether it needs one.
func FromIncoming(ctx context.Context) Values {
	// Key by key rather than metadata.FromIncomingContext, which copies the whole metadata (every
	// header of the call) only for one value to be read from the copy.
	if vals := metadata.ValueFromIncomingContext(ctx, MDCall); len(vals) > 0 {
		v, _ := ParseCall(vals[0])
		return v
	}
	return fromLegacyIncoming(ctx)
}

// fromLegacyIncoming reads the five entries callers sent before MDCall.
func fromLegacyIncoming(ctx context.Context) Values {
	first := func(key string) string {
		if vals := metadata.ValueFromIncomingContext(ctx, key); len(vals) > 0 {
			return strings.TrimSpace(vals[0])
		}
		return ""
	}
	return Values{
		SessionID: first(MDSessionID),
		BrandID:   parseBrandID(first(MDBrandID)),
		Locale:    first(MDLocale),
		RequestID: first(MDRequestID),
		ClientIP:  cleanClientIP(first(MDClientIP)),
	}
}

// cleanClientIP returns the address in raw in canonical text, or "" when raw is not an IP
// address: the address becomes a rate-limit key, and anything else is dropped rather than trusted
// as a bucket name.
func cleanClientIP(raw string) string {
	ip, err := netip.ParseAddr(raw)
	if err != nil {
		return ""
	}
	if ip.Is4() {
		// ParseAddr accepts a plain IPv4 address only in its canonical dotted form (no leading
		// zeros, no zone), so the text already is what String would build: the gateway's usual
		// case, without an allocation per call (issue 26).
		return raw
	}
	return ip.Unmap().String()
}

// parseBrandID reads a decimal brand id; anything else (empty, malformed, beyond int32) is 0.
func parseBrandID(s string) int32 {
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0
	}
	return int32(n)
}

// UnaryClientInterceptor copies the Values of the call's ctx into outgoing metadata.
func UnaryClientInterceptor() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ToOutgoing(ctx, From(ctx)), method, req, reply, cc, opts...)
	}
}

// StreamClientInterceptor is the streaming counterpart of UnaryClientInterceptor.
func StreamClientInterceptor() grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		return streamer(ToOutgoing(ctx, From(ctx)), desc, cc, method, opts...)
	}
}

// ServerContext returns ctx with the Values of its incoming metadata, as UnaryServerInterceptor
// hands them to the handler: every call gets a request id to correlate logs, generated when the
// caller sent none. For servers that run their interceptors as one function.
func ServerContext(ctx context.Context) context.Context {
	v := FromIncoming(ctx)
	if v.RequestID == "" {
		v.RequestID = NewRequestID()
	}
	return With(ctx, v)
}

// UnaryServerInterceptor puts the incoming metadata into the handler's ctx as Values, generating a
// request id when the caller sent none.
func UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		return handler(ServerContext(ctx), req)
	}
}

type serverStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *serverStream) Context() context.Context { return s.ctx }

// StreamServerInterceptor is the streaming counterpart of UnaryServerInterceptor.
func StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		return handler(srv, &serverStream{ServerStream: ss, ctx: ServerContext(ss.Context())})
	}
}
