package fields

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Parse errors. A definition whose rules fail to parse is a catalogue error, reported when the
// definition is loaded rather than ignored when a value is checked.
var (
	ErrUnknownRule = errors.New("unknown validation rule")
	ErrInvalidRule = errors.New("invalid validation rule")
)

// valueType is what the type rule (string, integer, numeric, boolean) says a value is; it decides
// whether min/max measure length or value and how in: compares.
type valueType int

const (
	typeText valueType = iota
	typeInteger
	typeNumeric
	typeBoolean
)

type argKind int

const (
	noArg argKind = iota
	needsArg
)

// ruleArgs lists every rule name and whether it takes an argument after ':'.
var ruleArgs = map[string]argKind{
	"required": noArg, "string": noArg, "integer": noArg, "numeric": noArg, "boolean": noArg,
	"in": needsArg, "min": needsArg, "max": needsArg, "same": needsArg,
	"persons": noArg, "fqdn": noArg, "secure_password": noArg, "email": noArg,
	"ipv4": noArg, "ipv6": noArg, "alpha": noArg, "alpha_num": noArg, "alpha_dash": noArg,
	"alpha_lower": noArg, "alpha_num_lower": noArg, "alpha_dash_lower": noArg, "lowercase": noArg,
}

var typeRules = map[string]valueType{
	"string": typeText, "integer": typeInteger, "numeric": typeNumeric, "boolean": typeBoolean,
}

// RuleSet is a parsed validation_rules text. The zero value has no rules and accepts everything.
type RuleSet struct {
	rules    []rule
	required bool
	valueTyp valueType
}

type rule struct {
	name   string
	arg    string
	length int      // min/max on text
	bound  *big.Rat // min/max on integer or numeric values
	values []string // in
}

// Parse reads rules separated by '|', each a name optionally followed by ':' and an argument
// ("required|string|max:100"). White space around names and arguments is ignored, as are empty
// segments. Unknown names, missing or unexpected arguments, repeated rules and more than one type
// rule are errors.
func Parse(text string) (RuleSet, error) {
	var rs RuleSet
	seen := make(map[string]bool)
	typed := ""
	for _, seg := range strings.Split(text, "|") {
		seg = Trim(seg)
		if seg == "" {
			continue
		}
		name, arg, hasArg := strings.Cut(seg, ":")
		name, arg = Trim(name), Trim(arg)
		kind, known := ruleArgs[name]
		switch {
		case !known:
			return RuleSet{}, fmt.Errorf("%w %q", ErrUnknownRule, name)
		case seen[name]:
			return RuleSet{}, fmt.Errorf("%w: %q appears twice", ErrInvalidRule, name)
		case kind == noArg && hasArg:
			return RuleSet{}, fmt.Errorf("%w: %q takes no argument", ErrInvalidRule, name)
		case kind == needsArg && arg == "":
			return RuleSet{}, fmt.Errorf("%w: %q needs an argument", ErrInvalidRule, name)
		}
		seen[name] = true
		if t, ok := typeRules[name]; ok {
			if typed != "" {
				return RuleSet{}, fmt.Errorf("%w: %q and %q both set the type", ErrInvalidRule, typed, name)
			}
			typed, rs.valueTyp = name, t
		}
		if name == "required" {
			rs.required = true
		}
		rs.rules = append(rs.rules, rule{name: name, arg: arg})
	}
	// Arguments are read once the type is known: "max:5|integer" bounds the value, not the length.
	for i := range rs.rules {
		if err := rs.readArg(&rs.rules[i]); err != nil {
			return RuleSet{}, err
		}
	}
	return rs, nil
}

// maxLengthArg bounds length arguments to what both languages hold as exact integers.
const maxLengthArg = 1<<31 - 1

func (rs RuleSet) readArg(r *rule) error {
	switch r.name {
	case "min", "max":
		switch rs.valueTyp {
		case typeBoolean:
			return fmt.Errorf("%w: %q does not apply to booleans", ErrInvalidRule, r.name)
		case typeInteger, typeNumeric:
			if !numericPattern.MatchString(r.arg) {
				return fmt.Errorf("%w: %s:%s needs a number", ErrInvalidRule, r.name, r.arg)
			}
			r.bound = decimal(r.arg)
		default:
			n, err := strconv.Atoi(r.arg)
			if err != nil || !digitsPattern.MatchString(r.arg) || n > maxLengthArg {
				return fmt.Errorf("%w: %s:%s needs a length (0 or more)", ErrInvalidRule, r.name, r.arg)
			}
			r.length = n
		}
	case "in":
		for _, v := range strings.Split(r.arg, ",") {
			v = Trim(v)
			if rs.valueTyp == typeBoolean {
				c, ok := canonicalBool(v)
				if !ok {
					return fmt.Errorf("%w: in:%s lists a non-boolean", ErrInvalidRule, r.arg)
				}
				v = c
			}
			if v == "" {
				return fmt.Errorf("%w: in:%s lists an empty value", ErrInvalidRule, r.arg)
			}
			r.values = append(r.values, v)
		}
	}
	return nil
}

// Required reports whether the rules include required.
func (rs RuleSet) Required() bool { return rs.required }

// canonicalBool maps the accepted spellings of a boolean to "true" or "false".
func canonicalBool(s string) (string, bool) {
	switch s {
	case "true", "1":
		return "true", true
	case "false", "0":
		return "false", true
	}
	return "", false
}
