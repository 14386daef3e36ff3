module github.com/hostcart/checkout/tools

go 1.26.0

require (
	github.com/hostcart/checkout/gateway v0.0.0
	github.com/hostcart/checkout/libs/go v0.0.0
	github.com/hostcart/checkout/services/catalog v0.0.0
)

replace (
	github.com/hostcart/checkout/gateway => ../gateway
	github.com/hostcart/checkout/libs/go => ../libs/go
	github.com/hostcart/checkout/services/catalog => ../services/catalog
)
