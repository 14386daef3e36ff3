package domain

// Status is the availability of a domain name, numbered as in spec §4.
type Status int32

const (
	// StatusAvailable names can be registered.
	StatusAvailable Status = 0
	// StatusTaken names are registered; they can be transferred with an auth code.
	StatusTaken Status = 1
	// StatusUnavailable names can be neither registered nor transferred.
	StatusUnavailable Status = 2
	// StatusOwned names are already in the session's cart.
	StatusOwned Status = 4
)

// Status texts (message keys) of a search result.
const (
	TextAvailable       = "domain.status.available"
	TextTaken           = "domain.status.taken"
	TextUnavailable     = "domain.status.unavailable"
	TextOwned           = "domain.status.already_owned"
	TextIDNNotSupported = "domain.status.idn_not_supported"
	TextCheckFailed     = "domain.status.check_failed"
)

// Valid reports whether s is one of the statuses of the spec.
func (s Status) Valid() bool {
	switch s {
	case StatusAvailable, StatusTaken, StatusUnavailable, StatusOwned:
		return true
	}
	return false
}

// Text is the message key describing s.
func (s Status) Text() string {
	switch s {
	case StatusAvailable:
		return TextAvailable
	case StatusTaken:
		return TextTaken
	case StatusOwned:
		return TextOwned
	default:
		return TextUnavailable
	}
}

// NeedsAuthCode reports whether ordering a name of status s is a transfer.
func (s Status) NeedsAuthCode() bool { return s == StatusTaken }

// Result is the answer for one name of a search (spec §3 "Domain search result").
type Result struct {
	Name
	TLDID     int32
	Status    Status
	Text      string
	Notice    string
	Inclusive bool
	Price     Price
	// Cached is true when the status came from the availability cache.
	Cached bool
}

// NewResult builds the result for a name of t whose availability is status.
func NewResult(n Name, t TLD, status Status, cached bool) Result {
	return Result{
		Name:   n,
		TLDID:  t.ID,
		Status: status,
		Text:   status.Text(),
		Notice: t.Notice,
		Price:  t.Prices(),
		Cached: cached,
	}
}
