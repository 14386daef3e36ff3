// Package catalogapi serves the catalog routes of /api/v2 (spec §7): brand, categories, products,
// payment intervals, countries, zip codes and the session locale. It validates the query, calls
// the catalog service and writes its answer as JSON; it holds no data of its own.
package catalogapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/middleware"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// Handlers answers the catalog routes with the catalog service.
type Handlers struct {
	catalog     catalogv1.CatalogServiceClient
	onLocaleSet func(brandID int32, sessionID, code string)
}

// New returns the handlers backed by catalog.
func New(catalog catalogv1.CatalogServiceClient) *Handlers {
	return &Handlers{catalog: catalog}
}

// OnLocaleSet registers f to hear of every locale the catalog accepted for a session, so caches of
// it in the gateway change at once.
func (h *Handlers) OnLocaleSet(f func(brandID int32, sessionID, code string)) *Handlers {
	h.onLocaleSet = f
	return h
}

// Register adds the routes to api, the /api/v2 group. The group must run the session, CSRF and
// brand middleware first: every route here is brand specific.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/brands/current", h.currentBrand)
	api.GET("/categories", h.listCategories)
	api.GET("/products", h.listProducts)
	api.GET("/payment-intervals", h.listPaymentIntervals)
	api.GET("/countries", h.listCountries)
	api.GET("/zipcodes/:code", h.listZipCodes)
	api.GET("/session/locale", h.getSessionLocale)
	api.PUT("/session/locale", h.setSessionLocale)
	api.POST("/additional-fields/validate", h.validateFields)
}

func (h *Handlers) currentBrand(c *gin.Context) {
	b, ok := middleware.CurrentBrand(c)
	if !ok {
		httperr.Abort(c, errors.New("catalogapi: brand middleware did not run"))
		return
	}
	body, err := encodeBrand(b)
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	c.Data(http.StatusOK, apijson.ContentType, body)
}

func (h *Handlers) listCategories(c *gin.Context) {
	domain, ok := domainQuery(c.Query("d"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyDomainInvalid, "d")
		return
	}
	resp, err := h.catalog.ListCategories(c.Request.Context(), &catalogv1.ListCategoriesRequest{
		DomainCapableOnly: domain != "",
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) listProducts(c *gin.Context) {
	category, ok := slugQuery(c.Query("category"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyCategoryInvalid, "category")
		return
	}
	domain, ok := domainQuery(c.Query("d"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyDomainInvalid, "d")
		return
	}
	ids, ok := idsQuery(c.Query("ids"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyIDsInvalid, "ids")
		return
	}
	// Hidden products stay out of the products screen (spec §2), but the cart's items may be of
	// hidden products (the domain-only product among them), so the UI can ask for them.
	includeHidden, ok := boolQuery(c.Query("include_hidden"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyIncludeHiddenInvalid, "include_hidden")
		return
	}
	resp, err := h.catalog.ListProducts(c.Request.Context(), &catalogv1.ListProductsRequest{
		CategorySlug:      category,
		DomainCapableOnly: domain != "",
		IncludeHidden:     includeHidden,
		Ids:               ids,
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) listPaymentIntervals(c *gin.Context) {
	resp, err := h.catalog.ListPaymentIntervals(c.Request.Context(), &catalogv1.ListPaymentIntervalsRequest{})
	apijson.Write(c, resp, err)
}

func (h *Handlers) listCountries(c *gin.Context) {
	resp, err := h.catalog.ListCountries(c.Request.Context(), &catalogv1.ListCountriesRequest{})
	apijson.Write(c, resp, err)
}

func (h *Handlers) listZipCodes(c *gin.Context) {
	code := c.Param("code")
	if !validZipCode(code) {
		httperr.AbortKey(c, http.StatusBadRequest, KeyZipCodeInvalid, "code")
		return
	}
	resp, err := h.catalog.ListZipCodes(c.Request.Context(), &catalogv1.ListZipCodesRequest{Code: code})
	apijson.Write(c, resp, err)
}

func (h *Handlers) getSessionLocale(c *gin.Context) {
	resp, err := h.catalog.GetSessionLocale(c.Request.Context(), &catalogv1.GetSessionLocaleRequest{})
	apijson.Write(c, resp, err)
}

func (h *Handlers) setSessionLocale(c *gin.Context) {
	code, ok := decodeLocaleBody(c.Request)
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyLocaleInvalid, "code")
		return
	}
	ctx := c.Request.Context()
	resp, err := h.catalog.SetSessionLocale(ctx, &catalogv1.SetSessionLocaleRequest{Code: code})
	if err == nil && h.onLocaleSet != nil {
		v := callctx.From(ctx)
		h.onLocaleSet(v.BrandID, v.SessionID, resp.GetCode())
	}
	apijson.Write(c, resp, err)
}
