package domain

import (
	"maps"
	"regexp"
	"slices"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/fields"
)

// Contract transfer (spec §4 "Contract transfer", §8): the hoster's transfer service names the
// contract behind a transfer id; the cart orders the brand's transfer product with the contract's
// reference in its transfer_contract field.

// TypeContractTransfer is the type slug of the brand's transfer product.
const TypeContractTransfer = "contract-transfer"

// FieldTransferContract is the key of the field that carries the contract reference.
const FieldTransferContract = "transfer_contract"

// InfoTransferID is the item information that remembers which transfer filled the item.
const InfoTransferID = "transfer_id"

// The spec's two keys (§8), which the frontend already translates under "domain.": an unknown
// transfer, a product that cannot be ordered and a reference the field refuses are all "the
// transfer product is unavailable" (the refused reference adds its first violation); an outage
// of the transfer service is its own error, answered 503. That outage is an outside system's
// (apperr.Outage naming DependencyTransfer): the cart is up and answering, and the gateway's
// breaker for the cart must not count it.
var (
	ErrTransferNotFound           = apperr.New(apperr.NotFound, "domain.transfer_product_unavailable")
	ErrTransferProductUnavailable = apperr.New(apperr.FailedPrecondition, "domain.transfer_product_unavailable")
	ErrTransferUnavailable        = apperr.NewOutage(DependencyTransfer, "domain.contract_transfer_unavailable")
)

// KeyTooManyTransferLookups refuses a transfer lookup over the session's or the address's budget
// (RESOURCE_EXHAUSTED, HTTP 429 with Retry-After): each lookup asks the hoster's transfer service,
// so guessing ids must stay slow.
const KeyTooManyTransferLookups = "domain.too_many_transfer_lookups"

// DependencyTransfer names the hoster's contract transfer service in outage answers.
const DependencyTransfer = "contract-transfer"

// Transfer is the transfer service's answer for a transfer id.
type Transfer struct {
	ID string
	// ContractReference names the contract taken over; it goes into the transfer_contract field.
	ContractReference string
	// ExternalProductID is the hoster's id of the product to order (a product's
	// external_product_id); empty orders the brand's contract-transfer product.
	ExternalProductID string
	// Holder is the contract's current holder when the service names one.
	Holder string
	// CustomerNo is the hoster's customer number of that holder when the service names it: only a
	// session signed in as that customer is told Holder (issue 21: a transfer id is guessable, the
	// holder a person's name). It never leaves the cart service.
	CustomerNo string
}

// transferIDPattern bounds what a transfer id may look like before it reaches the transfer
// service: anything else cannot name a transfer and must not end up in its URL.
var transferIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// ValidTransferID reports whether id has the shape of a transfer id.
func ValidTransferID(id string) bool { return transferIDPattern.MatchString(id) }

// StartContractTransfer puts the transfer product p into the cart unless an item of it is there
// already, and sets its transfer_contract field to t's contract reference. The reference must pass
// the field's rules (the engine of the fields validate endpoint, required included); a refusal is
// ErrTransferProductUnavailable with the violations under transfer_contract. Repeating it with the
// same transfer changes nothing. It returns the item's row id.
func (c *Cart) StartContractTransfer(env Env, productID int32, t Transfer) (string, []Notice, error) {
	p, ok := env.Catalog[productID]
	if !ok || !p.TopLevel() {
		return "", nil, withParams(ErrTransferProductUnavailable, "product_id", itoa(productID))
	}
	i := slices.IndexFunc(p.Fields, func(d FieldDef) bool { return d.Key == FieldTransferContract })
	if i < 0 {
		// A product without the field cannot carry the contract it is ordered for.
		return "", nil, withParams(ErrTransferProductUnavailable, "product_id", itoa(p.ID), "name", p.Name)
	}
	def := p.Fields[i]
	value := fields.Trim(t.ContractReference)
	if vs, params := transferViolations(def, value); len(vs) > 0 {
		return "", nil, &transferRefusal{ViolationsError: &ViolationsError{Base: ErrTransferProductUnavailable, Violations: vs}, params: params}
	}
	values := []FieldValue{{FieldID: def.ID, FieldKey: def.Key, Value: value}}
	info := map[string]string{InfoTransferID: t.ID}
	for j := range c.Items {
		it := &c.Items[j]
		if it.Product.ID != p.ID {
			continue
		}
		if err := env.guard(it); err != nil {
			return "", nil, err
		}
		merged, vs := env.mergeFields(it.Product.AdditionalFields, p.Fields, true, values, "additional_fields")
		if err := fieldsError(vs); err != nil {
			return "", nil, err
		}
		it.Product.AdditionalFields = merged
		it.Product.Informations = mergeInformations(it.Product.Informations, info)
		return it.RowID, nil, nil
	}
	return c.AddProduct(env, AddProduct{ProductID: p.ID, Fields: values, Informations: info})
}

// transferViolations checks the reference with the field's rules and returns the violations
// with the first one's params (e.g. max), which the screen's message interpolates. Unlike a value
// typed into a form, an empty reference is refused when the field is required: the transfer cannot
// go on without it.
func transferViolations(def FieldDef, value string) ([]Violation, map[string]string) {
	rs, err := fields.Parse(def.Rules)
	if err != nil {
		return nil, nil
	}
	var vs []Violation
	var params map[string]string
	for _, v := range rs.Validate(value, map[string]string{def.Key: value}) {
		if vs == nil {
			params = v.Params
		}
		vs = append(vs, Violation{Field: FieldTransferContract, Key: v.Key})
	}
	return vs, params
}

// transferRefusal is a refused contract reference: the violations, and the first one's params
// for its message (spec §8 shows the first validation error).
type transferRefusal struct {
	*ViolationsError
	params map[string]string
}

func (e *transferRefusal) Unwrap() error { return e.ViolationsError }

// Params are the first violation's values, e.g. max for validation.max_length.
func (e *transferRefusal) Params() map[string]string { return maps.Clone(e.params) }
