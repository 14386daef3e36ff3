package service

// WithBookExpired returns cfg with a hook run when a brand's cached book expires, so tests wait
// for the expiry instead of sleeping.
func WithBookExpired(cfg Config, f func()) Config {
	cfg.onBookExpired = f
	return cfg
}
