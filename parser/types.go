package parser

import (
	"math"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// maxIntWidth is MLIR's IntegerType::kMaxWidth.
const maxIntWidth = 1<<24 - 1

// cachedType returns the type spelled by src[start:p.prevEnd] if it was built
// before, else build()'s result (remembered for next time). Building interned
// types is the expensive part of parsing them, and real files repeat types.
func (p *parser) cachedType(start int, build func() (ir.Type, error)) (ir.Type, error) {
	return memo(p.typeCache, p.src[start:p.prevEnd], build)
}

// memo returns cache[k], or build()'s result, remembered in cache when
// building succeeds.
func memo[K comparable, V any](cache map[K]V, k K, build func() (V, error)) (V, error) {
	if v, ok := cache[k]; ok {
		return v, nil
	}
	v, err := build()
	if err == nil {
		cache[k] = v
	}
	return v, err
}

// canStartType reports whether the current token can begin a type.
func (p *parser) canStartType() bool {
	switch p.tok.kind {
	case tLParen, tBang, tIntType:
		return true
	case tBareIdent:
		switch s := p.text(); s {
		case "memref", "tensor", "complex", "tuple", "vector", "index", "none":
			return true
		default:
			return ir.FloatByName(s) != nil
		}
	}
	return false
}

// parseType parses any type, function types included.
func (p *parser) parseType() (ir.Type, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if p.is(tLParen) {
		return p.parseFunctionType()
	}
	return p.parseNonFunctionType()
}

// parseOptionalType parses a type when one can start here.
func (p *parser) parseOptionalType() (ir.Type, bool, error) {
	if !p.canStartType() {
		return nil, false, nil
	}
	t, err := p.parseType()
	return t, true, err
}

func (p *parser) parseFunctionType() (ir.Type, error) {
	start := p.tok.start
	ins, err := p.parseTypeListParens()
	if err != nil {
		return nil, err
	}
	if err := p.expect(tArrow, "expected '->' in function type"); err != nil {
		return nil, err
	}
	outs, err := p.parseFunctionResultTypes()
	if err != nil {
		return nil, err
	}
	return p.cachedType(start, func() (ir.Type, error) { return ir.Function(ins, outs), nil })
}

// parseTypeListParens parses `( t, ... )`, possibly empty.
func (p *parser) parseTypeListParens() ([]ir.Type, error) {
	if err := p.expect(tLParen, "expected '('"); err != nil {
		return nil, err
	}
	if p.consumeIf(tRParen) {
		return nil, nil
	}
	ts, err := p.parseTypeListNoParens()
	if err != nil {
		return nil, err
	}
	return ts, p.expect(tRParen, "expected ')'")
}

// parseTypeListNoParens parses `t (, t)*`.
func (p *parser) parseTypeListNoParens() ([]ir.Type, error) {
	var ts []ir.Type
	err := p.parseCommaList(func() error {
		t, err := p.parseType()
		ts = append(ts, t)
		return err
	})
	return ts, err
}

// parseFunctionResultTypes parses `(t, ...)` or a single non-function type.
func (p *parser) parseFunctionResultTypes() ([]ir.Type, error) {
	if p.is(tLParen) {
		return p.parseTypeListParens()
	}
	t, err := p.parseNonFunctionType()
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

func (p *parser) parseNonFunctionType() (ir.Type, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tIntType:
		s := p.text()
		if t, ok := p.typeCache[s]; ok {
			p.consume()
			return t, nil
		}
		sign := ir.Signless
		digits := s[1:]
		if s[0] == 's' {
			sign, digits = ir.Signed, s[2:]
		} else if s[0] == 'u' {
			sign, digits = ir.Unsigned, s[2:]
		}
		w, err := strconv.ParseUint(digits, 10, 32)
		if err != nil {
			return nil, p.errHere("invalid integer width")
		}
		if w > maxIntWidth {
			return nil, p.errHere("integer bitwidth is limited to %d bits", maxIntWidth)
		}
		t := ir.IntegerWithSign(int(w), sign)
		p.typeCache[s] = t
		p.consume()
		return t, nil
	case tBang:
		return p.parseExtendedType()
	case tBareIdent:
		switch s := p.text(); s {
		case "memref":
			return p.parseMemRefType()
		case "tensor":
			return p.parseTensorType()
		case "vector":
			return p.parseVectorType()
		case "complex":
			return p.parseComplexType()
		case "tuple":
			return p.parseTupleType()
		case "index":
			p.consume()
			return ir.Index, nil
		case "none":
			p.consume()
			return ir.None, nil
		default:
			if t, ok := p.typeCache[s]; ok {
				p.consume()
				return t, nil
			}
			if ft := ir.FloatByName(s); ft != nil {
				p.typeCache[s] = ft
				p.consume()
				return ft, nil
			}
		}
	}
	return nil, p.errWrongTok("expected non-function type")
}

// parseXInDimensionList consumes the `x` of a dimension list; the lexer sees
// `4xf32` as `4` then `xf32`, so the identifier is split after its `x`.
func (p *parser) parseXInDimensionList() error {
	if p.tok.kind != tBareIdent || p.src[p.tok.start] != 'x' {
		return p.errWrongTok("expected 'x' in dimension list")
	}
	if p.tok.end-p.tok.start > 1 {
		p.prevEnd = p.tok.start + 1
		p.resetTo(p.tok.start + 1)
		return nil
	}
	p.consume()
	return nil
}

// parseIntegerInDimensionList parses a static dimension; `0xf32` is `0 x f32`.
func (p *parser) parseIntegerInDimensionList() (int64, error) {
	s := p.text()
	if len(s) > 1 && s[1] == 'x' {
		p.prevEnd = p.tok.start + 1
		p.resetTo(p.tok.start + 1)
		return 0, nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v > math.MaxInt64 {
		return 0, p.errHere("invalid dimension")
	}
	p.consume()
	return int64(v), nil
}

// parseDimensionListRanked parses `(? | N) x ...` dimensions with their trailing `x`.
func (p *parser) parseDimensionListRanked(allowDynamic bool) ([]int64, error) {
	var dims []int64
	for p.is(tInteger) || p.is(tQuestion) {
		if p.is(tQuestion) {
			if !allowDynamic {
				return nil, p.errHere("expected static shape")
			}
			p.consume()
			dims = append(dims, ir.Dynamic)
		} else {
			v, err := p.parseIntegerInDimensionList()
			if err != nil {
				return nil, err
			}
			dims = append(dims, v)
		}
		if err := p.parseXInDimensionList(); err != nil {
			return nil, err
		}
	}
	return dims, nil
}

func isValidMemRefElement(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType, *ir.ComplexType, *ir.VectorType,
		*ir.MemRefType, *ir.UnrankedMemRefType, *ir.OpaqueType:
		return true
	case *ir.FunctionType, *ir.TupleType, *ir.NoneType, *ir.RankedTensorType, *ir.UnrankedTensorType:
		return false
	}
	return true // dialect types
}

// parseShapedPrefix parses what memref and tensor types (kind) begin with:
// the keyword, '<', `*x` or a ranked dimension list, and the element type.
// It returns where the type and its element start.
func (p *parser) parseShapedPrefix(kind string) (start, elemPos int, unranked bool, dims []int64, elem ir.Type, err error) {
	start = p.tok.start
	p.consume()
	if err = p.expect(tLess, "expected '<' in "+kind+" type"); err != nil {
		return
	}
	if p.consumeIf(tStar) {
		unranked = true
		err = p.parseXInDimensionList()
	} else {
		dims, err = p.parseDimensionListRanked(true)
	}
	if err != nil {
		return
	}
	elemPos = p.tok.start
	elem, err = p.parseType()
	return
}

func (p *parser) parseMemRefType() (ir.Type, error) {
	start, elemPos, unranked, dims, elem, err := p.parseShapedPrefix("memref")
	if err != nil {
		return nil, err
	}
	if !isValidMemRefElement(elem) {
		return nil, p.errAt(elemPos, "invalid memref element type")
	}
	var layout, memSpace ir.Attribute
	if !p.consumeIf(tGreater) {
		if err := p.expect(tComma, "expected ',' or '>' in memref type"); err != nil {
			return nil, err
		}
		err := p.parseCommaListUntil(tGreater, func() error {
			a, err := p.parseAttribute(nil)
			if err != nil {
				return err
			}
			switch a.(type) {
			case *ir.AffineMapAttr, *ir.StridedLayoutAttr:
				layout = a
			default:
				if memSpace != nil {
					return p.errHere("multiple memory spaces specified in memref type")
				}
				memSpace = a
				return nil
			}
			if unranked {
				return p.errHere("cannot have affine map for unranked memref type")
			}
			if memSpace != nil {
				return p.errHere("expected memory space to be last in memref type")
			}
			return nil
		}, false)
		if err != nil {
			return nil, err
		}
	}
	return p.cachedType(start, func() (ir.Type, error) {
		if unranked {
			return ir.UnrankedMemRef(elem, memSpace), nil
		}
		if m, ok := layout.(*ir.AffineMapAttr); ok && m.Map.NumDims != len(dims) {
			return nil, p.errAt(start, "memref layout mismatch between rank and affine map: %d != %d", len(dims), m.Map.NumDims)
		}
		return ir.MemRef(dims, elem, layout, memSpace), nil
	})
}

func isValidTensorElement(t ir.Type) bool {
	switch t.(type) {
	case *ir.FunctionType, *ir.NoneType, *ir.RankedTensorType, *ir.UnrankedTensorType,
		*ir.MemRefType, *ir.UnrankedMemRefType:
		return false
	}
	return true
}

func (p *parser) parseTensorType() (ir.Type, error) {
	start, elemPos, unranked, dims, elem, err := p.parseShapedPrefix("tensor")
	if err != nil {
		return nil, err
	}
	var enc ir.Attribute
	if p.consumeIf(tComma) {
		a, ok, err := p.parseOptionalAttribute(nil)
		if err != nil {
			return nil, err
		}
		if ok {
			enc = a
		}
	}
	if err := p.expect(tGreater, "expected '>' in tensor type"); err != nil {
		return nil, err
	}
	if !isValidTensorElement(elem) {
		return nil, p.errAt(elemPos, "invalid tensor element type")
	}
	if unranked && enc != nil {
		return nil, p.errHere("cannot apply encoding to unranked tensor")
	}
	return p.cachedType(start, func() (ir.Type, error) {
		if unranked {
			return ir.UnrankedTensor(elem), nil
		}
		return ir.RankedTensor(dims, elem, enc), nil
	})
}

func (p *parser) parseVectorType() (ir.Type, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLess, "expected '<' in vector type"); err != nil {
		return nil, err
	}
	var dims []int64
	var scalable []bool
	for p.is(tInteger) || p.is(tLSquare) {
		sc := p.consumeIf(tLSquare)
		if sc && !p.is(tInteger) {
			return nil, p.errWrongTok("expected integer value")
		}
		v, err := p.parseIntegerInDimensionList()
		if err != nil {
			return nil, err
		}
		dims = append(dims, v)
		if sc && !p.consumeIf(tRSquare) {
			return nil, p.errWrongTok("missing ']' closing scalable dimension")
		}
		scalable = append(scalable, sc)
		if err := p.parseXInDimensionList(); err != nil {
			return nil, err
		}
	}
	elemPos := p.tok.start
	elem, err := p.parseType()
	if err != nil {
		return nil, err
	}
	if err := p.expect(tGreater, "expected '>' in vector type"); err != nil {
		return nil, err
	}
	switch elem.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
	default:
		if _, ok := elem.(ir.DialectType); !ok {
			return nil, p.errAt(elemPos, "vector elements must be int/index/float type but got %s", quoteType(elem))
		}
	}
	for _, d := range dims {
		if d <= 0 {
			return nil, p.errAt(elemPos, "vector types must have positive constant sizes")
		}
	}
	return p.cachedType(start, func() (ir.Type, error) { return ir.Vector(dims, elem, scalable), nil })
}

// parseTypeAfter expects a token of kind k (msg otherwise) and parses the
// type after it; it also returns where the type starts, for the caller's
// diagnostics about it.
func (p *parser) parseTypeAfter(k tokKind, msg string) (ir.Type, int, error) {
	if err := p.expect(k, msg); err != nil {
		return nil, 0, err
	}
	pos := p.tok.start
	t, err := p.parseType()
	return t, pos, err
}

func quoteType(t ir.Type) string { return "'" + t.String() + "'" }

func (p *parser) parseComplexType() (ir.Type, error) {
	start := p.tok.start
	p.consume()
	elem, elemPos, err := p.parseTypeAfter(tLess, "expected '<' in complex type")
	if err != nil {
		return nil, err
	}
	if err := p.expect(tGreater, "expected '>' in complex type"); err != nil {
		return nil, err
	}
	switch elem.(type) {
	case *ir.IntegerType, *ir.FloatType:
	default:
		return nil, p.errAt(elemPos, "invalid element type for complex")
	}
	return p.cachedType(start, func() (ir.Type, error) { return ir.Complex(elem), nil })
}

func (p *parser) parseTupleType() (ir.Type, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLess, "expected '<' in tuple type"); err != nil {
		return nil, err
	}
	var elems []ir.Type
	if !p.consumeIf(tGreater) {
		ts, err := p.parseTypeListNoParens()
		if err != nil {
			return nil, err
		}
		if err := p.expect(tGreater, "expected '>' in tuple type"); err != nil {
			return nil, err
		}
		elems = ts
	}
	return p.cachedType(start, func() (ir.Type, error) { return ir.Tuple(elems...), nil })
}

// extendedSymbol is the result of lexing `!name...` or `#name...`.
type extendedSymbol struct {
	alias   string // set when this is an alias reference
	dialect string
	body    string // text after the dialect name: `.mnemonic<...>` or `<...>`
	pos     int
}

// parseExtendedSymbol lexes an alias reference or a dialect symbol, MLIR's
// parseExtendedSymbol: `!alias`, `!dialect.mnemonic`, `!dialect.mnemonic<...>`
// or `!dialect<...>`; bodies are balanced-bracket text.
func (p *parser) parseExtendedSymbol() (extendedSymbol, error) {
	tokStart, tokEnd := p.tok.start, p.tok.end
	ident := p.src[tokStart+1 : tokEnd]
	p.consume()
	dialect, rest, hasDot := cut(ident, '.')
	isPretty := hasDot
	hasTrailing := p.is(tLess) && p.tok.start == tokEnd
	if !hasTrailing && !isPretty {
		return extendedSymbol{alias: ident, pos: tokStart}, nil
	}
	_ = rest
	bodyStart := tokStart + 1 + len(dialect)
	pos := tokStart
	if isPretty {
		pos = bodyStart + 1
	}
	if hasTrailing {
		end, err := p.skipDialectBody(p.tok.start)
		if err != nil {
			return extendedSymbol{}, err
		}
		p.prevEnd = end
		p.resetTo(end)
		return extendedSymbol{dialect: dialect, body: p.src[bodyStart:end], pos: pos}, nil
	}
	return extendedSymbol{dialect: dialect, body: p.src[bodyStart:tokEnd], pos: pos}, nil
}

// symbolData is the body as MLIR's diagnostics show it: without the dot, or
// without the angle brackets of the opaque form.
func (s extendedSymbol) symbolData() string {
	if len(s.body) > 0 && s.body[0] == '.' {
		return s.body[1:]
	}
	if len(s.body) >= 2 {
		return s.body[1 : len(s.body)-1]
	}
	return s.body
}

const unregisteredHint = "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"

func cut(s string, sep byte) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// skipDialectBody scans a balanced `<...>` body starting at pos (the `<`),
// honouring nested brackets, strings and `->`, and returns the offset past
// the closing `>`.
func (p *parser) skipDialectBody(pos int) (int, error) {
	var stack []byte
	i := pos
	src := p.src
	for {
		if i >= len(src) {
			return 0, p.errAt(pos, "unexpected nul or EOF in pretty dialect name")
		}
		c := src[i]
		i++
		switch c {
		case '<', '[', '(', '{':
			stack = append(stack, c)
			continue
		case '-':
			if i < len(src) && src[i] == '>' {
				i++
			}
			continue
		case '>', ']', ')', '}':
			open := openBracket(c)
			if len(stack) == 0 || stack[len(stack)-1] != open {
				return 0, p.errAt(i-1, "unbalanced '%c' character in pretty dialect name", c)
			}
			stack = stack[:len(stack)-1]
		case '"':
			save := p.tok
			end, ok := p.lexString(i)
			if !ok {
				err := p.lexError2()
				p.tok = save
				return 0, err
			}
			i = end
			continue
		case 0:
			return 0, p.errAt(i-1, "unexpected nul or EOF in pretty dialect name")
		default:
			continue
		}
		if len(stack) == 0 {
			return i, nil
		}
	}
}

func (p *parser) parseExtendedType() (ir.Type, error) {
	start := p.tok.start
	sym, err := p.parseExtendedSymbol()
	if err != nil {
		return nil, err
	}
	if sym.alias != "" {
		t, ok := p.typeAliases[sym.alias]
		if !ok {
			return nil, p.errWrongTok("undefined symbol alias id '%s'", sym.alias)
		}
		return t, nil
	}
	return p.cachedType(start, func() (ir.Type, error) {
		sym.dialect, sym.body = p.intern(sym.dialect), strings.Clone(sym.body)
		d := p.ctx.Dialect(sym.dialect)
		if d == nil {
			if !p.ctx.AllowUnregistered {
				return nil, p.errAt(sym.pos, "`!\"%s\"<\"%s\">` type %s", sym.dialect, sym.symbolData(), unregisteredHint)
			}
			return ir.Opaque(sym.dialect, sym.body), nil
		}
		if d.ParseType == nil {
			return ir.Opaque(sym.dialect, sym.body), nil
		}
		t, err := d.ParseType(sym.body)
		if err != nil {
			return nil, p.hookError(err, sym.pos)
		}
		if t == nil {
			return nil, p.errAt(sym.pos, "invalid type '!%s%s'", sym.dialect, sym.body)
		}
		return t, nil
	})
}

// hookError locates an error returned by a dialect hook at pos unless it
// already carries a location.
func (p *parser) hookError(err error, pos int) error {
	if d, ok := err.(*ir.Diagnostic); ok && d.Loc != nil {
		if _, unknown := d.Loc.(ir.UnknownLoc); !unknown {
			return d
		}
		return p.errAt(pos, "%s", d.Msg)
	}
	return p.errAt(pos, "%s", err.Error())
}

func openBracket(c byte) byte {
	switch c {
	case '>':
		return '<'
	case ']':
		return '['
	case ')':
		return '('
	}
	return '{'
}
