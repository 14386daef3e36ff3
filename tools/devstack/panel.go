package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// panelSim stands in for the cloud control panel (spec §1 audiences, §4 "OAuth"): a page where a
// developer picks an order type and is sent to the shop's /oauth with the panel's data, as the
// real panel links its users; the shop then signs them in at the brand's authority (devstack's
// local one) and comes back to /oauth/callback with the code and the data.
type panelSim struct {
	server *http.Server
	url    string
}

// panelData is spec §3's "Oauth data" as the panel sends it, base64-encoded JSON.
type panelData struct {
	OrderType         string `json:"order_type"`
	UseCP2            bool   `json:"use_cp_2,omitempty"`
	WebhostingID      string `json:"webhosting_id,omitempty"`
	CategorySlug      string `json:"category_slug,omitempty"`
	ExternalProductID string `json:"external_product_id,omitempty"`
}

// panelOrderTypes are the order types of spec §4 the page offers.
var panelOrderTypes = []string{"redirect", "cloudpit_domains", "redirect_product_category"}

func startPanel(shop string) (*panelSim, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("panel simulation: %w", err)
	}
	srv := &http.Server{Handler: panelHandler(shop), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Println("panel simulation stopped:", err)
		}
	}()
	return &panelSim{server: srv, url: "http://" + lis.Addr().String() + "/panel"}, nil
}

var panelPage = template.Must(template.New("panel").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cloud panel (devstack simulation)</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input,select{width:100%;padding:.4rem;box-sizing:border-box}input[type=checkbox]{width:auto}button{margin-top:1rem;padding:.5rem 1rem}</style>
</head><body><main>
<h1>Cloud panel</h1>
<p>Devstack's stand-in for the hosting control panel: order in the shop as a signed-in panel user.</p>
<form method="get" action="/panel/open">
<label for="shop">Shop</label><input id="shop" name="shop" value="{{.Shop}}">
<label for="order_type">Order type</label><select id="order_type" name="order_type">{{range .OrderTypes}}<option>{{.}}</option>{{end}}</select>
<label for="category_slug">Category slug (redirect_product_category)</label><input id="category_slug" name="category_slug" value="webhosting">
<label for="external_product_id">External product id (redirect)</label><input id="external_product_id" name="external_product_id">
<label for="webhosting_id">Webhosting id</label><input id="webhosting_id" name="webhosting_id" value="wh1001">
<label><input type="checkbox" name="use_cp_2" value="true"> Second authority (use_cp_2)</label>
<button type="submit">Order in the shop</button>
</form></main></body></html>`))

// panelHandler serves the page (/panel) and the link it follows (/panel/open), which redirects
// to the shop's /oauth?data=<base64 JSON>.
func panelHandler(shop string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /panel", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = panelPage.Execute(w, map[string]any{"Shop": shop, "OrderTypes": panelOrderTypes})
	})
	mux.HandleFunc("GET /panel/open", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		target, err := panelLink(q.Get("shop"), panelData{
			OrderType: q.Get("order_type"), UseCP2: q.Get("use_cp_2") == "true", WebhostingID: q.Get("webhosting_id"),
			CategorySlug: q.Get("category_slug"), ExternalProductID: q.Get("external_product_id"),
		})
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		http.Redirect(w, r, target, http.StatusFound)
	})
	return mux
}

// panelLink is the link the panel gives its user: the shop's /oauth with the data.
func panelLink(shop string, d panelData) (string, error) {
	u, err := url.Parse(strings.TrimSpace(shop))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("panel simulation: shop %q is no http(s) URL", shop)
	}
	raw, err := json.Marshal(d)
	if err != nil {
		return "", fmt.Errorf("panel simulation: %w", err)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/oauth"
	u.RawQuery = url.Values{"data": {base64.StdEncoding.EncodeToString(raw)}}.Encode()
	return u.String(), nil
}
