package apperr

import (
	"errors"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"
)

// KeyInternal is the message key of a failure that carries no key and is no outage: users learn
// that something went wrong, the error's text stays in the service's logs.
const KeyInternal = "error.something_went_wrong"

// Origin is what a service puts into every status it answers with.
type Origin struct {
	// ErrorDomain names the service in google.rpc.ErrorInfo details, e.g. "domain.checkout.hostcart".
	ErrorDomain string
	// UnavailableKey is the message key of an outage that carries none of its own, e.g.
	// "catalog.unavailable", so the UI can say which part of the shop is down.
	UnavailableKey string
}

// Status turns err into the status a service answers with. Its message is always a message key the
// gateway can hand to the UI: err's own, else UnavailableKey for outages, else KeyInternal. Details
// carry what a key alone cannot:
//   - google.rpc.BadRequest for a keyed invalid argument: one violation per field and key when an
//     error in the chain is a FieldViolator (a refused form), else naming field when it is not
//     empty (the request field the RPC reports rejected input under);
//   - google.rpc.RetryInfo, when an error in the chain is a RetryHinter;
//   - google.rpc.ErrorInfo with the key as reason and the params as metadata, when an error in the
//     chain is a ParamCarrier;
//   - google.rpc.ErrorInfo with the reason ReasonDependencyUnavailable and the dependency's name,
//     for an outage (Unavailable, DeadlineExceeded) of an outside system: an error in the chain is
//     a DependencyNamer (Outage).
func (o Origin) Status(err error, field string) *status.Status {
	code := Code(err)
	key := MessageKey(err)
	ownKey := key != ""
	if !ownKey {
		key = KeyInternal
		if code == codes.Unavailable && o.UnavailableKey != "" {
			key = o.UnavailableKey
		}
	}
	st := status.New(code, key)

	var details []protoadapt.MessageV1
	if ownKey && code == codes.InvalidArgument {
		if br := fieldViolations(err, field, key); br != nil {
			details = append(details, br)
		}
	}
	var rh RetryHinter
	if errors.As(err, &rh) {
		details = append(details, &errdetails.RetryInfo{RetryDelay: durationpb.New(rh.RetryDelay())})
	}
	var pc ParamCarrier
	if errors.As(err, &pc) {
		details = append(details, &errdetails.ErrorInfo{Reason: key, Domain: o.ErrorDomain, Metadata: pc.Params()})
	}
	if code == codes.Unavailable || code == codes.DeadlineExceeded {
		if info := o.dependencyInfo(err); info != nil {
			details = append(details, info)
		}
	}
	if len(details) == 0 {
		return st
	}
	withDetails, derr := st.WithDetails(details...)
	if derr != nil {
		// A detail that does not marshal must not cost the caller the code and key.
		return st
	}
	return withDetails
}

// Err is Status(err, field).Err(), the form a gRPC handler returns.
func (o Origin) Err(err error, field string) error { return o.Status(err, field).Err() }
