package domain

// MaxSessionIDLength bounds the opaque session id so it cannot blow up store keys.
const MaxSessionIDLength = 128

// ValidSessionID reports whether sid can name a session: present, bounded and free of whitespace
// and key separators.
func ValidSessionID(sid string) bool {
	if sid == "" || len(sid) > MaxSessionIDLength {
		return false
	}
	for _, r := range sid {
		if r <= ' ' || r == ':' || r == 0x7f {
			return false
		}
	}
	return true
}
