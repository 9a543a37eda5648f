package loweraffine

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// arith.cmpi predicates (arith::CmpIPredicate).
const (
	predEQ  = 0
	predSLT = 2
	predSLE = 3
	predSGE = 5
)

// Expander emits arith ops computing affine expressions over index values,
// exactly as upstream's AffineApplyExpander (expandAffineExpr): constants
// are materialized at each use, mod becomes remsi with a sign correction,
// floordiv and ceildiv become divsi with sign-dependent pre- and
// post-adjustment.
type Expander struct {
	B   *ir.Builder
	Loc ir.Location
}

// ExpandMap expands every result of m applied to operands (dims followed
// by symbols). It fails on division or modulo by a non-positive constant.
func (e *Expander) ExpandMap(m *aff.Map, operands []*ir.Value) ([]*ir.Value, error) {
	out := make([]*ir.Value, len(m.Results))
	for i, r := range m.Results {
		v, err := e.ExpandExpr(r, operands[:m.NumDims], operands[m.NumDims:])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// ExpandExpr expands one expression over dims and symbols.
func (e *Expander) ExpandExpr(x aff.Expr, dims, syms []*ir.Value) (*ir.Value, error) {
	switch x := x.(type) {
	case *aff.DimExpr:
		return dims[x.Pos], nil
	case *aff.SymbolExpr:
		return syms[x.Pos], nil
	case *aff.ConstantExpr:
		return e.constant(x.Value), nil
	case *aff.BinaryExpr:
		if c, ok := x.RHS.(*aff.ConstantExpr); ok && c.Value <= 0 {
			switch x.Op {
			case aff.KindMod:
				return nil, ir.Errorf(e.Loc, "modulo by non-positive value is not supported")
			case aff.KindFloorDiv, aff.KindCeilDiv:
				return nil, ir.Errorf(e.Loc, "division by non-positive value is not supported")
			}
		}
		lhs, err := e.ExpandExpr(x.LHS, dims, syms)
		if err != nil {
			return nil, err
		}
		rhs, err := e.ExpandExpr(x.RHS, dims, syms)
		if err != nil {
			return nil, err
		}
		switch x.Op {
		case aff.KindAdd:
			return e.binary("arith.addi", lhs, rhs), nil
		case aff.KindMul:
			return e.binary("arith.muli", lhs, rhs), nil
		case aff.KindMod:
			rem := e.binary("arith.remsi", lhs, rhs)
			zero := e.constant(0)
			neg := e.cmp(predSLT, rem, zero)
			corrected := e.binary("arith.addi", rem, rhs)
			return e.sel(neg, corrected, rem), nil
		case aff.KindFloorDiv:
			zero := e.constant(0)
			none := e.constant(-1)
			neg := e.cmp(predSLT, lhs, zero)
			negDec := e.binary("arith.subi", none, lhs)
			dividend := e.sel(neg, negDec, lhs)
			q := e.binary("arith.divsi", dividend, rhs)
			corrected := e.binary("arith.subi", none, q)
			return e.sel(neg, corrected, q), nil
		case aff.KindCeilDiv:
			zero := e.constant(0)
			one := e.constant(1)
			nonPos := e.cmp(predSLE, lhs, zero)
			negated := e.binary("arith.subi", zero, lhs)
			dec := e.binary("arith.subi", lhs, one)
			dividend := e.sel(nonPos, negated, dec)
			q := e.binary("arith.divsi", dividend, rhs)
			negQ := e.binary("arith.subi", zero, q)
			incQ := e.binary("arith.addi", q, one)
			return e.sel(nonPos, negQ, incQ), nil
		}
	}
	return nil, ir.Errorf(e.Loc, "unsupported affine expression '%s'", x)
}

func (e *Expander) constant(c int64) *ir.Value {
	return e.B.CreateOp("arith.constant", e.Loc, nil, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)}).Result(0)
}

func (e *Expander) binary(name string, a, b *ir.Value) *ir.Value {
	return e.B.CreateOp(name, e.Loc, []*ir.Value{a, b}, []ir.Type{a.Type()}).Result(0)
}

func (e *Expander) cmp(pred int64, a, b *ir.Value) *ir.Value {
	return e.B.CreateOp("arith.cmpi", e.Loc, []*ir.Value{a, b}, []ir.Type{ir.I1},
		ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, pred)}).Result(0)
}

func (e *Expander) sel(c, a, b *ir.Value) *ir.Value {
	return e.B.CreateOp("arith.select", e.Loc, []*ir.Value{c, a, b}, []ir.Type{a.Type()}).Result(0)
}

// minMaxChain folds values with arith.minsi (min) or arith.maxsi, left to
// right (upstream's buildMinMaxReductionSeq).
func (e *Expander) minMaxChain(name string, vs []*ir.Value) *ir.Value {
	v := vs[0]
	for _, w := range vs[1:] {
		v = e.binary(name, v, w)
	}
	return v
}
