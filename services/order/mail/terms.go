package mail

import (
	"fmt"

	"github.com/hostcart/checkout/services/order/domain"
)

// consumerMaxNoticeDays is the longest notice a consumer may be held to (§ 309 Nr. 9 BGB,
// CHECKOUT-LAW.md): one month, to the end of the first term and, once the contract runs on, at
// any time. The frontend's CONSUMER_MAX_NOTICE_DAYS and noticeDays (shared-util-pricing terms.ts) are the same.
const consumerMaxNoticeDays = 30

// contractTerms words a line's term, renewal and notice as the confirm page's box did
// (contract-box.tsx termSentence and DomainFacts), so the confirmation on a durable medium repeats
// the contract terms the customer agreed to (CHECKOUT-LAW.md). A business gets the catalog's
// terms: the contract renews by the same term, the catalog's notice to the end of each term. A
// consumer gets § 309 Nr. 9 BGB terms: the notice cut to one month to the end of the minimum
// term, then open-ended and cancellable at any time with one month's notice. "" when the order
// does not know the audience or the line's notice (orders kept before they were).
func contractTerms(l domain.Line, group *int32, w words) string {
	d := l.Display
	if group == nil || d == nil || d.CancelationDays == nil {
		return ""
	}
	consumer := *group != 0
	if l.Kind == domain.KindDomain {
		// A domain is registered for a year at a time, whatever the catalog's line says.
		year := w.months(12)
		if consumer {
			return fmt.Sprintf(w.domainTermConsumer, year)
		}
		return fmt.Sprintf(w.domainTerm, year)
	}
	// Only the term decides: a free line of a term is a contract too.
	if d.MaturityMonths <= 0 {
		return w.oneTimeService
	}
	notice := *d.CancelationDays
	if consumer {
		notice = min(notice, consumerMaxNoticeDays)
	}
	term, noticeWords := w.months(d.MaturityMonths), w.notice(notice)
	switch {
	case consumer && noticeWords == "":
		return fmt.Sprintf(w.consumerTerms, term)
	case consumer:
		return fmt.Sprintf(w.consumerTermsNotice, term, noticeWords)
	case noticeWords == "":
		return fmt.Sprintf(w.termRenewal, term)
	default:
		return fmt.Sprintf(w.termRenewalNotice, term, noticeWords)
	}
}

// months words a term ("12 Monate", "1 month").
func (w words) months(n int32) string {
	if n == 1 {
		return fmt.Sprintf(w.monthOne, n)
	}
	return fmt.Sprintf(w.monthsOther, n)
}

// notice words a notice period in days as the frontend's noticeInText does: whole months from 28
// days on (rounded to 30-day months, at least one), else days; "" for no notice period.
func (w words) notice(days int32) string {
	switch {
	case days <= 0:
		return ""
	case days >= 28:
		// Math.round of a positive number: halves round up.
		n := max(1, (days+15)/30)
		if n == 1 {
			return fmt.Sprintf(w.noticeMonthOne, n)
		}
		return fmt.Sprintf(w.noticeMonthsOther, n)
	case days == 1:
		return fmt.Sprintf(w.dayOne, days)
	default:
		return fmt.Sprintf(w.daysOther, days)
	}
}
