package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/adminauth/localissuer"
)

// adminPanel stands in for the admin panel on a loopback port: it signs sales agents in to the
// shop with tokens of its own key (the gateway gets the public key) and shows the page an agent
// lands on after saving a draft. Drafts themselves are created with tools/draftctl, which finds
// the order service and this key through the data folder's devstack.json.
type adminPanel struct {
	server *http.Server
	url    string
	issuer *localissuer.Issuer
	env    map[string]string
}

// AdminKeyFile is the admin panel's signing key in the data folder (draftctl signs links with it).
const AdminKeyFile = "admin-panel-key.pem"

func startAdminPanel(dataDir string) (*adminPanel, error) {
	iss, err := localissuer.New()
	if err != nil {
		return nil, err
	}
	pub, err := iss.PublicKeyPEM()
	if err != nil {
		return nil, err
	}
	priv, err := iss.PrivateKeyPEM()
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dataDir, AdminKeyFile), priv, 0o600); err != nil {
		return nil, fmt.Errorf("admin panel: %w", err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("admin panel: %w", err)
	}
	p := &adminPanel{issuer: iss, url: "http://" + lis.Addr().String()}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sign-in", p.signIn)
	mux.HandleFunc("GET /session-order-drafts/{id}", p.draftPage)
	p.server = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := p.server.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Println("admin panel stopped:", err)
		}
	}()
	p.env = map[string]string{"ADMIN_TOKEN_PUBLIC_KEYS": pub, "ADMIN_PANEL_URL": p.url}
	return p, nil
}

// signIn: /sign-in?shop=<shop origin>&admin=<id>&name=<name>&roles=sales-agent,...&next=<path>
// sends the browser to the shop's /admin/sign-in with a freshly signed token.
func (p *adminPanel) signIn(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	shop, err := url.Parse(q.Get("shop"))
	if err != nil || (shop.Scheme != "http" && shop.Scheme != "https") || shop.Host == "" {
		http.Error(w, "shop must be the shop's origin", http.StatusBadRequest)
		return
	}
	admin := adminauth.Admin{ID: q.Get("admin"), Name: q.Get("name"), Roles: strings.Split(q.Get("roles"), ",")}
	if admin.ID == "" {
		admin.ID = "agent-1"
	}
	token, err := p.issuer.Sign(admin, time.Hour)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	target := shop.Scheme + "://" + shop.Host + "/admin/sign-in?" + url.Values{"token": {token}, "next": {q.Get("next")}}.Encode()
	http.Redirect(w, r, target, http.StatusSeeOther)
}

var draftPage = template.Must(template.New("draft").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Order draft {{.}}</title></head>
<body><main><h1>Order draft saved</h1><p>Draft <code id="draft-id">{{.}}</code> was saved by the shop.</p></main></body></html>`))

func (p *adminPanel) draftPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = draftPage.Execute(w, r.PathValue("id"))
}

// DevstackFile in the data folder tells tools (draftctl) where the stack's parts listen.
const DevstackFile = "devstack.json"

func writeDevstackFile(dataDir string, services map[string]string, panelURL string) error {
	b, err := json.MarshalIndent(map[string]any{
		"services":       services,
		"admin_panel":    panelURL,
		"admin_key_file": filepath.Join(dataDir, AdminKeyFile),
	}, "", "  ")
	if err != nil {
		return fmt.Errorf("devstack file: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dataDir, DevstackFile), b, 0o600); err != nil {
		return fmt.Errorf("devstack file: %w", err)
	}
	return nil
}
