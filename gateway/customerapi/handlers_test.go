package customerapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// stubCustomers records what the routes send and answers the stored customer; err, when set,
// answers every call.
type stubCustomers struct {
	customerv1.CustomerServiceClient
	basicInfo *customerv1.BasicInfo
	address   *customerv1.Address
	gets      int
	err       error
}

func (s *stubCustomers) answer() *customerv1.Customer {
	return &customerv1.Customer{BasicInfo: s.basicInfo, Address: s.address}
}

func (s *stubCustomers) GetSessionCustomer(context.Context, *customerv1.GetSessionCustomerRequest, ...grpc.CallOption) (*customerv1.GetSessionCustomerResponse, error) {
	s.gets++
	if s.err != nil {
		return nil, s.err
	}
	return &customerv1.GetSessionCustomerResponse{Customer: s.answer(),
		Notices: []*customerv1.Notice{{Key: "customer.country_not_supported", Type: "warning"}}}, nil
}

func (s *stubCustomers) SetBasicInfo(_ context.Context, req *customerv1.SetBasicInfoRequest, _ ...grpc.CallOption) (*customerv1.SetBasicInfoResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	s.basicInfo = req.GetBasicInfo()
	return &customerv1.SetBasicInfoResponse{Customer: s.answer()}, nil
}

func (s *stubCustomers) SetAddress(_ context.Context, req *customerv1.SetAddressRequest, _ ...grpc.CallOption) (*customerv1.SetAddressResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	s.address = req.GetAddress()
	return &customerv1.SetAddressResponse{Customer: s.answer()}, nil
}

func serve(stub *stubCustomers, method, target, body string) *httptest.ResponseRecorder {
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	New(stub, Options{}).Register(engine.Group("/api/v2"))
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, httptest.NewRequest(method, target, strings.NewReader(body)))
	return rec
}

func decodeBody(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("not JSON: %s", rec.Body)
	}
	return out
}

func TestPutBasicInfoSendsTheForm(t *testing.T) {
	stub := &stubCustomers{}
	rec := serve(stub, http.MethodPut, "/api/v2/session/basic-info",
		`{"group":0,"gender":1,"first_name":"Erika","last_name":"Mustermann","company_name":"Muster GmbH","company_vat_id":"DE 123","email":"e@x.de","price":1}`)
	want := &customerv1.BasicInfo{Group: proto.Int32(0), Gender: 1, FirstName: "Erika", LastName: "Mustermann",
		CompanyName: "Muster GmbH", CompanyVatId: "DE 123", Email: "e@x.de"}
	if rec.Code != http.StatusOK || !proto.Equal(stub.basicInfo, want) {
		t.Fatalf("%d %s; sent %v", rec.Code, rec.Body, stub.basicInfo)
	}
	// Every field is present, absent forms as null (apijson's shape).
	body := decodeBody(t, rec)
	if fmt.Sprint(body["customer"]) != "map[address:<nil> basic_info:map[company_name:Muster GmbH company_vat_id:DE 123 email:e@x.de first_name:Erika gender:1 group:0 last_name:Mustermann] brand_id:0 customer_no: panel:<nil> validated:false vat_id_check:<nil>]" ||
		fmt.Sprint(body["notices"]) != "[]" {
		t.Errorf("body = %s", rec.Body)
	}
	// A form without group leaves it absent: the service decides the default.
	serve(stub, http.MethodPut, "/api/v2/session/basic-info", `{"first_name":"Erika"}`)
	if stub.basicInfo.Group != nil {
		t.Errorf("group = %d, want absent", stub.basicInfo.GetGroup())
	}
}

func TestPutAddressSendsTheForm(t *testing.T) {
	stub := &stubCustomers{}
	rec := serve(stub, http.MethodPut, "/api/v2/session/address-info",
		`{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58800"}`)
	want := &customerv1.Address{Street: "Ring 1", PostalCode: "1010", City: "Wien", CountryCode: "AT", Phone: "+43 1 58800"}
	customer, _ := decodeBody(t, rec)["customer"].(map[string]any)
	if rec.Code != http.StatusOK || !proto.Equal(stub.address, want) || fmt.Sprint(customer["address"]) != "map[city:Wien country_code:AT phone:+43 1 58800 postal_code:1010 street:Ring 1]" {
		t.Fatalf("%d %s; sent %v", rec.Code, rec.Body, stub.address)
	}
}

func TestGetRoutesAnswerTheCustomerAndNotices(t *testing.T) {
	stub := &stubCustomers{address: &customerv1.Address{CountryCode: "DE"}}
	for _, path := range []string{"/api/v2/session/customer", "/api/v2/session/basic-info", "/api/v2/session/address-info"} {
		rec := serve(stub, http.MethodGet, path, "")
		body := decodeBody(t, rec)
		customer, _ := body["customer"].(map[string]any)
		address, _ := customer["address"].(map[string]any)
		if rec.Code != http.StatusOK || address["country_code"] != "DE" ||
			fmt.Sprint(body["notices"]) != "[map[key:customer.country_not_supported params:map[] type:warning]]" {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
	if stub.gets != 3 {
		t.Errorf("gets = %d", stub.gets)
	}
}

func TestMalformedBodyIsRefusedBeforeTheService(t *testing.T) {
	for _, body := range []string{`{"first_name":`, `{"group":"company"}`, `[]`, `{"street":"` + strings.Repeat("a", maxBodyBytes) + `"}`} {
		stub := &stubCustomers{}
		rec := serve(stub, http.MethodPut, "/api/v2/session/basic-info", body)
		if rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"error.invalid_request","errors":{}}` || stub.basicInfo != nil {
			t.Errorf("%.40s: %d %s", body, rec.Code, rec.Body)
		}
	}
}

func TestRefusedFieldsAnswerPerField(t *testing.T) {
	st, err := status.New(codes.InvalidArgument, "validation.failed").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: "email", Description: "validation.email"},
			{Field: "first_name", Description: "validation.required"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	stub := &stubCustomers{err: st.Err()}
	rec := serve(stub, http.MethodPut, "/api/v2/session/basic-info", `{}`)
	if rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"validation.failed","errors":{"email":["validation.email"],"first_name":["validation.required"]}}` {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}

	stub.err = status.Error(codes.Unavailable, "customer.unavailable")
	if rec := serve(stub, http.MethodGet, "/api/v2/session/customer", ""); rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"error.service_unavailable"`) {
		t.Errorf("service down: %d %s", rec.Code, rec.Body)
	}
}
