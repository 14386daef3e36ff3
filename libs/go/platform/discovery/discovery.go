// Package discovery maps a service name to the gRPC dial target of that service.
//
// Static serves devstack and simple deployments (<NAME>_ADDR). FromEnv selects the mode with
// DISCOVERY: static, consul (targets consul:///<name>) or kubernetes (targets
// kubernetes:///<name>.<namespace>:<port>); the gRPC resolvers behind those schemes live in the
// separate module libs/go/discovery-ext, which a binary imports for its side effect, so callers never
// depend on how instances are found and services that do not use them never pull in Consul's or
// Kubernetes' client libraries.
package discovery

import (
	"fmt"
	"os"
	"strings"
)

// Resolver returns the gRPC dial target of a service.
type Resolver interface {
	Target(service string) (string, error)
}

// Static maps a service name to "host:port".
type Static map[string]string

// EnvVar is the environment variable that holds the address of service, e.g. CATALOG_ADDR.
func EnvVar(service string) string {
	return strings.ToUpper(strings.ReplaceAll(service, "-", "_")) + "_ADDR"
}

// StaticFromEnv reads <UPPER(service)>_ADDR for every named service; unset ones are left out so
// Target can report exactly which variable is missing.
func StaticFromEnv(services ...string) Static {
	s := make(Static, len(services))
	for _, svc := range services {
		if v := strings.TrimSpace(os.Getenv(EnvVar(svc))); v != "" {
			s[svc] = v
		}
	}
	return s
}

// Target returns the address of service or an error naming the variable that should provide it.
func (s Static) Target(service string) (string, error) {
	if addr, ok := s[service]; ok && addr != "" {
		return addr, nil
	}
	return "", fmt.Errorf("discovery: no address for service %q (set %s)", service, EnvVar(service))
}
