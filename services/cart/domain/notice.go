package domain

import (
	"slices"
	"strconv"
)

// Notice tells the visitor about something the cart changed by itself (spec §8), e.g.
// cart.product_removed with product_id, name and reason. Promotion notices have a title (Key) and
// a body (Message), and a Type ("warning" or "info") from the promotion service.
type Notice struct {
	Key     string
	Params  map[string]string
	Message string
	Type    string
}

func notice(key string, kv ...string) Notice {
	n := Notice{Key: key, Params: make(map[string]string, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Params[kv[i]] = kv[i+1]
	}
	return n
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
