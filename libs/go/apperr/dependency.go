package apperr

import (
	"errors"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// An outside system's outage (the contract transfer provider, VIES, a card provider, a registry)
// says nothing about the health of the service that called it: the service answered, about that
// one call. Status marks such answers with a google.rpc.ErrorInfo whose reason is
// ReasonDependencyUnavailable and whose metadata names the dependency, so callers see which
// outside system is away, and the platform's gRPC client (grpcclient) never counts the answer
// as a failure of the service (docs/operations.md "Failure behaviour").
const (
	ReasonDependencyUnavailable = "DEPENDENCY_UNAVAILABLE"
	// MetadataDependency is the ErrorInfo metadata key that names the dependency.
	MetadataDependency = "dependency"
)

// DependencyNamer is an error about an outside system the service depends on; Dependency names
// it, e.g. "contract-transfer". Status answers an outage (Unavailable, DeadlineExceeded) whose
// chain holds one with the ReasonDependencyUnavailable detail.
type DependencyNamer interface{ Dependency() string }

// Outage is the error of an outside system that did not answer usably: Unavailable, with the
// message key users see and the dependency's name.
type Outage struct {
	dependency string
	key        string
}

// NewOutage returns the outage of dependency answered with key, e.g.
// NewOutage("contract-transfer", "domain.contract_transfer_unavailable").
func NewOutage(dependency, key string) *Outage { return &Outage{dependency: dependency, key: key} }

func (e *Outage) Error() string { return e.key }

// Unwrap makes an outage Unavailable.
func (e *Outage) Unwrap() error { return Unavailable }

// MessageKey is the key users see.
func (e *Outage) MessageKey() string { return e.key }

// Dependency names the outside system.
func (e *Outage) Dependency() string { return e.dependency }

// WithDependency names dependency as the outside system err is about, keeping err's kind, key and
// identity (errors.Is(WithDependency(d, err), err) holds): for adapters whose outage is an existing
// error, e.g. WithDependency("card-provider", ErrUnavailable). When err is an outage (Unavailable,
// DeadlineExceeded) Status marks it with the ReasonDependencyUnavailable detail, so no caller
// retries it or counts it against the service; nil stays nil.
func WithDependency(dependency string, err error) error {
	if err == nil {
		return nil
	}
	return &dependencyError{dependency: dependency, err: err}
}

type dependencyError struct {
	dependency string
	err        error
}

func (e *dependencyError) Error() string      { return e.err.Error() }
func (e *dependencyError) Unwrap() error      { return e.err }
func (e *dependencyError) Dependency() string { return e.dependency }

// dependencyInfo is the detail of err's outage of an outside system, nil when err names none.
func (o Origin) dependencyInfo(err error) *errdetails.ErrorInfo {
	var dn DependencyNamer
	if !errors.As(err, &dn) || dn.Dependency() == "" {
		return nil
	}
	return &errdetails.ErrorInfo{
		Reason:   ReasonDependencyUnavailable,
		Domain:   o.ErrorDomain,
		Metadata: map[string]string{MetadataDependency: dn.Dependency()},
	}
}

// DependencyDown returns the outside system a gRPC status error says is down (the metadata of its
// ReasonDependencyUnavailable detail), or "" when err is no such answer.
func DependencyDown(err error) string {
	st, ok := status.FromError(err)
	if !ok || st == nil {
		return ""
	}
	for _, d := range st.Proto().GetDetails() {
		// Decoding only the ErrorInfo details: the others (BadRequest, RetryInfo) say nothing
		// about dependencies.
		if d.MessageName() != "google.rpc.ErrorInfo" {
			continue
		}
		var info errdetails.ErrorInfo
		if d.UnmarshalTo(&info) != nil || info.GetReason() != ReasonDependencyUnavailable {
			continue
		}
		if name := info.GetMetadata()[MetadataDependency]; name != "" {
			return name
		}
	}
	return ""
}
