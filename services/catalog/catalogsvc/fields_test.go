package catalogsvc

import (
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// Field values checked over gRPC against the seed's definitions (services/catalog/seed).
func TestValidateAdditionalFieldsOverGRPC(t *testing.T) {
	fieldErrors := func(resp *catalogv1.ValidateAdditionalFieldsResponse) string {
		var out []string
		for _, e := range resp.GetErrors() {
			out = append(out, fmt.Sprint(e.GetFieldId(), e.GetErrors()))
		}
		return fmt.Sprint(out)
	}
	tests := []struct {
		name   string
		brand  int32
		fields []*catalogv1.FieldValueInput
		valid  bool
		want   string
	}{
		{"WordPress hosting fields filled", 1, []*catalogv1.FieldValueInput{{FieldId: 8, Value: "Mein Blog"}, {FieldId: 9, Value: "admin@example.de"}}, true, "[]"},
		{"required and malformed", 1, []*catalogv1.FieldValueInput{{FieldId: 8, Value: ""}, {FieldId: 9, Value: "no-mail"}, {FieldId: 1, Value: "shop.example.de"}},
			false, "[8 [validation.required] 9 [validation.email]]"},
		{"a consent checkbox must be true", 1, []*catalogv1.FieldValueInput{{FieldId: 7, Value: "false"}}, false, "[7 [validation.accepted]]"},
		// admin_password belongs to an Alpenhost product only, the consent to Hostwerk only.
		{"another brand's field", 1, []*catalogv1.FieldValueInput{{FieldId: 23, Value: "Secret-123!"}}, false, "[23 [validation.unknown_field]]"},
		{"unknown on the other brand too", 2, []*catalogv1.FieldValueInput{{FieldId: 7, Value: "true"}}, false, "[7 [validation.unknown_field]]"},
		{"a weak password", 2, []*catalogv1.FieldValueInput{{FieldId: 23, Value: "secret"}}, false, "[23 [validation.secure_password]]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.ValidateAdditionalFields(call(t, tt.brand, "", ""), &catalogv1.ValidateAdditionalFieldsRequest{Fields: tt.fields})
			if err != nil {
				t.Fatal(err)
			}
			if resp.GetValid() != tt.valid || fieldErrors(resp) != tt.want {
				t.Errorf("valid %v, errors %s; want %v %s", resp.GetValid(), fieldErrors(resp), tt.valid, tt.want)
			}
		})
	}

	_, err := client.ValidateAdditionalFields(call(t, 0, "", ""), &catalogv1.ValidateAdditionalFieldsRequest{})
	wantStatus(t, err, codes.InvalidArgument, "brand.required")
	many := make([]*catalogv1.FieldValueInput, 201)
	for i := range many {
		many[i] = &catalogv1.FieldValueInput{FieldId: 8, Value: "x"}
	}
	_, err = client.ValidateAdditionalFields(call(t, 1, "", ""), &catalogv1.ValidateAdditionalFieldsRequest{Fields: many})
	wantStatus(t, err, codes.InvalidArgument, "validation.too_many_fields")
}
