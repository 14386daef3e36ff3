module github.com/hostcart/checkout/services/customer

go 1.26.0

require (
	github.com/hostcart/checkout/libs/go v0.0.0
	github.com/nyaruka/phonenumbers v1.8.1
)

require (
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20261012220534-4341edf3f941 // indirect
	google.golang.org/grpc v1.85.0 // indirect
	google.golang.org/protobuf v1.36.13-0.20261016172727-e9ee2a76ab8e // indirect
)

replace github.com/hostcart/checkout/libs/go => ../../libs/go

replace golang.org/x/exp => golang.org/x/exp v0.0.0-20260824195058-e88cd73687aa
