// Package router assembles the gateway's HTTP handler: middleware, probes, the /api/v2
// routes and the frontend.
package router

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/cartapi"
	"github.com/hostcart/checkout/gateway/catalogapi"
	"github.com/hostcart/checkout/gateway/configapi"
	"github.com/hostcart/checkout/gateway/customerapi"
	"github.com/hostcart/checkout/gateway/domainapi"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/locales"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/orderapi"
	"github.com/hostcart/checkout/gateway/paymentapi"
	"github.com/hostcart/checkout/gateway/promotionapi"
	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/hostcart/checkout/gateway/spa"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
)

// APIPrefix is where the versioned API lives.
const APIPrefix = "/api/v2"

// Deps are the collaborators and settings of the router.
type Deps struct {
	Log     *slog.Logger
	Catalog catalogv1.CatalogServiceClient
	Domains domainv1.DomainServiceClient
	// Cart and Promotions serve the cart and promotion routes; nil leaves those routes out.
	Cart       cartv1.CartServiceClient
	Promotions promotionv1.PromotionServiceClient
	// Customers serves the session customer routes; nil leaves them out.
	Customers customerv1.CustomerServiceClient
	// Payments serves the payment routes; nil leaves them out.
	Payments paymentv1.PaymentServiceClient
	// Orders serves the order routes; nil leaves them out.
	Orders orderv1.OrderServiceClient
	// Ready lists the backends /readyz checks, by service name.
	Ready  map[string]healthpb.HealthClient
	Brands middleware.BrandResolver
	// Sessions maps session cookies to session ids; nil keeps them in the process (tests only:
	// replicas would not share them and a restart would empty every cart).
	Sessions sessions.Store
	// NewSessionBudget limits how many sessions one address starts; nil: no limit.
	NewSessionBudget middleware.NewSessionBudget
	// Locales resolves session locales for the domain routes; nil builds one over Catalog.
	Locales *locales.Cache
	// StaticDir holds the built frontend.
	StaticDir string
	// TrustedProxies (IPs or CIDRs) may set X-Forwarded-For and X-Forwarded-Proto.
	TrustedProxies        []string
	ContentSecurityPolicy string
	// AdminTokens verifies the admin panel's tokens (sales agents); nil turns admin sign-in off.
	AdminTokens *adminauth.Verifier
	// AdminPanelURL is the admin panel: the agents' back link and where a saved draft is shown.
	AdminPanelURL string
	// SPAConfig is the frontend's runtime configuration (GET /api/v2/config).
	SPAConfig configapi.Client
	// ReadyTimeout bounds each backend health check of /readyz.
	ReadyTimeout time.Duration
	// Draining, once set, makes /readyz answer 503 so load balancers stop sending new requests
	// while the gateway shuts down; nil never drains.
	Draining *atomic.Bool
	// Deadlines are the route deadlines (deadlines.go); zero values take the defaults.
	Deadlines Deadlines
	// SlowRequest is the duration from which a successful request's access-log line is a warning;
	// zero takes middleware.DefaultSlowRequest, negative turns the rule off.
	SlowRequest time.Duration
}

// New builds the gin engine.
func New(d Deps) (*gin.Engine, error) {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.ReadyTimeout <= 0 {
		d.ReadyTimeout = time.Second
	}
	if d.SlowRequest == 0 {
		d.SlowRequest = middleware.DefaultSlowRequest
	}
	if d.Sessions == nil {
		d.Sessions = sessions.NewMemory()
	}
	https, err := middleware.NewHTTPSDetector(d.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}
	frontend, err := spa.New(d.StaticDir)
	if err != nil {
		return nil, fmt.Errorf("router: %w", err)
	}

	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	// Without this gin trusts X-Forwarded-For from everyone, and any client could fake its IP.
	if err := engine.SetTrustedProxies(d.TrustedProxies); err != nil {
		return nil, fmt.Errorf("router: trusted proxies: %w", err)
	}
	engine.Use(
		middleware.Tracing("gateway", func(c *gin.Context) bool { return isProbePath(c.Request.URL.Path) }),
		middleware.RequestID(),
		middleware.AccessLog(d.Log, d.SlowRequest),
		recovery(d.Log, otel.GetMeterProvider()),
		middleware.SecurityHeaders(d.ContentSecurityPolicy, https),
		d.Deadlines.middleware(),
	)

	engine.GET("/healthz", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	// Metrics and the profiler are served on the admin listener (platform/admin), never here:
	// this port faces the internet.
	engine.GET("/readyz", readiness(d.Ready, d.ReadyTimeout, d.Draining))

	// The API's middleware: spec §7 names one route under /api/v1 (the SMS resend), which gets the
	// same.
	admins := adminauth.NewRoutes(d.AdminTokens, d.AdminPanelURL, https.IsHTTPS).WithSessionRotation(middleware.RotateSession)
	apiMiddleware := []gin.HandlerFunc{
		middleware.NoStore(),
		// The brand first: a host that serves none gets no session, and a session belongs to
		// the brand it was created on (middleware.Session).
		middleware.Brand(d.Brands),
		middleware.Session(https, d.Sessions, d.NewSessionBudget),
		middleware.CSRF(https),
		middleware.SameOrigin(https),
		middleware.ClientIP(),
		admins.Middleware(),
	}
	api := engine.Group(APIPrefix, apiMiddleware...)
	// Sign-in runs with the session, which it rotates.
	admins.RegisterSignIn(engine.Group("", middleware.NoStore(), middleware.Brand(d.Brands), middleware.Session(https, d.Sessions, d.NewSessionBudget)))
	admins.RegisterAPI(api)
	if d.Locales == nil {
		d.Locales = locales.New(d.Catalog, locales.Options{})
	}
	// Every route group ends with CallContext, which hands the collected session, brand, address
	// and locale to the services in one step.
	if d.SPAConfig.Env == "" {
		d.SPAConfig, _ = configapi.New(configapi.Settings{})
	}
	configapi.Register(api, d.SPAConfig)
	catalogapi.New(d.Catalog).OnLocaleSet(d.Locales.Set).Register(api.Group("", middleware.CallContext()))
	// The domain service's texts (group names, notices) depend on the locale, which only the
	// catalog stores; catalog routes skip this since the catalog reads its own store.
	domainapi.New(d.Domains, d.Catalog).Register(api.Group("", middleware.Locale(d.Locales), middleware.CallContext()))
	// The priced view names products and the promotions' labels in the session's locale, which
	// only the catalog stores.
	if d.Cart != nil && d.Promotions != nil {
		routes := api.Group("", middleware.Locale(d.Locales), middleware.CallContext())
		carts := cartapi.New(d.Cart)
		if d.Customers != nil {
			// Panel users see no prices in the cart (spec §2); the customer service knows them.
			carts.HidePricesFor(customerapi.PanelSession(d.Customers))
		}
		carts.Register(routes)
		promotionapi.New(d.Promotions).Register(routes)
	}
	if d.Customers != nil {
		customerapi.New(d.Customers, customerapi.Options{Cart: d.Cart, IsHTTPS: https.IsHTTPS}).Register(api.Group("", middleware.CallContext()))
	}

	if d.Payments != nil {
		// Payment type names follow the session's locale, which only the catalog stores.
		payments := paymentapi.New(d.Payments, https.IsHTTPS)
		if d.Orders != nil {
			payments.WithOrders(d.Orders)
		}
		payments.Register(api.Group("", middleware.Locale(d.Locales), middleware.CallContext()))
		payments.RegisterWebhooks(engine.Group("", middleware.NoStore()))
	}

	if d.Orders != nil {
		// An order keeps the session's locale for its confirmation mail and SMS (issue 23: without
		// it they fell back to English for a German customer), which only the catalog stores.
		orders := orderapi.New(d.Orders)
		orders.Register(api.Group("", middleware.Locale(d.Locales), middleware.CallContext()))
		orders.RegisterDrafts(api.Group("", middleware.Locale(d.Locales), middleware.CallContext()), admins.PanelURL())
		orders.RegisterV1(engine.Group("/api/v1", append(apiMiddleware, middleware.Locale(d.Locales), middleware.CallContext())...))
	}

	engine.NoRoute(func(c *gin.Context) {
		p := c.Request.URL.Path
		switch {
		case p == "/api" || strings.HasPrefix(p, "/api/"):
			c.Header("Cache-Control", "no-store")
			httperr.AbortKey(c, http.StatusNotFound, httperr.KeyNotFound, "")
		case isProbePath(p) || isOperatorPath(p):
			c.AbortWithStatus(http.StatusNotFound)
		default:
			frontend.ServeHTTP(c.Writer, c.Request)
		}
	})
	return engine, nil
}

// isOperatorPath reports the admin listener's paths: asked on the public port they are a 404, not
// the SPA, so a misdirected scraper or profiler sees its mistake.
func isOperatorPath(p string) bool {
	return p == "/metrics" || p == "/debug" || strings.HasPrefix(p, "/debug/")
}

func isProbePath(p string) bool {
	for _, probe := range []string{"/healthz", "/readyz"} {
		if p == probe || strings.HasPrefix(p, probe+"/") {
			return true
		}
	}
	return false
}

// panicMeter names the gateway's bug metric, as grpcserver's names the services'.
const panicMeter = "github.com/hostcart/checkout/gateway/router"

// recovery turns a panic in a handler into the generic error answer for that request only, as
// the services' gRPC servers do (platform/grpcserver): the stack goes to the log (never to the
// visitor) and the panic is counted in http.server.panics (http_server_panics_total in
// Prometheus), since each is a bug to fix, not an outage. gin's own writer is discarded because
// it prints the request's headers (cookies) and writes unstructured text beside the JSON log.
func recovery(log *slog.Logger, mp metric.MeterProvider) gin.HandlerFunc {
	// Creation only fails on an invalid name, a constant here; the instrument is a usable no-op then.
	panics, _ := mp.Meter(panicMeter).Int64Counter("http.server.panics",
		metric.WithDescription("HTTP handler panics recovered by the gateway (bugs; each answered 500)"), metric.WithUnit("{panic}"))
	return gin.CustomRecoveryWithWriter(io.Discard, func(c *gin.Context, recovered any) {
		ctx := c.Request.Context()
		// The route pattern, not the path: paths carry ids and would make a label per visitor.
		route := c.FullPath()
		log.ErrorContext(ctx, "panic in http handler",
			slog.String("http.route", route), slog.String("http.path", c.Request.URL.Path),
			slog.Any("panic", recovered), slog.String("stack", string(debug.Stack())))
		panics.Add(context.WithoutCancel(ctx), 1, metric.WithAttributeSet(attribute.NewSet(attribute.String("http.route", route))))
		httperr.AbortKey(c, http.StatusInternalServerError, httperr.KeySomethingWentWrong, "")
	})
}
