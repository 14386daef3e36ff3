package catalogapi

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

const contentTypeJSON = "application/json; charset=utf-8"

// jsonOptions gives the API's JSON shape: proto field names (snake_case) and every field present,
// so empty lists are [] and zero values are written rather than left out.
var jsonOptions = protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}

// writeProto answers with msg as JSON, or with the mapped error when the call failed.
func writeProto(c *gin.Context, msg proto.Message, err error) {
	if err != nil {
		httperr.Abort(c, err)
		return
	}
	body, err := jsonOptions.Marshal(msg)
	if err != nil {
		httperr.Abort(c, fmt.Errorf("encode %s: %w", msg.ProtoReflect().Descriptor().FullName(), err))
		return
	}
	c.Data(http.StatusOK, contentTypeJSON, body)
}

// encodeBrand writes a brand with its properties as a JSON object {key: value}, the shape the
// frontend looks flags up in, instead of the contract's list of pairs.
func encodeBrand(b *catalogv1.Brand) ([]byte, error) {
	plain := proto.CloneOf(b)
	plain.Properties = nil
	raw, err := jsonOptions.Marshal(plain)
	if err != nil {
		return nil, fmt.Errorf("encode brand: %w", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("re-read brand: %w", err)
	}
	props := make(map[string]string, len(b.GetProperties()))
	for _, p := range b.GetProperties() {
		props[p.GetKey()] = p.GetValue()
	}
	if fields["properties"], err = json.Marshal(props); err != nil {
		return nil, fmt.Errorf("encode brand properties: %w", err)
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("encode brand: %w", err)
	}
	return out, nil
}
