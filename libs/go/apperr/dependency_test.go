package apperr_test

import (
	"errors"
	"fmt"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
)

var errTransferDown = apperr.NewOutage("contract-transfer", "shop.contract_transfer_unavailable")

// An outside system's outage is answered Unavailable with its own key and a detail naming the
// dependency, however deep the adapter wrapped it; the caller reads the name back.
func TestOutageNamesTheDependency(t *testing.T) {
	err := fmt.Errorf("transfer T-503: %w: %w", errTransferDown, errors.New("connection refused"))
	if !errors.Is(err, apperr.Unavailable) || !errors.Is(err, errTransferDown) {
		t.Fatalf("outage %v is not Unavailable", err)
	}
	st := origin.Status(err, "")
	if st.Code() != codes.Unavailable || st.Message() != "shop.contract_transfer_unavailable" {
		t.Fatalf("status = %v %q", st.Code(), st.Message())
	}
	if got := fmt.Sprint(details(st)); got != "[info DEPENDENCY_UNAVAILABLE@shop.checkout.hostcart map[dependency:contract-transfer]]" {
		t.Fatalf("details = %s", got)
	}
	if got := apperr.DependencyDown(st.Err()); got != "contract-transfer" {
		t.Fatalf("DependencyDown = %q", got)
	}
}

// Only outages of an outside system carry the detail: the service's own outage (its database)
// and answers about the caller do not, and nothing else reads as one.
func TestDependencyDownOnlyForNamedOutages(t *testing.T) {
	for name, err := range map[string]error{
		"own outage":      origin.Err(fmt.Errorf("select: %w", apperr.Unavailable), ""),
		"not found":       origin.Err(apperr.New(apperr.NotFound, "shop.not_found"), ""),
		"params":          origin.Err(&limited{}, ""),
		"bare status":     status.Error(codes.Unavailable, "down"),
		"no status":       errors.New("plain"),
		"nil":             nil,
		"other reason":    mustDetails(status.New(codes.Unavailable, "x"), "OTHER", "contract-transfer"),
		"unnamed":         mustDetails(status.New(codes.Unavailable, "x"), apperr.ReasonDependencyUnavailable, ""),
		"keyed not found": origin.Err(fmt.Errorf("%w: %w", apperr.New(apperr.NotFound, "shop.not_found"), errTransferDown), ""),
	} {
		if got := apperr.DependencyDown(err); got != "" {
			t.Errorf("%s: DependencyDown = %q, want none", name, got)
		}
	}
}

func mustDetails(st *status.Status, reason, dependency string) error {
	withInfo, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Metadata: map[string]string{apperr.MetadataDependency: dependency}})
	if err != nil {
		panic(err)
	}
	return withInfo.Err()
}

// WithDependency names the outside system of an existing outage: its kind, key and identity stay,
// and its status carries the detail; an error about the caller (not an outage) gets none.
func TestWithDependencyNamesAnExistingOutage(t *testing.T) {
	errDown := fmt.Errorf("card provider unavailable: %w", apperr.Unavailable)
	named := apperr.WithDependency("card-provider", errDown)
	err := fmt.Errorf("create payment: %w: %w", named, errors.New("connection refused"))
	if !errors.Is(err, errDown) || !errors.Is(err, named) || apperr.Code(err) != codes.Unavailable {
		t.Fatalf("named outage %v lost its identity or kind", err)
	}
	st := origin.Status(err, "")
	if st.Code() != codes.Unavailable || apperr.DependencyDown(st.Err()) != "card-provider" {
		t.Fatalf("status %v %q, dependency %q", st.Code(), st.Message(), apperr.DependencyDown(st.Err()))
	}
	refused := apperr.WithDependency("card-provider", apperr.New(apperr.FailedPrecondition, "payment.refused"))
	if st := origin.Status(refused, ""); st.Message() != "payment.refused" || apperr.DependencyDown(st.Err()) != "" {
		t.Fatalf("an answer about the caller named the dependency as down: %v", st)
	}
	if apperr.WithDependency("x", nil) != nil {
		t.Fatal("nil became an error")
	}
}
