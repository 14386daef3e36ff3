// Package jsontypes writes TypeScript interfaces of the JSON answers the gateway builds itself
// (Go structs, not protojson of a gRPC contract: those types come from libs/proto through
// frontend/libs/shared/api-types' ApiJson). The frontend imports the generated file instead of
// copying the shapes by hand, and the package's test fails when the file no longer matches the
// structs (`go test ./jsontypes/ -update` in gateway rewrites it).
//
// The rules follow encoding/json: a field's name is its json tag's (fields tagged "-" and
// unexported ones are left out), omitempty makes it optional, a pointer without omitempty may be
// null, time.Time is an RFC 3339 string, numbers are number. A `ts` struct tag gives the
// TypeScript type where the Go type says less (a string of a few values: `ts:"'a' | 'b'"`).
package jsontypes

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Type is one answer type: Value is a zero value of the Go struct, Name its TypeScript name, Doc
// the interface's comment.
type Type struct {
	Value any
	Name  string
	Doc   string
}

var timeType = reflect.TypeFor[time.Time]()

// module is left out of the Go type names the comments give (gateway/adminauth.AdminJSON).
const module = "github.com/hostcart/checkout/"

// TypeScript renders the types as TypeScript interfaces under header, in the order given. Every
// struct a field refers to must be among the types.
func TypeScript(header string, types []Type) (string, error) {
	names := map[reflect.Type]string{}
	for _, t := range types {
		rt := reflect.TypeOf(t.Value)
		if rt.Kind() != reflect.Struct {
			return "", fmt.Errorf("jsontypes: %s is %s, not a struct", t.Name, rt)
		}
		names[rt] = t.Name
	}
	var b strings.Builder
	b.WriteString(header)
	for _, t := range types {
		rt := reflect.TypeOf(t.Value)
		fmt.Fprintf(&b, "\n/** %s Go: %s.%s. */\nexport interface %s {\n", t.Doc, strings.TrimPrefix(rt.PkgPath(), module), rt.Name(), t.Name)
		for i := range rt.NumField() {
			f := rt.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" && opts == "" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
			ts, err := tsType(f.Type, names, optional)
			if err != nil {
				return "", fmt.Errorf("jsontypes: %s.%s: %w", t.Name, f.Name, err)
			}
			if tag, ok := f.Tag.Lookup("ts"); ok {
				ts = tag
			}
			mark := ""
			if optional {
				mark = "?"
			}
			fmt.Fprintf(&b, "  %s%s: %s;\n", name, mark, ts)
		}
		b.WriteString("}\n")
	}
	return b.String(), nil
}

// tsType is the TypeScript type of a Go type as encoding/json writes it. A nil pointer is null
// unless the field is optional (omitempty leaves it out).
func tsType(t reflect.Type, names map[reflect.Type]string, optional bool) (string, error) {
	if t == timeType {
		return "string", nil
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Slice:
		elem, err := tsType(t.Elem(), names, false)
		if err != nil {
			return "", err
		}
		if strings.Contains(elem, " ") {
			elem = "(" + elem + ")"
		}
		return elem + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("map key %s is not a string", t.Key())
		}
		elem, err := tsType(t.Elem(), names, false)
		if err != nil {
			return "", err
		}
		return "Record<string, " + elem + ">", nil
	case reflect.Pointer:
		elem, err := tsType(t.Elem(), names, false)
		if err != nil || optional {
			return elem, err
		}
		return elem + " | null", nil
	case reflect.Struct:
		if name, ok := names[t]; ok {
			return name, nil
		}
		return "", fmt.Errorf("struct %s is not among the types", t)
	}
	return "", fmt.Errorf("no TypeScript type for %s", t)
}
