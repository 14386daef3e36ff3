package router

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/gateway/httperr"
)

// readiness answers 200 when every backend reports SERVING on the gRPC health service, otherwise
// 503 so the load balancer routes traffic elsewhere. Liveness (/healthz) does not depend on
// backends: restarting the gateway would not bring a service back.
func readiness(backends map[string]healthpb.HealthClient, timeout time.Duration) gin.HandlerFunc {
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

		for _, state := range checks {
			if state != healthpb.HealthCheckResponse_SERVING.String() {
				c.JSON(http.StatusServiceUnavailable, gin.H{
					"status": "unavailable",
					"error":  httperr.KeyServiceUnavailable,
					"checks": checks,
				})
				return
			}
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok", "checks": checks})
	}
}

func checkBackend(ctx context.Context, client healthpb.HealthClient, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := client.Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		if status.Code(err) == codes.Unimplemented {
			return "NO_HEALTH_SERVICE"
		}
		return "UNAVAILABLE"
	}
	return resp.GetStatus().String()
}
