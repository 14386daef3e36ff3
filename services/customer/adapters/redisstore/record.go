package redisstore

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
)

// record is the stored JSON. It has its own field names so renaming a domain field does not make
// every stored session unreadable.
type record struct {
	CustomerNo string        `json:"customer_no,omitempty"`
	BrandID    int32         `json:"brand_id,omitempty"`
	BasicInfo  *basicInfo    `json:"basic_info,omitempty"`
	Address    *address      `json:"address,omitempty"`
	Login      *pendingLogin `json:"login,omitempty"`
	VATIDCheck *vatIDCheck   `json:"vat_id_check,omitempty"`
	Panel      *panelSignIn  `json:"panel,omitempty"`
}

type panelSignIn struct {
	OrderType         string `json:"order_type,omitempty"`
	UseCP2            bool   `json:"use_cp_2,omitempty"`
	WebhostingID      string `json:"webhosting_id,omitempty"`
	CategorySlug      string `json:"category_slug,omitempty"`
	ExternalProductID string `json:"external_product_id,omitempty"`
}

type vatIDCheck struct {
	VATID              string    `json:"vat_id"`
	Status             string    `json:"status"`
	ConsultationNumber string    `json:"consultation_number,omitempty"`
	Name               string    `json:"name,omitempty"`
	Address            string    `json:"address,omitempty"`
	CheckedAt          time.Time `json:"checked_at"`
}

type pendingLogin struct {
	State       string    `json:"state"`
	Nonce       string    `json:"nonce"`
	Verifier    string    `json:"verifier"`
	Issuer      string    `json:"issuer"`
	ClientID    string    `json:"client_id"`
	RedirectURI string    `json:"redirect_uri"`
	Expires     time.Time `json:"expires"`
}

type basicInfo struct {
	Group        int    `json:"group"`
	Gender       int    `json:"gender"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	CompanyName  string `json:"company_name,omitempty"`
	CompanyVatID string `json:"company_vat_id,omitempty"`
	Email        string `json:"email"`
}

type address struct {
	Street      string `json:"street"`
	PostalCode  string `json:"postal_code"`
	City        string `json:"city"`
	CountryCode string `json:"country_code"`
	Phone       string `json:"phone"`
}

// encode cannot fail: the record holds strings, integers and times only.
func encode(c domain.SessionCustomer) []byte {
	r := record{CustomerNo: c.CustomerNo, BrandID: c.BrandID}
	if v := c.VATIDCheck; v != nil {
		r.VATIDCheck = &vatIDCheck{VATID: v.VATID, Status: v.Status, ConsultationNumber: v.ConsultationNumber, Name: v.Name,
			Address: v.Address, CheckedAt: v.CheckedAt}
	}
	if l := c.Login; l != nil {
		r.Login = &pendingLogin{State: l.State, Nonce: l.Nonce, Verifier: l.Verifier, Issuer: l.Issuer,
			ClientID: l.ClientID, RedirectURI: l.RedirectURI, Expires: l.Expires}
	}
	if p := c.Panel; p != nil {
		r.Panel = &panelSignIn{OrderType: p.OrderType, UseCP2: p.UseCP2, WebhostingID: p.WebhostingID,
			CategorySlug: p.CategorySlug, ExternalProductID: p.ExternalProductID}
	}
	if b := c.BasicInfo; b != nil {
		r.BasicInfo = &basicInfo{Group: int(b.Group), Gender: b.Gender, FirstName: b.FirstName, LastName: b.LastName,
			CompanyName: b.CompanyName, CompanyVatID: b.CompanyVatID, Email: b.Email}
	}
	if a := c.Address; a != nil {
		r.Address = &address{Street: a.Street, PostalCode: a.PostalCode, City: a.City, CountryCode: a.CountryCode, Phone: a.Phone}
	}
	data, _ := json.Marshal(r)
	return data
}

func decode(raw []byte) (domain.SessionCustomer, error) {
	var out domain.SessionCustomer
	if len(raw) == 0 {
		return out, nil
	}
	var r record
	if err := json.Unmarshal(raw, &r); err != nil {
		return out, fmt.Errorf("decode stored session customer: %w", err)
	}
	out.CustomerNo, out.BrandID = r.CustomerNo, r.BrandID
	if v := r.VATIDCheck; v != nil {
		out.VATIDCheck = &domain.VATIDCheck{VATID: v.VATID, Status: v.Status, ConsultationNumber: v.ConsultationNumber, Name: v.Name,
			Address: v.Address, CheckedAt: v.CheckedAt}
	}
	if l := r.Login; l != nil {
		out.Login = &domain.PendingLogin{State: l.State, Nonce: l.Nonce, Verifier: l.Verifier, Issuer: l.Issuer,
			ClientID: l.ClientID, RedirectURI: l.RedirectURI, Expires: l.Expires}
	}
	if p := r.Panel; p != nil {
		out.Panel = &domain.PanelSignIn{OrderType: p.OrderType, UseCP2: p.UseCP2, WebhostingID: p.WebhostingID,
			CategorySlug: p.CategorySlug, ExternalProductID: p.ExternalProductID}
	}
	if b := r.BasicInfo; b != nil {
		out.BasicInfo = &domain.BasicInfo{Group: domain.Group(b.Group), Gender: b.Gender, FirstName: b.FirstName, LastName: b.LastName,
			CompanyName: b.CompanyName, CompanyVatID: b.CompanyVatID, Email: b.Email}
	}
	if a := r.Address; a != nil {
		out.Address = &domain.Address{Street: a.Street, PostalCode: a.PostalCode, City: a.City, CountryCode: a.CountryCode, Phone: a.Phone}
	}
	return out, nil
}
