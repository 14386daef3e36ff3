package discovery

import (
	"fmt"
	"maps"
	"slices"
)

// ResolvePeers rewrites a service's peer addresses (the <NAME>_ADDR values its configuration read,
// keyed by peer name) into the dial targets of o.Mode. A peer whose address is empty stays empty:
// <NAME>_ADDR says whether a service calls that peer at all (the chart sets it for the peers it
// deploys, a service treats some peers as optional), DISCOVERY says how the peer's instances are
// found. In static mode the addresses are the targets and nothing changes.
func ResolvePeers(o Options, peers map[string]*string) error {
	r, err := New(o)
	if err != nil {
		return err
	}
	if _, static := r.(Static); static {
		return nil
	}
	// Sorted so that an error names the same peer on every run.
	for _, name := range slices.Sorted(maps.Keys(peers)) {
		addr := peers[name]
		if addr == nil || *addr == "" {
			continue
		}
		target, err := r.Target(name)
		if err != nil {
			return fmt.Errorf("discovery: peer %s: %w", name, err)
		}
		*addr = target
	}
	return nil
}
