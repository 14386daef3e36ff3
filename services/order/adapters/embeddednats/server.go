// Package embeddednats runs a NATS server with JetStream inside the process, on a loopback port
// with its store in a temporary folder: devstack's broker, like its embedded SQL and Redis, so the
// outbox relay publishes to a real JetStream without a server to install.
package embeddednats

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is a running embedded broker.
type Server struct {
	ns  *server.Server
	dir string
}

// Start runs a JetStream server on 127.0.0.1 at port (0 for any free one). Its store lives in a
// fresh temporary folder that Stop removes: devstack's events need not outlive the process.
func Start(port int) (*Server, error) {
	dir, err := os.MkdirTemp("", "order-nats-*")
	if err != nil {
		return nil, fmt.Errorf("embedded nats: store dir: %w", err)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	ns, err := server.NewServer(&server.Options{
		ServerName: "embedded-order",
		Host:       "127.0.0.1",
		Port:       port,
		JetStream:  true,
		StoreDir:   dir,
		NoSigs:     true, // the process's own signal handling stops it, not the server's
		NoLog:      true,
	})
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("embedded nats: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		_ = os.RemoveAll(dir)
		return nil, errors.New("embedded nats: not ready after 10s")
	}
	return &Server{ns: ns, dir: dir}, nil
}

// URL is the client URL (nats://127.0.0.1:port).
func (s *Server) URL() string { return s.ns.ClientURL() }

// Stop shuts the server down and removes its store.
func (s *Server) Stop() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
	_ = os.RemoveAll(s.dir)
}
