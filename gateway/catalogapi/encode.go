package catalogapi

import (
	"encoding/json"
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/apijson"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// encodeBrand writes a brand with its properties as a JSON object {key: value}, the shape the
// frontend looks flags up in, instead of the contract's list of pairs.
func encodeBrand(b *catalogv1.Brand) ([]byte, error) {
	plain := proto.CloneOf(b)
	plain.Properties = nil
	raw, err := apijson.Options.Marshal(plain)
	if err != nil {
		return nil, fmt.Errorf("encode brand: %w", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("re-read brand: %w", err)
	}
	props := make(map[string]string, len(b.GetProperties()))
	for _, p := range b.GetProperties() {
		props[p.GetKey()] = p.GetValue()
	}
	if fields["properties"], err = json.Marshal(props); err != nil {
		return nil, fmt.Errorf("encode brand properties: %w", err)
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("encode brand: %w", err)
	}
	return out, nil
}
