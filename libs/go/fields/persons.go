package fields

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// MaxPersons is the most additional tenants a persons value may list (spec §5).
const MaxPersons = 11

// checkPersons validates the additional-tenants value {"persons":[{"first_name","last_name"}]}.
// A person with both names (after trimming) counts; one with neither is ignored, as the form does
// not save it; one with only one name is incomplete. The JSON is decoded into generic values
// because encoding/json would otherwise match "First_Name" to a first_name field, which
// JavaScript's JSON.parse does not.
func checkPersons(v string) ([]Violation, bool) {
	complete, ok := countPersons(v)
	var out []Violation
	if !ok {
		out = append(out, violation(KeyPersons))
	}
	if complete > MaxPersons {
		out = append(out, violation(KeyPersonsMax, "max", strconv.Itoa(MaxPersons)))
	}
	return out, len(out) == 0
}

// countPersons returns the number of complete persons and whether the value is well formed with no
// incomplete person.
func countPersons(v string) (int, bool) {
	// UseNumber: numbers elsewhere in the document (1e999) must not fail the parse, as they do not
	// in JavaScript.
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return 0, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return 0, false // trailing data after the document
	}
	obj, isObj := doc.(map[string]any)
	if !isObj {
		return 0, false
	}
	raw, present := obj["persons"]
	if !present {
		return 0, true
	}
	list, isList := raw.([]any)
	if !isList {
		return 0, false
	}
	complete, ok := 0, true
	for _, item := range list {
		person, isObj := item.(map[string]any)
		if !isObj {
			ok = false
			continue
		}
		first, okFirst := name(person["first_name"])
		last, okLast := name(person["last_name"])
		switch {
		case !okFirst || !okLast:
			ok = false
		case first && last:
			complete++
		case first != last:
			ok = false
		}
	}
	return complete, ok
}

// name reports whether a person's name field is filled; absent and null count as empty, anything
// but a string is malformed.
func name(v any) (filled, ok bool) {
	switch s := v.(type) {
	case nil:
		return false, true
	case string:
		return Trim(s) != "", true
	}
	return false, false
}
