// Package fieldrules connects the additional fields of domains to the shared rule engine of spec §5
// (libs/go/fields), so a domain field is judged exactly like a product field and like the UI
// judges it. It adapts the engine to domain.RuleValidator and parses each rule text once.
package fieldrules

import (
	"sync"

	"github.com/hostcart/checkout/libs/go/fields"
)

// KeyInvalidRules marks a field whose rule text the engine cannot read: a broken definition must
// not let every value through.
const KeyInvalidRules = "field.invalid_rules"

// Engine validates values with libs/go/fields. The zero value is ready to use.
type Engine struct {
	parsed sync.Map // rule text -> parsedRules
}

type parsedRules struct {
	rules fields.RuleSet
	err   error
}

// Validate returns the message keys of the rules value breaks, in rule order.
func (e *Engine) Validate(rules, value string) []string {
	p := e.ruleSet(rules)
	if p.err != nil {
		return []string{KeyInvalidRules}
	}
	vs := p.rules.Validate(value, nil)
	if len(vs) == 0 {
		return nil
	}
	keys := make([]string, 0, len(vs))
	for _, v := range vs {
		keys = append(keys, v.Key)
	}
	return keys
}

func (e *Engine) ruleSet(text string) parsedRules {
	if p, ok := e.parsed.Load(text); ok {
		return p.(parsedRules)
	}
	rs, err := fields.Parse(text)
	p := parsedRules{rules: rs, err: err}
	e.parsed.Store(text, p)
	return p
}

// Check reports whether the engine can read a rule text, for validating definitions up front.
func Check(rules string) error {
	_, err := fields.Parse(rules)
	return err
}
