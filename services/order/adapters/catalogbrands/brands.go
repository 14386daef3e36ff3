// Package catalogbrands is the order service's Brands port over the catalog's brand properties
// (libs/go/brandprops, cached): whom an order's mails and SMS come from.
package catalogbrands

import (
	"context"
	"strconv"
	"strings"

	"github.com/hostcart/checkout/libs/go/brandprops"
	"github.com/hostcart/checkout/services/order/domain"
)

// Brand property keys the mails and SMS read (services/catalog/domain/properties.go).
const (
	PropSenderName      = "mail_sender_name"
	PropSenderAddress   = "mail_sender_address"
	PropCompanyName     = "company_name"
	PropCompanyAddress  = "company_address"
	PropCompanyRegister = "company_register"
	PropCompanyVATID    = "company_vat_id"
	PropSupportEmail    = "support_email"
	PropSupportPhone    = "support_phone"
	PropWebsiteURL      = "website_url"
	PropCountryCode     = "country_code"
	PropTermsPrivate    = "terms_private_url"
	PropTermsBusiness   = "terms_business_url"
	PropRevocation      = "revocation_url"
	// PropMarketingCampaignID is the campaign the brand's orders are sent with (spec §9: default 1).
	PropMarketingCampaignID = "marketing_campaign_id"
)

// Props answers a brand's properties (brandprops.Reader).
type Props interface {
	Props(ctx context.Context, id int32) (brandprops.Props, error)
}

// Brands implements the port.
type Brands struct{ props Props }

// New returns the port over props.
func New(props Props) *Brands { return &Brands{props: props} }

// Brand returns the sender, legal identity and legal documents of the brand with id; errors are the reader's
// (brandprops.ErrBrandNotFound, ErrUnavailable).
func (b *Brands) Brand(ctx context.Context, id int32) (domain.Brand, error) {
	p, err := b.props.Props(ctx, id)
	if err != nil {
		return domain.Brand{}, err
	}
	return domain.Brand{ID: id, Name: p[PropSenderName], SenderAddress: p[PropSenderAddress],
		CompanyName: p[PropCompanyName], CompanyAddress: p[PropCompanyAddress], CompanyRegister: p[PropCompanyRegister],
		CompanyVATID: p[PropCompanyVATID], SupportEmail: p[PropSupportEmail], SupportPhone: p[PropSupportPhone],
		WebsiteURL: p[PropWebsiteURL], CountryCode: p[PropCountryCode], MarketingCampaignID: campaignID(p[PropMarketingCampaignID]),
		TermsPrivateURL: p[PropTermsPrivate], TermsBusinessURL: p[PropTermsBusiness], RevocationURL: p[PropRevocation]}, nil
}

// campaignID reads a configured campaign id: a positive number, else 0 (the domain's default applies).
func campaignID(v string) int32 {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
	if err != nil || n <= 0 {
		return 0
	}
	return int32(n)
}
