package consulresolver

import (
	"context"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/consul/api"
)

// Defaults of a Registration's health check.
const (
	DefaultCheckInterval   = 10 * time.Second
	DefaultCheckTimeout    = 2 * time.Second
	DefaultDeregisterAfter = time.Minute
)

// Registration describes one instance of a service for the local Consul agent.
type Registration struct {
	Name    string // service name, as consul:///<Name> targets look it up
	ID      string // unique per instance; empty means <Name>-<hostname>-<Port>
	Address string // address other instances dial (the pod's or host's IP), not 0.0.0.0
	Port    int
	Tags    []string
	Meta    map[string]string

	// The agent calls grpc.health.v1 on Address:Port every CheckInterval (timeout CheckTimeout);
	// an instance critical for DeregisterAfter is removed by Consul itself, which cleans up after
	// processes that died without deregistering.
	CheckInterval   time.Duration
	CheckTimeout    time.Duration
	DeregisterAfter time.Duration
}

// Register announces reg to the agent of client (nil: api.DefaultConfig()) with a gRPC health
// check and returns the function that deregisters it, to call on stop before the server drains:
// clients then stop picking the instance while its in-flight calls finish.
func Register(ctx context.Context, client *api.Client, reg Registration) (deregister func(context.Context) error, err error) {
	if reg.Name == "" || reg.Address == "" || reg.Port <= 0 || reg.Port > 65535 {
		return nil, fmt.Errorf("consulresolver: register: need a name, an address and a port, got %q %q %d", reg.Name, reg.Address, reg.Port)
	}
	if ip := net.ParseIP(reg.Address); ip != nil && ip.IsUnspecified() {
		return nil, fmt.Errorf("consulresolver: register %s: %s is not an address others can dial", reg.Name, reg.Address)
	}
	if client == nil {
		if client, err = api.NewClient(api.DefaultConfig()); err != nil {
			return nil, fmt.Errorf("consulresolver: %w", err)
		}
	}
	if reg.ID == "" {
		host, _ := os.Hostname()
		reg.ID = fmt.Sprintf("%s-%s-%d", reg.Name, host, reg.Port)
	}
	interval := orDefault(reg.CheckInterval, DefaultCheckInterval)
	timeout := orDefault(reg.CheckTimeout, DefaultCheckTimeout)
	after := orDefault(reg.DeregisterAfter, DefaultDeregisterAfter)
	addr := net.JoinHostPort(reg.Address, strconv.Itoa(reg.Port))
	svc := &api.AgentServiceRegistration{
		ID:      reg.ID,
		Name:    reg.Name,
		Address: reg.Address,
		Port:    reg.Port,
		Tags:    reg.Tags,
		Meta:    reg.Meta,
		Check: &api.AgentServiceCheck{
			CheckID:                        reg.ID + "-grpc",
			Name:                           "gRPC health " + addr,
			GRPC:                           addr,
			Interval:                       interval.String(),
			Timeout:                        timeout.String(),
			DeregisterCriticalServiceAfter: after.String(),
		},
	}
	agent := client.Agent()
	if err := agent.ServiceRegisterOpts(svc, api.ServiceRegisterOpts{ReplaceExistingChecks: true}.WithContext(ctx)); err != nil {
		return nil, fmt.Errorf("consulresolver: register %s: %w", reg.ID, err)
	}
	id := reg.ID
	return func(ctx context.Context) error {
		if err := agent.ServiceDeregisterOpts(id, (&api.QueryOptions{}).WithContext(ctx)); err != nil {
			return fmt.Errorf("consulresolver: deregister %s: %w", id, err)
		}
		return nil
	}, nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
