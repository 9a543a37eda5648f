package affine

import (
	"fmt"
	"math"
	"math/bits"
	"sync"
)

// ExprKind is the kind of an affine expression node. The order matches
// MLIR's AffineExprKind.
type ExprKind uint8

const (
	KindAdd      ExprKind = iota // a + b
	KindMul                      // a * b
	KindMod                      // a mod b
	KindFloorDiv                 // a floordiv b
	KindCeilDiv                  // a ceildiv b
	KindConstant                 // integer constant
	KindDim                      // dimension identifier dN
	KindSymbol                   // symbol identifier sN
)

var kindNames = [...]string{
	KindAdd: "add", KindMul: "mul", KindMod: "mod", KindFloorDiv: "floordiv", KindCeilDiv: "ceildiv",
	KindConstant: "constant", KindDim: "dim", KindSymbol: "symbol",
}

func (k ExprKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ExprKind(%d)", uint8(k))
}

// IsBinary reports whether k is one of the binary operation kinds.
func (k ExprKind) IsBinary() bool { return k <= KindCeilDiv }

// Expr is an immutable, uniqued affine expression. The dynamic type is
// always one of *DimExpr, *SymbolExpr, *ConstantExpr or *BinaryExpr, and
// values are only ever created through the constructors of this package
// (Dim, Symbol, Const, Add, Mul, ...). Because nodes are hash-consed,
// two expressions are structurally equal iff they are == as interface
// values (same pointer).
type Expr interface {
	Kind() ExprKind
	// String returns the expression in MLIR syntax, exactly as
	// mlir-opt prints it inside an affine_map (dims as dN, symbols as sN).
	String() string
	isExpr()
}

// DimExpr is the dimension identifier d<Pos>. The field is exported for
// convenient reading; nodes are shared and MUST NOT be mutated. Obtain
// values through Dim only.
type DimExpr struct {
	Pos int
}

// SymbolExpr is the symbol identifier s<Pos>. Read-only; obtain through
// Symbol only.
type SymbolExpr struct {
	Pos int
}

// ConstantExpr is an integer constant. Read-only; obtain through Const only.
type ConstantExpr struct {
	Value int64
}

// BinaryExpr is LHS <Op> RHS with Op one of KindAdd, KindMul, KindMod,
// KindFloorDiv, KindCeilDiv. Read-only; obtain through Add, Mul, Mod,
// FloorDiv, CeilDiv (simplifying) or RawBinary (non-simplifying).
type BinaryExpr struct {
	Op       ExprKind
	LHS, RHS Expr
}

func (*DimExpr) Kind() ExprKind      { return KindDim }
func (*SymbolExpr) Kind() ExprKind   { return KindSymbol }
func (*ConstantExpr) Kind() ExprKind { return KindConstant }
func (e *BinaryExpr) Kind() ExprKind { return e.Op }

func (*DimExpr) isExpr()      {}
func (*SymbolExpr) isExpr()   {}
func (*ConstantExpr) isExpr() {}
func (*BinaryExpr) isExpr()   {}

func (e *DimExpr) String() string      { return ExprString(e, nil, nil) }
func (e *SymbolExpr) String() string   { return ExprString(e, nil, nil) }
func (e *ConstantExpr) String() string { return ExprString(e, nil, nil) }
func (e *BinaryExpr) String() string   { return ExprString(e, nil, nil) }

// ---------------------------------------------------------------------------
// Uniquing.

type binKey struct {
	op       ExprKind
	lhs, rhs Expr
}

var (
	uniqMu    sync.Mutex
	dimTab    []*DimExpr
	symTab    []*SymbolExpr
	constTab  = map[int64]*ConstantExpr{}
	binTab    = map[binKey]*BinaryExpr{}
	exprIDs   = map[Expr]uint64{}
	nextExpID uint64
)

func registerLocked(e Expr) {
	nextExpID++
	exprIDs[e] = nextExpID
}

// exprID returns a small unique integer for a uniqued expression.
func exprID(e Expr) uint64 {
	uniqMu.Lock()
	id := exprIDs[e]
	uniqMu.Unlock()
	return id
}

// Dim returns the dimension expression d<pos>.
func Dim(pos int) Expr {
	return positional(&dimTab, pos, "dimension", func(p int) *DimExpr { return &DimExpr{Pos: p} })
}

// Symbol returns the symbol expression s<pos>.
func Symbol(pos int) Expr {
	return positional(&symTab, pos, "symbol", func(p int) *SymbolExpr { return &SymbolExpr{Pos: p} })
}

// positional returns the uniqued expression at pos of tab, growing tab
// with mk's expressions up to pos; dims and symbols are uniqued this way.
func positional[E Expr](tab *[]E, pos int, what string, mk func(int) E) E {
	if pos < 0 {
		panic("affine: negative " + what + " position")
	}
	uniqMu.Lock()
	defer uniqMu.Unlock()
	for len(*tab) <= pos {
		e := mk(len(*tab))
		*tab = append(*tab, e)
		registerLocked(e)
	}
	return (*tab)[pos]
}

// Const returns the constant expression v.
func Const(v int64) Expr {
	uniqMu.Lock()
	defer uniqMu.Unlock()
	if c, ok := constTab[v]; ok {
		return c
	}
	c := &ConstantExpr{Value: v}
	constTab[v] = c
	registerLocked(c)
	return c
}

// RawBinary returns the uniqued binary node (op lhs rhs) WITHOUT applying
// any simplification (MLIR's getAffineBinaryOpExpr). Most callers want
// Add/Mul/Mod/FloorDiv/CeilDiv or Binary instead.
func RawBinary(op ExprKind, lhs, rhs Expr) Expr {
	if !op.IsBinary() {
		panic("affine: RawBinary with non-binary kind " + op.String())
	}
	if lhs == nil || rhs == nil {
		panic("affine: nil operand")
	}
	k := binKey{op, lhs, rhs}
	uniqMu.Lock()
	defer uniqMu.Unlock()
	if b, ok := binTab[k]; ok {
		return b
	}
	b := &BinaryExpr{Op: op, LHS: lhs, RHS: rhs}
	binTab[k] = b
	registerLocked(b)
	return b
}

// Binary builds (lhs op rhs) with MLIR's construction-time simplification
// (the equivalent of getBinaryOpExpr / the C++ operators).
func Binary(op ExprKind, lhs, rhs Expr) Expr {
	switch op {
	case KindAdd:
		return Add(lhs, rhs)
	case KindMul:
		return Mul(lhs, rhs)
	case KindMod:
		return Mod(lhs, rhs)
	case KindFloorDiv:
		return FloorDiv(lhs, rhs)
	case KindCeilDiv:
		return CeilDiv(lhs, rhs)
	}
	panic("affine: Binary with non-binary kind " + op.String())
}

// ---------------------------------------------------------------------------
// Simplifying constructors (mirror of mlir/lib/IR/AffineExpr.cpp).

func asConst(e Expr) (*ConstantExpr, bool) {
	c, ok := e.(*ConstantExpr)
	return c, ok
}

func asBin(e Expr) (*BinaryExpr, bool) {
	b, ok := e.(*BinaryExpr)
	return b, ok
}

// Add returns a + b (MLIR operator+ / simplifyAdd).
func Add(a, b Expr) Expr {
	if r := simplifyAdd(a, b); r != nil {
		return r
	}
	return RawBinary(KindAdd, a, b)
}

// AddConst returns a + c.
func AddConst(a Expr, c int64) Expr { return Add(a, Const(c)) }

// Sub returns a - b, built like MLIR as a + b * -1.
func Sub(a, b Expr) Expr { return Add(a, Neg(b)) }

// Neg returns -a, built like MLIR as a * -1.
func Neg(a Expr) Expr { return Mul(a, Const(-1)) }

// Mul returns a * b (MLIR operator* / simplifyMul). Multiplying two
// non-symbolic expressions yields a semi-affine node (not valid in parsed
// MLIR text, but constructible through the C++ API as well).
func Mul(a, b Expr) Expr {
	if r := simplifyMul(a, b); r != nil {
		return r
	}
	return RawBinary(KindMul, a, b)
}

// MulConst returns a * c.
func MulConst(a Expr, c int64) Expr { return Mul(a, Const(c)) }

// Mod returns a mod b (MLIR operator% / simplifyMod).
func Mod(a, b Expr) Expr {
	if r := simplifyMod(a, b); r != nil {
		return r
	}
	return RawBinary(KindMod, a, b)
}

// FloorDiv returns a floordiv b (MLIR floorDiv / simplifyFloorDiv).
func FloorDiv(a, b Expr) Expr {
	if r := simplifyFloorDiv(a, b); r != nil {
		return r
	}
	return RawBinary(KindFloorDiv, a, b)
}

// CeilDiv returns a ceildiv b (MLIR ceilDiv / simplifyCeilDiv).
func CeilDiv(a, b Expr) Expr {
	if r := simplifyCeilDiv(a, b); r != nil {
		return r
	}
	return RawBinary(KindCeilDiv, a, b)
}

// foldConstants folds lhs op rhs when both are constants (done); op
// reports false on overflow, which leaves the expression unfolded.
func foldConstants(lhs, rhs Expr, op func(a, b int64) (int64, bool)) (res Expr, done bool) {
	lhsConst, lc := asConst(lhs)
	rhsConst, rc := asConst(rhs)
	if !lc || !rc {
		return nil, false
	}
	if v, ok := op(lhsConst.Value, rhsConst.Value); ok {
		return Const(v), true
	}
	return nil, true
}

func simplifyAdd(lhs, rhs Expr) Expr {
	if res, done := foldConstants(lhs, rhs, addOverflow); done {
		return res
	}
	_, lc := asConst(lhs)
	rhsConst, rc := asConst(rhs)
	// Canonicalize so that only the RHS is a constant; if only one of them
	// is symbolic, make it the RHS.
	if lc || (IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs)) {
		return Add(rhs, lhs)
	}
	if rc && rhsConst.Value == 0 {
		return lhs
	}
	// Fold successive additions like (d0 + 2) + 3 into d0 + 5.
	lBin, lb := asBin(lhs)
	if lb && rc && lBin.Op == KindAdd {
		if lrhs, ok := asConst(lBin.RHS); ok {
			// Upstream adds the int64 values directly (wrapping).
			return Add(lBin.LHS, Const(lrhs.Value+rhsConst.Value))
		}
	}
	// Detect "c1 * expr + c2 * expr" as "(c1 + c2) * expr".
	var rLhsConst, rRhsConst int64
	var firstExpr, secondExpr Expr
	if lb && lBin.Op == KindMul {
		if c, ok := asConst(lBin.RHS); ok {
			rLhsConst, firstExpr = c.Value, lBin.LHS
		}
	}
	if firstExpr == nil {
		rLhsConst, firstExpr = 1, lhs
	}
	rBin, rb := asBin(rhs)
	if rb && rBin.Op == KindMul {
		if c, ok := asConst(rBin.RHS); ok {
			rRhsConst, secondExpr = c.Value, rBin.LHS
		}
	}
	if secondExpr == nil {
		rRhsConst, secondExpr = 1, rhs
	}
	if firstExpr == secondExpr {
		return Mul(firstExpr, Const(rLhsConst+rRhsConst))
	}
	// When doing successive additions, bring constant to the right: turn
	// (d0 + 2) + d1 into (d0 + d1) + 2.
	if lb && lBin.Op == KindAdd {
		if lBinRhs, ok := asConst(lBin.RHS); ok {
			return Add(Add(lBin.LHS, rhs), lBinRhs)
		}
	}
	// Detect and transform "expr - q * (expr floordiv q)" to "expr mod q".
	if !rb {
		return nil
	}
	lrhs, rrhs := rBin.LHS, rBin.RHS
	lrhsBin, lrb := asBin(lrhs)
	if rrhsConst, ok := asConst(rrhs); ok && rrhsConst.Value == -1 && lrb && lrhsBin.Op == KindMul {
		llrhs, rlrhs := lrhsBin.LHS, lrhsBin.RHS
		llrhsBin, ok := asBin(llrhs)
		if !ok || llrhsBin.Op != KindFloorDiv {
			return nil
		}
		if llrhsBin.RHS == rlrhs && lhs == llrhsBin.LHS {
			return Mod(lhs, rlrhs)
		}
	}
	// Process lrhs, which is 'expr floordiv c'.
	if !lrb || rBin.Op != KindMul || lrhsBin.Op != KindFloorDiv {
		return nil
	}
	llrhs, rlrhs := lrhsBin.LHS, lrhsBin.RHS
	if lhs == llrhs && rlrhs == Neg(rrhs) {
		return Mod(lhs, rlrhs)
	}
	return nil
}

func simplifyMul(lhs, rhs Expr) Expr {
	if res, done := foldConstants(lhs, rhs, mulOverflow); done {
		return res
	}
	_, lc := asConst(lhs)
	rhsConst, rc := asConst(rhs)
	if !IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs) {
		return nil
	}
	// Canonicalize the mul expression so that the constant/symbolic term is
	// the RHS. If both are symbolic, swap them if the lhs is a constant.
	if !IsSymbolicOrConstant(rhs) || lc {
		return Mul(rhs, lhs)
	}
	if rc {
		if rhsConst.Value == 1 {
			return lhs
		}
		if rhsConst.Value == 0 {
			return rhs
		}
	}
	// Fold successive multiplications: (d0 * 2) * 3 into d0 * 6.
	lBin, lb := asBin(lhs)
	if lb && rc && lBin.Op == KindMul {
		if lrhs, ok := asConst(lBin.RHS); ok {
			return Mul(lBin.LHS, Const(lrhs.Value*rhsConst.Value))
		}
	}
	// Bring constant to the right: (d0 * 2) * d1 into (d0 * d1) * 2.
	if lb && lBin.Op == KindMul {
		if lBinRhs, ok := asConst(lBin.RHS); ok {
			return Mul(Mul(lBin.LHS, rhs), lBinRhs)
		}
	}
	return nil
}

// simplifyDiv is what floordiv and ceildiv simplify alike, quot being the
// division: a constant quotient, division by one, and (expr * lrhs) div
// rhsConst when lrhs is a multiple of rhsConst. It returns the result and
// whether it is final; when not, the divisor is a constant of at least one
// and the caller may try its own rules.
func simplifyDiv(lhs, rhs Expr, quot func(a, b int64) int64) (Expr, bool) {
	lhsConst, lc := asConst(lhs)
	rhsConst, rc := asConst(rhs)
	if !rc || rhsConst.Value < 1 {
		return nil, true
	}
	if lc {
		if lhsConst.Value == math.MinInt64 && rhsConst.Value == -1 {
			return nil, true
		}
		return Const(quot(lhsConst.Value, rhsConst.Value)), true
	}
	if rhsConst.Value == 1 {
		return lhs, true
	}
	if lBin, ok := asBin(lhs); ok && lBin.Op == KindMul {
		if lrhs, ok := asConst(lBin.RHS); ok && lrhs.Value%rhsConst.Value == 0 {
			return Mul(lBin.LHS, Const(lrhs.Value/rhsConst.Value)), true
		}
	}
	return nil, false
}

func simplifyFloorDiv(lhs, rhs Expr) Expr {
	if res, final := simplifyDiv(lhs, rhs, FloorDivInt); final {
		return res
	}
	// Simplify (expr1 + expr2) floordiv divConst when either expr1 or expr2
	// is known to be a multiple of divConst.
	div := rhs.(*ConstantExpr).Value
	if lBin, ok := asBin(lhs); ok && lBin.Op == KindAdd {
		if LargestKnownDivisor(lBin.LHS)%div == 0 || LargestKnownDivisor(lBin.RHS)%div == 0 {
			return Add(FloorDiv(lBin.LHS, rhs), FloorDiv(lBin.RHS, rhs))
		}
	}
	return nil
}

func simplifyCeilDiv(lhs, rhs Expr) Expr {
	res, _ := simplifyDiv(lhs, rhs, CeilDivInt)
	return res
}

func simplifyMod(lhs, rhs Expr) Expr {
	lhsConst, lc := asConst(lhs)
	rhsConst, rc := asConst(rhs)
	if !rc || rhsConst.Value < 1 {
		return nil
	}
	if lc {
		return Const(mod(lhsConst.Value, rhsConst.Value))
	}
	// (i * 128) mod 64 -> 0.
	if LargestKnownDivisor(lhs)%rhsConst.Value == 0 {
		return Const(0)
	}
	lBin, lb := asBin(lhs)
	if lb && lBin.Op == KindAdd {
		llhsDiv := LargestKnownDivisor(lBin.LHS)
		lrhsDiv := LargestKnownDivisor(lBin.RHS)
		if llhsDiv%rhsConst.Value == 0 {
			return Mod(lBin.RHS, rhs)
		}
		if lrhsDiv%rhsConst.Value == 0 {
			return Mod(lBin.LHS, rhs)
		}
	}
	// Simplify (e mod a) mod b if a mod b == 0.
	if lb && lBin.Op == KindMod {
		if intermediate, ok := asConst(lBin.RHS); ok && intermediate.Value >= 1 &&
			mod(intermediate.Value, rhsConst.Value) == 0 {
			return Mod(lBin.LHS, rhs)
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Integer helpers with MLIR semantics.

func addOverflow(a, b int64) (int64, bool) {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		return s, false
	}
	return s, true
}

func mulOverflow(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
	neg := (a < 0) != (b < 0)
	if hi != 0 {
		return a * b, false
	}
	if neg {
		if lo > 1<<63 {
			return a * b, false
		}
	} else if lo >= 1<<63 {
		return a * b, false
	}
	return a * b, true
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// FloorDivInt returns floor(a / b) (b != 0), as MLIR's floorDiv.
func FloorDivInt(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// CeilDivInt returns ceil(a / b) (b != 0), as MLIR's ceilDiv.
func CeilDivInt(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// mod returns a mod b in [0, b) for b > 0 (MLIR's mod).
func mod(a, b int64) int64 {
	r := a % b
	if r < 0 {
		r += abs64(b)
	}
	return r
}

func gcdU(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
