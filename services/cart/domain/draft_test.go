package domain

import (
	"errors"
	"testing"
)

// A draft's cart as the order service creates it: an agent's replacement marks it a draft, and
// everything in it comes in preconfigured.
func draftCart(t *testing.T, env Env) Cart {
	t.Helper()
	agent := env
	agent.SalesAgent = true
	var c Cart
	in := Cart{Draft: true, Items: []Item{{Product: ProductLine{Line: Line{ID: 1001}}}}}
	if err := c.Replace(agent, in); err != nil {
		t.Fatal(err)
	}
	if !c.Draft || len(c.Items) != 1 || !c.Items[0].IsPreconfigured {
		t.Fatalf("draft cart = %+v", c)
	}
	return c
}

func TestOnlyAnAgentAddsItemsToADraft(t *testing.T) {
	env := testEnv()
	c := draftCart(t, env)

	// The customer continuing the draft adds nothing: not by the add route, not by a replacement
	// that brings a new row (with or without a row id), and cannot unmark the draft.
	if _, _, err := c.AddProduct(env, AddProduct{ProductID: 1002}); !errors.Is(err, ErrDraftLocked) {
		t.Fatalf("customer AddProduct = %v", err)
	}
	for name, extra := range map[string]Item{
		"without row id": {Product: ProductLine{Line: Line{ID: 1002}}},
		"with a new row": {RowID: NewRowID(), Product: ProductLine{Line: Line{ID: 1002}}},
	} {
		in := c.Clone()
		in.Items = append(in.Items, extra)
		if err := c.Replace(env, in); !errors.Is(err, ErrDraftLocked) {
			t.Fatalf("customer Replace %s = %v", name, err)
		}
	}
	in := c.Clone()
	in.Draft = false
	if err := c.Replace(env, in); err != nil {
		t.Fatalf("customer Replace unchanged = %v", err)
	}
	if !c.Draft {
		t.Fatal("a customer's replacement unmarked the draft")
	}
	if len(c.Items) != 1 {
		t.Fatalf("items = %d", len(c.Items))
	}

	// The agent adds, and the addition is preconfigured for the customer.
	agent := env
	agent.SalesAgent = true
	row, _, err := c.AddProduct(agent, AddProduct{ProductID: 1002})
	if err != nil {
		t.Fatal(err)
	}
	it, _ := c.item(row)
	if !it.IsPreconfigured {
		t.Fatal("agent's addition to a draft is not preconfigured")
	}
	if err := c.RemoveItem(env, row); !errors.Is(err, ErrPreconfiguredLocked) {
		t.Fatalf("customer removes the agent's item: %v", err)
	}
}

func TestOutsideADraftAnyoneAddsItems(t *testing.T) {
	env := testEnv()
	var c Cart
	row, _, err := c.AddProduct(env, AddProduct{ProductID: 1001})
	if err != nil {
		t.Fatal(err)
	}
	if it, _ := c.item(row); it.IsPreconfigured {
		t.Fatal("a visitor's item is preconfigured")
	}
	in := c.Clone()
	in.Draft = true
	if err := c.Replace(env, in); err != nil || c.Draft {
		t.Fatalf("a visitor marked their cart a draft: %v, draft %v", err, c.Draft)
	}
}
