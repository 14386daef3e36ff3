package domain

import "strings"

// Where an order's referral id came from (spec §7 "Referral id source order"), in the order the
// sources are tried.
const (
	// ReferralFromOrder is the confirm page's referral id field.
	ReferralFromOrder = "order"
	// ReferralFromPVID and ReferralFromEMID are the browser's cookies of those names, set by the
	// hoster's partner and mail campaigns on its other sites.
	ReferralFromPVID = "pvid"
	ReferralFromEMID = "emid"
	// ReferralFromReferrer is the session's id: a landing link's ?referrer, stored with
	// PUT /session/referral.
	ReferralFromReferrer = "referrer"
)

// ReferralCandidates are the values each source holds; empty when it holds none.
type ReferralCandidates struct {
	Order, PVID, EMID, Referrer string
}

// ResolveReferral picks the referral id by spec §7's source order. A cookie or stored value that
// is no valid referral id (ReferralRules) is skipped rather than refusing the order: cookies are
// written by other sites, not by the shopper. The order's own id is validated with the feedback.
func ResolveReferral(c ReferralCandidates) (id, source string) {
	for _, cand := range []struct{ id, source string }{
		{c.Order, ReferralFromOrder}, {c.PVID, ReferralFromPVID}, {c.EMID, ReferralFromEMID}, {c.Referrer, ReferralFromReferrer},
	} {
		id := strings.TrimSpace(cand.id)
		if id != "" && len(ValidateDefinitions(ReferralRules, map[string]string{"id": id})) == 0 {
			return id, cand.source
		}
	}
	return "", ""
}
