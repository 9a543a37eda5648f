package parser

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// cachedAttr returns the attribute spelled by src[start:p.prevEnd] (with the
// same type hint) if it was built before, else build()'s result.
func (p *parser) cachedAttr(start int, hint ir.Type, build func() (ir.Attribute, error)) (ir.Attribute, error) {
	return memo(p.attrCache, attrKey{p.src[start:p.prevEnd], hint}, build)
}

// canStartAttribute reports whether the current token can begin an attribute
// (types included, as type attributes).
func (p *parser) canStartAttribute() bool {
	switch p.tok.kind {
	case tAt, tFloat, tInteger, tHash, tLBrace, tLSquare, tMinus, tString:
		return true
	case tBareIdent:
		switch p.text() {
		case "affine_map", "affine_set", "dense", "dense_resource", "false", "true", "loc",
			"unit", "array", "strided", "distinct", "sparse":
			return true
		}
	}
	return p.canStartType()
}

// parseOptionalAttribute parses an attribute when one can start here.
func (p *parser) parseOptionalAttribute(hint ir.Type) (ir.Attribute, bool, error) {
	if !p.canStartAttribute() {
		return nil, false, nil
	}
	a, err := p.parseAttribute(hint)
	return a, true, err
}

// parseAttribute parses an attribute; hint types untyped literals (nil: the
// literal's own `: type`, else i64/f64).
func (p *parser) parseAttribute(hint ir.Type) (ir.Attribute, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	start := p.tok.start
	switch p.tok.kind {
	case tBareIdent:
		switch p.text() {
		case "affine_map", "affine_set":
			isMap := p.text() == "affine_map"
			p.consume()
			msg := "affine map"
			if !isMap {
				msg = "integer set"
			}
			if err := p.expect(tLess, "expected '<' in "+msg); err != nil {
				return nil, err
			}
			bodyPos := p.tok.start
			m, s, err := p.parseAffineMapOrSetInline()
			if err != nil {
				return nil, err
			}
			if isMap && m == nil {
				return nil, p.errAt(bodyPos, "expected AffineMap, but got IntegerSet")
			}
			if !isMap && s == nil {
				return nil, p.errAt(bodyPos, "expected IntegerSet, but got AffineMap")
			}
			if err := p.expect(tGreater, "expected '>' in "+msg); err != nil {
				return nil, err
			}
			return p.cachedAttr(start, nil, func() (ir.Attribute, error) {
				if isMap {
					return ir.AffineMapOf(m), nil
				}
				return ir.IntegerSetOf(s), nil
			})
		case "true":
			p.consume()
			return ir.BoolAttr(true), nil
		case "false":
			p.consume()
			return ir.BoolAttr(false), nil
		case "dense":
			return p.parseDenseElementsAttr(hint)
		case "dense_resource":
			return p.parseDenseResourceAttr(hint)
		case "array":
			return p.parseDenseArrayAttr()
		case "loc":
			p.consume()
			if err := p.expect(tLParen, "expected '(' in inline location"); err != nil {
				return nil, err
			}
			l, err := p.parseLocationInstance()
			if err != nil {
				return nil, err
			}
			if err := p.expect(tRParen, "expected ')' in inline location"); err != nil {
				return nil, err
			}
			return l, nil
		case "sparse":
			return nil, p.errHere("sparse elements attributes are not supported")
		case "strided":
			return p.parseStridedLayoutAttr()
		case "distinct":
			return p.parseDistinctAttr(hint)
		case "unit":
			p.consume()
			return ir.Unit, nil
		}
	case tLSquare:
		p.consume()
		var elems []ir.Attribute
		err := p.parseCommaListUntil(tRSquare, func() error {
			a, err := p.parseAttribute(nil)
			elems = append(elems, a)
			return err
		}, true)
		if err != nil {
			return nil, err
		}
		return p.cachedAttr(start, nil, func() (ir.Attribute, error) { return ir.Array(elems...), nil })
	case tLBrace:
		es, err := p.parseAttributeDict()
		if err != nil {
			return nil, err
		}
		return p.cachedAttr(start, nil, func() (ir.Attribute, error) { return ir.Dictionary(es), nil })
	case tHash:
		return p.parseExtendedAttr(hint)
	case tFloat:
		return p.parseFloatAttr(hint, false, start)
	case tInteger:
		return p.parseDecOrHexAttr(hint, false, start)
	case tMinus:
		p.consume()
		switch p.tok.kind {
		case tInteger:
			return p.parseDecOrHexAttr(hint, true, start)
		case tFloat:
			return p.parseFloatAttr(hint, true, start)
		}
		return nil, p.errWrongTok("expected constant integer or floating point value")
	case tString:
		val := p.stringValue()
		p.consume()
		t := hint
		if t == nil && p.consumeIf(tColon) {
			var err error
			if t, err = p.parseType(); err != nil {
				return nil, err
			}
		}
		return p.cachedAttr(start, hint, func() (ir.Attribute, error) { return ir.TypedStr(strings.Clone(val), t), nil })
	case tAt:
		root := p.symbolValue()
		p.consume()
		var nested []string
		for p.is(tColon) {
			colonPos := p.tok.start
			p.consume()
			if !p.consumeIf(tColon) {
				if !p.is(tEOF) && !p.is(tError) {
					p.resetTo(colonPos)
				}
				break
			}
			if !p.is(tAt) {
				return nil, p.errHere("expected nested symbol reference identifier")
			}
			nested = append(nested, p.symbolValue())
			p.consume()
		}
		return p.cachedAttr(start, nil, func() (ir.Attribute, error) {
			for i := range nested {
				nested[i] = strings.Clone(nested[i])
			}
			return ir.SymbolRef(strings.Clone(root), nested...), nil
		})
	}
	t, ok, err := p.parseOptionalType()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.errWrongTok("expected attribute value")
	}
	return ir.TypeAttrOf(t), nil
}

// parseAttributeDict parses `{name = attr, unitname, "quoted" = attr}`.
func (p *parser) parseAttributeDict() ([]ir.NamedAttribute, error) {
	var es []ir.NamedAttribute
	err := p.parseDelimitedList(ir.DelimBraces, func() error {
		var name string
		switch p.tok.kind {
		case tString:
			name = p.stringValue()
		case tBareIdent, tIntType:
			name = p.text()
		default:
			return p.errWrongTok("expected attribute name")
		}
		if name == "" {
			return p.errHere("expected valid attribute name")
		}
		for _, e := range es {
			if e.Name == name {
				return p.errHere("duplicate key '%s' in dictionary attribute", name)
			}
		}
		p.consume()
		name = p.intern(name)
		if !p.consumeIf(tEqual) {
			es = append(es, ir.NamedAttribute{Name: name, Value: ir.Unit})
			return nil
		}
		a, err := p.parseAttribute(nil)
		if err != nil {
			return err
		}
		es = append(es, ir.NamedAttribute{Name: name, Value: a})
		return nil
	}, " in attribute dictionary")
	return es, err
}

// intWidth returns the storage width of an integer or index type.
func intWidth(t ir.Type) int {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 64
}

// parseIntSpelling parses a decimal or 0x-hex integer literal's magnitude.
func parseIntSpelling(s string) (*big.Int, bool) {
	if len(s) > 1 && s[1] == 'x' {
		return new(big.Int).SetString(s[2:], 16)
	}
	if len(s) <= 18 {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, false
		}
		return big.NewInt(v), true
	}
	return new(big.Int).SetString(s, 10)
}

// buildInt checks that the literal fits type t as MLIR's buildAttributeAPInt
// does and returns its (signed) value.
func buildInt(t ir.Type, neg bool, spelling string) (*big.Int, bool) {
	v, ok := parseIntSpelling(spelling)
	if !ok {
		return nil, false
	}
	w := intWidth(t)
	if v.BitLen() > w {
		return nil, false
	}
	if w == 0 {
		return v, !neg
	}
	if neg {
		// -v must have its sign bit set in w bits: 1 <= v <= 2^(w-1).
		if v.Sign() == 0 || v.BitLen() > w || v.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(w-1))) > 0 {
			return nil, false
		}
		return v.Neg(v), true
	}
	signed := false
	if it, ok := t.(*ir.IntegerType); ok {
		signed = it.Signedness == ir.Signed
	} else {
		signed = true // index
	}
	if signed && v.BitLen() >= w {
		return nil, false
	}
	return v, true
}

func (p *parser) parseDecOrHexAttr(hint ir.Type, neg bool, start int) (ir.Attribute, error) {
	tokPos := p.tok.start
	spelling := p.text()
	p.consume()
	t := hint
	if t == nil {
		if !p.consumeIf(tColon) {
			t = ir.I64
		} else {
			var err error
			if t, err = p.parseType(); err != nil {
				return nil, err
			}
		}
	}
	return p.cachedAttr(start, hint, func() (ir.Attribute, error) {
		if ft, ok := t.(*ir.FloatType); ok {
			bits, err := p.floatFromIntegerLiteral(tokPos, spelling, neg, ft)
			if err != nil {
				return nil, err
			}
			return ir.FloatAttrFromBits(ft, bits), nil
		}
		if !ir.IsIntOrIndex(t) {
			return nil, p.errAt(tokPos, "integer literal not valid for specified type")
		}
		if it, ok := t.(*ir.IntegerType); ok && neg && it.Signedness == ir.Unsigned {
			return nil, p.errAt(tokPos, "negative integer literal not valid for unsigned integer type")
		}
		v, ok := buildInt(t, neg, spelling)
		if !ok {
			return nil, p.errAt(tokPos, "integer constant out of range for attribute")
		}
		return ir.BigIntAttr(t, v), nil
	})
}

// floatFromIntegerLiteral interprets a hex integer literal as the bit pattern
// of a float of type ft (MLIR's parseFloatFromIntegerLiteral).
func (p *parser) floatFromIntegerLiteral(pos int, spelling string, neg bool, ft *ir.FloatType) (uint64, error) {
	if !(len(spelling) > 1 && spelling[1] == 'x') {
		return 0, p.errAt(pos, "unexpected decimal integer literal for a floating point value").
			AttachNote(p.locAt(pos), "add a trailing dot to make the literal a float")
	}
	if neg {
		return 0, p.errAt(pos, "hexadecimal float literal should not have a leading minus")
	}
	v, ok := new(big.Int).SetString(spelling[2:], 16)
	if !ok || v.BitLen() > ft.Width() || v.BitLen() > 64 {
		return 0, p.errAt(pos, "hexadecimal float constant out of range for type")
	}
	return v.Uint64(), nil
}

func (p *parser) floatValue(pos int, spelling string) (float64, error) {
	v, err := strconv.ParseFloat(spelling, 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, p.errAt(pos, "floating point value too large for attribute")
	}
	if math.IsInf(v, 0) {
		return 0, p.errAt(pos, "floating point value too large for attribute")
	}
	return v, nil
}

func (p *parser) parseFloatAttr(hint ir.Type, neg bool, start int) (ir.Attribute, error) {
	tokPos := p.tok.start
	v, err := p.floatValue(tokPos, p.text())
	if err != nil {
		return nil, err
	}
	p.consume()
	t := hint
	if t == nil {
		if !p.consumeIf(tColon) {
			t = ir.F64
		} else if t, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil, p.errHere("floating point value not valid for specified type")
	}
	if neg {
		v = -v
	}
	return p.cachedAttr(start, hint, func() (ir.Attribute, error) { return ir.FloatAttrOf(ft, v), nil })
}

// denseTok is one literal of a dense elements body.
type denseTok struct {
	neg  bool
	kind tokKind
	pos  int
	text string
}

type denseElem struct {
	re, im    denseTok
	isComplex bool
}

type denseLiteral struct {
	elems  []denseElem
	shape  []int64
	isList bool
	hex    *denseTok
}

func (p *parser) parseDenseLiteral(allowHex bool) (*denseLiteral, error) {
	lit := &denseLiteral{}
	if allowHex && p.is(tString) {
		lit.hex = &denseTok{kind: tString, pos: p.tok.start, text: p.stringValue()}
		p.consume()
		return lit, nil
	}
	if p.is(tLSquare) {
		lit.isList = true
		shape, err := p.parseDenseList(lit)
		lit.shape = shape
		return lit, err
	}
	e, err := p.parseDenseElement()
	if err != nil {
		return nil, err
	}
	lit.elems = append(lit.elems, e)
	return lit, nil
}

func (p *parser) parseDenseScalar() (denseTok, error) {
	switch p.tok.kind {
	case tFloat, tInteger, tString:
		t := denseTok{kind: p.tok.kind, pos: p.tok.start, text: p.text()}
		if t.kind == tString {
			t.text = p.stringValue()
		}
		p.consume()
		return t, nil
	case tBareIdent:
		if p.isIdent("true") || p.isIdent("false") {
			t := denseTok{kind: tBareIdent, pos: p.tok.start, text: p.text()}
			p.consume()
			return t, nil
		}
	case tMinus:
		p.consume()
		if !p.is(tFloat) && !p.is(tInteger) {
			return denseTok{}, p.errHere("expected integer or floating point literal")
		}
		t := denseTok{neg: true, kind: p.tok.kind, pos: p.tok.start, text: p.text()}
		p.consume()
		return t, nil
	}
	return denseTok{}, p.errHere("expected element literal of primitive type")
}

func (p *parser) parseDenseElement() (denseElem, error) {
	if p.consumeIf(tLParen) {
		re, err := p.parseDenseScalar()
		if err != nil {
			return denseElem{}, err
		}
		if err := p.expect(tComma, "expected ',' between complex elements"); err != nil {
			return denseElem{}, err
		}
		im, err := p.parseDenseScalar()
		if err != nil {
			return denseElem{}, err
		}
		if err := p.expect(tRParen, "expected ')' after complex elements"); err != nil {
			return denseElem{}, err
		}
		return denseElem{re: re, im: im, isComplex: true}, nil
	}
	t, err := p.parseDenseScalar()
	return denseElem{re: t}, err
}

func (p *parser) parseDenseList(lit *denseLiteral) ([]int64, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	first := true
	var newDims []int64
	size := int64(0)
	err := p.parseDelimitedList(ir.DelimSquare, func() error {
		var thisDims []int64
		if p.is(tLSquare) {
			d, err := p.parseDenseList(lit)
			if err != nil {
				return err
			}
			thisDims = d
		} else {
			e, err := p.parseDenseElement()
			if err != nil {
				return err
			}
			lit.elems = append(lit.elems, e)
		}
		size++
		if !first {
			if !slices.Equal(newDims, thisDims) {
				return p.errHere("tensor literal is invalid; ranks are not consistent between elements")
			}
			return nil
		}
		newDims, first = thisDims, false
		return nil
	}, "")
	if err != nil {
		return nil, err
	}
	return append([]int64{size}, newDims...), nil
}

// parseElementsLiteralType parses the `: type` of an elements literal unless hint gives it.
func (p *parser) parseElementsLiteralType(hint ir.Type) (ir.ShapedType, error) {
	t := hint
	if t == nil {
		if err := p.expect(tColon, "expected ':'"); err != nil {
			return nil, err
		}
		var err error
		if t, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	switch st := t.(type) {
	case *ir.RankedTensorType:
		if ir.NumElements(st.Dims) < 0 {
			return nil, p.errHere("elements literal type must have static shape")
		}
		return st, nil
	case *ir.VectorType:
		return st, nil
	case *ir.UnrankedTensorType:
		return nil, p.errHere("elements literal type must have static shape")
	}
	return nil, p.errHere("elements literal must be a shaped type")
}

func (p *parser) parseDenseElementsAttr(hint ir.Type) (ir.Attribute, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLess, "expected '<' after 'dense'"); err != nil {
		return nil, err
	}
	lit := &denseLiteral{}
	if !p.consumeIf(tGreater) {
		var err error
		if lit, err = p.parseDenseLiteral(true); err != nil {
			return nil, err
		}
		if err := p.expect(tGreater, "expected '>'"); err != nil {
			return nil, err
		}
	}
	loc := p.tok.start
	if hint != nil {
		loc = start
	}
	st, err := p.parseElementsLiteralType(hint)
	if err != nil {
		return nil, err
	}
	after := p.tok.start
	return p.cachedAttr(start, hint, func() (ir.Attribute, error) { return p.denseAttr(loc, after, st, lit) })
}

func shapeString(s []int64) string {
	var b strings.Builder
	for i, d := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(d, 10))
	}
	return b.String()
}

func (p *parser) denseAttr(loc, after int, st ir.ShapedType, lit *denseLiteral) (ir.Attribute, error) {
	elemT := st.ElementType()
	ct, isComplex := elemT.(*ir.ComplexType)
	numeric := ir.IsIntOrIndex(elemT) || ir.IsFloat(elemT) || isComplex
	if lit.hex != nil && numeric {
		return p.denseHexAttr(loc, st, lit.hex)
	}
	if lit.isList && !slices.Equal(lit.shape, st.Shape()) {
		return nil, p.errAt(loc, "inferred shape of elements literal ([%s]) does not match type ([%s])", shapeString(lit.shape), shapeString(st.Shape()))
	}
	if lit.hex == nil && len(lit.elems) == 0 && ir.NumElements(st.Shape()) != 0 {
		return nil, p.errAt(loc, "parsed zero elements, but type (%s) expected at least 1", quoteType(st))
	}
	scalarT := elemT
	if isComplex {
		scalarT = ct.Elem
	}
	if !ir.IsIntOrIndex(scalarT) && !ir.IsFloat(scalarT) {
		// Other element types hold string elements.
		var elems []ir.Attribute
		if lit.hex != nil {
			elems = append(elems, ir.Str(strings.Clone(lit.hex.text)))
		}
		for _, e := range lit.elems {
			if e.isComplex || e.re.kind != tString {
				return nil, p.errAt(loc, "expected string elements for element type %s", quoteType(elemT))
			}
			elems = append(elems, ir.Str(strings.Clone(e.re.text)))
		}
		if !lit.isList && len(elems) == 1 {
			return ir.DenseSplat(st, elems[0]), nil
		}
		return ir.Dense(st, elems), nil
	}
	elems := make([]ir.Attribute, 0, len(lit.elems))
	for _, e := range lit.elems {
		if isComplex != e.isComplex {
			if isComplex {
				return nil, p.errAt(e.re.pos, "expected complex element")
			}
			return nil, p.errAt(e.re.pos, "unexpected complex element for non-complex type")
		}
		re, err := p.denseScalarAttr(after, scalarT, e.re)
		if err != nil {
			return nil, err
		}
		if !isComplex {
			elems = append(elems, re)
			continue
		}
		im, err := p.denseScalarAttr(after, scalarT, e.im)
		if err != nil {
			return nil, err
		}
		elems = append(elems, ir.Array(re, im))
	}
	if !lit.isList && len(elems) == 1 {
		return ir.DenseSplat(st, elems[0]), nil
	}
	return ir.Dense(st, elems), nil
}

func (p *parser) denseScalarAttr(loc int, t ir.Type, tok denseTok) (ir.Attribute, error) {
	if ft, ok := t.(*ir.FloatType); ok {
		switch tok.kind {
		case tFloat:
			v, err := p.floatValue(tok.pos, tok.text)
			if err != nil {
				return nil, err
			}
			if tok.neg {
				v = -v
			}
			return ir.FloatAttrOf(ft, v), nil
		case tInteger:
			if len(tok.text) > 1 && tok.text[1] == 'x' {
				bits, err := p.floatFromIntegerLiteral(tok.pos, tok.text, tok.neg, ft)
				if err != nil {
					return nil, err
				}
				return ir.FloatAttrFromBits(ft, bits), nil
			}
		}
		return nil, p.errAt(loc, "expected floating-point elements, but parsed integer")
	}
	switch tok.kind {
	case tFloat:
		return nil, p.errAt(tok.pos, "expected integer elements, but parsed floating-point")
	case tString:
		return nil, p.errAt(loc, "expected integer elements, but parsed string")
	case tBareIdent: // true / false
		if t != ir.Type(ir.I1) {
			return nil, p.errAt(tok.pos, "expected i1 type for 'true' or 'false' values")
		}
		return ir.BoolAttr(tok.text == "true"), nil
	}
	if it, ok := t.(*ir.IntegerType); ok && tok.neg && it.Signedness == ir.Unsigned {
		return nil, p.errAt(loc, "expected unsigned integer elements, but parsed negative value")
	}
	v, ok := buildInt(t, tok.neg, tok.text)
	if !ok {
		return nil, p.errAt(tok.pos, "integer constant out of range for type")
	}
	return ir.BigIntAttr(t, v), nil
}

// elementByteWidth is the raw-buffer width of one element (0 for i1, which is bit-packed).
func elementByteWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.ComplexType:
		return 2 * elementByteWidth(t.Elem)
	case *ir.IntegerType:
		if t.Width == 1 {
			return 0
		}
		return (t.Width + 7) / 8
	case *ir.IndexType:
		return 8
	case *ir.FloatType:
		return (t.Width() + 7) / 8
	}
	return 0
}

func (p *parser) denseHexAttr(loc int, st ir.ShapedType, tok *denseTok) (ir.Attribute, error) {
	h := tok.text
	if len(h) < 2 || h[:2] != "0x" || len(h)%2 != 0 {
		return nil, p.errAt(tok.pos, "expected string containing hex digits starting with `0x`")
	}
	for i := 2; i < len(h); i++ {
		if !isHexDigit(h[i]) {
			return nil, p.errAt(tok.pos, "expected string containing hex digits starting with `0x`")
		}
	}
	n := (len(h) - 2) / 2
	num := ir.NumElements(st.Shape())
	w := elementByteWidth(st.ElementType())
	ok := false
	if w == 0 { // i1: one byte splat or bit-packed
		ok = n == 1 || int64(n) == (num+7)/8
	} else {
		ok = int64(n) == num*int64(w) || n == w
	}
	if !ok {
		return nil, p.errAt(loc, "elements hex data size is invalid for provided type: %s", quoteType(st))
	}
	return ir.DenseHex(st, strings.Clone(h)), nil
}

func (p *parser) parseDenseResourceAttr(hint ir.Type) (ir.Attribute, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLess, "expected '<' after 'dense_resource'"); err != nil {
		return nil, err
	}
	var handle string
	switch p.tok.kind {
	case tBareIdent, tIntType:
		handle = p.text()
	case tString:
		handle = p.stringValue()
	default:
		return nil, p.errHere("expected identifier key for 'resource' entry")
	}
	p.consume()
	if err := p.expect(tGreater, "expected '>'"); err != nil {
		return nil, err
	}
	st, err := p.parseElementsLiteralType(hint)
	if err != nil {
		return nil, err
	}
	return p.cachedAttr(start, hint, func() (ir.Attribute, error) {
		return ir.DenseResource(st, strings.Clone(handle)), nil
	})
}

func (p *parser) parseDenseArrayAttr() (ir.Attribute, error) {
	start := p.tok.start
	p.consume()
	t, typePos, err := p.parseTypeAfter(tLess, "expected '<' after 'array'")
	if err != nil {
		return nil, err
	}
	ft, isFloat := t.(*ir.FloatType)
	it, isInt := t.(*ir.IntegerType)
	if !isFloat && !isInt {
		return nil, p.errAt(typePos, "expected integer or float type, got: %s", quoteType(t))
	}
	if (isInt && it.Width != 1 && it.Width%8 != 0) || (isFloat && ft.Width()%8 != 0) {
		return nil, p.errAt(typePos, "element type bitwidth must be a multiple of 8")
	}
	var ints []int64
	var floats []float64
	if !p.consumeIf(tGreater) {
		if err := p.expect(tColon, "expected ':' after dense array type"); err != nil {
			return nil, err
		}
		err := p.parseCommaList(func() error {
			neg := p.consumeIf(tMinus)
			pos := p.tok.start
			switch {
			case p.is(tInteger):
				s := p.text()
				p.consume()
				if isFloat {
					bits, err := p.floatFromIntegerLiteral(pos, s, neg, ft)
					if err != nil {
						return err
					}
					floats = append(floats, ir.BitsToFloat(ft, bits))
					return nil
				}
				v, ok := buildInt(t, neg, s)
				if !ok || !v.IsInt64() && !v.IsUint64() {
					return p.errAt(pos, "integer constant out of range for type")
				}
				if v.IsInt64() {
					ints = append(ints, v.Int64())
				} else {
					ints = append(ints, int64(v.Uint64()))
				}
				return nil
			case p.is(tFloat):
				if !isFloat {
					return p.errHere("expected integer literal")
				}
				v, err := p.floatValue(pos, p.text())
				if err != nil {
					return err
				}
				p.consume()
				if neg {
					v = -v
				}
				floats = append(floats, v)
				return nil
			case p.isIdent("true") || p.isIdent("false"):
				if !isInt || it.Width != 1 {
					return p.errHere("expected i1 type for 'true' or 'false' values")
				}
				b := p.isIdent("true")
				p.consume()
				if b {
					ints = append(ints, 1)
				} else {
					ints = append(ints, 0)
				}
				return nil
			}
			return p.errHere("expected integer or floating point literal")
		})
		if err != nil {
			return nil, err
		}
		if err := p.expect(tGreater, "expected '>' to close an array attribute"); err != nil {
			return nil, err
		}
	}
	return p.cachedAttr(start, nil, func() (ir.Attribute, error) {
		if isFloat {
			return ir.DenseFloatArray(ft, floats), nil
		}
		return ir.DenseIntArray(t, ints), nil
	})
}

func (p *parser) parseStridedLayoutAttr() (ir.Attribute, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLess, "expected '<' after 'strided'"); err != nil {
		return nil, err
	}
	if err := p.expect(tLSquare, "expected '['"); err != nil {
		return nil, err
	}
	parseOne := func() (int64, error) {
		if p.consumeIf(tQuestion) {
			return ir.Dynamic, nil
		}
		pos := p.tok.start
		neg := p.consumeIf(tMinus)
		if p.is(tInteger) {
			v, err := strconv.ParseUint(p.text(), 0, 64)
			if err != nil || v > math.MaxInt64 {
				return 0, p.errAt(pos, "expected a 64-bit signed integer or '?'")
			}
			p.consume()
			if neg {
				return -int64(v), nil
			}
			return int64(v), nil
		}
		return 0, p.errAt(pos, "expected a 64-bit signed integer or '?'")
	}
	var strides []int64
	if !p.is(tRSquare) {
		for {
			s, err := parseOne()
			if err != nil {
				return nil, err
			}
			strides = append(strides, s)
			if !p.consumeIf(tComma) {
				break
			}
		}
	}
	if err := p.expect(tRSquare, "expected ']'"); err != nil {
		return nil, err
	}
	offset := int64(0)
	if !p.consumeIf(tGreater) {
		if err := p.expect(tComma, "expected ','"); err != nil {
			return nil, err
		}
		if !p.consumeIdent("offset") {
			return nil, p.errWrongTok("expected 'offset' after comma")
		}
		if err := p.expect(tColon, "expected ':' after 'offset'"); err != nil {
			return nil, err
		}
		o, err := parseOne()
		if err != nil {
			return nil, err
		}
		offset = o
		if err := p.expect(tGreater, "expected '>'"); err != nil {
			return nil, err
		}
	}
	for _, s := range strides {
		if s == 0 {
			return nil, p.errAt(start, "strides must not be zero")
		}
	}
	return p.cachedAttr(start, nil, func() (ir.Attribute, error) { return ir.StridedLayout(offset, strides), nil })
}

func (p *parser) parseDistinctAttr(hint ir.Type) (ir.Attribute, error) {
	start := p.tok.start
	p.consume()
	if err := p.expect(tLSquare, "expected '[' after 'distinct'"); err != nil {
		return nil, err
	}
	id, err := p.parseUint(64, "expected distinct ID", "expected an unsigned 64-bit integer")
	if err != nil {
		return nil, err
	}
	if err := p.expect(tRSquare, "expected ']' to close distinct ID"); err != nil {
		return nil, err
	}
	if err := p.expect(tLess, "expected '<' after distinct ID"); err != nil {
		return nil, err
	}
	var ref ir.Attribute = ir.Unit
	if !p.consumeIf(tGreater) {
		if ref, err = p.parseAttribute(hint); err != nil {
			return nil, err
		}
		if err := p.expect(tGreater, "expected '>' to close distinct attribute"); err != nil {
			return nil, err
		}
	}
	if p.distinct == nil {
		p.distinct = map[uint64]*ir.DistinctAttr{}
	}
	if d, ok := p.distinct[id]; ok {
		if d.Referenced != ref {
			return nil, p.errAt(start, "referenced attribute does not match previous definition: %s", d.Referenced)
		}
		return d, nil
	}
	if id > math.MaxInt32 {
		return nil, p.errAt(start, "expected an unsigned 64-bit integer")
	}
	d := ir.Distinct(int(id), ref)
	p.distinct[id] = d
	return d, nil
}

func (p *parser) parseExtendedAttr(hint ir.Type) (ir.Attribute, error) {
	start := p.tok.start
	sym, err := p.parseExtendedSymbol()
	if err != nil {
		return nil, err
	}
	if sym.alias != "" {
		a, ok := p.attrAliases[sym.alias]
		if !ok {
			return nil, p.errWrongTok("undefined symbol alias id '%s'", sym.alias)
		}
		return a, nil
	}
	t := hint
	if p.consumeIf(tColon) {
		if t, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	return p.cachedAttr(start, hint, func() (ir.Attribute, error) {
		sym.dialect, sym.body = p.intern(sym.dialect), strings.Clone(sym.body)
		d := p.ctx.Dialect(sym.dialect)
		if d == nil {
			if !p.ctx.AllowUnregistered {
				ts := "none"
				if t != nil {
					ts = t.String()
				}
				return nil, p.errAt(sym.pos, "#\"%s\"<\"%s\"> : '%s' attribute %s", sym.dialect, sym.symbolData(), ts, unregisteredHint)
			}
			return ir.OpaqueAttrOf(sym.dialect, sym.body, t), nil
		}
		if d.ParseAttr == nil {
			return ir.OpaqueAttrOf(sym.dialect, sym.body, t), nil
		}
		a, err := d.ParseAttr(sym.body, t)
		if err != nil {
			return nil, p.hookError(err, sym.pos)
		}
		if a == nil {
			return nil, p.errAt(sym.pos, "invalid attribute '#%s%s'", sym.dialect, sym.body)
		}
		return a, nil
	})
}

// ---- locations ----

// parseLocationInstance parses the body of `loc(...)`.
func (p *parser) parseLocationInstance() (ir.Location, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tHash:
		pos := p.tok.start
		a, err := p.parseExtendedAttr(nil)
		if err != nil {
			return nil, err
		}
		l, ok := a.(ir.Location)
		if !ok {
			return nil, p.errAt(pos, "expected location attribute, but got %s", a)
		}
		return l, nil
	case tString:
		return p.parseNameOrFileLineCol()
	case tBareIdent:
		switch p.text() {
		case "callsite":
			p.consume()
			if err := p.expect(tLParen, "expected '(' in callsite location"); err != nil {
				return nil, err
			}
			callee, err := p.parseLocationInstance()
			if err != nil {
				return nil, err
			}
			if !p.consumeIdent("at") {
				return nil, p.errWrongTok("expected 'at' in callsite location")
			}
			caller, err := p.parseLocationInstance()
			if err != nil {
				return nil, err
			}
			if err := p.expect(tRParen, "expected ')' in callsite location"); err != nil {
				return nil, err
			}
			return &ir.CallSiteLoc{Callee: callee, Caller: caller}, nil
		case "fused":
			p.consume()
			var meta ir.Attribute
			if p.consumeIf(tLess) {
				var err error
				if meta, err = p.parseAttribute(nil); err != nil {
					return nil, err
				}
				if err := p.expect(tGreater, "expected '>' after fused location metadata"); err != nil {
					return nil, err
				}
			}
			locs, err := parseListOf(p, ir.DelimSquare, p.parseLocationInstance, " in fused location")
			if err != nil {
				return nil, err
			}
			return fusedLoc(locs, meta), nil
		case "unknown":
			p.consume()
			return ir.Unknown, nil
		}
	}
	return nil, p.errWrongTok("expected location instance")
}

// fusedLoc mirrors FusedLoc::get: nested fused locations with the same
// metadata are flattened, unknown and duplicate locations dropped.
func fusedLoc(locs []ir.Location, meta ir.Attribute) ir.Location {
	var out []ir.Location
	seen := map[string]bool{}
	add := func(l ir.Location) {
		k := l.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	for _, l := range locs {
		if f, ok := l.(*ir.FusedLoc); ok && f.Metadata == meta {
			for _, c := range f.Locs {
				add(c)
			}
			continue
		}
		if _, unk := l.(ir.UnknownLoc); !unk {
			add(l)
		}
	}
	if len(out) == 0 {
		if meta == nil {
			return ir.Unknown
		}
		return &ir.FusedLoc{Locs: []ir.Location{ir.Unknown}, Metadata: meta}
	}
	if len(out) == 1 && meta == nil {
		return out[0]
	}
	return &ir.FusedLoc{Locs: out, Metadata: meta}
}

func (p *parser) parseNameOrFileLineCol() (ir.Location, error) {
	str := strings.Clone(p.stringValue())
	p.consume()
	if p.consumeIf(tColon) {
		if !p.is(tInteger) {
			return nil, p.errWrongTok("expected integer line number in FileLineColLoc")
		}
		line, err := strconv.ParseUint(p.text(), 0, 32)
		if err != nil {
			return nil, p.errWrongTok("expected integer line number in FileLineColLoc")
		}
		p.consume()
		if err := p.expect(tColon, "expected ':' in FileLineColLoc"); err != nil {
			return nil, err
		}
		col, err := p.parseUint(32, "expected integer column number in FileLineColLoc", "expected integer column number in FileLineColLoc")
		if err != nil {
			return nil, err
		}
		return ir.FileLoc(str, int(line), int(col)), nil
	}
	if p.consumeIf(tLParen) {
		child, err := p.parseLocationInstance()
		if err != nil {
			return nil, err
		}
		if err := p.expect(tRParen, "expected ')' after child location of NameLoc"); err != nil {
			return nil, err
		}
		if _, unk := child.(ir.UnknownLoc); unk {
			child = nil
		}
		return &ir.NameLoc{Name: str, Child: child}, nil
	}
	return &ir.NameLoc{Name: str}, nil
}

// parseLocationAlias parses `#alias` in a trailing location; aliases may be
// defined after their use (MLIR prints them at the end of the file), so an
// unknown one yields a placeholder resolved when the file is finished.
func (p *parser) parseLocationAlias() (ir.Location, error) {
	pos := p.tok.start
	name := p.src[pos+1 : p.tok.end]
	p.consume()
	if a, ok := p.attrAliases[name]; ok {
		l, ok := a.(ir.Location)
		if !ok {
			return nil, p.errAt(pos, "expected location, but found '%s'", a)
		}
		return l, nil
	}
	ph := &ir.OpaqueLoc{Body: "#" + name}
	if p.deferredLocs == nil {
		p.deferredLocs = map[*ir.OpaqueLoc]deferredLoc{}
	}
	p.deferredLocs[ph] = deferredLoc{name: name, pos: pos}
	return ph, nil
}

// parseTrailingLocation parses an optional `loc(...)` after an op or argument.
func (p *parser) parseTrailingLocation() (ir.Location, bool, error) {
	if !p.isIdent("loc") {
		return nil, false, nil
	}
	p.consume()
	if err := p.expect(tLParen, "expected '(' in location"); err != nil {
		return nil, false, err
	}
	var l ir.Location
	var err error
	if p.is(tHash) && strings.IndexByte(p.text(), '.') < 0 {
		l, err = p.parseLocationAlias()
	} else {
		l, err = p.parseLocationInstance()
	}
	if err != nil {
		return nil, false, err
	}
	if err := p.expect(tRParen, "expected ')' in location"); err != nil {
		return nil, false, err
	}
	return l, true, nil
}
