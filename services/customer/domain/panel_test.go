package domain

import (
	"strings"
	"testing"
)

func TestNormalizePanelSignIn(t *testing.T) {
	got := NormalizePanelSignIn(PanelSignIn{
		OrderType: OrderTypeRedirectProductCategory, WebhostingID: "wh-42<script>", CategorySlug: "web-hosting/../x",
		ExternalProductID: "HW-WEB-S/" + strings.Repeat("9", 150),
	})
	want := PanelSignIn{OrderType: OrderTypeRedirectProductCategory, WebhostingID: "wh-42script", CategorySlug: "web-hostingx",
		ExternalProductID: "HW-WEB-S" + strings.Repeat("9", panelValueMax-len("HW-WEB-S"))}
	if got != want {
		t.Errorf("normalised = %+v, want %+v", got, want)
	}
	for _, known := range []string{OrderTypeRedirect, OrderTypeCloudpitDomains, OrderTypeRedirectProductCategory} {
		if got := NormalizePanelSignIn(PanelSignIn{OrderType: known}); got.OrderType != known {
			t.Errorf("order type %q became %q", known, got.OrderType)
		}
	}
	if got := NormalizePanelSignIn(PanelSignIn{OrderType: "delete_everything"}); got.OrderType != "" {
		t.Errorf("an unknown order type was kept: %q", got.OrderType)
	}
}

func TestPanelURL(t *testing.T) {
	b := Brand{Authority: "https://login.example", Authority2: "https://cloud.example/login"}
	cases := []struct {
		panel *PanelSignIn
		want  string
	}{
		{nil, "https://login.example"},
		{&PanelSignIn{}, "https://login.example"},
		{&PanelSignIn{UseCP2: true}, "https://cloud.example/login"},
	}
	for _, c := range cases {
		if got := b.PanelURL(c.panel); got != c.want {
			t.Errorf("PanelURL(%+v) = %q, want %q", c.panel, got, c.want)
		}
	}
	if got := (Brand{Authority: "https://login.example"}).PanelURL(&PanelSignIn{UseCP2: true}); got != "https://login.example" {
		t.Errorf("use_cp_2 without a second authority = %q", got)
	}
}

// The panel sign-in needs the brand's authority and client only; the login popup also allow_crm.
func TestPanelSignInOfferedWithoutCRM(t *testing.T) {
	cases := []struct {
		brand        Brand
		login, panel bool
	}{
		{Brand{AllowCRM: true, Authority: "https://login.example", ClientID: "c"}, true, true},
		{Brand{AllowCRM: false, Authority: "https://login.example", ClientID: "c"}, false, true},
		{Brand{AllowCRM: true, ClientID: "c"}, false, false},
		{Brand{AllowCRM: true, Authority: "https://login.example"}, false, false},
	}
	for _, c := range cases {
		if got := c.brand.LoginOffered(); got != c.login {
			t.Errorf("LoginOffered(%+v) = %v", c.brand, got)
		}
		if got := c.brand.PanelSignInOffered(); got != c.panel {
			t.Errorf("PanelSignInOffered(%+v) = %v", c.brand, got)
		}
	}
}
