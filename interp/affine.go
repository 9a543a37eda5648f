package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

func mapAttr(op *ir.Operation, name string) (*affine.Map, error) {
	a, ok := op.Attr(name).(*ir.AffineMapAttr)
	if !ok {
		return nil, op.Errorf("requires an affine map attribute '%s'", name)
	}
	return a.Map, nil
}

// boundFns compiles a loop's lower and upper bound maps, the attributes
// named lower and upper, over operands: the lower map's inputs, then the
// upper map's (the split affine.for's and affine.parallel's views make).
func boundFns(c *Compiler, op *ir.Operation, lower, upper string, operands []*ir.Value) (lb, ub *affineFn, err error) {
	lbm, err := mapAttr(op, lower)
	if err != nil {
		return nil, nil, err
	}
	ubm, err := mapAttr(op, upper)
	if err != nil {
		return nil, nil, err
	}
	nl := lbm.NumDims + lbm.NumSymbols
	if len(operands) != nl+ubm.NumDims+ubm.NumSymbols {
		return nil, nil, op.Errorf("operand count does not match its bound maps")
	}
	if lb, err = newAffineFn(c, op, lbm, operands[:nl]); err != nil {
		return nil, nil, err
	}
	ub, err = newAffineFn(c, op, ubm, operands[nl:])
	return lb, ub, err
}

// affineFn is a compiled map applied to operand slots.
type affineFn struct {
	m    *cmap
	ops  []int
	lin  bool     // every result linear: use terms
	term [][]term // per result
	cst  []int64
}

type term struct {
	slot int
	coef int64
}

func newAffineFn(c *Compiler, op *ir.Operation, m *affine.Map, operands []*ir.Value) (*affineFn, error) {
	if len(operands) != m.NumDims+m.NumSymbols {
		return nil, op.Errorf("map %s takes %d operands, got %d", m, m.NumDims+m.NumSymbols, len(operands))
	}
	cm, err := compileMap(m)
	if err != nil {
		return nil, op.Errorf("%v", err)
	}
	f := &affineFn{m: cm, ops: c.Slots(operands), lin: true}
	for _, r := range cm.results {
		if !r.linear {
			f.lin = false
			break
		}
		var ts []term
		for i, cf := range r.lin.coef {
			if cf != 0 {
				ts = append(ts, term{f.ops[i], cf})
			}
		}
		f.term = append(f.term, ts)
		f.cst = append(f.cst, r.lin.c)
	}
	return f, nil
}

// eval evaluates every result into out.
func (f *affineFn) eval(fr *Frame, out []int64) error {
	if f.lin {
		for r, ts := range f.term {
			v := f.cst[r]
			for _, t := range ts {
				v += t.coef * int64(fr.S[t.slot])
			}
			out[r] = v
		}
		return nil
	}
	var buf [16]int64
	in := buf[:0]
	if len(f.ops) > len(buf) {
		in = make([]int64, 0, len(f.ops))
	}
	for _, s := range f.ops {
		in = append(in, int64(fr.S[s]))
	}
	return f.m.evalOperands(in, out)
}

// reduce evaluates the map and folds its results with min or max.
func (f *affineFn) reduce(fr *Frame, isMax bool) (int64, error) {
	var buf [8]int64
	out := buf[:0]
	if n := len(f.m.results); n > len(buf) {
		out = make([]int64, n)
	} else {
		out = buf[:n]
	}
	if err := f.eval(fr, out); err != nil {
		return 0, err
	}
	if len(out) == 0 {
		return 0, nil
	}
	v := out[0]
	for _, x := range out[1:] {
		if isMax {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
	}
	return v, nil
}

func compileAffineApply(c *Compiler, op *ir.Operation) (Compiled, error) {
	m, err := mapAttr(op, "map")
	if err != nil {
		return Compiled{}, err
	}
	if len(m.Results) != 1 {
		return Compiled{}, op.Errorf("requires a single-result map")
	}
	f, err := newAffineFn(c, op, m, op.Operands())
	if err != nil {
		return Compiled{}, err
	}
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		var out [1]int64
		if err := f.eval(fr, out[:]); err != nil {
			return runtimeError(op, "%v", err)
		}
		fr.S[r] = uint64(out[0])
		return nil
	}}, nil
}

func compileAffineMinMax(isMax bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		m, err := mapAttr(op, "map")
		if err != nil {
			return Compiled{}, err
		}
		f, err := newAffineFn(c, op, m, op.Operands())
		if err != nil {
			return Compiled{}, err
		}
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			v, err := f.reduce(fr, isMax)
			if err != nil {
				return runtimeError(op, "%v", err)
			}
			fr.S[r] = uint64(v)
			return nil
		}}, nil
	}
}

// ---- loops ----

func compileAffineFor(c *Compiler, op *ir.Operation) (Compiled, error) {
	segs, err := segmentsN(op, 3)
	if err != nil {
		return Compiled{}, err
	}
	lb, ub, err := boundFns(c, op, "lowerBoundMap", "upperBoundMap", op.Operands()[:len(segs[0])+len(segs[1])])
	if err != nil {
		return Compiled{}, err
	}
	step := int64(1)
	if s, ok := op.Attr("step").(*ir.IntegerAttr); ok {
		step = s.Int()
	}
	if step <= 0 {
		return Compiled{}, op.Errorf("requires a positive step")
	}
	body, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	blk := body.Single()
	if blk == nil || len(blk.Args) != 1+len(segs[2]) {
		return Compiled{}, op.Errorf("requires a single-block body with the induction variable and iter_args")
	}
	return loop(c, op, blk, c.Slots(segs[2]), func(fr *Frame) (int64, int64, error) {
		l, err := lb.reduce(fr, true)
		if err != nil {
			return 0, 0, runtimeError(op, "%v", err)
		}
		u, err := ub.reduce(fr, false)
		if err != nil {
			return 0, 0, runtimeError(op, "%v", err)
		}
		return l, u, nil
	}, func(*Frame) int64 { return step }, true, ^uint64(0))
}

// loop builds the exec of a counted loop over blk (argument 0 the induction
// variable, the rest iter_args initialised from inits; the terminator's
// operands are the next iter_args and, at the end, the results).
func loop(c *Compiler, op *ir.Operation, blk *Block, inits []int,
	bounds func(*Frame) (int64, int64, error), stepOf func(*Frame) int64, signed bool, ivMask uint64) (Compiled, error) {
	iv := blk.Args[0]
	iters := blk.Args[1:]
	res := c.ResultSlots(op)
	if len(res) != len(iters) || len(blk.TermOperands) != len(iters) {
		return Compiled{}, op.Errorf("has %d results, %d iter_args and yields %d values", len(res), len(iters), len(blk.TermOperands))
	}
	ops := blk.Ops
	yields := blk.TermOperands
	limited := c.m.opts.MaxSteps > 0
	return Compiled{Exec: func(fr *Frame) error {
		lo, hi, err := bounds(fr)
		if err != nil {
			return err
		}
		step := stepOf(fr)
		if step <= 0 {
			return runtimeError(op, "loop step %d is not positive", step)
		}
		fr.Move(inits, iters)
		for i := lo; signed && i < hi || !signed && uint64(i) < uint64(hi); i += step {
			fr.S[iv] = uint64(i) & ivMask
			for _, f := range ops {
				if err := f(fr); err != nil {
					return err
				}
			}
			fr.Move(yields, iters)
			if limited {
				if err := fr.Step(op); err != nil {
					return err
				}
			}
			if i+step < i { // overflow ends the loop
				break
			}
		}
		fr.Move(iters, res)
		return nil
	}}, nil
}

func compileAffineIf(c *Compiler, op *ir.Operation) (Compiled, error) {
	sa, ok := op.Attr("condition").(*ir.IntegerSetAttr)
	if !ok {
		return Compiled{}, op.Errorf("requires an integer set 'condition'")
	}
	set := sa.Set
	if op.NumOperands() != set.NumDims+set.NumSymbols {
		return Compiled{}, op.Errorf("operand count does not match the integer set")
	}
	var cons []cexpr
	for _, e := range set.Constraints {
		ce, err := compileExpr(e, set.NumDims, set.NumSymbols)
		if err != nil {
			return Compiled{}, op.Errorf("%v", err)
		}
		cons = append(cons, ce)
	}
	ops := c.OperandSlots(op)
	nd := set.NumDims
	return ifLike(c, op, func(fr *Frame) (bool, error) {
		var buf [16]int64
		in := buf[:0]
		for _, s := range ops {
			in = append(in, int64(fr.S[s]))
		}
		for i := range cons {
			v, err := cons[i].eval(in[:nd], in[nd:], nd)
			if err != nil {
				return false, runtimeError(op, "%v", err)
			}
			if set.EqFlags[i] && v != 0 || !set.EqFlags[i] && v < 0 {
				return false, nil
			}
		}
		return true, nil
	})
}

// ifLike compiles a two-region conditional whose regions yield the results.
func ifLike(c *Compiler, op *ir.Operation, cond func(*Frame) (bool, error)) (Compiled, error) {
	var regions [2]*Region
	for i := 0; i < 2 && i < op.NumRegions(); i++ {
		if op.Region(i).Empty() {
			continue
		}
		r, err := c.Region(op.Region(i))
		if err != nil {
			return Compiled{}, err
		}
		regions[i] = r
	}
	res := c.ResultSlots(op)
	return Compiled{Exec: func(fr *Frame) error {
		ok, err := cond(fr)
		if err != nil {
			return err
		}
		r := regions[0]
		if !ok {
			r = regions[1]
		}
		if r == nil {
			if len(res) > 0 {
				return runtimeError(op, "missing else region")
			}
			return nil
		}
		return fr.runRegionInto(r, res)
	}}, nil
}

func groups(op *ir.Operation, name string) ([]int, error) {
	switch a := op.Attr(name).(type) {
	case *ir.DenseElementsAttr:
		bits, err := denseBits(op, a, ir.NumElements(a.ShapedType().Shape()))
		if err != nil {
			return nil, err
		}
		out := make([]int, len(bits))
		for i, b := range bits {
			out[i] = int(b)
		}
		return out, nil
	case *ir.DenseArrayAttr:
		out := make([]int, len(a.Ints))
		for i, v := range a.Ints {
			out[i] = int(v)
		}
		return out, nil
	}
	return nil, op.Errorf("requires '%s'", name)
}

func compileAffineParallel(c *Compiler, op *ir.Operation) (Compiled, error) {
	lg, err := groups(op, "lowerBoundsGroups")
	if err != nil {
		return Compiled{}, err
	}
	ug, err := groups(op, "upperBoundsGroups")
	if err != nil {
		return Compiled{}, err
	}
	lb, ub, err := boundFns(c, op, "lowerBoundsMap", "upperBoundsMap", op.Operands())
	if err != nil {
		return Compiled{}, err
	}
	var steps []int64
	if sa, ok := op.Attr("steps").(*ir.ArrayAttr); ok {
		for _, e := range sa.Elems {
			if ia, ok := e.(*ir.IntegerAttr); ok {
				steps = append(steps, ia.Int())
			}
		}
	}
	n := len(lg)
	if len(ug) != n || len(steps) != n {
		return Compiled{}, op.Errorf("bound groups and steps disagree")
	}
	var kinds []int64
	if ra, ok := op.Attr("reductions").(*ir.ArrayAttr); ok {
		for _, e := range ra.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return Compiled{}, op.Errorf("malformed 'reductions'")
			}
			kinds = append(kinds, ia.Int())
		}
	}
	body, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	blk := body.Single()
	res := c.ResultSlots(op)
	if blk == nil || len(blk.Args) != n || len(kinds) != len(res) || len(blk.TermOperands) != len(res) {
		return Compiled{}, op.Errorf("malformed body or reductions")
	}
	combine := make([]func(a, b uint64) uint64, len(res))
	ident := make([]uint64, len(res))
	for i, k := range kinds {
		t := op.Result(i).Type()
		if combine[i], err = reductionKernel(op, k, t); err != nil {
			return Compiled{}, err
		}
		ident[i] = identity(k, t)
	}
	return Compiled{Exec: func(fr *Frame) error {
		lo := make([]int64, len(lb.m.results))
		hi := make([]int64, len(ub.m.results))
		if err := lb.eval(fr, lo); err != nil {
			return runtimeError(op, "%v", err)
		}
		if err := ub.eval(fr, hi); err != nil {
			return runtimeError(op, "%v", err)
		}
		los, his := make([]int64, n), make([]int64, n)
		p, q := 0, 0
		for d := 0; d < n; d++ {
			los[d], his[d] = math.MinInt64, math.MaxInt64
			for k := 0; k < lg[d]; k, p = k+1, p+1 {
				los[d] = max(los[d], lo[p])
			}
			for k := 0; k < ug[d]; k, q = k+1, q+1 {
				his[d] = min(his[d], hi[q])
			}
		}
		acc := append([]uint64(nil), ident...)
		if err := nest(fr, op, los, his, steps, blk.Args, func() error {
			if err := fr.RunBlockOps(blk); err != nil {
				return err
			}
			for i, s := range blk.TermOperands {
				acc[i] = combine[i](acc[i], fr.S[s])
			}
			return nil
		}); err != nil {
			return err
		}
		for i, s := range res {
			fr.S[s] = acc[i]
		}
		return nil
	}}, nil
}

// identity returns the bits of the neutral element of a reduction kind
// for type t (arith.IdentityValueAttr). assign has none: it starts from
// zero, which the first iteration overwrites. reductionKernel has already
// checked the kind against t.
func identity(kind int64, t ir.Type) uint64 {
	switch a := arith.IdentityValueAttr(arith.AtomicRMWKind(kind), t).(type) {
	case *ir.FloatAttr:
		return a.Bits()
	case *ir.IntegerAttr:
		return uint64(a.Int()) & widthMask(ir.BitWidth(t))
	}
	return 0
}

// ---- memory ----

// affineAccess compiles the map of an affine load/store to buffer positions.
type affineAccess struct {
	fn   *affineFn
	rank int
}

func newAffineAccess(c *Compiler, op *ir.Operation, memref *ir.Value, mapOperands []*ir.Value) (*affineAccess, error) {
	m, err := mapAttr(op, "map")
	if err != nil {
		return nil, err
	}
	f, err := newAffineFn(c, op, m, mapOperands)
	if err != nil {
		return nil, err
	}
	return &affineAccess{fn: f, rank: len(m.Results)}, nil
}

// indices evaluates the access indices into fr's scratch.
func (a *affineAccess) indices(fr *Frame) ([]int64, error) {
	if cap(fr.idx) < a.rank {
		fr.idx = make([]int64, a.rank)
	}
	idx := fr.idx[:a.rank]
	err := a.fn.eval(fr, idx)
	return idx, err
}

// position returns the buffer position of a linear, strided access, or
// ok=false when a check fails or the fast path does not apply.
func (a *affineAccess) position(fr *Frame, m *MemRef) (int64, bool) {
	if !a.fn.lin || m == nil || m.layout != nil || len(m.Sizes) != a.rank {
		return 0, false
	}
	p := m.Offset
	for r, ts := range a.fn.term {
		v := a.fn.cst[r]
		for _, t := range ts {
			v += t.coef * int64(fr.S[t.slot])
		}
		if uint64(v) >= uint64(m.Sizes[r]) {
			return 0, false
		}
		p += v * m.Strides[r]
	}
	return p, uint64(p) < uint64(len(m.Buf.Data))
}

func compileAffineLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed load")
	}
	acc, err := newAffineAccess(c, op, op.Operand(0), op.Operands()[1:])
	if err != nil {
		return Compiled{}, err
	}
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		if p, ok := acc.position(fr, m); ok && m.Buf.Shadow == nil && m.Buf.Init[p] {
			fr.S[r] = m.Buf.Data[p]
			return nil
		}
		idx, err := acc.indices(fr)
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		v, err := Load(op, m, idx)
		fr.S[r] = v
		return err
	}}, nil
}

func compileAffineStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 2 {
		return Compiled{}, op.Errorf("malformed store")
	}
	acc, err := newAffineAccess(c, op, op.Operand(1), op.Operands()[2:])
	if err != nil {
		return Compiled{}, err
	}
	val, dst := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[dst]
		if p, ok := acc.position(fr, m); ok && m.Buf.Shadow == nil && !m.Buf.ReadOnly {
			m.Buf.Data[p] = fr.S[val]
			m.Buf.Init[p] = true
			return nil
		}
		idx, err := acc.indices(fr)
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		return Store(op, m, idx, fr.S[val])
	}}, nil
}

// vectorIndices enumerates the element indices of a vector access starting
// at base: the vector's shape covers the trailing dimensions.
func vectorIndices(base []int64, shape []int64, f func(idx []int64) error) error {
	n := len(shape)
	if n > len(base) {
		return errVectorRank
	}
	idx := append([]int64(nil), base...)
	off := make([]int64, n)
	for {
		for k := 0; k < n; k++ {
			idx[len(base)-n+k] = base[len(base)-n+k] + off[k]
		}
		if err := f(idx); err != nil {
			return err
		}
		if !nextIndex(off, shape) {
			return nil
		}
	}
}

type constError string

func (e constError) Error() string { return string(e) }

const errVectorRank = constError("vector rank exceeds memref rank")

func compileAffineVectorLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return Compiled{}, op.Errorf("requires a vector result")
	}
	r := c.Slot(op.Result(0))
	return compileAffineVectorAccess(c, op, 0, func(fr *Frame, m *MemRef, base []int64) error {
		out, err := loadVector(op, m, vt, base, nil, nil)
		fr.O[r] = out
		return err
	})
}

func compileAffineVectorStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, ok := op.Operand(0).Type().(*ir.VectorType); !ok {
		return Compiled{}, op.Errorf("requires a vector value")
	}
	val := c.Slot(op.Operand(0))
	return compileAffineVectorAccess(c, op, 1, func(fr *Frame, m *MemRef, base []int64) error {
		v, _ := fr.O[val].(*Vector)
		if v == nil {
			return runtimeError(op, "stored value is not a vector")
		}
		return storeVector(op, m, v, base, nil)
	})
}

// compileAffineVectorAccess compiles an affine vector load or store whose
// memref is operand mem, its map operands after it: access runs with the
// memref and the evaluated base indices. (The scalar load and store keep
// their own closures for their fast path.)
func compileAffineVectorAccess(c *Compiler, op *ir.Operation, mem int, access func(fr *Frame, m *MemRef, base []int64) error) (Compiled, error) {
	acc, err := newAffineAccess(c, op, op.Operand(mem), op.Operands()[mem+1:])
	if err != nil {
		return Compiled{}, err
	}
	slot := c.Slot(op.Operand(mem))
	return Compiled{Exec: func(fr *Frame) error {
		base, err := acc.indices(fr)
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		return access(fr, fr.M[slot], base)
	}}, nil
}

func compileDelinearize(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 1 || op.NumResults() != op.NumOperands()-1 {
		return Compiled{}, unsupported(op, "this form of delinearize_index")
	}
	in := c.Slot(op.Operand(0))
	basis := c.Slots(op.Operands()[1:])
	res := c.ResultSlots(op)
	return Compiled{Exec: func(fr *Frame) error {
		v := int64(fr.S[in])
		for i := len(basis) - 1; i >= 0; i-- {
			b := int64(fr.S[basis[i]])
			if b <= 0 {
				return runtimeError(op, "non-positive basis element %d", b)
			}
			if i == 0 {
				fr.S[res[i]] = uint64(v)
				break
			}
			fr.S[res[i]] = uint64(v % b)
			v /= b
		}
		return nil
	}}, nil
}
