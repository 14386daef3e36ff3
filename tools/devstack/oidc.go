package main

import (
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

// authority is devstack's stand-in for the brands' customer-login authorities.
type authority struct {
	provider *localoidc.Provider
	// env points the customer service at it: OIDC_ISSUERS and OIDC_CLIENT_SECRETS.
	env map[string]string
}

// startAuthority serves the seed customers' logins on a loopback port and maps every brand's
// authority URLs to it, so the login popup runs the real OpenID Connect flow without the internet.
func startAuthority() (*authority, error) {
	catalog, err := catalogseed.Default()
	if err != nil {
		return nil, fmt.Errorf("local authority: %w", err)
	}
	var urls []string
	clientID := ""
	for _, b := range catalog.Brands {
		for _, key := range []string{"oauth_authority_url", "oauth_authority_url_2"} {
			if u := b.Properties[key]; u != "" {
				urls = append(urls, u)
			}
		}
		// The local provider has one client; the seed has one brand with a login.
		if id := b.Properties["oauth_client_id"]; id != "" && clientID == "" {
			clientID = id
		}
	}
	if clientID == "" {
		return nil, fmt.Errorf("local authority: no brand of the catalog seed has an oauth_client_id")
	}
	customers, err := customerseed.Customers()
	if err != nil {
		return nil, fmt.Errorf("local authority: %w", err)
	}
	users := make([]localoidc.User, 0, len(customers))
	for _, c := range customers {
		users = append(users, localoidc.User{Username: c.Login.Username, Password: c.Login.Password, Subject: c.Subject, Email: c.BasicInfo.Email})
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("local authority: %w", err)
	}
	p, err := localoidc.Start(lis, clientID, localClientSecret, users)
	if err != nil {
		_ = lis.Close()
		return nil, err
	}
	sort.Strings(urls)
	pairs := make([]string, len(urls))
	for i, u := range urls {
		pairs[i] = u + "=" + p.Issuer()
	}
	return &authority{provider: p, env: map[string]string{
		"OIDC_ISSUERS":        strings.Join(pairs, ","),
		"OIDC_CLIENT_SECRETS": clientID + "=" + localClientSecret,
	}}, nil
}
