package fields

// Message keys of violations, translated by the frontend in de-DE and en-GB. The comment of a key
// names the params its text may interpolate; ValidateFields adds {field} (the field's label, else
// its key) to every violation it returns.
const (
	KeyRequired       = "validation.required"   // {field}
	KeyMinLength      = "validation.min_length" // {min}
	KeyMaxLength      = "validation.max_length" // {max}
	KeyMinValue       = "validation.min_value"  // {min}
	KeyMaxValue       = "validation.max_value"  // {max}
	KeyInteger        = "validation.integer"
	KeyNumeric        = "validation.numeric"
	KeyBoolean        = "validation.boolean"
	KeyIn             = "validation.in"          // {values}: the allowed values joined by ", "
	KeyAccepted       = "validation.accepted"    // boolean|in:true, e.g. a consent checkbox
	KeyPersons        = "validation.persons"     // a person with one name only, or malformed JSON
	KeyPersonsMax     = "validation.persons_max" // {max}
	KeyFQDN           = "validation.fqdn"
	KeySecurePassword = "validation.secure_password"
	KeyEmail          = "validation.email"
	KeyIPv4           = "validation.ipv4"
	KeyIPv6           = "validation.ipv6"
	KeyAlpha          = "validation.alpha"
	KeyAlphaNum       = "validation.alpha_num"
	KeyAlphaDash      = "validation.alpha_dash"
	KeyAlphaLower     = "validation.alpha_lower"
	KeyAlphaNumLower  = "validation.alpha_num_lower"
	KeyAlphaDashLower = "validation.alpha_dash_lower"
	KeyLowercase      = "validation.lowercase"
	KeySamePassword   = "validation.same_password" // {other}: the key of the field it must match
)

// MessageKeys lists every key a violation can carry, for translation completeness checks.
var MessageKeys = []string{
	KeyRequired, KeyMinLength, KeyMaxLength, KeyMinValue, KeyMaxValue, KeyInteger, KeyNumeric,
	KeyBoolean, KeyIn, KeyAccepted, KeyPersons, KeyPersonsMax, KeyFQDN, KeySecurePassword, KeyEmail,
	KeyIPv4, KeyIPv6, KeyAlpha, KeyAlphaNum, KeyAlphaDash, KeyAlphaLower, KeyAlphaNumLower,
	KeyAlphaDashLower, KeyLowercase, KeySamePassword,
}
