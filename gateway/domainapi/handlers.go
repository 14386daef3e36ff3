// Package domainapi serves the domain routes of /api/v2 (spec §7): TLDs and groups, search
// normalisation, availability, recommendations, inclusive (free) TLDs of a product, whois per
// group, full-domain search and the validation of domain additional fields. It checks the request's
// shape, calls the domain service (and the catalog for a product's free TLDs) and writes the
// contract's answer as JSON.
package domainapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// Handlers answers the domain routes with the domain service.
type Handlers struct {
	domains domainv1.DomainServiceClient
	catalog catalogv1.CatalogServiceClient
}

// New returns the handlers. The catalog is asked for a product's free TLDs: it owns them, and the
// domain service takes them from the caller instead of depending on the catalog at runtime.
func New(domains domainv1.DomainServiceClient, catalog catalogv1.CatalogServiceClient) *Handlers {
	return &Handlers{domains: domains, catalog: catalog}
}

// Register adds the routes to api, the /api/v2 group, which must run the session, CSRF, client
// address and brand middleware first.
func (h *Handlers) Register(api gin.IRoutes) {
	api.GET("/domains", h.listTlds)
	api.GET("/domains/normalize", h.normalize)
	api.GET("/domains/search", h.searchFullDomain)
	api.POST("/domains/additional-fields/validate", h.validateFields)
	api.POST("/domain-availability", h.checkAvailability)
	api.GET("/domain-recommendations/:domain", h.recommendations)
	api.GET("/domain-groups/:id/search", h.searchGroup)
	api.POST("/products/:id/inclusive-tlds", h.inclusiveTlds)
}

func (h *Handlers) listTlds(c *gin.Context) {
	ctx := c.Request.Context()
	if g := c.Query("group"); g == "true" || g == "1" {
		resp, err := h.domains.ListDomainGroups(ctx, &domainv1.ListDomainGroupsRequest{})
		apijson.Write(c, resp, err)
		return
	}
	resp, err := h.domains.ListTlds(ctx, &domainv1.ListTldsRequest{})
	apijson.Write(c, resp, err)
}

func (h *Handlers) normalize(c *gin.Context) {
	input, ok := searchInput(c)
	if !ok {
		return
	}
	resp, err := h.domains.NormalizeSearch(c.Request.Context(), &domainv1.NormalizeSearchRequest{Input: input})
	apijson.Write(c, resp, err)
}

func (h *Handlers) checkAvailability(c *gin.Context) {
	body, err := decodeNamesBody(c.Request)
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	if key, ok := validNames(body.Domains, MaxNames); !ok {
		httperr.AbortKey(c, http.StatusBadRequest, key, "domains")
		return
	}
	free, ok := h.freeTLDs(c, body.ProductID)
	if !ok {
		return
	}
	resp, err := h.domains.CheckAvailability(c.Request.Context(), &domainv1.CheckAvailabilityRequest{
		Domains:  body.Domains,
		FreeTlds: free.GetDomains(),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) recommendations(c *gin.Context) {
	input := c.Param("domain")
	if len(input) > maxInputBytes {
		httperr.AbortKey(c, http.StatusBadRequest, KeyInputTooLong, "domain")
		return
	}
	limit, ok := nonNegative(c.Query("limit"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyLimitInvalid, "limit")
		return
	}
	free, ok := h.freeTLDsFromQuery(c)
	if !ok {
		return
	}
	resp, err := h.domains.GetRecommendations(c.Request.Context(), &domainv1.GetRecommendationsRequest{
		Domain:   validUTF8(input),
		Limit:    limit,
		FreeTlds: free.GetDomains(),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) searchGroup(c *gin.Context) {
	groupID, ok := positiveID(c.Param("id"), false)
	if !ok {
		httperr.AbortKey(c, http.StatusNotFound, KeyGroupNotFound, "")
		return
	}
	input, ok := searchInput(c)
	if !ok {
		return
	}
	offset, ok := nonNegative(c.Query("offset"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyOffsetInvalid, "offset")
		return
	}
	limit, ok := nonNegative(c.Query("limit"))
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyLimitInvalid, "limit")
		return
	}
	free, ok := h.freeTLDsFromQuery(c)
	if !ok {
		return
	}
	resp, err := h.domains.SearchGroup(c.Request.Context(), &domainv1.SearchGroupRequest{
		Domain:   input,
		GroupId:  groupID,
		Offset:   offset,
		Limit:    limit,
		FreeTlds: free.GetDomains(),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) searchFullDomain(c *gin.Context) {
	input, ok := searchInput(c)
	if !ok {
		return
	}
	free, ok := h.freeTLDsFromQuery(c)
	if !ok {
		return
	}
	resp, err := h.domains.SearchFullDomain(c.Request.Context(), &domainv1.SearchFullDomainRequest{
		Domain:   input,
		FreeTlds: free.GetDomains(),
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) inclusiveTlds(c *gin.Context) {
	productID, ok := positiveID(c.Param("id"), false)
	if !ok {
		httperr.AbortKey(c, http.StatusNotFound, KeyProductNotFound, "")
		return
	}
	body, err := decodeNamesBody(c.Request)
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, httperr.KeyInvalidRequest, "")
		return
	}
	if len(body.Domains) > 0 {
		if key, ok := validNames(body.Domains, maxInclusiveNames); !ok {
			httperr.AbortKey(c, http.StatusBadRequest, key, "domains")
			return
		}
	}
	free, ok := h.freeTLDs(c, productID)
	if !ok {
		return
	}
	resp, err := h.domains.GetInclusiveTlds(c.Request.Context(), &domainv1.GetInclusiveTldsRequest{
		FreeTlds:    &domainv1.FreeTlds{Amount: free.GetAmount(), Domains: free.GetDomains()},
		Domains:     body.Domains,
		AlreadyUsed: body.AlreadyUsed,
	})
	apijson.Write(c, resp, err)
}

func (h *Handlers) validateFields(c *gin.Context) {
	req, err := decodeFieldsBody(c.Request)
	if err != nil {
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusBadRequest, KeyFieldsInvalid, "fields")
		return
	}
	resp, err := h.domains.ValidateDomainAdditionalFields(c.Request.Context(), req)
	apijson.Write(c, resp, err)
}

// searchInput returns the query's d. The domain service normalises it and names forbidden
// characters, so it is passed on as typed; only absurd lengths stop here.
func searchInput(c *gin.Context) (string, bool) {
	d := c.Query("d")
	if len(d) > maxInputBytes {
		httperr.AbortKey(c, http.StatusBadRequest, KeyInputTooLong, "domain")
		return "", false
	}
	return validUTF8(d), true
}

// validUTF8 turns the bytes of s that are no UTF-8 ("%ff" in a URL) into U+FFFD (a run into one),
// much as encoding/json does in bodies: the domain service then names the character as one no
// domain holds, where the bytes themselves would fail the call to it (gRPC sends UTF-8 strings
// only) with 500.
func validUTF8(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

func (h *Handlers) freeTLDsFromQuery(c *gin.Context) (*catalogv1.FreeTlds, bool) {
	id, ok := positiveID(c.Query("product_id"), true)
	if !ok {
		httperr.AbortKey(c, http.StatusBadRequest, KeyProductInvalid, "product_id")
		return nil, false
	}
	return h.freeTLDs(c, id)
}

// freeTLDs reads the free TLDs of a product from the catalog; none for product id 0. It answers
// the request itself when the product cannot be read.
func (h *Handlers) freeTLDs(c *gin.Context, productID int32) (*catalogv1.FreeTlds, bool) {
	if productID == 0 {
		return nil, true
	}
	free, err := h.productFreeTLDs(c.Request.Context(), productID)
	if err != nil {
		httperr.Abort(c, err)
		return nil, false
	}
	return free, true
}

func (h *Handlers) productFreeTLDs(ctx context.Context, productID int32) (*catalogv1.FreeTlds, error) {
	if h.catalog == nil {
		return nil, errors.New("domainapi: no catalog client for product free TLDs")
	}
	resp, err := h.catalog.GetProduct(ctx, &catalogv1.GetProductRequest{Id: productID})
	if err != nil {
		return nil, err
	}
	return resp.GetProduct().GetFreeTlds(), nil
}
