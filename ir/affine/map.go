package affine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Map is an affine map (d0, ..., dn)[s0, ..., sm] -> (results...).
//
// Maps are immutable and uniqued: always build them with NewMap (or the
// other constructors of this package) and compare with == or Equal. The
// Results slice must not be modified.
type Map struct {
	NumDims, NumSymbols int
	Results             []Expr
}

type mapKey struct {
	nd, ns int
	ids    string
}

var (
	mapMu  sync.Mutex
	mapTab = map[mapKey]*Map{}
)

func idsKey(exprs []Expr) string {
	var sb strings.Builder
	for _, e := range exprs {
		if e == nil {
			panic("affine: nil expression")
		}
		sb.WriteString(strconv.FormatUint(exprID(e), 36))
		sb.WriteByte(',')
	}
	return sb.String()
}

// NewMap returns the uniqued map with the given shape and results. The
// results slice is copied. Results are stored as given (no
// simplification); they should only use dims < numDims and
// symbols < numSymbols.
func NewMap(numDims, numSymbols int, results []Expr) *Map {
	if numDims < 0 || numSymbols < 0 {
		panic("affine: negative map arity")
	}
	k := mapKey{numDims, numSymbols, idsKey(results)}
	mapMu.Lock()
	defer mapMu.Unlock()
	if m, ok := mapTab[k]; ok {
		return m
	}
	m := &Map{NumDims: numDims, NumSymbols: numSymbols, Results: append([]Expr(nil), results...)}
	mapTab[k] = m
	return m
}

// EmptyMap returns (d0..)[s0..] -> () .
func EmptyMap(numDims, numSymbols int) *Map { return NewMap(numDims, numSymbols, nil) }

// ConstantMap returns () -> (v).
func ConstantMap(v int64) *Map { return NewMap(0, 0, []Expr{Const(v)}) }

// IdentityMap returns (d0, ..., dn-1) -> (d0, ..., dn-1).
func IdentityMap(n int) *Map { return MinorIdentityMap(n, n) }

// MinorIdentityMap returns (d0, ..., d(numDims-1)) -> (d(numDims-numResults), ..., d(numDims-1)).
func MinorIdentityMap(numDims, numResults int) *Map {
	if numResults > numDims {
		panic("affine: MinorIdentityMap with more results than dims")
	}
	res := make([]Expr, numResults)
	for i := range res {
		res[i] = Dim(numDims - numResults + i)
	}
	return NewMap(numDims, 0, res)
}

// PermutationMap returns (d0, ..., dn-1) -> (d(perm[0]), ..., d(perm[n-1])).
// perm must be a permutation of 0..n-1.
func PermutationMap(perm []int) *Map {
	n := 0
	for _, p := range perm {
		if p+1 > n {
			n = p + 1
		}
	}
	res := make([]Expr, len(perm))
	for i, p := range perm {
		res[i] = Dim(p)
	}
	m := NewMap(n, 0, res)
	if !m.IsPermutation() {
		panic("affine: PermutationMap argument is not a permutation")
	}
	return m
}

// MultiDimIdentityMap is an alias of IdentityMap kept for MLIR familiarity.
func MultiDimIdentityMap(n int) *Map { return IdentityMap(n) }

// String returns the MLIR text of the map, e.g. "(d0, d1)[s0] -> (d0 + s0, d1)".
func (m *Map) String() string {
	return structureString(m.NumDims, m.NumSymbols, " -> (", len(m.Results), func(sb *strings.Builder, i int) {
		sb.WriteString(m.Results[i].String())
	})
}

// structureString is the text maps and sets share: the dims, the symbols
// when there are any, sep, then the n items item writes, comma-separated,
// and a closing parenthesis.
func structureString(nd, ns int, sep string, n int, item func(sb *strings.Builder, i int)) string {
	var sb strings.Builder
	writeList(&sb, "(", ")", nd, func(i int) { sb.WriteByte('d'); sb.WriteString(strconv.Itoa(i)) })
	if ns != 0 {
		writeList(&sb, "[", "]", ns, func(i int) { sb.WriteByte('s'); sb.WriteString(strconv.Itoa(i)) })
	}
	writeList(&sb, sep, ")", n, func(i int) { item(&sb, i) })
	return sb.String()
}

// writeList writes open, the n items separated by ", ", and close.
func writeList(sb *strings.Builder, open, close string, n int, item func(i int)) {
	sb.WriteString(open)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		item(i)
	}
	sb.WriteString(close)
}

// Equal reports whether m and o are the same map.
func (m *Map) Equal(o *Map) bool {
	if m == o {
		return true
	}
	return m != nil && o != nil && m.NumDims == o.NumDims && m.NumSymbols == o.NumSymbols && slices.EqualFunc(m.Results, o.Results, Equal)
}

// NumInputs returns NumDims + NumSymbols.
func (m *Map) NumInputs() int { return m.NumDims + m.NumSymbols }

// NumResults returns len(Results).
func (m *Map) NumResults() int { return len(m.Results) }

// Result returns the i-th result expression.
func (m *Map) Result(i int) Expr { return m.Results[i] }

// IsEmpty reports whether the map has no inputs and no results: () -> ().
func (m *Map) IsEmpty() bool { return m.NumDims == 0 && m.NumSymbols == 0 && len(m.Results) == 0 }

// IsIdentity reports whether m is (d0, ..., dn-1) -> (d0, ..., dn-1);
// symbols are allowed (as in MLIR).
func (m *Map) IsIdentity() bool { return m.NumDims == len(m.Results) && m.resultsAre(Dim) }

// IsSymbolIdentity reports whether m is ()[s0, ..., sn-1] -> (s0, ..., sn-1).
func (m *Map) IsSymbolIdentity() bool {
	return m.NumDims == 0 && m.NumSymbols == len(m.Results) && m.resultsAre(Symbol)
}

// resultsAre reports whether result i of m is at(i) for every i; uniquing
// makes identity the test.
func (m *Map) resultsAre(at func(int) Expr) bool {
	for i, r := range m.Results {
		if r != at(i) {
			return false
		}
	}
	return true
}

// IsMinorIdentity reports whether m is a minor identity: its results are
// the trailing len(Results) dims in order.
func (m *Map) IsMinorIdentity() bool {
	nr := len(m.Results)
	if nr > m.NumDims {
		return false
	}
	for i, r := range m.Results {
		if d, ok := r.(*DimExpr); !ok || d.Pos != m.NumDims-nr+i {
			return false
		}
	}
	return true
}

// IsConstant reports whether all results are constants (true for a map
// with no results, as in MLIR).
func (m *Map) IsConstant() bool {
	for _, r := range m.Results {
		if _, ok := r.(*ConstantExpr); !ok {
			return false
		}
	}
	return true
}

// IsSingleConstant returns the value if m has exactly one constant result.
func (m *Map) IsSingleConstant() (int64, bool) {
	if len(m.Results) != 1 {
		return 0, false
	}
	return ConstantValue(m.Results[0])
}

// ConstantResults returns the values of all results; it panics unless
// IsConstant.
func (m *Map) ConstantResults() []int64 {
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		c, ok := r.(*ConstantExpr)
		if !ok {
			panic("affine: ConstantResults on a non-constant map")
		}
		out[i] = c.Value
	}
	return out
}

// IsPermutation reports whether m is a permutation of its dims (no symbols
// in results, each dim exactly once).
func (m *Map) IsPermutation() bool {
	if m.NumDims != len(m.Results) {
		return false
	}
	return m.IsProjectedPermutation(false)
}

// IsProjectedPermutation reports whether every result is a distinct dim
// (or, if allowZeroInResults, the constant 0) — MLIR's
// isProjectedPermutation.
func (m *Map) IsProjectedPermutation(allowZeroInResults bool) bool {
	if m.NumSymbols > 0 {
		return false
	}
	if len(m.Results) > m.NumDims {
		return false
	}
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		switch x := r.(type) {
		case *DimExpr:
			if seen[x.Pos] {
				return false
			}
			seen[x.Pos] = true
		case *ConstantExpr:
			if !allowZeroInResults || x.Value != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// IsPureAffine reports whether all results are pure affine.
func (m *Map) IsPureAffine() bool {
	for _, r := range m.Results {
		if !IsPureAffine(r) {
			return false
		}
	}
	return true
}

// IsFunctionOfDim reports whether any result uses dimension pos.
func (m *Map) IsFunctionOfDim(pos int) bool {
	for _, r := range m.Results {
		if IsFunctionOfDim(r, pos) {
			return true
		}
	}
	return false
}

// IsFunctionOfSymbol reports whether any result uses symbol pos.
func (m *Map) IsFunctionOfSymbol(pos int) bool {
	for _, r := range m.Results {
		if IsFunctionOfSymbol(r, pos) {
			return true
		}
	}
	return false
}

// Eval evaluates all results (see EvalExpr for the semantics). len(dims)
// and len(syms) must equal NumDims and NumSymbols.
func (m *Map) Eval(dims, syms []int64) ([]int64, error) {
	if len(dims) != m.NumDims || len(syms) != m.NumSymbols {
		return nil, fmt.Errorf("affine: map %s expects %d dims and %d symbols, got %d and %d",
			m, m.NumDims, m.NumSymbols, len(dims), len(syms))
	}
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		v, err := EvalExpr(r, dims, syms)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Compose returns outer ∘ inner (MLIR's outer.compose(inner)):
// the result has inner.NumDims dims and outer.NumSymbols +
// inner.NumSymbols symbols, ordered as outer's symbols first (s0..) and
// inner's symbols after them (shifted by outer.NumSymbols). Requires
// outer.NumDims == len(inner.Results). Results are rebuilt with the
// simplifying constructors but not flattened (call SimplifyMap for that).
func Compose(outer, inner *Map) *Map {
	if outer.NumDims != len(inner.Results) {
		panic(fmt.Sprintf("affine: Compose: outer has %d dims but inner has %d results", outer.NumDims, len(inner.Results)))
	}
	numDims := inner.NumDims
	numSyms := outer.NumSymbols + inner.NumSymbols
	newSyms := make([]Expr, inner.NumSymbols)
	for i := range newSyms {
		newSyms[i] = Symbol(outer.NumSymbols + i)
	}
	innerRes := make([]Expr, len(inner.Results))
	for i, r := range inner.Results {
		innerRes[i] = Replace(r, nil, newSyms)
	}
	res := make([]Expr, len(outer.Results))
	for i, r := range outer.Results {
		res[i] = Replace(r, innerRes, nil)
	}
	return NewMap(numDims, numSyms, res)
}

// ComposeValues applies m to constant inputs (dims followed by symbols,
// len(values) == NumInputs), folding every result to a constant with the
// simplifying constructors (MLIR's compose(ArrayRef<int64_t>), extended to
// symbols). It panics if a result does not fold (e.g. division by zero).
func (m *Map) ComposeValues(values []int64) []int64 {
	if len(values) != m.NumInputs() {
		panic("affine: ComposeValues: wrong number of values")
	}
	cst := make([]Expr, len(values))
	for i, v := range values {
		cst[i] = Const(v)
	}
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		e := Replace(r, cst[:m.NumDims], cst[m.NumDims:])
		c, ok := e.(*ConstantExpr)
		if !ok {
			panic("affine: ComposeValues did not fold to a constant")
		}
		out[i] = c.Value
	}
	return out
}

// SubMap returns the map with only the selected results, same inputs.
func (m *Map) SubMap(results []int) *Map {
	res := make([]Expr, len(results))
	for i, r := range results {
		res[i] = m.Results[r]
	}
	return NewMap(m.NumDims, m.NumSymbols, res)
}

// SliceMap returns the map with results [start, start+length).
func (m *Map) SliceMap(start, length int) *Map {
	return NewMap(m.NumDims, m.NumSymbols, m.Results[start:start+length])
}

// MajorSubMap returns the map with the first n results.
func (m *Map) MajorSubMap(n int) *Map {
	if n >= len(m.Results) {
		return m
	}
	return m.SliceMap(0, n)
}

// MinorSubMap returns the map with the last n results.
func (m *Map) MinorSubMap(n int) *Map {
	if n >= len(m.Results) {
		return m
	}
	return m.SliceMap(len(m.Results)-n, n)
}

// DropResults returns the map without the results at the given positions.
func (m *Map) DropResults(positions []int) *Map {
	drop := map[int]bool{}
	for _, p := range positions {
		drop[p] = true
	}
	var res []Expr
	for i, r := range m.Results {
		if !drop[i] {
			res = append(res, r)
		}
	}
	return NewMap(m.NumDims, m.NumSymbols, res)
}

// DropResult removes one result.
func (m *Map) DropResult(pos int) *Map { return m.DropResults([]int{pos}) }

// InsertResult inserts e at position pos.
func (m *Map) InsertResult(e Expr, pos int) *Map {
	res := make([]Expr, 0, len(m.Results)+1)
	res = append(res, m.Results[:pos]...)
	res = append(res, e)
	res = append(res, m.Results[pos:]...)
	return NewMap(m.NumDims, m.NumSymbols, res)
}

// ShiftDims renames d<i> to d<i+shift> for i >= offset and adds shift
// dims (MLIR's AffineMap::shiftDims).
func (m *Map) ShiftDims(shift, offset int) *Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ShiftDims(r, m.NumDims, shift, offset)
	}
	return NewMap(m.NumDims+shift, m.NumSymbols, res)
}

// ShiftSymbols renames s<i> to s<i+shift> for i >= offset and adds shift
// symbols (MLIR's AffineMap::shiftSymbols).
func (m *Map) ShiftSymbols(shift, offset int) *Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ShiftSymbols(r, m.NumSymbols, shift, offset)
	}
	return NewMap(m.NumDims, m.NumSymbols+shift, res)
}

// ReplaceDimsAndSymbols substitutes dims and symbols in every result and
// returns a map with the given new arity (MLIR's
// AffineMap::replaceDimsAndSymbols).
func (m *Map) ReplaceDimsAndSymbols(dims, syms []Expr, newNumDims, newNumSyms int) *Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = Replace(r, dims, syms)
	}
	return NewMap(newNumDims, newNumSyms, res)
}

// Replace replaces sub-expressions everywhere (sparse replace) and returns
// a map with the given arity.
func (m *Map) Replace(repl map[Expr]Expr, newNumDims, newNumSyms int) *Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ReplaceExprs(r, repl)
	}
	return NewMap(newNumDims, newNumSyms, res)
}

// SimplifyMap simplifies every result with SimplifyExpr (MLIR's
// simplifyAffineMap).
func SimplifyMap(m *Map) *Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = SimplifyExpr(r, m.NumDims, m.NumSymbols)
	}
	return NewMap(m.NumDims, m.NumSymbols, res)
}

// ConcatMaps returns a map with the same inputs and the results of all maps
// concatenated; all maps must have the same number of dims and symbols.
func ConcatMaps(maps ...*Map) *Map {
	if len(maps) == 0 {
		return EmptyMap(0, 0)
	}
	var res []Expr
	for _, mm := range maps {
		if mm.NumDims != maps[0].NumDims || mm.NumSymbols != maps[0].NumSymbols {
			panic("affine: ConcatMaps arity mismatch")
		}
		res = append(res, mm.Results...)
	}
	return NewMap(maps[0].NumDims, maps[0].NumSymbols, res)
}
