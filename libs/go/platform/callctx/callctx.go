// Package callctx carries the request context of a shopper (session, brand, locale, request id)
// from the gateway through every service as gRPC metadata.
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

// ToOutgoing appends v to the outgoing metadata of ctx; empty fields are left out so a service
// can tell "not sent" from "sent empty".
func ToOutgoing(ctx context.Context, v Values) context.Context {
	kv := make([]string, 0, 10)
	if v.SessionID != "" {
		kv = append(kv, MDSessionID, v.SessionID)
	}
	if v.BrandID != 0 {
		kv = append(kv, MDBrandID, strconv.FormatInt(int64(v.BrandID), 10))
	}
	if v.Locale != "" {
		kv = append(kv, MDLocale, v.Locale)
	}
	if v.RequestID != "" {
		kv = append(kv, MDRequestID, v.RequestID)
	}
	if v.ClientIP != "" {
		kv = append(kv, MDClientIP, v.ClientIP)
	}
	if len(kv) == 0 {
		return ctx
	}
	// Drop keys already present so a forwarded call does not send two conflicting values.
	if md, ok := metadata.FromOutgoingContext(ctx); ok {
		md = md.Copy()
		for i := 0; i < len(kv); i += 2 {
			md.Delete(kv[i])
		}
		ctx = metadata.NewOutgoingContext(ctx, md)
	}
	return metadata.AppendToOutgoingContext(ctx, kv...)
}

// FromIncoming reads Values from the incoming metadata of ctx. A malformed brand id reads as 0
// (unknown brand) rather than failing the call: the service decides whether it needs one.
func FromIncoming(ctx context.Context) Values {
	// Key by key rather than metadata.FromIncomingContext, which copies the whole metadata (every
	// header of the call) only for five values to be read from the copy.
	first := func(key string) string {
		if vals := metadata.ValueFromIncomingContext(ctx, key); len(vals) > 0 {
			return strings.TrimSpace(vals[0])
		}
		return ""
	}
	v := Values{
		SessionID: first(MDSessionID),
		Locale:    first(MDLocale),
		RequestID: first(MDRequestID),
	}
	// The address becomes a rate-limit key: anything that is not an IP address is dropped rather
	// than trusted as a bucket name.
	raw := first(MDClientIP)
	if ip, err := netip.ParseAddr(raw); err == nil {
		if ip.Is4() {
			// ParseAddr accepts a plain IPv4 address only in its canonical dotted form (no
			// leading zeros, no zone), so the text already is what String would build: the
			// gateway's usual case, without an allocation per call (issue 26).
			v.ClientIP = raw
		} else {
			v.ClientIP = ip.Unmap().String()
		}
	}
	if b := first(MDBrandID); b != "" {
		if n, err := strconv.ParseInt(b, 10, 32); err == nil {
			v.BrandID = int32(n)
		}
	}
	return v
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

// StreamWithContext returns ss answering ctx from Context, for stream interceptors that hand the
// handler a context of their own.
func StreamWithContext(ss grpc.ServerStream, ctx context.Context) grpc.ServerStream {
	return &serverStream{ServerStream: ss, ctx: ctx}
}

// StreamServerInterceptor is the streaming counterpart of UnaryServerInterceptor.
func StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		return handler(srv, StreamWithContext(ss, ServerContext(ss.Context())))
	}
}
