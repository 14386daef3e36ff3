module github.com/hostcart/checkout/services/customer

go 1.26.0

require (
	github.com/alicebob/miniredis/v2 v2.40.0
	github.com/hostcart/checkout/libs/go v0.0.0
	github.com/nyaruka/phonenumbers v1.8.1
	github.com/redis/go-redis/v9 v9.23.0
	google.golang.org/grpc v1.85.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/hashicorp/golang-lru/v2 v2.0.7 // indirect
	github.com/yuin/gopher-lua v1.1.1 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20261012220534-4341edf3f941 // indirect
	google.golang.org/protobuf v1.36.13-0.20261016172727-e9ee2a76ab8e // indirect
)

replace github.com/hostcart/checkout/libs/go => ../../libs/go

replace golang.org/x/exp => golang.org/x/exp v0.0.0-20260824195058-e88cd73687aa
