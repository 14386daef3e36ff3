package domain

import "strconv"

// Property keys of spec §3. Flags hold "true" or "false"; settings hold free text.
const (
	PropAllowCompanies                       = "allow_companies"
	PropAllowPrivatePersons                  = "allow_private_persons"
	PropAllowCRM                             = "allow_crm"
	PropManualPromotions                     = "manual_promotions"
	PropAutomaticPromotions                  = "automatic_promotions"
	PropDisplayPricesWithVAT                 = "display_prices_with_vat"
	PropHideZeroPricesInCart                 = "hide_zero_prices_in_cart"
	PropDisplayIntervalWithMaturity          = "display_interval_with_maturity"
	PropDisplayBankNameInputField            = "display_bank_name_input_field"
	PropDisplayPromocodeInputOnCartPage      = "display_promocode_input_on_cart_page"
	PropDisplayPromocodeInputOnConfirmPage   = "display_promocode_input_on_confirm_page"
	PropDisplayCouponCodeHintOnCartPage      = "display_coupon_code_hint_on_cart_page"
	PropDisplayReferralIDInputOnConfirmation = "display_referral_id_input_on_confirmation"
	PropOfferNewsletter                      = "offer_newsletter"
	PropShowLocaleSwitcher                   = "show_locale_switcher"
	PropDisplayPrivacySettingsLink           = "display_privacy_settings_link"

	PropOAuthAuthorityURL  = "oauth_authority_url"
	PropOAuthAuthorityURL2 = "oauth_authority_url_2"
	PropOAuthClientID      = "oauth_client_id"
	PropTermsPrivateURL    = "terms_private_url"
	PropTermsBusinessURL   = "terms_business_url"
	PropTermsMCAURL        = "terms_mca_url"
	PropTermsEULTURL       = "terms_eult_url"
	PropTermsGTCURL        = "terms_gtc_url"
	PropPrivacyURL         = "privacy_url"
	PropPrivacySettingsURL = "privacy_settings_url"
	PropRevocationURL      = "revocation_url"
	PropSupportPhone       = "support_phone"
	PropSupportEmail       = "support_email"
	// The brand's SEPA creditor (payment service mandates).
	PropSEPACreditorID   = "sepa_creditor_id"
	PropSEPACreditorName = "sepa_creditor_name"
	// Whom the order mails and SMS come from (issue 23): sender name and address, and the legal
	// footer (company, address, commercial register, VAT id).
	PropMailSenderName      = "mail_sender_name"
	PropMailSenderAddress   = "mail_sender_address"
	PropCompanyName         = "company_name"
	PropCompanyAddress      = "company_address"
	PropCompanyRegister     = "company_register"
	PropCompanyVATID        = "company_vat_id"
	PropLogoURL             = "logo_url"
	PropFavIconURL          = "fav_icon_url"
	PropWebsiteURL          = "website_url"
	PropCountryCode         = "country_code"
	PropCopyrightYear       = "copyright_year"
	PropMarketingCampaignID = "marketing_campaign_id"
)

// FlagKeys lists every boolean property; a brand missing one of them has it switched off.
var FlagKeys = []string{
	PropAllowCompanies, PropAllowPrivatePersons, PropAllowCRM, PropManualPromotions,
	PropAutomaticPromotions, PropDisplayPricesWithVAT, PropHideZeroPricesInCart,
	PropDisplayIntervalWithMaturity, PropDisplayBankNameInputField,
	PropDisplayPromocodeInputOnCartPage, PropDisplayPromocodeInputOnConfirmPage,
	PropDisplayCouponCodeHintOnCartPage, PropDisplayReferralIDInputOnConfirmation,
	PropOfferNewsletter, PropShowLocaleSwitcher, PropDisplayPrivacySettingsLink,
}

// SettingKeys lists every text property.
var SettingKeys = []string{
	PropOAuthAuthorityURL, PropOAuthAuthorityURL2, PropOAuthClientID, PropTermsPrivateURL,
	PropTermsBusinessURL, PropTermsMCAURL, PropTermsEULTURL, PropTermsGTCURL, PropPrivacyURL,
	PropPrivacySettingsURL, PropRevocationURL, PropSupportPhone, PropSupportEmail, PropLogoURL,
	PropFavIconURL, PropWebsiteURL, PropCountryCode, PropCopyrightYear, PropMarketingCampaignID,
	PropSEPACreditorID, PropSEPACreditorName, PropMailSenderName, PropMailSenderAddress, PropCompanyName,
	PropCompanyAddress, PropCompanyRegister, PropCompanyVATID,
}

// DefaultMarketingCampaignID applies when a brand sets none (spec §9).
const DefaultMarketingCampaignID = 1

// Properties are a brand's feature flags and settings by key.
type Properties map[string]string

// Flag reports whether the flag key is switched on; anything but "true" (or "1") is off.
func (p Properties) Flag(key string) bool {
	v := p[key]
	return v == "true" || v == "1"
}

// Setting returns the text value of key, "" when unset.
func (p Properties) Setting(key string) string { return p[key] }

// DisplayPricesWithVAT reports whether prices are shown gross.
func (p Properties) DisplayPricesWithVAT() bool { return p.Flag(PropDisplayPricesWithVAT) }

// CountryCode is the brand's home country, the default for addresses and zip-code lookups.
func (p Properties) CountryCode() string { return p[PropCountryCode] }

// MarketingCampaignID is the configured campaign, or the spec default when unset or malformed.
func (p Properties) MarketingCampaignID() int {
	if n, err := strconv.Atoi(p[PropMarketingCampaignID]); err == nil && n > 0 {
		return n
	}
	return DefaultMarketingCampaignID
}

// CopyrightYear is the year the brand entered the market, 0 when unset.
func (p Properties) CopyrightYear() int {
	n, err := strconv.Atoi(p[PropCopyrightYear])
	if err != nil {
		return 0
	}
	return n
}
