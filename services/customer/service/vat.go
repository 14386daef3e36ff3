package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/customer/domain"
)

// viesTimeout bounds a VAT id check: VIES is slow at times, and the visitor is waiting on the form.
const viesTimeout = outbound.VIESTimeout

// saveReserve is what a VAT id check leaves of the caller's deadline for saving the form: a slow
// VIES costs the check (normal VAT, checked again next save), never the visitor's input.
const saveReserve = 750 * time.Millisecond

// saveTimeout bounds saving the form after the check, detached from the caller's cancellation.
const saveTimeout = 2 * time.Second

// viesContext is the check's context: viesTimeout, and never past the caller's deadline less
// saveReserve (derived from the deadline itself, no clock read).
func viesContext(ctx context.Context) (context.Context, context.CancelFunc) {
	cctx, cancel := context.WithTimeout(ctx, viesTimeout)
	dl, ok := ctx.Deadline()
	if !ok {
		return cctx, cancel
	}
	inner, cancelInner := context.WithDeadline(cctx, dl.Add(-saveReserve))
	return inner, func() { cancelInner(); cancel() }
}

// vatIDCheck confirms a company's foreign EU VAT id at VIES, reusing an earlier answer for the
// same id; an unreachable VIES is recorded as unavailable (normal VAT, checked again next save).
// Whatever VIES says, the form is saved: a wrong id only costs the reverse charge.
func (s *service) vatIDCheck(ctx context.Context, c call, info domain.BasicInfo) (*domain.VATIDCheck, []Notice, error) {
	if s.VIES == nil || !domain.NeedsVATIDCheck(info, c.brand) {
		return nil, nil, nil
	}
	current, err := s.Store.Get(ctx, c.sessionID)
	if err != nil {
		return nil, nil, fmt.Errorf("read session customer: %w", err)
	}
	check := current.VATIDCheck
	if check == nil || check.VATID != info.CompanyVatID || check.Status == domain.VATIDUnavailable {
		cctx, cancel := viesContext(ctx)
		answer, err := s.VIES.Check(cctx, info.CompanyVatID)
		cancel()
		if err != nil {
			slog.WarnContext(ctx, "VIES did not answer", slog.String("country", domain.VATIDCountry(info.CompanyVatID)), slog.String("err", err.Error()))
			answer = domain.VATIDCheck{VATID: info.CompanyVatID, Status: domain.VATIDUnavailable, CheckedAt: s.Now().UTC()}
		}
		check = &answer
	}
	var notices []Notice
	switch check.Status {
	case domain.VATIDInvalid:
		notices = append(notices, Notice{Key: domain.KeyVATIDInvalid, Type: NoticeWarning, Params: map[string]string{"vat_id": check.VATID}})
	case domain.VATIDUnavailable:
		notices = append(notices, Notice{Key: domain.KeyVATIDUnchecked, Type: NoticeWarning, Params: map[string]string{"vat_id": check.VATID}})
	}
	return check, notices, nil
}

// SessionVAT is the rate that applies to the session, with whether the session signed in from
// the cloud control panel. The cart asks for both on every change (its prices and its automatic
// promotions, spec §4 "Promotions": none for panel users), so one read of the session answers
// them together.
type SessionVAT struct {
	domain.VAT
	PanelSignIn bool
}

func (s *service) GetSessionVat(ctx context.Context) (SessionVAT, error) {
	c, err := s.call(ctx)
	if err != nil {
		return SessionVAT{}, err
	}
	sc, err := s.Store.Get(ctx, c.sessionID)
	if err != nil {
		return SessionVAT{}, fmt.Errorf("read session customer: %w", err)
	}
	vat, err := s.Brands.VAT(ctx, c.brand.ID, sc.Position())
	if err != nil {
		return SessionVAT{}, fmt.Errorf("session vat: %w", err)
	}
	return SessionVAT{VAT: vat, PanelSignIn: sc.Panel != nil}, nil
}
