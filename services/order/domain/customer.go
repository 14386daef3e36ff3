package domain

// KeyCustomerOtherBrand refuses an order of an existing customer whose record is another brand's
// (or whose brand is unknown: a login from before it was kept) than the brand being ordered from.
const KeyCustomerOtherBrand = "order.customer_other_brand"

// OrdersFrom reports whether the customer may order from brand: a new customer (no record) orders
// from the brand whose session holds the data; an existing one only from its record's brand.
func (c Customer) OrdersFrom(brand int32) bool {
	return c.CustomerNo == "" || c.BrandID == brand
}
