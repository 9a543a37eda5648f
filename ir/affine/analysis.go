package affine

// IsSymbolicOrConstant reports whether e is made only of symbols and
// constants (no dimension identifiers).
func IsSymbolicOrConstant(e Expr) bool {
	switch x := e.(type) {
	case *ConstantExpr, *SymbolExpr:
		return true
	case *DimExpr:
		return false
	case *BinaryExpr:
		return IsSymbolicOrConstant(x.LHS) && IsSymbolicOrConstant(x.RHS)
	}
	return false
}

// IsPureAffine reports whether e is a pure affine expression:
// multiplication, floordiv, ceildiv and mod only with respect to constants.
func IsPureAffine(e Expr) bool {
	switch x := e.(type) {
	case *ConstantExpr, *SymbolExpr, *DimExpr:
		return true
	case *BinaryExpr:
		switch x.Op {
		case KindAdd:
			return IsPureAffine(x.LHS) && IsPureAffine(x.RHS)
		case KindMul:
			_, lc := x.LHS.(*ConstantExpr)
			_, rc := x.RHS.(*ConstantExpr)
			return IsPureAffine(x.LHS) && IsPureAffine(x.RHS) && (lc || rc)
		default:
			_, rc := x.RHS.(*ConstantExpr)
			return IsPureAffine(x.LHS) && rc
		}
	}
	return false
}

// LargestKnownDivisor returns the greatest integer known to divide e
// (MLIR's AffineExpr::getLargestKnownDivisor). A constant c yields |c|
// (so the constant 0 yields 0); dims and symbols yield 1.
func LargestKnownDivisor(e Expr) int64 {
	switch x := e.(type) {
	case *DimExpr, *SymbolExpr:
		return 1
	case *ConstantExpr:
		return abs64(x.Value)
	case *BinaryExpr:
		switch x.Op {
		case KindMul:
			return LargestKnownDivisor(x.LHS) * LargestKnownDivisor(x.RHS)
		case KindAdd, KindMod:
			return int64(gcdU(uint64(LargestKnownDivisor(x.LHS)), uint64(LargestKnownDivisor(x.RHS))))
		case KindFloorDiv, KindCeilDiv:
			// If the RHS is a constant that divides the known divisor of the
			// LHS, the quotient is a known divisor.
			if c, ok := x.RHS.(*ConstantExpr); ok && c.Value != 0 {
				l := LargestKnownDivisor(x.LHS)
				if l%c.Value == 0 {
					// Upstream does not take the absolute value here.
					return l / c.Value
				}
			}
			return 1
		}
	}
	return 1
}

// IsMultipleOf reports whether e is known to be a multiple of factor
// (MLIR's AffineExpr::isMultipleOf). factor must be non-zero.
func IsMultipleOf(e Expr, factor int64) bool {
	if factor == 0 {
		return false
	}
	switch x := e.(type) {
	case *DimExpr, *SymbolExpr:
		return factor*factor == 1
	case *ConstantExpr:
		return x.Value%factor == 0
	case *BinaryExpr:
		if x.Op == KindMul {
			l := LargestKnownDivisor(x.LHS)
			u := LargestKnownDivisor(x.RHS)
			return l%factor == 0 || u%factor == 0 || int64(uint64(l)*uint64(u))%factor == 0
		}
		return LargestKnownDivisor(e)%factor == 0
	}
	return false
}

// ConstantValue returns the value of e if it is a constant expression.
func ConstantValue(e Expr) (int64, bool) {
	if c, ok := e.(*ConstantExpr); ok {
		return c.Value, true
	}
	return 0, false
}

// IsFunctionOfDim reports whether dimension pos occurs in e.
func IsFunctionOfDim(e Expr, pos int) bool {
	return occurs(e, func(x Expr) bool { d, ok := x.(*DimExpr); return ok && d.Pos == pos })
}

// IsFunctionOfSymbol reports whether symbol pos occurs in e.
func IsFunctionOfSymbol(e Expr, pos int) bool {
	return occurs(e, func(x Expr) bool { s, ok := x.(*SymbolExpr); return ok && s.Pos == pos })
}

// occurs reports whether leaf holds for a leaf of e.
func occurs(e Expr, leaf func(Expr) bool) bool {
	if b, ok := e.(*BinaryExpr); ok {
		return occurs(b.LHS, leaf) || occurs(b.RHS, leaf)
	}
	return leaf(e)
}

// Equal reports structural equality. For expressions built by this
// package it is the same as a == b.
func Equal(a, b Expr) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind() != b.Kind() {
		return false
	}
	switch x := a.(type) {
	case *DimExpr:
		return x.Pos == b.(*DimExpr).Pos
	case *SymbolExpr:
		return x.Pos == b.(*SymbolExpr).Pos
	case *ConstantExpr:
		return x.Value == b.(*ConstantExpr).Value
	case *BinaryExpr:
		y := b.(*BinaryExpr)
		return Equal(x.LHS, y.LHS) && Equal(x.RHS, y.RHS)
	}
	return false
}

// Walk calls fn on every node of e in post-order (operands before the
// node), like MLIR's AffineExpr::walk.
func Walk(e Expr, fn func(Expr)) {
	if b, ok := e.(*BinaryExpr); ok {
		Walk(b.LHS, fn)
		Walk(b.RHS, fn)
	}
	fn(e)
}

// Replace substitutes dims[i] for d<i> and syms[j] for s<j> and rebuilds
// the expression with the simplifying constructors (MLIR's
// replaceDimsAndSymbols). Positions beyond len(dims)/len(syms), and nil
// entries, are left unchanged.
func Replace(e Expr, dims, syms []Expr) Expr {
	switch x := e.(type) {
	case *DimExpr:
		if x.Pos < len(dims) && dims[x.Pos] != nil {
			return dims[x.Pos]
		}
		return e
	case *SymbolExpr:
		if x.Pos < len(syms) && syms[x.Pos] != nil {
			return syms[x.Pos]
		}
		return e
	case *BinaryExpr:
		l := Replace(x.LHS, dims, syms)
		r := Replace(x.RHS, dims, syms)
		if l == x.LHS && r == x.RHS {
			return e
		}
		return Binary(x.Op, l, r)
	}
	return e
}

// ReplaceExprs replaces every occurrence of a key sub-expression by its
// value (MLIR's sparse AffineExpr::replace).
func ReplaceExprs(e Expr, m map[Expr]Expr) Expr {
	if r, ok := m[e]; ok {
		return r
	}
	if x, ok := e.(*BinaryExpr); ok {
		l := ReplaceExprs(x.LHS, m)
		r := ReplaceExprs(x.RHS, m)
		if l == x.LHS && r == x.RHS {
			return e
		}
		return Binary(x.Op, l, r)
	}
	return e
}

// ShiftDims replaces d<offset..numDims) by d<offset+shift..numDims+shift).
func ShiftDims(e Expr, numDims, shift, offset int) Expr {
	return Replace(e, shifted(Dim, numDims, shift, offset), nil)
}

// ShiftSymbols replaces s<offset..numSyms) by s<offset+shift..numSyms+shift).
func ShiftSymbols(e Expr, numSyms, shift, offset int) Expr {
	return Replace(e, nil, shifted(Symbol, numSyms, shift, offset))
}

// shifted returns the n replacements of ShiftDims or ShiftSymbols: leaf(i)
// below offset, leaf(i+shift) from it on.
func shifted(leaf func(int) Expr, n, shift, offset int) []Expr {
	out := make([]Expr, n)
	for i := range out {
		if i < offset {
			out[i] = leaf(i)
		} else {
			out[i] = leaf(i + shift)
		}
	}
	return out
}

// ComposeExpr substitutes the results of m for the dims of e (MLIR's
// AffineExpr::compose); symbols are left unchanged.
func ComposeExpr(e Expr, m *Map) Expr { return Replace(e, m.Results, nil) }

// EvalExpr evaluates e with MLIR semantics: floordiv rounds toward -inf,
// ceildiv toward +inf, mod yields a value with the sign of a positive
// divisor (in [0, |b|)). Division or mod by zero, and out-of-range
// dim/symbol positions, are errors. Arithmetic wraps on overflow.
func EvalExpr(e Expr, dims, syms []int64) (int64, error) {
	switch x := e.(type) {
	case *ConstantExpr:
		return x.Value, nil
	case *DimExpr:
		if x.Pos >= len(dims) {
			return 0, errPos("dimension", x.Pos, len(dims))
		}
		return dims[x.Pos], nil
	case *SymbolExpr:
		if x.Pos >= len(syms) {
			return 0, errPos("symbol", x.Pos, len(syms))
		}
		return syms[x.Pos], nil
	case *BinaryExpr:
		l, err := EvalExpr(x.LHS, dims, syms)
		if err != nil {
			return 0, err
		}
		r, err := EvalExpr(x.RHS, dims, syms)
		if err != nil {
			return 0, err
		}
		switch x.Op {
		case KindAdd:
			return l + r, nil
		case KindMul:
			return l * r, nil
		}
		if r == 0 {
			return 0, ErrDivByZero
		}
		if r == -1 {
			// Avoid the MinInt64 / -1 trap; results wrap like the rest.
			switch x.Op {
			case KindMod:
				return 0, nil
			default:
				return -l, nil
			}
		}
		switch x.Op {
		case KindFloorDiv:
			return FloorDivInt(l, r), nil
		case KindCeilDiv:
			return CeilDivInt(l, r), nil
		case KindMod:
			return mod(l, r), nil
		}
	}
	return 0, errNilExpr
}
