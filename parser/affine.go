package parser

import (
	"strconv"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// affineParser parses affine expressions, maps and sets, MLIR's AffineParser.
// With allowSSA set, `%x` and `symbol(%x)` name fresh dims and symbols in the
// order of first appearance (parseAffineMapOfSSAIds).
type affineParser struct {
	p        *parser
	ids      []affineID
	allowSSA bool
	// onSSA is called for each new SSA id, positioned on its `%` token.
	onSSA           func(isSymbol bool) error
	numDimOperands  int
	numSymOperands  int
	numDims, numSym int
}

type affineID struct {
	name string
	expr affine.Expr
}

type lowPrecOp uint8
type highPrecOp uint8

const (
	lNoOp lowPrecOp = iota
	lAdd
	lSub
)

const (
	hNoOp highPrecOp = iota
	hMul
	hFloorDiv
	hCeilDiv
	hMod
)

// parseAffineMapOrSetInline parses `(d0)[s0] -> (...)` or `(d0)[s0] : (...)`.
func (p *parser) parseAffineMapOrSetInline() (*affine.Map, *affine.Set, error) {
	a := &affineParser{p: p}
	return a.parseMapOrSetInline()
}

// parseIdentifierList parses a delimited list of dimension or symbol
// names, binding each to ident(*n) and counting them in *n.
func (a *affineParser) parseIdentifierList(delim ir.Delimiter, n *int, ident func(int) affine.Expr, context string) error {
	return a.p.parseDelimitedList(delim, func() error {
		e := ident(*n)
		*n++
		return a.parseIdentifierDefinition(e)
	}, context)
}

func (a *affineParser) parseMapOrSetInline() (*affine.Map, *affine.Set, error) {
	p := a.p
	if err := a.parseIdentifierList(ir.DelimParen, &a.numDims, affine.Dim, " in dimensional identifier list"); err != nil {
		return nil, nil, err
	}
	if p.is(tLSquare) {
		if err := a.parseIdentifierList(ir.DelimSquare, &a.numSym, affine.Symbol, " in symbol list"); err != nil {
			return nil, nil, err
		}
	}
	if p.consumeIf(tArrow) {
		exprs, err := parseListOf(p, ir.DelimParen, a.parseExpr, " in affine map range")
		if err != nil {
			return nil, nil, err
		}
		return affine.NewMap(a.numDims, a.numSym, exprs), nil, nil
	}
	if err := p.expect(tColon, "expected '->' or ':'"); err != nil {
		return nil, nil, err
	}
	var cons []affine.Expr
	var eqs []bool
	if err := p.parseDelimitedList(ir.DelimParen, func() error {
		e, eq, err := a.parseConstraint()
		if err == nil {
			cons = append(cons, e)
			eqs = append(eqs, eq)
		}
		return err
	}, " in integer set constraint list"); err != nil {
		return nil, nil, err
	}
	if len(cons) == 0 {
		cons, eqs = []affine.Expr{affine.Const(0)}, []bool{true}
	}
	return nil, affine.NewSet(a.numDims, a.numSym, cons, eqs), nil
}

func (a *affineParser) parseIdentifierDefinition(e affine.Expr) error {
	p := a.p
	if !p.is(tBareIdent) || isKeyword(p.text()) {
		return p.errWrongTok("expected bare identifier")
	}
	name := p.text()
	for _, id := range a.ids {
		if id.name == name {
			return p.errHere("redefinition of identifier '%s'", name)
		}
	}
	p.consume()
	a.ids = append(a.ids, affineID{name, e})
	return nil
}

func (a *affineParser) parseConstraint() (affine.Expr, bool, error) {
	p := a.p
	lhs, err := a.parseExpr()
	if err != nil {
		return nil, false, err
	}
	if p.consumeIf(tGreater) && p.consumeIf(tEqual) {
		rhs, err := a.parseExpr()
		if err != nil {
			return nil, false, err
		}
		return affine.Sub(lhs, rhs), false, nil
	}
	if p.consumeIf(tLess) && p.consumeIf(tEqual) {
		rhs, err := a.parseExpr()
		if err != nil {
			return nil, false, err
		}
		return affine.Sub(rhs, lhs), false, nil
	}
	if p.consumeIf(tEqual) && p.consumeIf(tEqual) {
		rhs, err := a.parseExpr()
		if err != nil {
			return nil, false, err
		}
		return affine.Sub(lhs, rhs), true, nil
	}
	return nil, false, p.errHere("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
}

func (a *affineParser) parseExpr() (affine.Expr, error) {
	return a.parseLowPrec(nil, lNoOp)
}

func (a *affineParser) consumeIfLowPrec() lowPrecOp {
	switch a.p.tok.kind {
	case tPlus:
		a.p.consume()
		return lAdd
	case tMinus:
		a.p.consume()
		return lSub
	}
	return lNoOp
}

func (a *affineParser) consumeIfHighPrec() highPrecOp {
	p := a.p
	switch p.tok.kind {
	case tStar:
		p.consume()
		return hMul
	case tBareIdent:
		switch p.text() {
		case "floordiv":
			p.consume()
			return hFloorDiv
		case "ceildiv":
			p.consume()
			return hCeilDiv
		case "mod":
			p.consume()
			return hMod
		}
	}
	return hNoOp
}

func lowBinary(op lowPrecOp, l, r affine.Expr) affine.Expr {
	if op == lAdd {
		return affine.Add(l, r)
	}
	return affine.Sub(l, r)
}

// divisionLike builds l op r for floordiv, ceildiv and mod, whose right
// operand must be symbolic or constant for the result to be affine.
func (a *affineParser) divisionLike(l, r affine.Expr, opPos int, op string, build func(l, r affine.Expr) affine.Expr) (affine.Expr, error) {
	if !affine.IsSymbolicOrConstant(r) {
		return nil, a.p.errAt(opPos, "non-affine expression: right operand of %s has to be either a constant or symbolic", op)
	}
	return build(l, r), nil
}

func (a *affineParser) highBinary(op highPrecOp, l, r affine.Expr, opPos int) (affine.Expr, error) {
	p := a.p
	switch op {
	case hMul:
		if !affine.IsSymbolicOrConstant(l) && !affine.IsSymbolicOrConstant(r) {
			return nil, p.errAt(opPos, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
		}
		return affine.Mul(l, r), nil
	case hFloorDiv:
		return a.divisionLike(l, r, opPos, "floordiv", affine.FloorDiv)
	case hCeilDiv:
		return a.divisionLike(l, r, opPos, "ceildiv", affine.CeilDiv)
	case hMod:
		return a.divisionLike(l, r, opPos, "mod", affine.Mod)
	}
	return nil, p.errAt(opPos, "invalid affine operator")
}

// enterOperand enters one nesting level (bounding the recursion depth) and
// parses an operand; on success the caller must leave the level.
func (a *affineParser) enterOperand(llhs affine.Expr) (affine.Expr, error) {
	if err := a.p.enter(); err != nil {
		return nil, err
	}
	lhs, err := a.parseOperand(llhs)
	if err != nil {
		a.p.leave()
		return nil, err
	}
	return lhs, nil
}

func (a *affineParser) parseHighPrec(llhs affine.Expr, llhsOp highPrecOp, llhsOpPos int) (affine.Expr, error) {
	lhs, err := a.enterOperand(llhs)
	if err != nil {
		return nil, err
	}
	defer a.p.leave()
	opPos := a.p.tok.start
	if op := a.consumeIfHighPrec(); op != hNoOp {
		if llhs != nil {
			e, err := a.highBinary(llhsOp, llhs, lhs, opPos)
			if err != nil {
				return nil, err
			}
			return a.parseHighPrec(e, op, opPos)
		}
		return a.parseHighPrec(lhs, op, opPos)
	}
	if llhs != nil {
		return a.highBinary(llhsOp, llhs, lhs, llhsOpPos)
	}
	return lhs, nil
}

func (a *affineParser) parseLowPrec(llhs affine.Expr, llhsOp lowPrecOp) (affine.Expr, error) {
	lhs, err := a.enterOperand(llhs)
	if err != nil {
		return nil, err
	}
	defer a.p.leave()
	if op := a.consumeIfLowPrec(); op != lNoOp {
		if llhs != nil {
			return a.parseLowPrec(lowBinary(llhsOp, llhs, lhs), op)
		}
		return a.parseLowPrec(lhs, op)
	}
	opPos := a.p.tok.start
	if hop := a.consumeIfHighPrec(); hop != hNoOp {
		high, err := a.parseHighPrec(lhs, hop, opPos)
		if err != nil {
			return nil, err
		}
		e := high
		if llhs != nil {
			e = lowBinary(llhsOp, llhs, high)
		}
		if next := a.consumeIfLowPrec(); next != lNoOp {
			return a.parseLowPrec(e, next)
		}
		return e, nil
	}
	if llhs != nil {
		return lowBinary(llhsOp, llhs, lhs), nil
	}
	return lhs, nil
}

func (a *affineParser) parseOperand(lhs affine.Expr) (affine.Expr, error) {
	if err := a.p.enter(); err != nil {
		return nil, err
	}
	defer a.p.leave()
	p := a.p
	switch p.tok.kind {
	case tPercent:
		return a.parseSSAID(false)
	case tInteger:
		v, err := strconv.ParseUint(p.text(), 0, 64)
		if err != nil || int64(v) < 0 {
			return nil, p.errHere("constant too large for index")
		}
		p.consume()
		return affine.Const(int64(v)), nil
	case tLParen:
		p.consume()
		if p.is(tRParen) {
			return nil, p.errHere("no expression inside parentheses")
		}
		e, err := a.parseExpr()
		if err != nil {
			return nil, err
		}
		if err := p.expect(tRParen, "expected ')'"); err != nil {
			return nil, err
		}
		return e, nil
	case tMinus:
		p.consume()
		e, err := a.parseOperand(lhs)
		if err != nil {
			return nil, err
		}
		return affine.Mul(e, affine.Const(-1)), nil
	case tPlus, tStar:
		if lhs != nil {
			return nil, p.errHere("missing right operand of binary operator")
		}
		return nil, p.errHere("missing left operand of binary operator")
	case tBareIdent:
		if p.text() == "symbol" && a.allowSSA {
			p.consume()
			if err := p.expect(tLParen, "expected '(' at start of SSA symbol"); err != nil {
				return nil, err
			}
			e, err := a.parseSSAID(true)
			if err != nil {
				return nil, err
			}
			if err := p.expect(tRParen, "expected ')' at end of SSA symbol"); err != nil {
				return nil, err
			}
			return e, nil
		}
		name := p.text()
		for _, id := range a.ids {
			if id.name == name {
				p.consume()
				return id.expr, nil
			}
		}
		return nil, p.errWrongTok("use of undeclared identifier")
	}
	if lhs != nil {
		return nil, p.errHere("missing right operand of binary operator")
	}
	return nil, p.errHere("expected affine expression")
}

func (a *affineParser) parseSSAID(isSymbol bool) (affine.Expr, error) {
	p := a.p
	if !a.allowSSA {
		return nil, p.errWrongTok("unexpected ssa identifier")
	}
	if !p.is(tPercent) {
		return nil, p.errWrongTok("expected ssa identifier")
	}
	name := p.text()
	for _, id := range a.ids {
		if id.name == name {
			p.consume()
			return id.expr, nil
		}
	}
	if err := a.onSSA(isSymbol); err != nil {
		return nil, err
	}
	var e affine.Expr
	if isSymbol {
		e = affine.Symbol(a.numSymOperands)
		a.numSymOperands++
	} else {
		e = affine.Dim(a.numDimOperands)
		a.numDimOperands++
	}
	a.ids = append(a.ids, affineID{name, e})
	return e, nil
}
