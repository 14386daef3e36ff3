package router

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/gateway/httperr"
)

// Readiness statuses of the /readyz body.
const (
	ReadyOK       = "ok"       // every backend serves
	ReadyDegraded = "degraded" // the gateway serves; some backends do not, and their routes answer 503
	ReadyDraining = "draining" // the gateway is shutting down
)

// readiness says whether this gateway can take traffic, not whether every backend is up: a
// backend that is down is down for every gateway replica, so taking them out of the load balancer
// would turn one failing service into a whole shop that is gone. The routes of a missing backend
// answer 503 on their own while the rest of the shop keeps working. The answer is 503 only while
// the gateway drains for shutdown. Each backend's gRPC health is in the body ("checks") so
// operators and devstack still see which one is missing.
func readiness(backends map[string]healthpb.HealthClient, timeout time.Duration, draining *atomic.Bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		checks := make(map[string]string, len(backends))
		var mu sync.Mutex
		var wg sync.WaitGroup
		for name, client := range backends {
			wg.Go(func() {
				state := checkBackend(c.Request.Context(), client, timeout)
				mu.Lock()
				checks[name] = state
				mu.Unlock()
			})
		}
		wg.Wait()

		if draining != nil && draining.Load() {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": ReadyDraining, "error": httperr.KeyServiceUnavailable, "checks": checks})
			return
		}
		status := ReadyOK
		for _, state := range checks {
			if state != healthpb.HealthCheckResponse_SERVING.String() {
				status = ReadyDegraded
			}
		}
		c.JSON(http.StatusOK, gin.H{"status": status, "checks": checks})
	}
}

// checkBackend asks one backend's health service. It does not wait for a connection that is not
// ready (the platform client's default for calls): a probe must answer within its own timeout,
// and "not connected" is exactly what it should report.
func checkBackend(ctx context.Context, client healthpb.HealthClient, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := client.Check(ctx, &healthpb.HealthCheckRequest{}, grpc.WaitForReady(false))
	if err != nil {
		if status.Code(err) == codes.Unimplemented {
			return "NO_HEALTH_SERVICE"
		}
		return "UNAVAILABLE"
	}
	return resp.GetStatus().String()
}
