// Package seed holds the shipped payment types of both brands.
package seed

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/hostcart/checkout/services/payment/domain"
)

//go:embed payment_types.json
var typesJSON []byte

// BrandType is a payment type of a brand.
type BrandType struct {
	BrandID int32
	domain.PaymentType
}

// Types returns the shipped payment types.
func Types() ([]BrandType, error) {
	var doc struct {
		PaymentTypes []struct {
			BrandID               int32             `json:"brand_id"`
			Slug                  string            `json:"slug"`
			Order                 int               `json:"order"`
			Active                bool              `json:"active"`
			SMSValidationRequired bool              `json:"sms_validation_required"`
			Names                 map[string]string `json:"names"`
		} `json:"payment_types"`
	}
	if err := json.Unmarshal(typesJSON, &doc); err != nil {
		return nil, fmt.Errorf("seed payment types: %w", err)
	}
	out := make([]BrandType, 0, len(doc.PaymentTypes))
	for _, t := range doc.PaymentTypes {
		out = append(out, BrandType{BrandID: t.BrandID, PaymentType: domain.PaymentType{
			Slug: t.Slug, Names: t.Names, SMSValidationRequired: t.SMSValidationRequired, Active: t.Active, Order: t.Order}})
	}
	return out, nil
}
