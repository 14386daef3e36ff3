package apijson

import (
	"encoding/base64"
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// Append writes msg to out exactly as Options (protojson with UseProtoNames and EmitUnpopulated)
// does, minus protojson's deliberately random whitespace. It exists because protojson dominated
// the gateway's CPU profile on the domain availability path (sorting fields and growing buffers
// for every message); this walks a plan computed once per message type instead.
//
// Messages it does not cover (maps, well-known types, extensions, groups) report
// errUnsupported, and Marshal falls back to protojson for them.
func Append(out []byte, msg protoreflect.Message) ([]byte, error) {
	p, err := planFor(msg.Descriptor())
	if err != nil {
		return out, err
	}
	return p.append(out, msg)
}

var (
	errUnsupported = errors.New("apijson: message shape not covered by the fast encoder")
	errInvalidUTF8 = errors.New("apijson: string field is not valid UTF-8")
)

type fieldPlan struct {
	fd protoreflect.FieldDescriptor
	// name is the field's proto name as a JSON object key, colon included.
	name     string
	list     bool
	oneof    bool
	presence bool
	message  bool
}

type plan struct {
	fields []fieldPlan
}

// plans caches a *plan or errUnsupported per message full name.
var plans sync.Map

func planFor(md protoreflect.MessageDescriptor) (*plan, error) {
	if v, ok := plans.Load(md.FullName()); ok {
		if p, ok := v.(*plan); ok {
			return p, nil
		}
		return nil, errUnsupported
	}
	p, err := buildPlan(md)
	if err != nil {
		plans.Store(md.FullName(), err)
		return nil, err
	}
	plans.Store(md.FullName(), p)
	return p, nil
}

func buildPlan(md protoreflect.MessageDescriptor) (*plan, error) {
	// Well-known types have their own JSON forms (timestamps as strings, wrappers as bare values).
	if strings.HasPrefix(string(md.FullName()), "google.protobuf.") || md.ExtensionRanges().Len() > 0 {
		return nil, errUnsupported
	}
	fds := md.Fields()
	p := &plan{fields: make([]fieldPlan, 0, fds.Len())}
	for i := range fds.Len() {
		fd := fds.Get(i)
		if fd.IsMap() || fd.Kind() == protoreflect.GroupKind {
			return nil, errUnsupported
		}
		key, err := appendString(nil, fd.TextName())
		if err != nil {
			return nil, err
		}
		p.fields = append(p.fields, fieldPlan{
			fd:       fd,
			name:     string(append(key, ':')),
			list:     fd.IsList(),
			oneof:    fd.ContainingOneof() != nil,
			presence: fd.HasPresence(),
			message:  fd.Kind() == protoreflect.MessageKind,
		})
	}
	return p, nil
}

func (p *plan) append(out []byte, m protoreflect.Message) ([]byte, error) {
	out = append(out, '{')
	first := true
	var err error
	for i := range p.fields {
		f := &p.fields[i]
		// Only fields with presence can be "unset"; asking the others is costly reflection.
		has := true
		if f.oneof || f.presence {
			has = m.Has(f.fd)
		}
		if !has && f.oneof {
			continue // protojson leaves unset oneof members out, even with EmitUnpopulated
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, f.name...)
		switch {
		case f.list:
			out, err = appendList(out, m.Get(f.fd).List(), f)
		case !has && f.presence:
			out = append(out, "null"...)
		case f.message:
			var sub *plan
			if sub, err = planFor(f.fd.Message()); err == nil {
				out, err = sub.append(out, m.Get(f.fd).Message())
			}
		default:
			out, err = appendScalar(out, m.Get(f.fd), f.fd)
		}
		if err != nil {
			return out, err
		}
	}
	return append(out, '}'), nil
}

func appendList(out []byte, l protoreflect.List, f *fieldPlan) ([]byte, error) {
	out = append(out, '[')
	var sub *plan
	if f.message && l.Len() > 0 {
		var err error
		if sub, err = planFor(f.fd.Message()); err != nil {
			return out, err
		}
	}
	for i := range l.Len() {
		if i > 0 {
			out = append(out, ',')
		}
		var err error
		if sub != nil {
			out, err = sub.append(out, l.Get(i).Message())
		} else {
			out, err = appendScalar(out, l.Get(i), f.fd)
		}
		if err != nil {
			return out, err
		}
	}
	return append(out, ']'), nil
}

func appendScalar(out []byte, v protoreflect.Value, fd protoreflect.FieldDescriptor) ([]byte, error) {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return strconv.AppendBool(out, v.Bool()), nil
	case protoreflect.StringKind:
		return appendString(out, v.String())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return strconv.AppendInt(out, v.Int(), 10), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return strconv.AppendUint(out, v.Uint(), 10), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		// 64-bit integers are strings in proto JSON: JavaScript numbers cannot hold them.
		out = append(out, '"')
		return append(strconv.AppendInt(out, v.Int(), 10), '"'), nil
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		out = append(out, '"')
		return append(strconv.AppendUint(out, v.Uint(), 10), '"'), nil
	case protoreflect.FloatKind:
		return appendFloat(out, v.Float(), 32), nil
	case protoreflect.DoubleKind:
		return appendFloat(out, v.Float(), 64), nil
	case protoreflect.BytesKind:
		out = append(out, '"')
		return append(base64.StdEncoding.AppendEncode(out, v.Bytes()), '"'), nil
	case protoreflect.EnumKind:
		if fd.Enum().FullName() == "google.protobuf.NullValue" {
			return append(out, "null"...), nil
		}
		if ev := fd.Enum().Values().ByNumber(v.Enum()); ev != nil {
			return appendString(out, string(ev.Name()))
		}
		return strconv.AppendInt(out, int64(v.Enum()), 10), nil
	default:
		return out, errUnsupported
	}
}

// appendString quotes s the way protojson does: only '"', '\\' and control characters are
// escaped, everything else (including non-ASCII letters such as in "müller.de") is written as is.
func appendString(out []byte, s string) ([]byte, error) {
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return out, errInvalidUTF8
			}
			i += n
			continue
		}
		if c >= ' ' && c != '"' && c != '\\' {
			i++
			continue
		}
		out = append(out, s[start:i]...)
		out = append(out, '\\')
		switch c {
		case '"', '\\':
			out = append(out, c)
		case '\b':
			out = append(out, 'b')
		case '\f':
			out = append(out, 'f')
		case '\n':
			out = append(out, 'n')
		case '\r':
			out = append(out, 'r')
		case '\t':
			out = append(out, 't')
		default:
			out = append(out, 'u')
			out = append(out, "0000"[1+(bits.Len32(uint32(c))-1)/4:]...)
			out = strconv.AppendUint(out, uint64(c), 16)
		}
		i++
		start = i
	}
	out = append(out, s[start:]...)
	return append(out, '"'), nil
}

// appendFloat formats like protojson (which follows encoding/json): NaN and infinities as
// strings, exponent notation only for very small or very large magnitudes.
func appendFloat(out []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsNaN(f):
		return append(out, `"NaN"`...)
	case math.IsInf(f, +1):
		return append(out, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(out, `"-Infinity"`...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 {
		if bitSize == 64 && (abs < 1e-6 || abs >= 1e21) ||
			bitSize == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	out = strconv.AppendFloat(out, f, format, -1, bitSize)
	if format == 'e' {
		// "1e-07" becomes "1e-7", as encoding/json writes it.
		if n := len(out); n >= 4 && out[n-4] == 'e' && out[n-3] == '-' && out[n-2] == '0' {
			out[n-2] = out[n-1]
			out = out[:n-1]
		}
	}
	return out
}
