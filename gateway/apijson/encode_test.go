package apijson

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/durationpb"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// The fast encoder must write what protojson writes. Every message of the contracts the gateway
// serves is filled at random, field by field, and both outputs are compared byte for byte after
// removing protojson's insignificant whitespace. A new field kind the encoder mishandles, or a
// changed protojson rule, fails here.
func TestAppendMatchesProtojson(t *testing.T) {
	files := []protoreflect.FileDescriptor{
		catalogv1.File_checkout_catalog_v1_catalog_proto,
		domainv1.File_checkout_domain_v1_domain_proto,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fd := range files {
		msgs := fd.Messages()
		for i := range msgs.Len() {
			md := msgs.Get(i)
			mt, err := protoregistry.GlobalTypes.FindMessageByName(md.FullName())
			if err != nil {
				t.Fatal(err)
			}
			for round := range 30 {
				m := mt.New()
				fill(rng, m, 0, round == 0)
				compare(t, m)
			}
		}
	}
}

func compare(t *testing.T, m protoreflect.Message) {
	t.Helper()
	want, err := Options.Marshal(m.Interface())
	if err != nil {
		t.Fatalf("protojson %s: %v", m.Descriptor().FullName(), err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, want); err != nil {
		t.Fatal(err)
	}
	got, err := Append(nil, m)
	if err != nil {
		t.Fatalf("Append %s: %v", m.Descriptor().FullName(), err)
	}
	if !bytes.Equal(got, compact.Bytes()) {
		t.Fatalf("%s:\n got %s\nwant %s", m.Descriptor().FullName(), got, compact.Bytes())
	}
}

var tricky = []string{
	"", "de", "müller.de", `quote " and \ backslash`, "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "</script>&",
	"emoji 🙂 and \u2028 separator", "Österreich",
}

var floats = []float64{0, 19, 20, 7.7, -0.5, 1e-7, 1e21, 123456789.125, math.NaN(), math.Inf(1), math.Inf(-1)}

// fill sets every field of m; with empty it leaves m as is, to check the zero message.
func fill(rng *rand.Rand, m protoreflect.Message, depth int, empty bool) {
	if empty {
		return
	}
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if rng.IntN(5) == 0 {
			continue // some fields stay unset: zero values, null messages, empty lists
		}
		switch {
		case fd.IsList():
			l := m.Mutable(fd).List()
			for range rng.IntN(3) {
				if fd.Kind() == protoreflect.MessageKind {
					if depth < 3 {
						e := l.NewElement()
						fill(rng, e.Message(), depth+1, false)
						l.Append(e)
					}
					continue
				}
				l.Append(scalar(rng, fd))
			}
		case fd.Kind() == protoreflect.MessageKind:
			if depth < 3 {
				fill(rng, m.Mutable(fd).Message(), depth+1, false)
			}
		default:
			m.Set(fd, scalar(rng, fd))
		}
	}
}

func scalar(rng *rand.Rand, fd protoreflect.FieldDescriptor) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(rng.IntN(2) == 0)
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(tricky[rng.IntN(len(tricky))])
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(rng.Int32() - math.MaxInt32/2)
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(rng.Int64() - math.MaxInt64/2)
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(rng.Uint32())
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(rng.Uint64())
	case protoreflect.FloatKind:
		return protoreflect.ValueOfFloat32(float32(floats[rng.IntN(len(floats))]))
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64(floats[rng.IntN(len(floats))])
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte(tricky[rng.IntN(len(tricky))]))
	case protoreflect.EnumKind:
		values := fd.Enum().Values()
		if rng.IntN(4) == 0 {
			return protoreflect.ValueOfEnum(99) // a number without a name
		}
		return protoreflect.ValueOfEnum(values.Get(rng.IntN(values.Len())).Number())
	default:
		panic("unexpected kind " + fd.Kind().String())
	}
}

func TestAppendRejectsInvalidUTF8(t *testing.T) {
	if _, err := Append(nil, (&domainv1.Tld{Tld: "a\xffb"}).ProtoReflect()); err == nil {
		t.Fatal("invalid UTF-8 encoded")
	}
}

func TestMarshalFallsBackForWellKnownTypes(t *testing.T) {
	out, err := Marshal([]byte("prefix:"), durationpb.New(1500e6))
	if err != nil || string(out) != `prefix:"1.500s"` {
		t.Fatalf("Marshal(duration) = %s, %v", out, err)
	}
}

func TestWriteAnswersJSON(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for range 3 { // pooled buffers are reused
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		Write(c, &catalogv1.GetSessionLocaleResponse{Code: "de-DE"}, nil)
		if rec.Code != http.StatusOK || rec.Body.String() != `{"code":"de-DE"}` || rec.Header().Get("Content-Type") != ContentType {
			t.Fatalf("Write = %d %q %q", rec.Code, rec.Body, rec.Header().Get("Content-Type"))
		}
	}
}

func BenchmarkAvailabilityAnswer(b *testing.B) {
	resp := &domainv1.CheckAvailabilityResponse{}
	for i := range 5 {
		resp.Results = append(resp.Results, &domainv1.DomainSearchResult{
			Domain: "example-shop.de", DomainUnicode: "example-shop.de", Tld: "de", Sld: "example-shop",
			SldShortened: "example-shop", Status: int32(i % 2), StatusText: "domain.status.available",
			Notice: "Owners without residence in Germany need an agent for service of process.", TldId: 10001,
			Price: &domainv1.DomainPrice{MonthlyNetCents: 99, MonthlyGrossCents: 118, ContractNetCents: 1188,
				ContractGrossCents: 1414, VatPercent: 19, ContractMonths: 12},
			Cached: true,
		})
	}
	b.Run("protojson", func(b *testing.B) {
		for b.Loop() {
			if _, err := Options.Marshal(resp); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("apijson", func(b *testing.B) {
		buf := make([]byte, 0, 8<<10)
		for b.Loop() {
			var err error
			if buf, err = Marshal(buf[:0], resp); err != nil {
				b.Fatal(err)
			}
		}
	})
}
