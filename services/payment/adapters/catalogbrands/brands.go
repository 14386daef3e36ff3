// Package catalogbrands is the payment service's Brands port over the catalog's brand properties.
package catalogbrands

import (
	"context"

	"github.com/hostcart/checkout/libs/go/brandprops"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Brands reads the payment rules from the brand's properties.
type Brands struct{ props *brandprops.Reader }

// New returns the port over props.
func New(props *brandprops.Reader) *Brands { return &Brands{props: props} }

// Brand returns the payment rules of the brand with id.
func (b *Brands) Brand(ctx context.Context, id int32) (domain.Brand, error) {
	p, err := b.props.Props(ctx, id)
	if err != nil {
		return domain.Brand{}, err
	}
	return domain.Brand{ShowBankField: p.Flag("display_bank_name_input_field"),
		CreditorID: p["sepa_creditor_id"], CreditorName: p["sepa_creditor_name"]}, nil
}
