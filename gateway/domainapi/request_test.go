package domainapi

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestValidNames(t *testing.T) {
	tests := []struct {
		names []string
		max   int
		want  string
	}{
		{[]string{"a.de"}, 5, ""},
		{[]string{"a.de", "b.de", "c.de", "d.de", "e.de"}, 5, ""},
		{nil, 5, KeyNamesRequired},
		{[]string{"a", "b", "c", "d", "e", "f"}, 5, KeyTooManyNames},
		{[]string{strings.Repeat("x", maxInputBytes+1)}, 5, KeyInputTooLong},
	}
	for _, tt := range tests {
		key, ok := validNames(tt.names, tt.max)
		if key != tt.want || ok != (tt.want == "") {
			t.Errorf("validNames(%d names) = %q, %v; want %q", len(tt.names), key, ok, tt.want)
		}
	}
}

func TestPositiveIDAndPaging(t *testing.T) {
	for in, want := range map[string]int32{"1": 1, "2147483647": 2147483647} {
		if got, ok := positiveID(in, false); !ok || got != want {
			t.Errorf("positiveID(%q) = %d, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"0", "-1", "x", "2147483648", "1.5", ""} {
		if _, ok := positiveID(bad, false); ok {
			t.Errorf("positiveID(%q) accepted", bad)
		}
	}
	if id, ok := positiveID("", true); !ok || id != 0 {
		t.Errorf("optional empty id = %d, %v", id, ok)
	}
	if n, ok := nonNegative(""); !ok || n != 0 {
		t.Errorf("nonNegative(\"\") = %d, %v", n, ok)
	}
	if _, ok := nonNegative("-1"); ok {
		t.Error("negative offset accepted")
	}
}

func TestDecodeNamesBodyLimitsSize(t *testing.T) {
	huge := `{"domains":["` + strings.Repeat("a", maxBodyBytes) + `"]}`
	if _, err := decodeNamesBody(httptest.NewRequest("POST", "/", strings.NewReader(huge))); err == nil {
		t.Fatal("body over the limit accepted")
	}
	body, err := decodeNamesBody(httptest.NewRequest("POST", "/", strings.NewReader(`{"domains":["a.de"],"product_id":7,"extra":1}`)))
	if err != nil || body.ProductID != 7 || len(body.Domains) != 1 {
		t.Fatalf("decode = %+v, %v", body, err)
	}
}
