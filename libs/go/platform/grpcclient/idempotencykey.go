package grpcclient

// MaxIdempotencyKeyLength bounds an attempt's key (issue 11: up to 255 characters).
const MaxIdempotencyKeyLength = 255

// ValidIdempotencyKey reports whether key can be an attempt's key: 1 to MaxIdempotencyKeyLength
// characters of printable ASCII. Those are what an IdempotencyKeyHeader carries as they are; for
// any other byte gRPC refuses to send the call (and a string field holding bytes that are no
// UTF-8), so a route taking the key from a visitor's header checks it first and answers 400.
func ValidIdempotencyKey(key string) bool {
	if key == "" || len(key) > MaxIdempotencyKeyLength {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < ' ' || key[i] > '~' {
			return false
		}
	}
	return true
}
