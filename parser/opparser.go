package parser

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// customParser is the ir.OpParser handed to an op's custom-form parser
// (MLIR's CustomOpAsmParser).
type customParser struct {
	p          *parser
	numResults int
	def        *ir.OpDef
}

var _ ir.OpParser = (*customParser)(nil)

func (c *customParser) Context() *ir.Context       { return c.p.ctx }
func (c *customParser) Loc() ir.Location           { return c.p.locAt(c.p.tok.start) }
func (c *customParser) Mark() int                  { return c.p.tok.start }
func (c *customParser) LocAt(mark int) ir.Location { return c.p.locAt(mark) }
func (c *customParser) NumResults() int            { return c.numResults }

func (c *customParser) Errorf(format string, args ...any) error {
	return c.p.errHere("%s", fmt.Sprintf(format, args...))
}

// punctKind maps a punctuation spelling to its token kind.
// Custom parsers ask for punctuation on every op (`(`, `,`, `:` ...): the
// one-byte spellings are indexed by their byte rather than searched.
func punctKind(tok string) (tokKind, bool) {
	if len(tok) == 1 {
		k := punctByByte[tok[0]]
		return k, k != 0
	}
	for k, s := range punctSpelling {
		if s == tok && s != "" {
			return tokKind(k), true
		}
	}
	return 0, false
}

// punctByByte maps each one-byte punctuation spelling to its kind (0: none).
var punctByByte = func() (t [256]tokKind) {
	for k, s := range punctSpelling {
		if len(s) == 1 {
			t[s[0]] = tokKind(k)
		}
	}
	return t
}()

func (c *customParser) Parse(tok string) error {
	if c.ParseOptional(tok) {
		return nil
	}
	return c.p.errWrongTok("expected '%s'", tok)
}

func (c *customParser) ParseOptional(tok string) bool {
	p := c.p
	if tok == "::" {
		if p.is(tColon) && p.at(p.tok.end) == ':' {
			p.consume()
			p.consume()
			return true
		}
		return false
	}
	k, ok := punctKind(tok)
	if !ok {
		return false
	}
	return p.consumeIf(k)
}

func (c *customParser) isKeywordToken() bool {
	return c.p.is(tBareIdent) || c.p.is(tIntType)
}

func (c *customParser) ParseKeyword(kw string) error {
	if c.ParseOptionalKeyword(kw) {
		return nil
	}
	return c.p.errHere("expected '%s'", kw)
}

func (c *customParser) ParseOptionalKeyword(kw string) bool {
	if c.isKeywordToken() && c.p.text() == kw {
		c.p.consume()
		return true
	}
	return false
}

func (c *customParser) ParseOptionalKeywordOf(kws ...string) (string, bool) {
	if !c.isKeywordToken() {
		return "", false
	}
	t := c.p.text()
	for _, kw := range kws {
		if kw == t {
			c.p.consume()
			return kw, true
		}
	}
	return "", false
}

func (c *customParser) ParseIdentifier() (string, error) {
	if s, ok := c.ParseOptionalIdentifier(); ok {
		return s, nil
	}
	return "", c.p.errHere("expected valid keyword")
}

func (c *customParser) ParseOptionalIdentifier() (string, bool) {
	if !c.isKeywordToken() {
		return "", false
	}
	s := c.p.intern(c.p.text())
	c.p.consume()
	return s, true
}

func (c *customParser) ParseString() (string, error) {
	return c.required(c.ParseOptionalString, "expected string")
}

func (c *customParser) ParseOptionalString() (string, bool) {
	return c.optionalValue(tString, c.p.stringValue)
}

// required is the parse of what optional parses, failing with msg at the
// current token when it is absent.
func (c *customParser) required(optional func() (string, bool), msg string) (string, error) {
	if s, ok := optional(); ok {
		return s, nil
	}
	return "", c.p.errHere("%s", msg)
}

// optionalValue consumes a token of kind k and returns its value (a copy,
// so that it does not pin the source), or reports false when the token is
// of another kind.
func (c *customParser) optionalValue(k tokKind, value func() string) (string, bool) {
	if !c.p.is(k) {
		return "", false
	}
	s := strings.Clone(value())
	c.p.consume()
	return s, true
}

func (c *customParser) ParseInteger() (int64, error) {
	v, ok, err := c.ParseOptionalInteger()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, c.p.errHere("expected integer value")
	}
	return v, nil
}

func (c *customParser) ParseOptionalInteger() (int64, bool, error) {
	p := c.p
	if p.consumeIdent("false") {
		return 0, true, nil
	}
	if p.consumeIdent("true") {
		return 1, true, nil
	}
	if !p.is(tInteger) && !p.is(tMinus) {
		return 0, false, nil
	}
	neg := p.consumeIf(tMinus)
	if !p.is(tInteger) {
		return 0, false, p.errWrongTok("expected integer value")
	}
	pos := p.tok.start
	v, ok := parseIntSpelling(p.text())
	p.consume()
	if !ok {
		return 0, false, p.errAt(pos, "integer value too large")
	}
	if neg {
		v.Neg(v)
	}
	if !v.IsInt64() {
		return 0, false, p.errAt(pos, "integer value too large")
	}
	return v.Int64(), true, nil
}

func (c *customParser) ParseFloat() (float64, error) {
	p := c.p
	neg := p.consumeIf(tMinus)
	pos := p.tok.start
	var v float64
	switch p.tok.kind {
	case tFloat:
		f, err := p.floatValue(pos, p.text())
		if err != nil {
			return 0, err
		}
		v = f
	case tInteger:
		s := p.text()
		if len(s) > 1 && s[1] == 'x' {
			if neg {
				return 0, p.errHere("hexadecimal float literal should not have a leading minus")
			}
			b, ok := new(big.Int).SetString(s[2:], 16)
			if !ok || b.BitLen() > 64 {
				return 0, p.errHere("hexadecimal float constant out of range for type")
			}
			v = math.Float64frombits(b.Uint64())
		} else {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return 0, p.errHere("floating point value too large")
			}
			v = f
		}
	default:
		return 0, p.errHere("expected floating point literal")
	}
	p.consume()
	if neg {
		v = -v
	}
	return v, nil
}

func (c *customParser) ParseSymbolName() (string, error) {
	return c.required(c.ParseOptionalSymbolName, "expected valid '@'-identifier for symbol name")
}

func (c *customParser) ParseOptionalSymbolName() (string, bool) {
	return c.optionalValue(tAt, c.p.symbolValue)
}

func (c *customParser) toUnresolved(u useInfo) ir.UnresolvedOperand {
	return ir.UnresolvedOperand{Name: u.name, Number: u.num, Loc: c.p.locAt(u.at.pos)}
}

func (c *customParser) fromUnresolved(u ir.UnresolvedOperand) useInfo {
	at := posLoc{pos: c.p.tok.start, loc: u.Loc}
	if f, ok := u.Loc.(*ir.FileLineColLoc); ok {
		if pos, ok := c.p.offsetOf(f); ok {
			at = posLoc{pos: pos}
		}
	}
	return useInfo{name: u.Name, num: u.Number, at: at}
}

// offsetOf maps a location this parser produced back to its buffer offset.
func (p *parser) offsetOf(f *ir.FileLineColLoc) (int, bool) {
	if f.File != p.filename {
		return 0, false
	}
	line := f.Line - 1 - p.lineOffset
	if line < 0 || line >= len(p.lineStarts) || f.Col < 1 {
		return 0, false
	}
	pos := p.lineStarts[line] + f.Col - 1
	if pos > len(p.src) {
		return 0, false
	}
	return pos, true
}

func (c *customParser) ParseOperand() (ir.UnresolvedOperand, error) {
	u, err := c.p.parseSSAUse(true)
	if err != nil {
		return ir.UnresolvedOperand{}, err
	}
	return c.toUnresolved(u), nil
}

func (c *customParser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	if !c.p.is(tPercent) {
		return ir.UnresolvedOperand{}, false, nil
	}
	u, err := c.ParseOperand()
	return u, err == nil, err
}

func (c *customParser) ParseOperandList(d ir.Delimiter) ([]ir.UnresolvedOperand, error) {
	if d == ir.DelimNone && !c.p.is(tPercent) {
		return nil, nil
	}
	return parseListOf(c.p, d, c.ParseOperand, " in operand list")
}

func (c *customParser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (*ir.Value, error) {
	if t == nil {
		return nil, c.p.errHere("cannot resolve operand '%%%s' without a type", u.Name)
	}
	return c.p.resolveSSAUse(c.fromUnresolved(u), t)
}

func (c *customParser) ResolveOperands(us []ir.UnresolvedOperand, ts []ir.Type) ([]*ir.Value, error) {
	if len(ts) != len(us) && !(len(ts) == 1 && len(us) > 0) {
		return nil, c.p.errHere("%d operands present, but expected %d", len(us), len(ts))
	}
	vs := make([]*ir.Value, len(us))
	for i, u := range us {
		t := ts[0]
		if len(ts) == len(us) {
			t = ts[i]
		}
		v, err := c.ResolveOperand(u, t)
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

func (c *customParser) ParseType() (ir.Type, error) { return c.p.parseType() }

func (c *customParser) ParseOptionalType() (ir.Type, bool, error) { return c.p.parseOptionalType() }

func (c *customParser) ParseColonType() (ir.Type, error) {
	if err := c.p.expect(tColon, "expected ':'"); err != nil {
		return nil, err
	}
	return c.p.parseType()
}

func (c *customParser) ParseColonTypeList() ([]ir.Type, error) {
	if err := c.p.expect(tColon, "expected ':'"); err != nil {
		return nil, err
	}
	return c.p.parseTypeListNoParens()
}

func (c *customParser) ParseTypeList() ([]ir.Type, error) { return c.p.parseTypeListNoParens() }

func (c *customParser) ParseOptionalColonTypeList() ([]ir.Type, error) {
	if !c.p.is(tColon) {
		return nil, nil
	}
	return c.ParseColonTypeList()
}

func (c *customParser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := c.p.expect(tArrow, "expected '->'"); err != nil {
		return nil, err
	}
	return c.p.parseFunctionResultTypes()
}

func (c *customParser) ParseOptionalArrowTypeList() ([]ir.Type, error) {
	if !c.p.is(tArrow) {
		return nil, nil
	}
	return c.ParseArrowTypeList()
}

func (c *customParser) ParseAttribute(t ir.Type) (ir.Attribute, error) {
	return c.p.parseAttribute(t)
}

func (c *customParser) ParseOptionalAttribute(t ir.Type) (ir.Attribute, bool, error) {
	return c.p.parseOptionalAttribute(t)
}

func (c *customParser) ParseOptionalAttrDict(st *ir.OperationState) error {
	if !c.p.is(tLBrace) {
		return nil
	}
	es, err := c.p.parseAttributeDict()
	st.Attrs = append(st.Attrs, es...)
	return err
}

func (c *customParser) ParseOptionalAttrDictWithKeyword(st *ir.OperationState) error {
	if !c.ParseOptionalKeyword("attributes") {
		return nil
	}
	if !c.p.is(tLBrace) {
		return c.p.errWrongTok("expected '{' in attribute dictionary")
	}
	return c.ParseOptionalAttrDict(st)
}

func (c *customParser) ParseOptionalLocationSpecifier() (ir.Location, bool, error) {
	return c.p.parseTrailingLocation()
}

func (c *customParser) ParseArgument(withType bool) (ir.Argument, error) {
	p := c.p
	u, err := p.parseSSAUse(false)
	if err != nil {
		return ir.Argument{}, err
	}
	a := ir.Argument{Name: c.toUnresolved(u)}
	if withType {
		if a.Type, err = c.ParseColonType(); err != nil {
			return a, err
		}
	}
	l, ok, err := p.parseTrailingLocation()
	if err != nil {
		return a, err
	}
	if ok {
		a.Loc = l
	}
	return a, nil
}

func (c *customParser) ParseOptionalArgument(withType bool) (ir.Argument, bool, error) {
	if !c.p.is(tPercent) {
		return ir.Argument{}, false, nil
	}
	a, err := c.ParseArgument(withType)
	return a, err == nil, err
}

func (c *customParser) ParseArgumentList(d ir.Delimiter, withType bool) ([]ir.Argument, error) {
	if d == ir.DelimNone && !c.p.is(tPercent) {
		return nil, nil
	}
	return parseListOf(c.p, d, func() (ir.Argument, error) { return c.ParseArgument(withType) }, " in argument list")
}

func (c *customParser) ParseRegion(r *ir.Region, args []ir.Argument) error {
	for _, a := range args {
		if a.Type == nil {
			return c.p.errHere("region argument '%%%s' has no type", a.Name.Name)
		}
	}
	return c.p.parseRegion(r, args, false)
}

func (c *customParser) ParseOptionalRegion(r *ir.Region, args []ir.Argument) (bool, error) {
	if !c.p.is(tLBrace) {
		return false, nil
	}
	return true, c.ParseRegion(r, args)
}

func (c *customParser) ParseSuccessor() (*ir.Block, error) { return c.p.parseSuccessor() }

func (c *customParser) ParseOptionalSuccessor() (*ir.Block, bool, error) {
	if !c.p.is(tCaret) {
		return nil, false, nil
	}
	b, err := c.p.parseSuccessor()
	return b, err == nil, err
}

func (c *customParser) ParseSuccessorAndUseList() (*ir.Block, []*ir.Value, error) {
	p := c.p
	b, err := p.parseSuccessor()
	if err != nil {
		return nil, nil, err
	}
	if !p.consumeIf(tLParen) {
		return b, nil, nil
	}
	uses, err := p.parseOptionalSSAUseList(nil)
	if err != nil {
		return nil, nil, err
	}
	var vs []*ir.Value
	if len(uses) > 0 {
		if err := p.expect(tColon, "expected ':' in operand list"); err != nil {
			return nil, nil, err
		}
		ts, err := p.parseTypeListNoParens()
		if err != nil {
			return nil, nil, err
		}
		if len(ts) != len(uses) {
			return nil, nil, p.errHere("expected %d types to match operand list", len(uses))
		}
		for i, u := range uses {
			v, err := p.resolveSSAUse(u, ts[i])
			if err != nil {
				return nil, nil, err
			}
			vs = append(vs, v)
		}
	}
	if err := p.expect(tRParen, "expected ')'"); err != nil {
		return nil, nil, err
	}
	return b, vs, nil
}

func (c *customParser) ssaAffineParser(dims, syms *[]ir.UnresolvedOperand) *affineParser {
	a := &affineParser{p: c.p, allowSSA: true}
	a.onSSA = func(isSymbol bool) error {
		u, err := c.ParseOperand()
		if err != nil {
			return err
		}
		if isSymbol {
			*syms = append(*syms, u)
		} else {
			*dims = append(*dims, u)
		}
		return nil
	}
	return a
}

func (c *customParser) ParseAffineMapOfSSAIds(d ir.Delimiter) (*affine.Map, []ir.UnresolvedOperand, error) {
	var dims, syms []ir.UnresolvedOperand
	a := c.ssaAffineParser(&dims, &syms)
	exprs, err := parseListOf(c.p, d, a.parseExpr, " in affine map")
	if err != nil {
		return nil, nil, err
	}
	m := affine.NewMap(a.numDimOperands, len(a.ids)-a.numDimOperands, exprs)
	return m, append(dims, syms...), nil
}

func (c *customParser) ParseAffineExprOfSSAIds() (affine.Expr, []ir.UnresolvedOperand, []ir.UnresolvedOperand, error) {
	var dims, syms []ir.UnresolvedOperand
	a := c.ssaAffineParser(&dims, &syms)
	e, err := a.parseExpr()
	if err != nil {
		return nil, nil, nil, err
	}
	return e, dims, syms, nil
}
