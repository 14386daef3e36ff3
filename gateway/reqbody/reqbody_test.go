package reqbody

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	raw, err := Read(httptest.NewRequest("POST", "/", strings.NewReader("12345")), 5)
	if err != nil || string(raw) != "12345" {
		t.Fatalf("at the limit: %q, %v", raw, err)
	}
	if _, err := Read(httptest.NewRequest("POST", "/", strings.NewReader("123456")), 5); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
}
