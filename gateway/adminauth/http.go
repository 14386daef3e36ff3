package adminauth

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// Cookie holds the verified admin token in the agent's browser. It is HttpOnly and SameSite=Lax
// like the session cookie, and it is verified again on every API request, so its expiry is the
// token's and a revoked key ends every agent sign-in at once.
const Cookie = "hc_admin"

// DefaultNext is where a sign-in without a next path lands.
const DefaultNext = "/cart"

const ginKey = "gateway.admin"

// Routes serve the admin sign-in and /admins/me.
type Routes struct {
	verifier *Verifier
	panelURL string
	isHTTPS  func(*http.Request) bool
	// rotate gives the browser's session a new cookie token (middleware.RotateSession); nil: none.
	rotate func(*gin.Context) error
}

// WithSessionRotation makes sign-in and sign-out rotate the session's cookie token, as customer
// login and logout do: a session token known before a sign-in (planted or observed) does not
// carry the agent's session, nor the agent's token the visitor's after a sign-out.
func (r *Routes) WithSessionRotation(rotate func(*gin.Context) error) *Routes {
	r.rotate = rotate
	return r
}

// rotateSession rotates when configured; a failure is the store's outage, answered 503.
func (r *Routes) rotateSession(c *gin.Context) bool {
	if r.rotate == nil {
		return true
	}
	if err := r.rotate(c); err != nil {
		_ = c.Error(err)
		c.String(http.StatusServiceUnavailable, "the session cannot be renewed right now, please try again")
		return false
	}
	return true
}

// NewRoutes returns the routes. verifier nil turns admin sign-in off: sign-in is a 404 and
// /admins/me says no admin. panelURL is the admin panel (the agents' back link, the draft page).
func NewRoutes(verifier *Verifier, panelURL string, isHTTPS func(*http.Request) bool) *Routes {
	return &Routes{verifier: verifier, panelURL: strings.TrimRight(panelURL, "/"), isHTTPS: isHTTPS}
}

// Middleware puts the admin of a valid admin cookie on the request; an invalid or expired one is
// dropped from the browser and the request goes on as a visitor's.
func (r *Routes) Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		if r.verifier != nil {
			if token, err := c.Cookie(Cookie); err == nil && token != "" {
				if admin, err := r.verifier.Verify(token); err == nil {
					c.Set(ginKey, admin)
				} else {
					r.clearCookie(c)
				}
			}
		}
		c.Next()
	}
}

// FromContext returns the request's verified admin.
func FromContext(c *gin.Context) (Admin, bool) {
	v, ok := c.Get(ginKey)
	a, isAdmin := v.(Admin)
	return a, ok && isAdmin
}

// IsSalesAgent reports whether the request carries a verified sales agent's token: the one source
// of every is_sales_agent flag the gateway sends to the services.
func IsSalesAgent(c *gin.Context) bool {
	a, ok := FromContext(c)
	return ok && a.IsSalesAgent()
}

// RegisterSignIn adds GET /admin/sign-in?token=…&next=… to the public engine: the admin panel
// sends the agent's browser here with a freshly signed token; a valid one becomes the admin cookie
// and the browser goes on to next (a path of this shop, e.g. /session-restore?session_code=…).
func (r *Routes) RegisterSignIn(engine gin.IRoutes) {
	engine.GET("/admin/sign-in", r.signIn)
}

// RegisterAPI adds GET /admins/me and POST /admins/sign-out to the /api/v2 group.
func (r *Routes) RegisterAPI(api gin.IRoutes) {
	api.GET("/admins/me", r.me)
	api.POST("/admins/sign-out", r.signOut)
}

func (r *Routes) signIn(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	// The token was in the URL: it must not leak to the next page's requests.
	c.Header("Referrer-Policy", "no-referrer")
	if r.verifier == nil {
		c.String(http.StatusNotFound, "admin sign-in is not configured")
		return
	}
	token := c.Query("token")
	admin, err := r.verifier.Verify(token)
	if err != nil {
		_ = c.Error(err)
		c.String(http.StatusUnauthorized, "the admin sign-in link is invalid or has expired")
		return
	}
	if !r.rotateSession(c) {
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name:     Cookie,
		Value:    token,
		Path:     "/",
		Expires:  admin.Expires,
		HttpOnly: true,
		Secure:   r.isHTTPS(c.Request),
		SameSite: http.SameSiteLaxMode,
	})
	c.Redirect(http.StatusSeeOther, safeNext(c.Query("next")))
}

// safeNext keeps next a path of this shop: an absolute or scheme-relative URL would turn the
// sign-in into an open redirect.
func safeNext(next string) string {
	if next == "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n") {
		return DefaultNext
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return DefaultNext
	}
	return u.RequestURI()
}

// AdminJSON is the answer of /admins/me (spec §3 Admin: roles with name).
type AdminJSON struct {
	ID           string     `json:"id"`
	Name         string     `json:"name"`
	Roles        []RoleJSON `json:"roles"`
	IsSalesAgent bool       `json:"is_sales_agent"`
	PanelURL     string     `json:"panel_url,omitempty"`
	ExpiresAt    time.Time  `json:"expires_at"`
}

// RoleJSON is one role.
type RoleJSON struct {
	Name string `json:"name"`
}

// me answers the signed-in admin, or 204 when the browser carries none: a visitor is not an error.
func (r *Routes) me(c *gin.Context) {
	admin, ok := FromContext(c)
	if !ok {
		c.Status(http.StatusNoContent)
		return
	}
	roles := make([]RoleJSON, 0, len(admin.Roles))
	for _, name := range admin.Roles {
		roles = append(roles, RoleJSON{Name: name})
	}
	c.JSON(http.StatusOK, AdminJSON{
		ID: admin.ID, Name: admin.Name, Roles: roles, IsSalesAgent: admin.IsSalesAgent(),
		PanelURL: r.panelURL, ExpiresAt: admin.Expires.UTC(),
	})
}

// PanelURL is the admin panel's address ("" when not configured).
func (r *Routes) PanelURL() string { return r.panelURL }

func (r *Routes) signOut(c *gin.Context) {
	if !r.rotateSession(c) {
		return
	}
	r.clearCookie(c)
	c.Status(http.StatusNoContent)
}

func (r *Routes) clearCookie(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: Cookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: r.isHTTPS(c.Request), SameSite: http.SameSiteLaxMode,
	})
}
