module github.com/hostcart/checkout/gateway

go 1.26.0

require github.com/hostcart/checkout/libs/go v0.0.0

replace github.com/hostcart/checkout/libs/go => ../libs/go
