package grpctransport

import (
	"errors"
	"math"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/services/cart/domain"
)

func TestCents(t *testing.T) {
	for in, want := range map[int64]int32{0: 0, 1234: 1234, -5: -5, math.MaxInt64: math.MaxInt32, math.MinInt64: math.MinInt32} {
		if got := cents(in); got != want {
			t.Errorf("cents(%d) = %d, want %d", in, got, want)
		}
	}
}

func TestCartRoundTripAndLimits(t *testing.T) {
	in := &cartv1.Cart{Version: 7, Items: []*cartv1.Item{{
		RowId: " r1 ", IsPreconfigured: true,
		Product: &cartv1.ProductLine{Id: 1, MaturityId: 2, IntervalId: 3, Promotion: "P", Informations: map[string]string{"k": "v"},
			AdditionalFields: []*cartv1.FieldValue{{FieldId: 8, FieldKey: "title", Value: strings.Repeat("x", maxText+10)}}},
		Addons:  []*cartv1.AddonLine{{Id: 4, MaturityId: 5, IntervalId: 6}},
		Domains: []*cartv1.Domain{{Id: 1, Name: "a.de", Inclusive: true, AuthCode: "code"}},
	}}}
	c := cartFromProto(in)
	if c.Version != 7 || c.Items[0].RowID != "r1" || len(c.Items[0].Product.AdditionalFields[0].Value) != maxText {
		t.Errorf("decoded = %+v", c)
	}
	back := cartToProto(c)
	if back.GetItems()[0].GetDomains()[0].GetAuthCode() != "code" || back.GetItems()[0].GetProduct().GetInformations()["k"] != "v" ||
		back.GetItems()[0].GetAddons()[0].GetIntervalId() != 6 || !back.GetItems()[0].GetIsPreconfigured() {
		t.Errorf("encoded = %v", back)
	}
	many := &cartv1.Cart{}
	for range maxItems + 5 {
		many.Items = append(many.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: 1}})
	}
	if got := len(cartFromProto(many).Items); got != maxItems {
		t.Errorf("%d items decoded, want at most %d", got, maxItems)
	}
}

func TestStatusFromViolations(t *testing.T) {
	err := &domain.ViolationsError{Base: domain.ErrInvalidCart, Violations: []domain.Violation{
		{Field: "items[0].product.id", Key: "cart.max_amount_of_same_products_in_cart_reached"},
		{Field: "items[1].domains[0].name", Key: "cart.domain_duplicate"},
	}}
	st := status.Convert(statusFrom(err, "cart"))
	if st.Code() != codes.InvalidArgument || st.Message() != "cart.max_amount_of_same_products_in_cart_reached" {
		t.Fatalf("status = %v", st)
	}
	var fields []string
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				fields = append(fields, v.GetField()+"="+v.GetDescription())
			}
		}
	}
	if strings.Join(fields, ",") != "items[0].product.id=cart.max_amount_of_same_products_in_cart_reached,items[1].domains[0].name=cart.domain_duplicate" {
		t.Errorf("violations = %v", fields)
	}
	if st := status.Convert(statusFrom(errors.New("boom"), "")); st.Code() != codes.Internal || st.Message() != "error.something_went_wrong" {
		t.Errorf("internal = %v", st)
	}
	if st := status.Convert(statusFrom(domain.ErrUnavailable, "")); st.Code() != codes.Unavailable || st.Message() != "cart.unavailable" {
		t.Errorf("outage = %v", st)
	}
}

func TestNoticesAndCodes(t *testing.T) {
	got := noticesToProto([]domain.Notice{
		{Key: "cart.product_removed", Params: map[string]string{"product_id": "9"}},
		{Key: "cart.promotion_removed", Message: "cart.promotion_no_longer_available", Type: "warning", Params: map[string]string{"code": "X"}},
	})
	if got[0].GetMessage() != "" || got[0].GetParams()["product_id"] != "9" ||
		got[1].GetKey() != "cart.promotion_removed" || got[1].GetMessage() != "cart.promotion_no_longer_available" || got[1].GetType() != "warning" {
		t.Errorf("notices = %v", got)
	}
	// An overlong code stays overlong (the promotion service refuses it as unknown) instead of
	// being cut to a valid prefix.
	if c := clipCode(" " + strings.Repeat("A", 500) + " "); len(c) != maxCode+1 {
		t.Errorf("clipped to %d characters", len(c))
	}
	if c := clipCode(" welcome10 "); c != "welcome10" {
		t.Errorf("clipCode = %q", c)
	}
}
