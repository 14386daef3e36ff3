package cartapi

import (
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/gateway/apijson"
	"github.com/hostcart/checkout/gateway/httperr"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// The contract transfer's keys (spec §8), translated by the frontend.
const (
	// KeyTransferProductUnavailable: an unknown transfer, a product that cannot be ordered, or a
	// contract reference its field refuses (then with the violations under transfer_contract).
	KeyTransferProductUnavailable = "domain.transfer_product_unavailable"
	// KeyContractTransferUnavailable: the transfer service did not answer usably.
	KeyContractTransferUnavailable = "domain.contract_transfer_unavailable"
)

// transferID is the shape the cart service accepts; anything else names no transfer.
var transferID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// startContractTransfer serves POST /contract-transfer/{transferId} (spec §4 "Contract
// transfer"): the cart service looks the transfer up and puts its product with the contract
// reference into the session's cart. The answer is the cart, the transfer product's row id and
// the contract; refusals are 404 (unknown transfer) or 422 (product unavailable, first violation
// under errors.transfer_contract) with domain.transfer_product_unavailable, and 503
// domain.contract_transfer_unavailable when the transfer service is down.
func (h *Handlers) startContractTransfer(c *gin.Context) {
	id := c.Param("transfer_id")
	if !transferID.MatchString(id) {
		httperr.AbortKey(c, http.StatusNotFound, KeyTransferProductUnavailable, "")
		return
	}
	resp, err := h.cart.StartContractTransfer(c.Request.Context(), &cartv1.StartContractTransferRequest{
		TransferId: id, IsSalesAgent: isSalesAgent(c),
	})
	if st, ok := status.FromError(err); ok && err != nil && st.Code() == codes.Unavailable && st.Message() == KeyContractTransferUnavailable {
		// Outages normally answer the generic key; this one the spec names, so the screen can say
		// which service is away.
		_ = c.Error(err)
		httperr.AbortKey(c, http.StatusServiceUnavailable, KeyContractTransferUnavailable, "")
		return
	}
	apijson.Write(c, resp, err)
}
