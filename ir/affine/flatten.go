package affine

import (
	"errors"
	"fmt"
	"sort"
)

// ErrNotFlattenable is returned when an expression cannot be flattened:
// a mod/floordiv/ceildiv whose right-hand side is a non-positive constant
// (MLIR treats those as poison and leaves the expression alone).
var ErrNotFlattenable = errors.New("affine: expression cannot be flattened (non-positive constant divisor)")

// LocalDiv describes a local variable q = Dividend floordiv Divisor
// introduced while flattening a pure-affine mod/floordiv/ceildiv. The
// Dividend is in the same flat layout as the flattened rows. For
// semi-affine locals (division/mod/product by a non-constant) Divisor is 0
// and Dividend is nil.
type LocalDiv struct {
	Dividend []int64
	Divisor  int64
}

// Flattener is Go's port of MLIR's SimpleAffineExprFlattener. It turns
// affine expressions into linear forms laid out as
//
//	[dims (NumDims), symbols (NumSymbols), locals (len(Locals)), constant]
//
// where each local stands for a non-linear sub-expression (floordiv,
// ceildiv, mod quotient; or, for semi-affine input, a product/division by
// a non-constant). Locals are shared across all expressions flattened with
// the same Flattener, and earlier results are widened when new locals are
// added, as upstream does for getFlattenedAffineExprs.
type Flattener struct {
	NumDims, NumSymbols int
	// Locals[i] is the expression local i stands for.
	Locals []Expr
	// Divs[i] describes local i when it is a floordiv of a linear form.
	Divs []LocalDiv

	stack [][]int64
}

// NewFlattener returns a flattener for the given numbers of dims/symbols.
func NewFlattener(numDims, numSymbols int) *Flattener {
	return &Flattener{NumDims: numDims, NumSymbols: numSymbols}
}

func (f *Flattener) numCols() int       { return f.NumDims + f.NumSymbols + len(f.Locals) + 1 }
func (f *Flattener) localStart() int    { return f.NumDims + f.NumSymbols }
func (f *Flattener) constIndex() int    { return f.numCols() - 1 }
func (f *Flattener) newRow() []int64    { return make([]int64, f.numCols()) }
func (f *Flattener) top() []int64       { return f.stack[len(f.stack)-1] }
func (f *Flattener) setTop(row []int64) { f.stack[len(f.stack)-1] = row }

// Add flattens e and pushes its row; it returns the row (which may be
// widened later by further calls; use Rows to get the final rows).
func (f *Flattener) Add(e Expr) error {
	n := len(f.stack)
	if err := f.walk(e); err != nil {
		f.stack = f.stack[:n]
		return err
	}
	return nil
}

// Rows returns the flattened rows of all expressions added so far, all of
// width NumDims+NumSymbols+len(Locals)+1.
func (f *Flattener) Rows() [][]int64 { return f.stack }

func (f *Flattener) walk(e Expr) error {
	switch x := e.(type) {
	case *DimExpr:
		if x.Pos >= f.NumDims {
			return fmt.Errorf("affine: flatten: d%d out of range (%d dims)", x.Pos, f.NumDims)
		}
		r := f.newRow()
		r[x.Pos] = 1
		f.stack = append(f.stack, r)
		return nil
	case *SymbolExpr:
		if x.Pos >= f.NumSymbols {
			return fmt.Errorf("affine: flatten: s%d out of range (%d symbols)", x.Pos, f.NumSymbols)
		}
		r := f.newRow()
		r[f.NumDims+x.Pos] = 1
		f.stack = append(f.stack, r)
		return nil
	case *ConstantExpr:
		r := f.newRow()
		r[f.constIndex()] = x.Value
		f.stack = append(f.stack, r)
		return nil
	case *BinaryExpr:
		if err := f.walk(x.LHS); err != nil {
			return err
		}
		if err := f.walk(x.RHS); err != nil {
			return err
		}
		switch x.Op {
		case KindAdd:
			return f.visitAdd()
		case KindMul:
			return f.visitMul(x)
		case KindMod:
			return f.visitMod(x)
		case KindFloorDiv:
			return f.visitDiv(x, false)
		case KindCeilDiv:
			return f.visitDiv(x, true)
		}
	}
	return errNilExpr
}

func (f *Flattener) pop() []int64 {
	r := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	return r
}

func (f *Flattener) visitAdd() error {
	rhs := f.pop()
	lhs := f.top()
	for i := range rhs {
		lhs[i] += rhs[i]
	}
	return nil
}

func (f *Flattener) fromFlat(row []int64) Expr {
	return ExprFromFlatForm(row, f.NumDims, f.NumSymbols, f.Locals)
}

func (f *Flattener) visitMul(x *BinaryExpr) error {
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.RHS.(*ConstantExpr); !ok {
		if _, ok := x.LHS.(*ConstantExpr); ok {
			// Constant on the LHS of a raw node: scale the RHS instead.
			c := lhs[len(lhs)-1]
			for i := range rhs {
				rhs[i] *= c
			}
			f.setTop(rhs)
			return nil
		}
		a := f.fromFlat(lhs)
		b := f.fromFlat(rhs)
		f.addLocalSemiAffine(Mul(a, b))
		return nil
	}
	c := rhs[len(rhs)-1]
	for i := range lhs {
		lhs[i] *= c
	}
	return nil
}

func (f *Flattener) findLocal(e Expr) int {
	for i, l := range f.Locals {
		if l == e {
			return i
		}
	}
	return -1
}

// addLocal appends a local column to every row on the stack and to all
// recorded dividends.
func (f *Flattener) addLocal(e Expr, div LocalDiv) {
	pos := f.localStart() + len(f.Locals)
	for i, r := range f.stack {
		f.stack[i] = insertZero(r, pos)
	}
	for i := range f.Divs {
		if f.Divs[i].Dividend != nil {
			f.Divs[i].Dividend = insertZero(f.Divs[i].Dividend, pos)
		}
	}
	if div.Dividend != nil && len(div.Dividend) == pos+1 {
		div.Dividend = insertZero(div.Dividend, pos)
	}
	f.Locals = append(f.Locals, e)
	f.Divs = append(f.Divs, div)
}

func insertZero(r []int64, pos int) []int64 {
	r = append(r, 0)
	copy(r[pos+1:], r[pos:])
	r[pos] = 0
	return r
}

// addLocalSemiAffine replaces the top of the stack by a (possibly new)
// local standing for e.
func (f *Flattener) addLocalSemiAffine(e Expr) {
	loc := f.findLocal(e)
	if loc == -1 {
		f.addLocal(e, LocalDiv{})
		loc = len(f.Locals) - 1
	}
	top := f.top()
	clear(top)
	top[f.localStart()+loc] = 1
}

func (f *Flattener) visitMod(x *BinaryExpr) error {
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.RHS.(*ConstantExpr); !ok {
		a := f.fromFlat(lhs)
		b := f.fromFlat(rhs)
		f.addLocalSemiAffine(Mod(a, b))
		return nil
	}
	c := rhs[len(rhs)-1]
	if c <= 0 {
		return ErrNotFlattenable
	}
	allMultiple := true
	for _, v := range lhs {
		if v%c != 0 {
			allMultiple = false
			break
		}
	}
	if allMultiple {
		clear(lhs)
		return nil
	}
	// expr mod c = expr - c * q, q = expr floordiv c (after cancelling the
	// gcd of expr and c).
	dividend := append([]int64(nil), lhs...)
	divisor := cancelGCD(dividend, c)
	q := FloorDiv(f.fromFlat(dividend), Const(divisor))
	loc := f.findLocal(q)
	if loc == -1 {
		f.addLocal(q, LocalDiv{Dividend: dividend, Divisor: divisor})
		loc = len(f.Locals) - 1
	}
	lhs = f.top()
	lhs[f.localStart()+loc] = -c
	return nil
}

// cancelGCD divides the coefficients and c by their greatest common divisor
// (c > 0), so that a division by c is written in lowest terms, and returns
// the divided c.
func cancelGCD(coeffs []int64, c int64) int64 {
	g := uint64(c)
	for _, v := range coeffs {
		g = gcdU(g, uint64(abs64(v)))
	}
	if g != 1 {
		for i := range coeffs {
			coeffs[i] /= int64(g)
		}
	}
	return c / int64(g)
}

func (f *Flattener) visitDiv(x *BinaryExpr, isCeil bool) error {
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.RHS.(*ConstantExpr); !ok {
		a := f.fromFlat(lhs)
		b := f.fromFlat(rhs)
		if isCeil {
			f.addLocalSemiAffine(CeilDiv(a, b))
		} else {
			f.addLocalSemiAffine(FloorDiv(a, b))
		}
		return nil
	}
	c := rhs[len(rhs)-1]
	if c <= 0 {
		return ErrNotFlattenable
	}
	divisor := cancelGCD(lhs, c)
	if divisor == 1 {
		return nil
	}
	a := f.fromFlat(lhs)
	var d Expr
	if isCeil {
		d = CeilDiv(a, Const(divisor))
	} else {
		d = FloorDiv(a, Const(divisor))
	}
	loc := f.findLocal(d)
	if loc == -1 {
		dividend := append([]int64(nil), lhs...)
		if isCeil {
			// lhs ceildiv c == (lhs + c - 1) floordiv c
			dividend[len(dividend)-1] += divisor - 1
		}
		f.addLocal(d, LocalDiv{Dividend: dividend, Divisor: divisor})
		loc = len(f.Locals) - 1
	}
	lhs = f.top()
	clear(lhs)
	lhs[f.localStart()+loc] = 1
	return nil
}

// Flatten flattens a single expression. It returns the row laid out as
// [dims, symbols, locals, constant] and the local expressions.
func Flatten(e Expr, numDims, numSymbols int) ([]int64, []Expr, error) {
	f := NewFlattener(numDims, numSymbols)
	if err := f.Add(e); err != nil {
		return nil, nil, err
	}
	return f.stack[0], f.Locals, nil
}

// FlattenMap flattens all results of m with shared locals (MLIR's
// getFlattenedAffineExprs). It fails for semi-affine maps.
func FlattenMap(m *Map) (*Flattener, error) {
	f := NewFlattener(m.NumDims, m.NumSymbols)
	for _, r := range m.Results {
		if !IsPureAffine(r) {
			return nil, errors.New("affine: FlattenMap: semi-affine expression " + r.String())
		}
		if err := f.Add(r); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// ExprFromFlatForm rebuilds an expression from a flat row
// [dims, symbols, locals, constant] (MLIR's getAffineExprFromFlatForm):
// terms are added in column order, then the constant.
func ExprFromFlatForm(row []int64, numDims, numSymbols int, locals []Expr) Expr {
	if len(row) != numDims+numSymbols+len(locals)+1 {
		panic("affine: ExprFromFlatForm: unexpected row width")
	}
	e := Const(0)
	for j := 0; j < numDims+numSymbols; j++ {
		if row[j] == 0 {
			continue
		}
		var id Expr
		if j < numDims {
			id = Dim(j)
		} else {
			id = Symbol(j - numDims)
		}
		e = Add(e, Mul(id, Const(row[j])))
	}
	for j := numDims + numSymbols; j < len(row)-1; j++ {
		if row[j] == 0 {
			continue
		}
		e = Add(e, Mul(locals[j-numDims-numSymbols], Const(row[j])))
	}
	if c := row[len(row)-1]; c != 0 {
		e = Add(e, Const(c))
	}
	return e
}

type semiKey struct{ a, b int }

// semiAffineExprFromFlatForm mirrors upstream's (LLVM 19)
// getSemiAffineExprFromFlatForm: symbols, simple products / divisions of
// identifiers and dims are keyed by (position, tiebreak) pairs, emitted in
// sorted key order, followed by the remaining locals and the constant.
func semiAffineExprFromFlatForm(row []int64, numDims, numSymbols int, locals []Expr) Expr {
	e := Const(0)
	maxDS := max(numDims, numSymbols)
	type entry struct {
		k    semiKey
		coef int64
		e    Expr
	}
	var entries []entry
	offsetSym, offsetDim := 0, -1
	add := func(k semiKey, coef int64, x Expr) bool {
		for _, en := range entries {
			if en.k == k {
				// Upstream asserts; keep the term among the trailing locals.
				return false
			}
		}
		entries = append(entries, entry{k, coef, x})
		return true
	}
	for j := numDims; j < numDims+numSymbols; j++ {
		if row[j] != 0 {
			add(semiKey{j - numDims, maxDS + offsetSym}, row[j], Symbol(j-numDims))
			offsetSym++
		}
	}
	added := make([]bool, len(locals))
	for i, le := range locals {
		coef := row[numDims+numSymbols+i]
		if coef == 0 {
			continue
		}
		b, ok := le.(*BinaryExpr)
		if !ok {
			continue
		}
		lhs, rhs := b.LHS, b.RHS
		lk, rk := lhs.Kind(), rhs.Kind()
		if !((lk == KindDim || lk == KindSymbol) && (rk == KindDim || rk == KindSymbol || rk == KindConstant)) {
			continue
		}
		var k semiKey
		switch {
		case rk == KindConstant && lk == KindDim:
			k = semiKey{posOf(lhs), offsetDim}
			offsetDim--
		case rk == KindConstant:
			k = semiKey{posOf(lhs), maxDS + offsetSym}
			offsetSym++
		case lk == KindDim:
			k = semiKey{posOf(lhs), posOf(rhs)}
		default:
			k = semiKey{posOf(lhs), maxDS + offsetSym}
			offsetSym++
		}
		added[i] = add(k, coef, le)
	}
	for j := 0; j < numDims; j++ {
		if row[j] != 0 {
			add(semiKey{j, offsetDim}, row[j], Dim(j))
			offsetDim--
		}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].k.a != entries[j].k.a {
			return entries[i].k.a < entries[j].k.a
		}
		return entries[i].k.b < entries[j].k.b
	})
	for _, en := range entries {
		e = Add(e, Mul(en.e, Const(en.coef)))
	}
	for i, le := range locals {
		coef := row[numDims+numSymbols+i]
		if coef == 0 || added[i] {
			continue
		}
		e = Add(e, Mul(le, Const(coef)))
	}
	if c := row[len(row)-1]; c != 0 {
		e = Add(e, Const(c))
	}
	return e
}

func posOf(e Expr) int {
	switch x := e.(type) {
	case *DimExpr:
		return x.Pos
	case *SymbolExpr:
		return x.Pos
	}
	return 0
}

// SimplifyExpr simplifies e by flattening it to a linear form and
// rebuilding it (MLIR's simplifyAffineExpr), with the semi-affine
// pre-pass (symbolic division/mod by a symbol dividing the operand) and
// rebuild used upstream. If the expression cannot be flattened it is
// returned unchanged.
func SimplifyExpr(e Expr, numDims, numSymbols int) Expr {
	pure := IsPureAffine(e)
	if !pure {
		e = simplifySemiAffine(e, numDims, numSymbols)
		pure = IsPureAffine(e)
	}
	f := NewFlattener(numDims, numSymbols)
	if err := f.Add(e); err != nil {
		return e
	}
	row := f.stack[0]
	if pure {
		return ExprFromFlatForm(row, numDims, numSymbols, f.Locals)
	}
	if e == ExprFromFlatForm(row, numDims, numSymbols, f.Locals) {
		return e
	}
	return semiAffineExprFromFlatForm(row, numDims, numSymbols, f.Locals)
}

func simplifySemiAffine(e Expr, numDims, numSymbols int) Expr {
	b, ok := e.(*BinaryExpr)
	if !ok {
		return e
	}
	switch b.Op {
	case KindAdd, KindMul:
		return Binary(b.Op, simplifySemiAffine(b.LHS, numDims, numSymbols), simplifySemiAffine(b.RHS, numDims, numSymbols))
	}
	sLHS := simplifySemiAffine(b.LHS, numDims, numSymbols)
	sRHS := simplifySemiAffine(b.RHS, numDims, numSymbols)
	if isModOfModSubtraction(sLHS, sRHS, numDims, numSymbols) {
		return Const(0)
	}
	sym, ok := sRHS.(*SymbolExpr)
	if !ok || !isDivisibleBySymbol(b.LHS, sym.Pos, b.Op) {
		return Binary(b.Op, sLHS, sRHS)
	}
	if b.Op == KindMod {
		return Const(0)
	}
	if q := symbolicDivide(sLHS, sym.Pos, b.Op); q != nil {
		return q
	}
	return Binary(b.Op, sLHS, sRHS)
}

func summands(e Expr, out []Expr) []Expr {
	if b, ok := e.(*BinaryExpr); ok && b.Op == KindAdd {
		out = summands(b.LHS, out)
		return summands(b.RHS, out)
	}
	return append(out, e)
}

func negatedExpr(e Expr) (Expr, bool) {
	b, ok := e.(*BinaryExpr)
	if !ok || b.Op != KindMul {
		return nil, false
	}
	if c, ok := b.LHS.(*ConstantExpr); ok && c.Value == -1 {
		return b.RHS, true
	}
	if c, ok := b.RHS.(*ConstantExpr); ok && c.Value == -1 {
		return b.LHS, true
	}
	return nil, false
}

// isModOfModSubtraction reports whether lhs mod rhs is known to be zero
// because lhs = x - x mod rhs (a pattern produced by loop peeling).
func isModOfModSubtraction(lhs, rhs Expr, numDims, numSymbols int) bool {
	sum := summands(lhs, nil)
	for i, cur := range sum {
		inner, ok := negatedExpr(cur)
		if !ok {
			continue
		}
		m, ok := inner.(*BinaryExpr)
		if !ok || m.Op != KindMod || m.RHS != rhs {
			continue
		}
		diff := Const(0)
		for j, s := range sum {
			if i != j {
				diff = Add(diff, s)
			}
		}
		diff = Sub(diff, m.LHS)
		diff = SimplifyExpr(diff, numDims, numSymbols)
		if c, ok := diff.(*ConstantExpr); ok && c.Value == 0 {
			return true
		}
	}
	return false
}

func isDivisibleBySymbol(e Expr, symPos int, op ExprKind) bool {
	switch x := e.(type) {
	case *ConstantExpr:
		return x.Value == 0
	case *DimExpr:
		return false
	case *SymbolExpr:
		return x.Pos == symPos
	case *BinaryExpr:
		switch x.Op {
		case KindAdd:
			return isDivisibleBySymbol(x.LHS, symPos, op) && isDivisibleBySymbol(x.RHS, symPos, op)
		case KindMod:
			return isDivisibleBySymbol(x.LHS, symPos, KindMod) && isDivisibleBySymbol(x.RHS, symPos, KindMod)
		case KindMul:
			return isDivisibleBySymbol(x.LHS, symPos, op) || isDivisibleBySymbol(x.RHS, symPos, op)
		case KindFloorDiv, KindCeilDiv:
			if op != x.Op {
				return false
			}
			return isDivisibleBySymbol(x.LHS, symPos, x.Op)
		}
	}
	return false
}

// symbolicDivide divides e by symbol symPos; nil when not possible.
func symbolicDivide(e Expr, symPos int, op ExprKind) Expr {
	switch x := e.(type) {
	case *ConstantExpr:
		if x.Value != 0 {
			return nil
		}
		return Const(0)
	case *DimExpr:
		return nil
	case *SymbolExpr:
		return Const(1)
	case *BinaryExpr:
		switch x.Op {
		case KindAdd, KindMod:
			sub := op
			if x.Op == KindMod {
				sub = KindMod
			}
			l := symbolicDivide(x.LHS, symPos, sub)
			r := symbolicDivide(x.RHS, symPos, sub)
			if l == nil || r == nil {
				return nil
			}
			return Binary(x.Op, l, r)
		case KindMul:
			if !isDivisibleBySymbol(x.LHS, symPos, op) {
				r := symbolicDivide(x.RHS, symPos, op)
				if r == nil {
					return nil
				}
				return Mul(x.LHS, r)
			}
			l := symbolicDivide(x.LHS, symPos, op)
			if l == nil {
				return nil
			}
			return Mul(l, x.RHS)
		case KindFloorDiv, KindCeilDiv:
			l := symbolicDivide(x.LHS, symPos, x.Op)
			if l == nil {
				return nil
			}
			return Binary(x.Op, l, x.RHS)
		}
	}
	return nil
}
