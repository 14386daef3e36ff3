package grpcclient

import (
	"context"
	"strings"
	"sync"

	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
)

// IdempotencyKeyHeader is the metadata key a caller sets to make a mutation safe to send again:
// the server answers a repeated key with the first call's result instead of acting twice.
const IdempotencyKeyHeader = "idempotency-key"

// idempotentMethods memoises Idempotent per full method name; the contract does not change while
// the process runs, and the descriptor lookup is too slow for every call.
var idempotentMethods sync.Map // string → bool

// Idempotent reports whether the contract declares a method ("/pkg.Service/Method") safe to send
// again: `option idempotency_level = NO_SIDE_EFFECTS` or `IDEMPOTENT` in its proto. A method whose
// descriptor is not linked into the binary is not idempotent, whatever its name says.
func Idempotent(fullMethod string) bool {
	if v, ok := idempotentMethods.Load(fullMethod); ok {
		return v.(bool)
	}
	v := declaredIdempotent(fullMethod)
	idempotentMethods.Store(fullMethod, v)
	return v
}

func declaredIdempotent(fullMethod string) bool {
	service, method, ok := strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
	if !ok {
		return false
	}
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	if err != nil {
		return false
	}
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return false
	}
	md := sd.Methods().ByName(protoreflect.Name(method))
	if md == nil {
		return false
	}
	opts, ok := md.Options().(*descriptorpb.MethodOptions)
	if !ok {
		return false
	}
	switch opts.GetIdempotencyLevel() {
	case descriptorpb.MethodOptions_NO_SIDE_EFFECTS, descriptorpb.MethodOptions_IDEMPOTENT:
		return true
	default:
		return false
	}
}

// hasIdempotencyKey reports whether the outgoing call carries a non-empty idempotency key.
func hasIdempotencyKey(ctx context.Context) bool {
	md, ok := metadata.FromOutgoingContext(ctx)
	if !ok {
		return false
	}
	for _, v := range md.Get(IdempotencyKeyHeader) {
		if v != "" {
			return true
		}
	}
	return false
}
