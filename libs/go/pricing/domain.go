package pricing

// DomainDisplayMonths is the period a domain price is shown for (spec §9: domain prices are shown
// as 12 months), whatever the TLD's own contract length.
const DomainDisplayMonths = 12

// DomainFirstInvoiceMonths is the contract length the first invoice of a domain is computed with.
const DomainFirstInvoiceMonths = 12

// DomainDisplayPrice is a domain's monthly net price shown over DomainDisplayMonths, with VAT
// applied once to the 12-month amount when the brand displays prices with VAT.
func DomainDisplayPrice(netMonthlyCents int64, vatPercent float64, withVAT bool) int64 {
	return ContractTotalDisplay(netMonthlyCents, DomainDisplayMonths, vatPercent, withVAT)
}

// DomainFirstInvoiceNet is the net amount a domain adds to the first invoice:
// price × DomainFirstInvoiceMonths.
func DomainFirstInvoiceNet(netMonthlyCents int64) int64 {
	return ContractTotal(netMonthlyCents, DomainFirstInvoiceMonths)
}
