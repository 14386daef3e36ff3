package config

import (
	"testing"
	"time"
)

func TestString(t *testing.T) {
	t.Setenv("CFG_TEST_STR", "  value ")
	if got := String("CFG_TEST_STR", "def"); got != "value" {
		t.Errorf("String = %q, want trimmed value", got)
	}
	t.Setenv("CFG_TEST_BLANK", "   ")
	if got := String("CFG_TEST_BLANK", "def"); got != "def" {
		t.Errorf("blank String = %q, want def", got)
	}
	if got := String("CFG_TEST_UNSET_XYZ", "def"); got != "def" {
		t.Errorf("unset String = %q, want def", got)
	}
}

func TestInt(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
	}{
		{"42", 42}, {"-3", -3}, {" 7 ", 7}, {"4x", 9}, {"", 9}, {"1.5", 9},
	} {
		t.Setenv("CFG_TEST_INT", tc.raw)
		if got := Int("CFG_TEST_INT", 9); got != tc.want {
			t.Errorf("Int(%q) = %d, want %d", tc.raw, got, tc.want)
		}
	}
}

func TestBool(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		def  bool
		want bool
	}{
		{"true", false, true}, {"1", false, true}, {"FALSE", true, false}, {"0", true, false},
		{"yes", true, true}, {"yes", false, false}, {"", true, true},
	} {
		t.Setenv("CFG_TEST_BOOL", tc.raw)
		if got := Bool("CFG_TEST_BOOL", tc.def); got != tc.want {
			t.Errorf("Bool(%q, %v) = %v, want %v", tc.raw, tc.def, got, tc.want)
		}
	}
}

func TestDuration(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want time.Duration
	}{
		{"250ms", 250 * time.Millisecond}, {"1m30s", 90 * time.Second}, {"5", time.Second}, {"soon", time.Second}, {"", time.Second},
	} {
		t.Setenv("CFG_TEST_DUR", tc.raw)
		if got := Duration("CFG_TEST_DUR", time.Second); got != tc.want {
			t.Errorf("Duration(%q) = %v, want %v", tc.raw, got, tc.want)
		}
	}
}

func TestMap(t *testing.T) {
	t.Setenv("TEST_MAP", " https://login.example=http://127.0.0.1:5/oidc?a=b , broken, =x, c=3")
	got := Map("TEST_MAP")
	want := map[string]string{"https://login.example": "http://127.0.0.1:5/oidc?a=b", "c": "3"}
	if len(got) != len(want) {
		t.Fatalf("Map = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("Map[%q] = %q, want %q", k, got[k], v)
		}
	}
	if m := Map("TEST_MAP_UNSET"); m == nil || len(m) != 0 {
		t.Fatalf("unset: %v", m)
	}
}
