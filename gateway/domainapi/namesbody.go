package domainapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"unicode/utf8"
)

// bodyBuffers holds request-body buffers: the availability body is read on every lookup.
var bodyBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

func decodeNamesBody(r *http.Request) (namesBody, error) {
	bufp := bodyBuffers.Get().(*[]byte)
	defer bodyBuffers.Put(bufp)
	buf := bytes.NewBuffer((*bufp)[:0])
	// A body over the limit is cut there, so it fails to decode, as with a limited decoder.
	_, err := buf.ReadFrom(io.LimitReader(r.Body, maxBodyBytes))
	*bufp = buf.Bytes()[:0]
	if err != nil {
		return namesBody{}, fmt.Errorf("%w: %v", errBadBody, err)
	}
	body, ok := parseNamesBody(buf.Bytes())
	if !ok {
		// Anything beyond the plain shape (escapes, other fields, nulls, odd numbers) goes to
		// encoding/json, which decides exactly as before: the first JSON value, rest ignored.
		body = namesBody{}
		if err := json.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&body); err != nil {
			return namesBody{}, fmt.Errorf("%w: %v", errBadBody, err)
		}
	}
	if body.ProductID < 0 || body.AlreadyUsed < 0 {
		return namesBody{}, fmt.Errorf("%w: negative number", errBadBody)
	}
	return body, nil
}

// parseNamesBody reads the plain shape browsers send, {"domains":["a.de",...],"product_id":7},
// without reflection. ok is false for anything else, which encoding/json then decodes: this only
// ever accepts input that encoding/json decodes to the same value.
func parseNamesBody(data []byte) (body namesBody, ok bool) {
	p := jsonScanner{data: data}
	if !p.byte('{') {
		return namesBody{}, false
	}
	var seenDomains, seenProduct, seenUsed bool
	if p.byte('}') {
		return body, true
	}
	for {
		key, ok := p.str()
		if !ok || !p.byte(':') {
			return namesBody{}, false
		}
		switch {
		case string(key) == "domains" && !seenDomains:
			seenDomains = true
			if body.Domains, ok = p.strings(); !ok {
				return namesBody{}, false
			}
		case string(key) == "product_id" && !seenProduct:
			seenProduct = true
			if body.ProductID, ok = p.int32(); !ok {
				return namesBody{}, false
			}
		case string(key) == "already_used" && !seenUsed:
			seenUsed = true
			if body.AlreadyUsed, ok = p.int32(); !ok {
				return namesBody{}, false
			}
		default:
			return namesBody{}, false
		}
		if p.byte('}') {
			return body, true
		}
		if !p.byte(',') {
			return namesBody{}, false
		}
	}
}

type jsonScanner struct {
	data []byte
	pos  int
}

func (p *jsonScanner) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// byte consumes c, after white space, when it comes next.
func (p *jsonScanner) byte(c byte) bool {
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

// str reads a string without escapes or control characters that is valid UTF-8.
func (p *jsonScanner) str() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	start := p.pos
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == '"':
			s := p.data[start:p.pos]
			p.pos++
			return s, utf8.Valid(s)
		case c == '\\' || c < 0x20:
			return nil, false
		}
		p.pos++
	}
	return nil, false
}

// strings reads an array of str strings. The names are cut from one string copied from the
// array's bytes: one allocation for the whole list instead of one per name (every lookup batch,
// issue 26); a name keeps that string alive, which is the size of the batch.
func (p *jsonScanner) strings() ([]string, bool) {
	if !p.byte('[') {
		return nil, false
	}
	out := make([]string, 0, MaxNames)
	if p.byte(']') {
		return out, true
	}
	// Offsets into p.data, on the stack for a list within MaxNames.
	spans := make([][2]int, 0, MaxNames)
	for {
		s, ok := p.str()
		if !ok {
			return nil, false
		}
		end := p.pos - 1 // str consumed the closing quote
		spans = append(spans, [2]int{end - len(s), end})
		if p.byte(']') {
			break
		}
		if !p.byte(',') {
			return nil, false
		}
	}
	from := spans[0][0]
	all := string(p.data[from:spans[len(spans)-1][1]])
	for _, sp := range spans {
		out = append(out, all[sp[0]-from:sp[1]-from])
	}
	return out, true
}

// int32 reads a plain decimal integer (no fraction, exponent or leading zeros) that fits.
func (p *jsonScanner) int32() (int32, bool) {
	p.space()
	start := p.pos
	if p.pos < len(p.data) && p.data[p.pos] == '-' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits || (p.data[digits] == '0' && p.pos-digits > 1) {
		return 0, false
	}
	if p.pos < len(p.data) {
		switch p.data[p.pos] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(p.data[start:p.pos]), 10, 32)
	return int32(n), err == nil
}
