package main

import "net/url"

// redactURL hides credentials in store URLs before they reach the logs.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable url)"
	}
	return u.Redacted()
}
