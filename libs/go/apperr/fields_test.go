package apperr_test

import (
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
)

func TestFieldErrorsStatus(t *testing.T) {
	err := fmt.Errorf("set basic info: %w", apperr.NewFieldErrors(map[string][]string{
		"last_name":  {"validation.required"},
		"email":      {"validation.required", "validation.email"},
		"first_name": {"validation.max_length"},
	}))
	// The field argument names the request message; the form's own fields replace it.
	st := origin.Status(err, "basic_info")
	if st.Code() != codes.InvalidArgument || st.Message() != "validation.failed" {
		t.Fatalf("status = %v %q", st.Code(), st.Message())
	}
	want := "[bad_request email=validation.required bad_request email=validation.email bad_request first_name=validation.max_length bad_request last_name=validation.required]"
	if got := fmt.Sprint(details(st)); got != want {
		t.Errorf("details = %s\nwant      %s", got, want)
	}
	if !errors.Is(err, apperr.InvalidArgument) || apperr.Code(err) != codes.InvalidArgument {
		t.Error("field errors are not an invalid argument")
	}
	if got := err.Error(); got != "set basic info: validation.failed (email: validation.required, validation.email; first_name: validation.max_length; last_name: validation.required)" {
		t.Errorf("Error() = %q", got)
	}
}

func TestNewFieldErrorsWithoutFieldsIsNil(t *testing.T) {
	if err := apperr.NewFieldErrors(nil); err != nil {
		t.Errorf("no fields: %v", err)
	}
	if err := apperr.NewFieldErrors(map[string][]string{}); err != nil {
		t.Errorf("empty fields: %v", err)
	}
}

func TestFieldErrorsAreCopied(t *testing.T) {
	in := map[string][]string{"city": {"validation.required"}}
	err := apperr.NewFieldErrors(in)
	in["city"][0] = "changed"
	in["street"] = []string{"validation.required"}
	var fv apperr.FieldViolator
	if !errors.As(err, &fv) {
		t.Fatal("not a FieldViolator")
	}
	got := fv.FieldViolations()
	got["phone"] = []string{"x.y"}
	if again := fv.FieldViolations(); fmt.Sprint(again) != "map[city:[validation.required]]" {
		t.Errorf("violations changed from outside: %v", again)
	}
}

// A service's own error type carries its own key and fields.
type formError struct{}

func (formError) Error() string      { return "form" }
func (formError) Unwrap() error      { return apperr.InvalidArgument }
func (formError) MessageKey() string { return "payment.invalid" }
func (formError) FieldViolations() map[string][]string {
	return map[string][]string{"iban": {"payment.iban_invalid"}, "": {"x.y"}}
}

func TestOwnFieldViolator(t *testing.T) {
	st := origin.Status(formError{}, "")
	if st.Message() != "payment.invalid" {
		t.Errorf("message = %q", st.Message())
	}
	// An empty field name is passed on as the service said; the gateway ignores such violations.
	if got := fmt.Sprint(details(st)); got != "[bad_request =x.y bad_request iban=payment.iban_invalid]" {
		t.Errorf("details = %s", got)
	}
	// A violator of another kind (a broken business rule) carries no field violations.
	if got := details(origin.Status(preconditionForm{}, "")); got != nil {
		t.Errorf("failed precondition details = %v", got)
	}
}

type preconditionForm struct{ formError }

func (preconditionForm) Unwrap() error { return apperr.FailedPrecondition }
