package orderapi

import (
	"net/http"
	"regexp"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/middleware"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
)

// Message keys of the draft routes the gateway answers itself.
const (
	KeyDraftNotFound      = "order_drafts.not_found"
	KeyAgentsSaveDrafts   = "order_drafts.agents_save_drafts"
	sessionOrderDraftsURL = "/session-order-drafts/"
)

// sessionCode is the shape of a draft's code: word characters (spec §2 query sanitising).
var sessionCode = regexp.MustCompile(`^\w{1,64}$`)

// RegisterDrafts adds the order draft routes (spec §7 /order-drafts/current, save and cancel
// draft; §2 session-restore and continue-preconfigured-order). panelURL is the admin panel, where
// an agent's saved draft is shown.
func (h *Handlers) RegisterDrafts(api gin.IRoutes, panelURL string) {
	h.panelURL = panelURL
	api.GET("/order-drafts/current", h.currentDraft)
	api.POST("/order-drafts/current", h.saveDraft)
	api.DELETE("/order-drafts/current", h.cancelDraft)
	api.POST("/order-drafts/continue", h.continueDraft)
	api.POST("/session/restore", h.restoreSession)
}

// DraftJSON is a draft as the routes answer it; Status is one of the order service's draft
// statuses (services/order/domain: DraftOpen, DraftOrdered, DraftCancelled). The frontend's type
// is generated from it (gateway/jsontypes).
type DraftJSON struct {
	ID             string    `json:"id"`
	Status         string    `json:"status" ts:"'open' | 'ordered' | 'cancelled'"`
	Version        int64     `json:"version"`
	CustomerNumber string    `json:"customer_number,omitempty"`
	SavedBy        string    `json:"saved_by,omitempty"`
	UpdatedAt      time.Time `json:"updated_at"`
	OrderID        string    `json:"order_id,omitempty"`
}

func draftJSON(d *orderv1.Draft) DraftJSON {
	return DraftJSON{ID: d.GetId(), Status: d.GetStatus(), Version: d.GetVersion(), CustomerNumber: d.GetCustomerNumber(),
		SavedBy: d.GetSavedBy(), UpdatedAt: time.Unix(d.GetUpdatedAtUnix(), 0).UTC(), OrderID: d.GetOrderId()}
}

// DraftAnswer is the answer of the draft routes.
type DraftAnswer struct {
	Draft *DraftJSON `json:"draft,omitempty"`
	// TakenOver: the browser now works on the draft's session (continue and restore).
	TakenOver bool `json:"taken_over"`
	// RedirectURL: where an agent goes after saving (the admin panel's draft page).
	RedirectURL string `json:"redirect_url,omitempty"`
}

func (h *Handlers) currentDraft(c *gin.Context) {
	resp, err := h.orders.GetCurrentDraft(c.Request.Context(), &orderv1.GetCurrentDraftRequest{})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	d := draftJSON(resp.GetDraft())
	c.JSON(http.StatusOK, DraftAnswer{Draft: &d, TakenOver: true})
}

// saveDraft is an agent's "save order": the flag and the admin come from the verified token only.
func (h *Handlers) saveDraft(c *gin.Context) {
	var body struct {
		Version int64 `json:"version"`
	}
	if !readJSON(c, &body) {
		return
	}
	admin, _ := adminauth.FromContext(c)
	resp, err := h.orders.SaveDraft(c.Request.Context(), &orderv1.SaveDraftRequest{
		ExpectedVersion: body.Version, IsSalesAgent: adminauth.IsSalesAgent(c), AdminId: admin.ID,
	})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	d := draftJSON(resp.GetDraft())
	answer := DraftAnswer{Draft: &d, TakenOver: true}
	if h.panelURL != "" {
		answer.RedirectURL = h.panelURL + sessionOrderDraftsURL + d.ID
	}
	c.JSON(http.StatusOK, answer)
}

// cancelDraft is the customer's "cancel order": the draft is cancelled and the browser leaves its
// session for a new, empty one.
func (h *Handlers) cancelDraft(c *gin.Context) {
	if _, err := h.orders.CancelDraft(c.Request.Context(), &orderv1.CancelDraftRequest{IsSalesAgent: adminauth.IsSalesAgent(c)}); err != nil {
		httperr.Abort(c, err)
		return
	}
	if err := middleware.LeaveSession(c); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusServiceUnavailable, httperr.KeyServiceUnavailable, "")
		return
	}
	c.Status(http.StatusNoContent)
}

// continueDraft is /continue-preconfigured-order: the customer's browser takes the draft over; a
// signed-in sales agent's does not (spec §6: the draft code is not taken over when an agent is
// logged in; agents open drafts with session-restore).
func (h *Handlers) continueDraft(c *gin.Context) {
	code, ok := h.readCode(c)
	if !ok {
		return
	}
	if adminauth.IsSalesAgent(c) {
		c.JSON(http.StatusOK, DraftAnswer{TakenOver: false})
		return
	}
	h.adopt(c, code)
}

// restoreSession is /session-restore: the browser takes the draft's session over.
func (h *Handlers) restoreSession(c *gin.Context) {
	code, ok := h.readCode(c)
	if !ok {
		return
	}
	h.adopt(c, code)
}

func (h *Handlers) readCode(c *gin.Context) (string, bool) {
	var body struct {
		SessionCode string `json:"session_code"`
	}
	if !readJSON(c, &body) {
		return "", false
	}
	if !sessionCode.MatchString(body.SessionCode) {
		httperr.AbortKey(c, http.StatusNotFound, KeyDraftNotFound, "")
		return "", false
	}
	return body.SessionCode, true
}

func (h *Handlers) adopt(c *gin.Context, code string) {
	resp, err := h.orders.OpenDraft(c.Request.Context(), &orderv1.OpenDraftRequest{SessionCode: code})
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	if err := middleware.AdoptSession(c, resp.GetSessionId()); err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusServiceUnavailable, httperr.KeyServiceUnavailable, "")
		return
	}
	d := draftJSON(resp.GetDraft())
	c.JSON(http.StatusOK, DraftAnswer{Draft: &d, TakenOver: true})
}
