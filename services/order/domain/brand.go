package domain

// Brand is whom an order's mails and SMS come from (issue 23): the brand's sender, signature and
// legal footer, read from the catalog's brand properties (mail_sender_name, mail_sender_address,
// company_name, company_address, company_register, company_vat_id, support_email, support_phone,
// website_url, country_code). A zero Brand (the catalog not configured) gives mails without a brand footer.
type Brand struct {
	ID int32
	// Name is how the brand signs: the mail's sender name, its signature and the SMS's first word.
	Name          string
	SenderAddress string
	// The legal footer (imprint duties of § 5 DDG / § 5 ECG, § 14 UGB): the company, its address,
	// its commercial register entry and its VAT id.
	CompanyName     string
	CompanyAddress  string
	CompanyRegister string
	CompanyVATID    string
	SupportEmail    string
	SupportPhone    string
	WebsiteURL      string
	// CountryCode is the brand's country: an Austrian company names its VAT id "UID-Nr." and the
	// withdrawal right "Rücktritt" (FAGG).
	CountryCode string
	// The documents the confirmation links (CHECKOUT-LAW.md: the durable medium repeats the terms
	// and the withdrawal information): the general terms for consumers and for businesses, the
	// withdrawal information with its model form.
	TermsPrivateURL, TermsBusinessURL, RevocationURL string
	// MarketingCampaignID is the brand's configured campaign (marketing_campaign_id); 0 when it
	// sets none or none readable (CampaignID then answers the default).
	MarketingCampaignID int32
}

// DefaultMarketingCampaignID is the campaign of a brand that configures none (spec §9).
const DefaultMarketingCampaignID int32 = 1

// CampaignID is the marketing campaign an order of the brand is sent with: the configured one, or
// spec §9's default 1.
func (b Brand) CampaignID() int32 {
	if b.MarketingCampaignID > 0 {
		return b.MarketingCampaignID
	}
	return DefaultMarketingCampaignID
}

// Sender is the mail's From: "Name <address>", the address alone, or "" when the brand names none
// (the mail server's configured sender then applies).
func (b Brand) Sender() string {
	if b.SenderAddress == "" {
		return ""
	}
	if b.Name == "" {
		return b.SenderAddress
	}
	return b.Name + " <" + b.SenderAddress + ">"
}
