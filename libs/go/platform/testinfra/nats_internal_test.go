package testinfra

import (
	"net"
	"strings"
	"testing"
	"time"
)

func TestNATSAnswersWantsTheGreeting(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	go func() {
		if c, err := lis.Accept(); err == nil {
			_, _ = c.Write([]byte("+PONG\r\n"))
			_ = c.Close()
		}
	}()
	err = natsAnswers("nats://"+lis.Addr().String(), 2*time.Second)
	if err == nil || !strings.Contains(err.Error(), "not a NATS server") {
		t.Fatalf("a server without the NATS greeting: %v", err)
	}
}
