module github.com/hostcart/checkout/tools

go 1.26.0

require (
	github.com/hostcart/checkout/gateway v0.0.0
	github.com/hostcart/checkout/libs/go v0.0.0
	github.com/hostcart/checkout/services/catalog v0.0.0
)

require (
	github.com/alicebob/miniredis/v2 v2.40.0 // indirect
	github.com/lib/pq v1.12.3 // indirect
	github.com/yuin/gopher-lua v1.1.1 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace (
	github.com/hostcart/checkout/gateway => ../gateway
	github.com/hostcart/checkout/libs/go => ../libs/go
	github.com/hostcart/checkout/services/catalog => ../services/catalog
)
