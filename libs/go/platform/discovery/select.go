package discovery

import (
	"fmt"
	"net/url"
	"os"
	"strings"

	"google.golang.org/grpc/resolver"
)

// Discovery modes, chosen with DISCOVERY.
const (
	// ModeStatic dials <NAME>_ADDR as given (devstack, single services, Kubernetes ClusterIP
	// Services through DNS).
	ModeStatic = "static"
	// ModeConsul dials consul:///<name>: the healthy instances Consul knows, round robin.
	ModeConsul = "consul"
	// ModeKubernetes dials kubernetes:///<name>.<namespace>:<port>: the ready endpoints of the
	// Kubernetes Service's EndpointSlices, round robin.
	ModeKubernetes = "kubernetes"
)

// gRPC resolver schemes of the non-static modes. Their builders live in the module
// github.com/hostcart/checkout/libs/go/discovery-ext (packages consulresolver and k8sresolver), so
// that Consul's and Kubernetes' client libraries reach only the binaries that import them.
const (
	SchemeConsul     = "consul"
	SchemeKubernetes = "kubernetes"
)

// RoundRobinServiceConfig is the gRPC service config the consul and kubernetes resolvers push with
// every update: calls are spread over all ready instances, and an instance whose grpc.health.v1
// status turns NOT_SERVING (a server draining on shutdown) stops getting new calls at once, before
// the registry notices it leaving.
const RoundRobinServiceConfig = `{"loadBalancingConfig":[{"round_robin":{}}],"healthCheckConfig":{"serviceName":""}}`

// DefaultPortName is the port of a Kubernetes Service the kubernetes mode dials (K8S_PORT_NAME).
const DefaultPortName = "grpc"

// Options select how service names become dial targets.
type Options struct {
	Mode string // ModeStatic (default), ModeConsul or ModeKubernetes
	// Prefix is put before the discovery name to form the name in the registry, e.g. the Helm
	// release's "shop-hostcart-" in front of "catalog" (DISCOVERY_SERVICE_PREFIX).
	Prefix string
	// ConsulTag keeps only the Consul instances carrying this tag (CONSUL_SERVICE_TAG). The Consul
	// agent's address comes from CONSUL_HTTP_ADDR, read by the resolver (Consul's own variable).
	ConsulTag string
	// Namespace of the Kubernetes Services (K8S_NAMESPACE); empty means the caller's own namespace.
	Namespace string
	// PortName is the Kubernetes Service port to dial, by name or number (K8S_PORT_NAME, default grpc).
	PortName string
}

// OptionsFromEnv reads DISCOVERY, DISCOVERY_SERVICE_PREFIX, CONSUL_SERVICE_TAG, K8S_NAMESPACE and
// K8S_PORT_NAME.
func OptionsFromEnv() Options {
	get := func(k string) string { return strings.TrimSpace(os.Getenv(k)) }
	return Options{
		Mode:      strings.ToLower(get("DISCOVERY")),
		Prefix:    get("DISCOVERY_SERVICE_PREFIX"),
		ConsulTag: get("CONSUL_SERVICE_TAG"),
		Namespace: get("K8S_NAMESPACE"),
		PortName:  get("K8S_PORT_NAME"),
	}
}

// FromEnv returns the Resolver that DISCOVERY selects for services (see OptionsFromEnv and New).
func FromEnv(services ...string) (Resolver, error) {
	return New(OptionsFromEnv(), services...)
}

// New returns the Resolver of o.Mode. Static reads <NAME>_ADDR for every service; the other modes
// ignore <NAME>_ADDR and need their gRPC resolver registered in the process (a blank import of
// consulresolver or k8sresolver from libs/go/discovery-ext): New fails otherwise, rather than
// letting gRPC treat "consul:///catalog" as a DNS name.
func New(o Options, services ...string) (Resolver, error) {
	switch o.Mode {
	case "", ModeStatic:
		return StaticFromEnv(services...), nil
	case ModeConsul:
		if resolver.Get(SchemeConsul) == nil {
			return nil, fmt.Errorf("discovery: DISCOVERY=consul but no %s:// resolver is registered (import libs/go/discovery-ext/consulresolver)", SchemeConsul)
		}
		return Consul{Prefix: o.Prefix, Tag: o.ConsulTag}, nil
	case ModeKubernetes:
		if resolver.Get(SchemeKubernetes) == nil {
			return nil, fmt.Errorf("discovery: DISCOVERY=kubernetes but no %s:// resolver is registered (import libs/go/discovery-ext/k8sresolver)", SchemeKubernetes)
		}
		return Kubernetes{Prefix: o.Prefix, Namespace: o.Namespace, Port: o.PortName}, nil
	default:
		return nil, fmt.Errorf("discovery: DISCOVERY=%q: want %s, %s or %s", o.Mode, ModeStatic, ModeConsul, ModeKubernetes)
	}
}

// Consul names services as registered in Consul: consul:///<Prefix><service>[?tag=<Tag>].
type Consul struct {
	Prefix string
	Tag    string
}

// Target returns the consul:// target of service.
func (c Consul) Target(service string) (string, error) {
	if service == "" {
		return "", fmt.Errorf("discovery: empty service name")
	}
	t := SchemeConsul + ":///" + url.PathEscape(c.Prefix+service)
	if c.Tag != "" {
		t += "?" + url.Values{"tag": {c.Tag}}.Encode()
	}
	return t, nil
}

// Kubernetes names Kubernetes Services: kubernetes:///<Prefix><service>[.<Namespace>]:<Port>.
type Kubernetes struct {
	Prefix    string
	Namespace string
	Port      string // name or number; empty means DefaultPortName
}

// Target returns the kubernetes:// target of service.
func (k Kubernetes) Target(service string) (string, error) {
	if service == "" {
		return "", fmt.Errorf("discovery: empty service name")
	}
	name := k.Prefix + service
	if k.Namespace != "" {
		name += "." + k.Namespace
	}
	port := k.Port
	if port == "" {
		port = DefaultPortName
	}
	return SchemeKubernetes + ":///" + name + ":" + port, nil
}
