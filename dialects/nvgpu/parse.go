package nvgpu

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// Parsing of the nvgpu types. Upstream declares each parametric type with
// `<` struct(params) `>`: `name = value` pairs in any order, each at most
// once, the default-valued ones optional. The same parameter table drives
// two readers: one for the body of a `!nvgpu.x<...>` type, which the parser
// hands over as text, and one for the stripped form an op's format reads
// (`<memorySpace = ...>` after a colon), which reads through ir.OpParser.

type paramKind uint8

const (
	pMemRef paramKind = iota
	pVector
	pAttr
	pUint
	pSwizzle
	pL2Promo
	pOOB
	pInterleave
)

type typeParam struct {
	name     string
	kind     paramKind
	optional bool
}

// typeDef is one parametric type: its mnemonic, upstream's name (used in
// parse errors) and its parameters in printing order.
type typeDef struct {
	mnemonic, cpp string
	params        []typeParam
}

var parametricTypes = []typeDef{
	{"mbarrier.group", "NVGPU_MBarrierGroup", []typeParam{{"memorySpace", pAttr, false}, {"num_barriers", pUint, true}}},
	{"tensormap.descriptor", "NVGPU_TensorMapDescriptor", []typeParam{{"tensor", pMemRef, false},
		{"swizzle", pSwizzle, false}, {"l2promo", pL2Promo, false}, {"oob", pOOB, false}, {"interleave", pInterleave, false}}},
	{"warpgroup.descriptor", "NVGPU_WarpgroupMatrixDescriptor", []typeParam{{"tensor", pMemRef, false}}},
	{"warpgroup.accumulator", "NVGPU_WarpgroupAccumulator", []typeParam{{"fragmented", pVector, false}}},
}

func lookupTypeDef(mnemonic string) *typeDef {
	for i := range parametricTypes {
		if parametricTypes[i].mnemonic == mnemonic {
			return &parametricTypes[i]
		}
	}
	return nil
}

// paramValues holds the parsed parameters of one type.
type paramValues struct {
	types map[string]ir.Type
	attrs map[string]ir.Attribute
	ints  map[string]int64
	words map[string]string
}

// build returns the type def describes with the values vs.
func (def *typeDef) build(vs *paramValues) ir.Type {
	switch def.mnemonic {
	case "mbarrier.group":
		n := 1
		if v, ok := vs.ints["num_barriers"]; ok {
			n = int(v)
		}
		return MBarrierGroup(vs.attrs["memorySpace"], n)
	case "tensormap.descriptor":
		return TensorMapDescriptor(vs.types["tensor"], Swizzle(vs.words["swizzle"]), L2Promo(vs.words["l2promo"]),
			OOB(vs.words["oob"]), Interleave(vs.words["interleave"]))
	case "warpgroup.descriptor":
		return WarpgroupMatrixDescriptor(vs.types["tensor"])
	}
	return WarpgroupAccumulator(vs.types["fragmented"])
}

// enumKeywords returns the keywords of an enum parameter kind and upstream's
// C++ enum name, for the error on a bad keyword.
func enumKeywords(k paramKind) ([]string, string) {
	switch k {
	case pSwizzle:
		return strs(Swizzles), "::mlir::nvgpu::TensorMapSwizzleKind"
	case pL2Promo:
		return strs(L2Promos), "::mlir::nvgpu::TensorMapL2PromoKind"
	case pOOB:
		return strs(OOBs), "::mlir::nvgpu::TensorMapOOBKind"
	}
	return strs(Interleaves), "::mlir::nvgpu::TensorMapInterleaveKind"
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// paramReader reads one parameter value; the two readers implement it.
type paramReader interface {
	typ() (ir.Type, error)
	attr() (ir.Attribute, error)
	integer() (int64, error)
	keyword() (string, error)
}

// readParam reads the value of p into vs, checking its kind.
func (def *typeDef) readParam(r paramReader, p *typeParam, vs *paramValues) error {
	fail := func(err error) error {
		if _, located := err.(*ir.Diagnostic); located {
			return err // from the op parser: it points at the value already
		}
		what := map[paramKind]string{pMemRef: "MemRefType", pVector: "VectorType", pAttr: "Attribute",
			pUint: "unsigned"}[p.kind]
		if what == "" {
			_, cpp := enumKeywords(p.kind)
			what = cpp
		}
		return fmt.Errorf("%v; failed to parse %s parameter '%s' which is to be a `%s`", err, def.cpp, p.name, what)
	}
	switch p.kind {
	case pMemRef, pVector:
		t, err := r.typ()
		if err != nil {
			return fail(err)
		}
		_, isMemRef := t.(*ir.MemRefType)
		_, isVector := t.(*ir.VectorType)
		if p.kind == pMemRef && !isMemRef || p.kind == pVector && !isVector {
			return fail(errors.New("invalid kind of type specified"))
		}
		vs.types[p.name] = t
	case pAttr:
		a, err := r.attr()
		if err != nil {
			return fail(err)
		}
		vs.attrs[p.name] = a
	case pUint:
		n, err := r.integer()
		if err != nil {
			return fail(err)
		}
		if n < 0 || n > 1<<32-1 {
			return fail(fmt.Errorf("integer value %d is out of range for 'unsigned'", n))
		}
		vs.ints[p.name] = n
	default:
		w, err := r.keyword()
		if err != nil {
			return fail(err)
		}
		kws, cpp := enumKeywords(p.kind)
		found := false
		for _, k := range kws {
			found = found || k == w
		}
		if !found {
			return fail(fmt.Errorf("expected %s to be one of: %s", cpp, strings.Join(kws, ", ")))
		}
		vs.words[p.name] = w
	}
	return nil
}

// parseStruct reads `name = value, ...` (the brackets are the caller's):
// next reads a parameter name or reports the end, sep consumes `=` or `,`.
func (def *typeDef) parseStruct(r paramReader, name func() (string, error), sep func(string) error, more func() bool) (ir.Type, error) {
	vs := &paramValues{types: map[string]ir.Type{}, attrs: map[string]ir.Attribute{}, ints: map[string]int64{}, words: map[string]string{}}
	seen := map[string]bool{}
	// With every parameter required, upstream reads exactly that many,
	// comma-separated; with optional ones, as many as the commas say.
	allRequired := !slices.ContainsFunc(def.params, func(p typeParam) bool { return p.optional })
	for i := 0; ; i++ {
		if allRequired && i == len(def.params) || !allRequired && i > 0 && !more() {
			break
		}
		if allRequired && i > 0 {
			if err := sep(","); err != nil {
				return nil, err
			}
		}
		n, err := name()
		if err != nil {
			return nil, err
		}
		var p *typeParam
		for i := range def.params {
			if def.params[i].name == n {
				p = &def.params[i]
			}
		}
		if p == nil || seen[n] {
			return nil, fmt.Errorf("duplicate or unknown struct parameter name: %s", n)
		}
		seen[n] = true
		if err := sep("="); err != nil {
			return nil, err
		}
		if err := def.readParam(r, p, vs); err != nil {
			return nil, err
		}
	}
	for _, p := range def.params {
		if !p.optional && !seen[p.name] {
			return nil, fmt.Errorf("struct is missing required parameter: %s", p.name)
		}
	}
	return def.build(vs), nil
}

// nestedCtx parses the types and attributes inside a type body, which the
// parser hands over as text without its context: memrefs in
// `#gpu.address_space<...>` need the gpu dialect. It holds no state beyond
// the registered dialects.
var nestedCtx = sync.OnceValue(func() *ir.Context { return ir.NewContext(gpu.Dialect()) })

// parseType parses the body of a `!nvgpu.<mnemonic>...` type.
func parseType(body string) (ir.Type, error) {
	mnemonic, rest := splitMnemonic(body)
	switch mnemonic {
	case "device.async.token", "mbarrier.token":
		if rest != "" {
			return nil, fmt.Errorf("unexpected '%s' after '!nvgpu.%s'", rest, mnemonic)
		}
		if mnemonic == "mbarrier.token" {
			return MBarrierToken(), nil
		}
		return DeviceAsyncToken(), nil
	}
	def := lookupTypeDef(mnemonic)
	if def == nil {
		return nil, fmt.Errorf("unknown  type `%s` in dialect `nvgpu`", mnemonic)
	}
	s := &textReader{opsyntax.Scanner{Text: rest}}
	if err := s.expect("<"); err != nil {
		return nil, err
	}
	t, err := def.parseStruct(s, s.name, s.expect, func() bool { return s.Consume(",") })
	if err != nil {
		return nil, err
	}
	if err := s.expect(">"); err != nil {
		return nil, err
	}
	if !s.AtEnd() {
		return nil, fmt.Errorf("unexpected '%s' after '!nvgpu.%s<...>'", s.Text[s.Pos:], mnemonic)
	}
	return t, nil
}

// textReader reads parameters from a type body's text.
type textReader struct{ opsyntax.Scanner }

func (s *textReader) expect(tok string) error { return s.Expect(tok, "") }

func (s *textReader) name() (string, error) {
	s.SkipSpace()
	start := s.Pos
	for s.Pos < len(s.Text) && (isMnemonicChar(s.Text[s.Pos]) && s.Text[s.Pos] != '.') {
		s.Pos++
	}
	if s.Pos == start {
		return "", errors.New("expected a parameter name in struct")
	}
	return s.Text[start:s.Pos], nil
}

// value returns the text of the next value: up to the next ',' or '>' at
// bracket depth zero (a `->` inside an affine map closes nothing).
func (s *textReader) value() (string, error) {
	s.SkipSpace()
	start, depth := s.Pos, 0
	for ; s.Pos < len(s.Text); s.Pos++ {
		switch c := s.Text[s.Pos]; c {
		case '"':
			for s.Pos++; s.Pos < len(s.Text) && s.Text[s.Pos] != '"'; s.Pos++ {
				if s.Text[s.Pos] == '\\' {
					s.Pos++
				}
			}
		case '<', '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '-':
			if s.Pos+1 < len(s.Text) && s.Text[s.Pos+1] == '>' {
				s.Pos++
			}
		case '>', ',':
			if depth == 0 {
				if s.Pos == start {
					return "", errors.New("expected a parameter value")
				}
				return strings.TrimSpace(s.Text[start:s.Pos]), nil
			}
			if c == '>' {
				depth--
			}
		}
	}
	return "", errors.New("expected '>'")
}

// unlocated drops the `<string>:1:1` location of an error from parsing a
// piece of a type body: the parser locates it at the type.
func unlocated(err error) error {
	if ds := ir.Diagnostics(err); len(ds) > 0 {
		return errors.New(ds[0].Msg)
	}
	return err
}

// valueAs reads the next parameter value and converts it with parse.
func valueAs[T any](s *textReader, parse func(string) (T, error)) (T, error) {
	v, err := s.value()
	if err != nil {
		var zero T
		return zero, err
	}
	return parse(v)
}

func (s *textReader) typ() (ir.Type, error) {
	return valueAs(s, func(v string) (ir.Type, error) {
		t, err := parser.ParseType(nestedCtx(), v)
		return t, unlocated(err)
	})
}

func (s *textReader) attr() (ir.Attribute, error) {
	return valueAs(s, func(v string) (ir.Attribute, error) {
		a, err := parser.ParseAttribute(nestedCtx(), v)
		return a, unlocated(err)
	})
}

func (s *textReader) integer() (int64, error) {
	return valueAs(s, func(v string) (int64, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("expected integer value")
		}
		return n, nil
	})
}

func (s *textReader) keyword() (string, error) { return s.value() }

// opReader reads parameters through an op's parser (the stripped form).
type opReader struct{ p ir.OpParser }

func (r opReader) typ() (ir.Type, error)       { return r.p.ParseType() }
func (r opReader) attr() (ir.Attribute, error) { return r.p.ParseAttribute(nil) }
func (r opReader) integer() (int64, error)     { return r.p.ParseInteger() }
func (r opReader) keyword() (string, error)    { return r.p.ParseIdentifier() }

// parseStrippedType reads a type of class def in an op's format: the
// stripped `<...>` body, or a full type.
func parseStrippedType(p ir.OpParser, def *typeDef) (ir.Type, error) {
	if !p.ParseOptional("<") {
		return p.ParseType()
	}
	r := opReader{p}
	loc := p.Loc()
	t, err := def.parseStruct(r, p.ParseIdentifier, p.Parse, func() bool { return p.ParseOptional(",") })
	if err != nil {
		if _, located := err.(*ir.Diagnostic); located {
			return nil, err
		}
		return nil, ir.Errorf(loc, "%v", err)
	}
	return t, p.Parse(">")
}
