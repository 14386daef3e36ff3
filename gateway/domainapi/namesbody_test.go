package domainapi

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var namesBodySeeds = []string{
	`{"domains":["a.de","b.com"]}`,
	`{"domains":["lt-warm-1.de","lt-warm-1.com","lt-warm-1.net","lt-warm-1.eu","lt-warm-1.org"],"product_id":7}`,
	` { "domains" : [ "müller.de" ] , "already_used" : 2 } trailing`,
	`{"domains":[]}`,
	`{}`,
	`{"domains":null}`,
	`{"Domains":["a.de"]}`,
	`{"domains":["a\u002ede"]}`,
	`{"domains":["a.de"],"domains":["b.de"]}`,
	`{"domains":["a.de"],"product_id":1.5}`,
	`{"domains":["a.de"],"product_id":1e3}`,
	`{"domains":["a.de"],"product_id":007}`,
	`{"domains":["a.de"],"product_id":-0}`,
	`{"domains":["a.de"],"product_id":2147483648}`,
	`{"domains":["a.de"],"product_id":-2147483648}`,
	`{"domains":["a.de",]}`,
	`{"domains":["a.de"],}`,
	"{\"domains\":[\"a\xffb\"]}",
	`{"domains":["a.de"]`,
	`[]`,
	``,
}

// checkNamesBodyFastPath: the fast path may only accept what encoding/json decodes, and must then
// agree with it (route 0 of FuzzDomainRequests).
func checkNamesBodyFastPath(t *testing.T, s string) {
	t.Helper()
	got, ok := parseNamesBody([]byte(s))
	if !ok {
		return
	}
	var want namesBody
	if err := json.Unmarshal(firstValue(t, s), &want); err != nil {
		t.Fatalf("fast path accepted %q, encoding/json refuses it: %v", s, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: fast path %+v, encoding/json %+v", s, got, want)
	}
}

// firstValue cuts s after its first JSON value, which is all a json.Decoder reads.
func firstValue(t *testing.T, s string) []byte {
	t.Helper()
	var raw json.RawMessage
	if err := json.NewDecoder(strings.NewReader(s)).Decode(&raw); err != nil {
		t.Fatalf("fast path accepted %q, which is no JSON value: %v", s, err)
	}
	return raw
}

func TestParseNamesBodyFastPath(t *testing.T) {
	body, ok := parseNamesBody([]byte(namesBodySeeds[1]))
	if !ok || len(body.Domains) != 5 || body.Domains[4] != "lt-warm-1.org" || body.ProductID != 7 {
		t.Fatalf("plain body: %+v, %v", body, ok)
	}
	for _, s := range []string{`{"Domains":["a.de"]}`, `{"domains":["a\u002ede"]}`, `{"domains":null}`, `{"domains":["a.de"],"product_id":1.5}`} {
		if _, ok := parseNamesBody([]byte(s)); ok {
			t.Errorf("%s: want it left to encoding/json", s)
		}
	}
}

// The plain body costs two allocations whatever the number of names: the list and one string
// the names are cut from (issue 26: this runs on every lookup batch).
func TestParseNamesBodyAllocations(t *testing.T) {
	data := []byte(` { "domains" : [ "lt-warm-1.de" , "lt-warm-1.com","müller.de", "", "lt-warm-1.org" ] } `)
	body, ok := parseNamesBody(data)
	if want := []string{"lt-warm-1.de", "lt-warm-1.com", "müller.de", "", "lt-warm-1.org"}; !ok || !slices.Equal(body.Domains, want) {
		t.Fatalf("got %q, %v; want %q", body.Domains, ok, want)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = parseNamesBody(data) }); n > 2 {
		t.Errorf("%v allocations per body, want at most 2", n)
	}
}
