// Package transfersandbox is a deterministic stand-in for the hoster's transfer service
// (TRANSFER_PROVIDER=sandbox, devstack): it answers without a network, so tests and the local shop
// can walk every branch of the contract transfer screen.
//
//   - T-<n> (n from 1 to 999999) is a known transfer of contract "V-<n, 6 digits>" held by
//     "Erika Mustermann", customer number 100002 (the seed's Hostwerk customer "erika": only a
//     session signed in as her is told the holder), ordered with the brand's contract-transfer
//     product;
//   - T-503 simulates an outage of the transfer service (domain.ErrTransferUnavailable);
//   - T-410 names a product the brand does not sell (external id "SANDBOX-RETIRED");
//   - T-422 names a contract reference longer than the transfer_contract field allows (65
//     characters), which the field's rules refuse;
//   - every other id is unknown (domain.ErrTransferNotFound).
package transfersandbox

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hostcart/checkout/services/cart/domain"
)

// Ids with a fixed behaviour.
const (
	OutageID          = "T-503"
	RetiredProductID  = "T-410"
	InvalidContractID = "T-422"
	// RetiredProduct is the external product id T-410 names.
	RetiredProduct = "SANDBOX-RETIRED"
	// Holder is the holder every known transfer names, HolderCustomerNo her customer number.
	Holder           = "Erika Mustermann"
	HolderCustomerNo = "100002"
)

var known = regexp.MustCompile(`^T-([1-9][0-9]{0,5})$`)

// Sandbox implements the port.
type Sandbox struct{}

// New returns the sandbox.
func New() Sandbox { return Sandbox{} }

// Reference is the contract reference of known transfer T-<n>.
func Reference(n int) string { return fmt.Sprintf("V-%06d", n) }

// Lookup answers as the package comment says.
func (Sandbox) Lookup(ctx context.Context, id string) (domain.Transfer, error) {
	if err := ctx.Err(); err != nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: %w: %w", id, domain.ErrTransferUnavailable, err)
	}
	switch id {
	case OutageID:
		return domain.Transfer{}, fmt.Errorf("transfer %s: sandbox outage: %w", id, domain.ErrTransferUnavailable)
	case RetiredProductID:
		return domain.Transfer{ID: id, ContractReference: Reference(410), ExternalProductID: RetiredProduct, Holder: Holder, CustomerNo: HolderCustomerNo}, nil
	case InvalidContractID:
		return domain.Transfer{ID: id, ContractReference: "V-" + strings.Repeat("9", 63), Holder: Holder, CustomerNo: HolderCustomerNo}, nil
	}
	m := known.FindStringSubmatch(id)
	if m == nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: %w", id, domain.ErrTransferNotFound)
	}
	n, _ := strconv.Atoi(m[1]) // the pattern admits digits only
	return domain.Transfer{ID: id, ContractReference: Reference(n), Holder: Holder, CustomerNo: HolderCustomerNo}, nil
}
