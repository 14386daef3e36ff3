package main

import (
	"errors"
	"fmt"
	"net"
	"sort"
	"strings"

	catalogseed "github.com/hostcart/checkout/services/catalog/seed"
	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
	customerseed "github.com/hostcart/checkout/services/customer/seed"
)

// localClientSecret is the local authority's client secret. It guards nothing real: the
// authority only knows the seed customers' demo logins.
const localClientSecret = "devstack-local-secret"

// authority is devstack's stand-in for the brands' customer-login authorities: one local provider
// per client id of the catalog seed (each brand's own: hostwerk-checkout, alpenhost-checkout),
// each knowing the logins of its brands' seed customers only, as a brand's real authority knows
// its own customers. A customer of one brand cannot log in at the other's.
type authority struct {
	// providers by client id.
	providers map[string]*localoidc.Provider
	// env points the customer service at them: OIDC_ISSUERS and OIDC_CLIENT_SECRETS.
	env map[string]string
}

// Close stops every provider.
func (a *authority) Close() error {
	var errs []error
	for _, p := range a.providers {
		errs = append(errs, p.Close())
	}
	return errors.Join(errs...)
}

// Issuers names each client id's local issuer, for the log.
func (a *authority) Issuers() []string {
	out := make([]string, 0, len(a.providers))
	for id, p := range a.providers {
		out = append(out, id+"="+p.Issuer())
	}
	sort.Strings(out)
	return out
}

// startAuthority serves the seed customers' logins on loopback ports and maps every brand's
// authority URLs to its client's provider, so the login popup and the panel sign-in run the real
// OpenID Connect flow without the internet.
func startAuthority() (a *authority, err error) {
	catalog, err := catalogseed.Default()
	if err != nil {
		return nil, fmt.Errorf("local authority: %w", err)
	}
	// The authority URLs and the brands of each client id.
	urls := map[string][]string{}
	brands := map[string]map[int32]bool{}
	for _, b := range catalog.Brands {
		id := b.Properties["oauth_client_id"]
		if id == "" {
			continue
		}
		if brands[id] == nil {
			brands[id] = map[int32]bool{}
		}
		brands[id][b.ID] = true
		for _, key := range []string{"oauth_authority_url", "oauth_authority_url_2"} {
			if u := b.Properties[key]; u != "" {
				urls[id] = append(urls[id], u)
			}
		}
	}
	if len(brands) == 0 {
		return nil, fmt.Errorf("local authority: no brand of the catalog seed has an oauth_client_id")
	}
	customers, err := customerseed.Customers()
	if err != nil {
		return nil, fmt.Errorf("local authority: %w", err)
	}
	a = &authority{providers: map[string]*localoidc.Provider{}}
	defer func() {
		if err != nil {
			_ = a.Close()
		}
	}()
	var pairs, secrets []string
	for id, of := range brands {
		var users []localoidc.User
		for _, c := range customers {
			if of[c.BrandID] {
				users = append(users, localoidc.User{Username: c.Login.Username, Password: c.Login.Password, Subject: c.Subject, Email: c.BasicInfo.Email})
			}
		}
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("local authority: %w", err)
		}
		p, err := localoidc.Start(lis, id, localClientSecret, users)
		if err != nil {
			_ = lis.Close()
			return nil, err
		}
		a.providers[id] = p
		for _, u := range urls[id] {
			pairs = append(pairs, u+"="+p.Issuer())
		}
		secrets = append(secrets, id+"="+localClientSecret)
	}
	sort.Strings(pairs)
	sort.Strings(secrets)
	a.env = map[string]string{
		"OIDC_ISSUERS":        strings.Join(pairs, ","),
		"OIDC_CLIENT_SECRETS": strings.Join(secrets, ","),
	}
	return a, nil
}
