package interp

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/vector"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// The vector dialect. A vector value is a *Vector in an object slot: its
// elements in register form, row-major. The semantics follow upstream's
// lowering to LLVM:
//   - vector.load/store and maskedload/maskedstore access consecutive
//     elements of the trailing memref dimensions; every access is checked,
//     so an out-of-bounds element is an error (upstream: undefined).
//   - transfer_read/transfer_write map vector dimensions to memref
//     dimensions through the permutation map (a constant 0 broadcasts); an
//     element out of bounds in a dimension not marked in_bounds, or whose
//     mask bit is clear, reads the padding and is not written. Out of
//     bounds in an in_bounds dimension is an error.
//   - reductions and contractions combine in order, rounding each step to
//     the element type; contract multiplies in the accumulator's type
//     (floats extended, integers sign-extended), then combines.
//   - vector.print writes upstream's runtime format, `( 1, 2, 3 )`, to
//     Options.Stdout (os.Stdout when nil).

// vectorType returns v's vector type, or an error located at op.
func vectorType(op *ir.Operation, v *ir.Value) (*ir.VectorType, error) {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok {
		return nil, op.Errorf("expects a vector, got %s", v.Type())
	}
	if vt.IsScalable() {
		return nil, unsupported(op, "scalable vectors")
	}
	return vt, nil
}

// vec reads the vector in slot s.
func vec(fr *Frame, op *ir.Operation, s int) (*Vector, error) {
	v, ok := fr.O[s].(*Vector)
	if !ok || v == nil {
		return nil, runtimeError(op, "operand is not a vector")
	}
	return v, nil
}

// isScalarSlot reports whether a value of type t lives in a scalar slot.
func isScalarSlot(t ir.Type) bool { return kindOf(t) == kindScalar }

// vecs reads the vectors in slots ss, in order.
func vecs(fr *Frame, op *ir.Operation, ss ...int) ([]*Vector, error) {
	out := make([]*Vector, len(ss))
	for i, s := range ss {
		v, err := vec(fr, op, s)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// vectorTypes returns the vector types of vs, or the first error.
func vectorTypes(op *ir.Operation, vs ...*ir.Value) ([]*ir.VectorType, error) {
	out := make([]*ir.VectorType, len(vs))
	for i, v := range vs {
		vt, err := vectorType(op, v)
		if err != nil {
			return nil, err
		}
		out[i] = vt
	}
	return out, nil
}

// loadVector reads a vector of type vt from m at base (its shape covering
// the trailing dimensions), the access of vector.load, vector.maskedload
// and affine.vector_load. With a mask, an element whose mask bit is clear
// is not read and keeps pass's element.
func loadVector(op *ir.Operation, m *MemRef, vt *ir.VectorType, base []int64, mask, pass *Vector) (*Vector, error) {
	out := &Vector{Type: vt, Elems: make([]uint64, vt.NumElements())}
	if pass != nil {
		copy(out.Elems, pass.Elems)
	}
	k := 0
	err := vectorIndices(append([]int64(nil), base...), vt.Dims, func(i []int64) error {
		defer func() { k++ }()
		if mask != nil && mask.Elems[k]&1 == 0 {
			return nil
		}
		v, err := Load(op, m, i)
		out.Elems[k] = v
		return err
	})
	return out, rankError(op, err)
}

// storeVector writes v to m at base, skipping the elements whose mask bit
// is clear (mask nil: all): the access of vector.store, vector.maskedstore
// and affine.vector_store.
func storeVector(op *ir.Operation, m *MemRef, v *Vector, base []int64, mask *Vector) error {
	k := 0
	err := vectorIndices(append([]int64(nil), base...), v.Type.Dims, func(i []int64) error {
		defer func() { k++ }()
		if mask != nil && mask.Elems[k]&1 == 0 {
			return nil
		}
		return Store(op, m, i, v.Elems[k])
	})
	return rankError(op, err)
}

// rankError locates errVectorRank at op; other errors already are.
func rankError(op *ir.Operation, err error) error {
	if err == errVectorRank {
		return runtimeError(op, "%v", err)
	}
	return err
}

func compileVectorLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorType(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	src, idx, r := c.Slot(op.Operand(0)), c.Slots(op.Operands()[1:]), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		out, err := loadVector(op, fr.M[src], vt, fr.gather(idx), nil, nil)
		fr.O[r] = out
		return err
	}}, nil
}

func compileVectorStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, err := vectorType(op, op.Operand(0)); err != nil {
		return Compiled{}, err
	}
	val, dst, idx := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slots(op.Operands()[2:])
	return Compiled{Exec: func(fr *Frame) error {
		v, err := vec(fr, op, val)
		if err != nil {
			return err
		}
		return storeVector(op, fr.M[dst], v, fr.gather(idx), nil)
	}}, nil
}

func compileMaskedLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorType(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	n := op.NumOperands()
	src, idx := c.Slot(op.Operand(0)), c.Slots(op.Operands()[1:n-2])
	mask, pass, r := c.Slot(op.Operand(n-2)), c.Slot(op.Operand(n-1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		mp, err := vecs(fr, op, mask, pass)
		if err != nil {
			return err
		}
		out, err := loadVector(op, fr.M[src], vt, fr.gather(idx), mp[0], mp[1])
		fr.O[r] = out
		return err
	}}, nil
}

func compileMaskedStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := op.NumOperands()
	if _, err := vectorType(op, op.Operand(n-1)); err != nil {
		return Compiled{}, err
	}
	dst, idx := c.Slot(op.Operand(0)), c.Slots(op.Operands()[1:n-2])
	mask, val := c.Slot(op.Operand(n-2)), c.Slot(op.Operand(n-1))
	return Compiled{Exec: func(fr *Frame) error {
		mv, err := vecs(fr, op, mask, val)
		if err != nil {
			return err
		}
		return storeVector(op, fr.M[dst], mv[1], fr.gather(idx), mv[0])
	}}, nil
}

// transferPlan is a transfer op's static shape: for each vector dimension
// the memref dimension it walks (-1: broadcast) and whether it is in
// bounds, and for each mask dimension the vector dimension that indexes it.
type transferPlan struct {
	vt       *ir.VectorType
	memDim   []int
	inBounds []bool
	maskDims []int
}

func newTransferPlan(op *ir.Operation, vt *ir.VectorType, m *affine.Map, inBounds []bool) (*transferPlan, error) {
	p := &transferPlan{vt: vt, memDim: make([]int, vt.Rank()), inBounds: make([]bool, vt.Rank())}
	byMem := make([]int, m.NumDims)
	for i := range byMem {
		byMem[i] = -1
	}
	for r, e := range m.Results {
		switch e := e.(type) {
		case *affine.DimExpr:
			p.memDim[r] = e.Pos
			byMem[e.Pos] = r
		case *affine.ConstantExpr:
			p.memDim[r] = -1
		default:
			return nil, op.Errorf("has a permutation map that is not a projected permutation")
		}
		if r < len(inBounds) {
			p.inBounds[r] = inBounds[r]
		}
	}
	for _, r := range byMem {
		if r >= 0 {
			p.maskDims = append(p.maskDims, r)
		}
	}
	return p, nil
}

// maskBit returns the mask element for vector position pos.
func (p *transferPlan) maskBit(mask *Vector, pos []int64) bool {
	if mask == nil {
		return true
	}
	k := int64(0)
	for i, r := range p.maskDims {
		k = k*mask.Type.Dims[i] + pos[r]
	}
	return mask.Elems[k]&1 != 0
}

// compileTransfer compiles transfer_read and transfer_write, which walk
// the vector alike.
func compileTransfer(c *Compiler, op *ir.Operation) (Compiled, error) {
	read := op.Name() == "vector.transfer_read"
	var src, vecVal *ir.Value
	var idxVals []*ir.Value
	var padSlot int
	maskVal := op.GroupOperand(3)
	if read {
		src, idxVals = op.GroupOperand(0), op.OperandGroup(1)
		if op.NumResults() == 1 && op.GroupOperand(2) != nil {
			vecVal, padSlot = op.Result(0), c.Slot(op.GroupOperand(2))
		}
	} else {
		src, idxVals, vecVal = op.GroupOperand(1), op.OperandGroup(2), op.GroupOperand(0)
	}
	if src == nil || vecVal == nil {
		return Compiled{}, op.Errorf("malformed transfer")
	}
	mt, ok := src.Type().(*ir.MemRefType)
	if !ok {
		return Compiled{}, unsupported(op, "transfers on %s (only memrefs)", src.Type())
	}
	if _, ok := mt.Elem.(*ir.VectorType); ok {
		return Compiled{}, unsupported(op, "memrefs of vectors")
	}
	vt, err := vectorType(op, vecVal)
	if err != nil {
		return Compiled{}, err
	}
	if vt.Elem != mt.Elem {
		return Compiled{}, unsupported(op, "transfers between element types %s and %s", mt.Elem, vt.Elem)
	}
	pm := vector.PermutationMap(op)
	if pm == nil {
		return Compiled{}, op.Errorf("has no permutation map")
	}
	plan, err := newTransferPlan(op, vt, pm, vector.InBounds(op))
	if err != nil {
		return Compiled{}, err
	}
	memSlot, idx, vs := c.Slot(src), c.Slots(idxVals), c.Slot(vecVal)
	maskSlot := -1
	if maskVal != nil {
		maskSlot = c.Slot(maskVal)
	}
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[memSlot]
		if m == nil {
			return runtimeError(op, "null memref")
		}
		base := append([]int64(nil), fr.gather(idx)...)
		var mask *Vector
		if maskSlot >= 0 {
			var err error
			if mask, err = vec(fr, op, maskSlot); err != nil {
				return err
			}
		}
		var data *Vector
		if read {
			data = &Vector{Type: vt, Elems: make([]uint64, vt.NumElements())}
		} else {
			var err error
			if data, err = vec(fr, op, vs); err != nil {
				return err
			}
		}
		pos := make([]int64, vt.Rank())
		at := append([]int64(nil), base...)
		for k := int64(0); k < int64(len(data.Elems)); k++ {
			copy(at, base)
			live := plan.maskBit(mask, pos)
			for r, d := range plan.memDim {
				if d < 0 {
					continue
				}
				at[d] += pos[r]
				if !plan.inBounds[r] && (at[d] < 0 || at[d] >= m.Sizes[d]) {
					live = false
				}
			}
			switch {
			case read && live:
				v, err := Load(op, m, at)
				if err != nil {
					return err
				}
				data.Elems[k] = v
			case read:
				data.Elems[k] = fr.S[padSlot]
			case live:
				if err := Store(op, m, at, data.Elems[k]); err != nil {
					return err
				}
			}
			nextIndex(pos, vt.Dims)
		}
		if read {
			fr.O[vs] = data
		}
		return nil
	}}, nil
}

// compileBroadcast compiles broadcast and splat: a scalar fills the vector;
// a vector repeats along the leading dimensions and its unit dimensions.
func compileBroadcast(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorType(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	if isScalarSlot(op.Operand(0).Type()) {
		return Compiled{Exec: func(fr *Frame) error {
			out := &Vector{Type: vt, Elems: make([]uint64, vt.NumElements())}
			for i := range out.Elems {
				out.Elems[i] = fr.S[in]
			}
			fr.O[r] = out
			return nil
		}}, nil
	}
	st, err := vectorType(op, op.Operand(0))
	if err != nil {
		return Compiled{}, err
	}
	// The source element of each result element, computed once.
	lead := vt.Rank() - st.Rank()
	from := make([]int64, vt.NumElements())
	pos := make([]int64, vt.Rank())
	srcStrides := rowMajorStrides(st.Dims)
	for k := range from {
		s := int64(0)
		for i, d := range st.Dims {
			if d != 1 {
				s += pos[lead+i] * srcStrides[i]
			}
		}
		from[k] = s
		nextIndex(pos, vt.Dims)
	}
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		out := &Vector{Type: vt, Elems: make([]uint64, len(from))}
		for k, s := range from {
			out.Elems[k] = sv.Elems[s]
		}
		fr.O[r] = out
		return nil
	}}, nil
}

// positionSlots returns an extract's or insert's position: static entries
// and, for dynamic ones, the slot of the index operand.
func positionSlots(c *Compiler, op *ir.Operation, dyn []*ir.Value) (static []int64, slots []int) {
	static = vector.Position(op)
	slots = make([]int, len(static))
	k := 0
	for i, p := range static {
		slots[i] = -1
		if p == ir.Dynamic && k < len(dyn) {
			slots[i] = c.Slot(dyn[k])
			k++
		}
	}
	return static, slots
}

// offsetOf returns the linear offset of a position in a vector of type vt
// and the size of the slice it selects; a position out of range is an error.
func offsetOf(fr *Frame, op *ir.Operation, vt *ir.VectorType, static []int64, slots []int) (int64, int64, error) {
	strides := rowMajorStrides(vt.Dims)
	off := int64(0)
	for i, p := range static {
		if slots[i] >= 0 {
			p = int64(fr.S[slots[i]])
		}
		if p < 0 || p >= vt.Dims[i] {
			return 0, 0, runtimeError(op, "position %d out of range [0, %d) in dimension %d", p, vt.Dims[i], i)
		}
		off += p * strides[i]
	}
	return off, product(vt.Dims[len(static):]), nil
}

func compileExtract(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorType(op, op.Operand(0))
	if err != nil {
		return Compiled{}, err
	}
	static, slots := positionSlots(c, op, op.Operands()[1:])
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	rt, isVec := op.Result(0).Type().(*ir.VectorType)
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		off, n, err := offsetOf(fr, op, vt, static, slots)
		if err != nil {
			return err
		}
		if isVec {
			fr.O[r] = &Vector{Type: rt, Elems: append([]uint64(nil), sv.Elems[off:off+n]...)}
		} else {
			fr.S[r] = sv.Elems[off]
		}
		return nil
	}}, nil
}

func compileInsert(c *Compiler, op *ir.Operation) (Compiled, error) {
	dt, err := vectorType(op, op.Operand(1))
	if err != nil {
		return Compiled{}, err
	}
	static, slots := positionSlots(c, op, op.Operands()[2:])
	src, dst, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	scalar := isScalarSlot(op.Operand(0).Type())
	return Compiled{Exec: func(fr *Frame) error {
		dv, err := vec(fr, op, dst)
		if err != nil {
			return err
		}
		off, n, err := offsetOf(fr, op, dt, static, slots)
		if err != nil {
			return err
		}
		out := &Vector{Type: dt, Elems: append([]uint64(nil), dv.Elems...)}
		if scalar {
			out.Elems[off] = fr.S[src]
		} else {
			sv, err := vec(fr, op, src)
			if err != nil {
				return err
			}
			copy(out.Elems[off:off+n], sv.Elems)
		}
		fr.O[r] = out
		return nil
	}}, nil
}

// sliceMap returns, for each element of a slice of shape inner placed at
// offsets in a vector of shape outer (inner covering the trailing
// dimensions), its linear index in the outer vector.
func sliceMap(outer, inner, offsets []int64) []int64 {
	lead := len(outer) - len(inner)
	strides := rowMajorStrides(outer)
	full := make([]int64, len(outer))
	for i := 0; i < lead; i++ {
		full[i] = 1
	}
	copy(full[lead:], inner)
	n := product(full)
	out := make([]int64, n)
	pos := make([]int64, len(full))
	for k := range out {
		s := int64(0)
		for i := range full {
			o := int64(0)
			if i < len(offsets) {
				o = offsets[i]
			}
			s += (o + pos[i]) * strides[i]
		}
		out[k] = s
		nextIndex(pos, full)
	}
	return out
}

func compileExtractStridedSlice(c *Compiler, op *ir.Operation) (Compiled, error) {
	ts, err := vectorTypes(op, op.Operand(0), op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	rt := ts[1]
	idx := sliceMap(ts[0].Dims, rt.Dims, vector.Offsets(op))
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		out := &Vector{Type: rt, Elems: make([]uint64, len(idx))}
		for k, s := range idx {
			out.Elems[k] = sv.Elems[s]
		}
		fr.O[r] = out
		return nil
	}}, nil
}

func compileInsertStridedSlice(c *Compiler, op *ir.Operation) (Compiled, error) {
	ts, err := vectorTypes(op, op.Operand(0), op.Operand(1))
	if err != nil {
		return Compiled{}, err
	}
	dt := ts[1]
	idx := sliceMap(dt.Dims, ts[0].Dims, vector.Offsets(op))
	src, dst, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		sd, err := vecs(fr, op, src, dst)
		if err != nil {
			return err
		}
		out := &Vector{Type: dt, Elems: append([]uint64(nil), sd[1].Elems...)}
		for k, d := range idx {
			out.Elems[d] = sd[0].Elems[k]
		}
		fr.O[r] = out
		return nil
	}}, nil
}

func compileShapeCast(c *Compiler, op *ir.Operation) (Compiled, error) {
	rt, err := vectorType(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		fr.O[r] = &Vector{Type: rt, Elems: append([]uint64(nil), sv.Elems...)}
		return nil
	}}, nil
}

// compileBitcast reinterprets the bits of each minor 1-D row, element 0
// in the low bits (little endian, as on the targets upstream lowers to).
func compileBitcast(c *Compiler, op *ir.Operation) (Compiled, error) {
	ts, err := vectorTypes(op, op.Operand(0), op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	st, rt := ts[0], ts[1]
	sw, rw := ir.BitWidth(st.Elem), ir.BitWidth(rt.Elem)
	if sw <= 0 || rw <= 0 || sw > 64 || rw > 64 {
		return Compiled{}, unsupported(op, "bitcast between %s and %s", st.Elem, rt.Elem)
	}
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		out := &Vector{Type: rt, Elems: make([]uint64, rt.NumElements())}
		bit := func(i int) uint64 { return sv.Elems[i/sw] >> uint(i%sw) & 1 }
		for k := range out.Elems {
			var v uint64
			for b := 0; b < rw; b++ {
				v |= bit(k*rw+b) << uint(b)
			}
			out.Elems[k] = v
		}
		fr.O[r] = out
		return nil
	}}, nil
}

// combiner returns the function that combines two elements of type t
// (register form) by kind k.
func combiner(op *ir.Operation, k vector.CombiningKind, t ir.Type) (func(a, b uint64) uint64, error) {
	if ft, ok := t.(*ir.FloatType); ok {
		if _, err := floatOf(op, ft); err != nil {
			return nil, err
		}
		var f func(a, b float64) float64
		switch k {
		case vector.KindAdd:
			f = func(a, b float64) float64 { return a + b }
		case vector.KindMul:
			f = func(a, b float64) float64 { return a * b }
		case vector.KindMaxNumF:
			f = ignoringNaN(math.Max)
		case vector.KindMinNumF:
			f = ignoringNaN(math.Min)
		case vector.KindMaximumF:
			f = propagatingNaN(math.Max)
		case vector.KindMinimumF:
			f = propagatingNaN(math.Min)
		default:
			return nil, op.Errorf("combining kind '%s' does not apply to %s", k, t)
		}
		return func(a, b uint64) uint64 { return encodeFloat(ft, f(decodeFloat(ft, a), decodeFloat(ft, b))) }, nil
	}
	w := ir.BitWidth(t)
	if w <= 0 || w > 64 {
		return nil, unsupported(op, "combining %s", t)
	}
	s := func(x uint64) int64 { return signExtend(x, w) }
	var f func(a, b uint64) uint64
	switch k {
	case vector.KindAdd:
		f = func(a, b uint64) uint64 { return a + b }
	case vector.KindMul:
		f = func(a, b uint64) uint64 { return a * b }
	case vector.KindMinUI:
		f = func(a, b uint64) uint64 { return min(a, b) }
	case vector.KindMaxUI:
		f = func(a, b uint64) uint64 { return max(a, b) }
	case vector.KindMinSI:
		f = func(a, b uint64) uint64 { return uint64(min(s(a), s(b))) }
	case vector.KindMaxSI:
		f = func(a, b uint64) uint64 { return uint64(max(s(a), s(b))) }
	case vector.KindAnd:
		f = func(a, b uint64) uint64 { return a & b }
	case vector.KindOr:
		f = func(a, b uint64) uint64 { return a | b }
	case vector.KindXor:
		f = func(a, b uint64) uint64 { return a ^ b }
	default:
		return nil, op.Errorf("combining kind '%s' does not apply to %s", k, t)
	}
	return func(a, b uint64) uint64 { return truncBits(f(a, b), w) }, nil
}

func compileReduction(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, err := vectorType(op, op.Operand(0)); err != nil {
		return Compiled{}, err
	}
	comb, err := combiner(op, vector.KindOf(op), op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	in, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	acc := optionalSlot(c, op, "acc")
	return Compiled{Exec: func(fr *Frame) error {
		sv, err := vec(fr, op, in)
		if err != nil {
			return err
		}
		if len(sv.Elems) == 0 {
			return runtimeError(op, "reduction of an empty vector")
		}
		v, rest := sv.Elems[0], sv.Elems[1:]
		if acc >= 0 {
			v, rest = fr.S[acc], sv.Elems
		}
		for _, e := range rest {
			v = comb(v, e)
		}
		fr.S[r] = v
		return nil
	}}, nil
}

// converter returns the function that converts an element of type from to
// type to, as contract's implicit extension does.
func converter(op *ir.Operation, from, to ir.Type) (func(uint64) uint64, error) {
	if from == to {
		return func(x uint64) uint64 { return x }, nil
	}
	ff, fromFloat := from.(*ir.FloatType)
	tf, toFloat := to.(*ir.FloatType)
	switch {
	case fromFloat && toFloat:
		return func(x uint64) uint64 { return encodeFloat(tf, decodeFloat(ff, x)) }, nil
	case !fromFloat && !toFloat:
		fw, tw := ir.BitWidth(from), ir.BitWidth(to)
		return func(x uint64) uint64 { return truncBits(uint64(signExtend(x, fw)), tw) }, nil
	}
	return nil, unsupported(op, "contraction of %s into %s", from, to)
}

func compileContract(c *Compiler, op *ir.Operation) (Compiled, error) {
	ts, err := vectorTypes(op, op.Operand(0), op.Operand(1))
	if err != nil {
		return Compiled{}, err
	}
	lt, rt := ts[0], ts[1]
	accT := op.Operand(2).Type()
	at, accIsVec := accT.(*ir.VectorType)
	et := ir.ElementTypeOrSelf(accT)
	maps, iters := vector.IndexingMaps(op), vector.IteratorTypes(op)
	if len(maps) != 3 {
		return Compiled{}, op.Errorf("malformed contraction")
	}
	kind := vector.KindOf(op)
	comb, err := combiner(op, kind, et)
	if err != nil {
		return Compiled{}, err
	}
	mul, err := combiner(op, vector.KindMul, et)
	if err != nil {
		return Compiled{}, err
	}
	cl, err := converter(op, lt.Elem, et)
	if err != nil {
		return Compiled{}, err
	}
	cr, err := converter(op, rt.Elem, et)
	if err != nil {
		return Compiled{}, err
	}
	// Iteration extents from the operands' shapes.
	extent := make([]int64, len(iters))
	for k, dims := range [][]int64{lt.Dims, rt.Dims, shapeOrNil(at)} {
		for r, e := range maps[k].Results {
			if d, ok := e.(*affine.DimExpr); ok && r < len(dims) {
				extent[d.Pos] = dims[r]
			}
		}
	}
	lin := func(m *affine.Map, dims []int64, pos []int64) int64 {
		s := int64(0)
		for r, e := range m.Results {
			s = s*dims[r] + pos[e.(*affine.DimExpr).Pos]
		}
		return s
	}
	l, rr, a, res := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		xy, err := vecs(fr, op, l, rr)
		if err != nil {
			return err
		}
		x, y := xy[0], xy[1]
		var out []uint64
		if accIsVec {
			av, err := vec(fr, op, a)
			if err != nil {
				return err
			}
			out = append([]uint64(nil), av.Elems...)
		} else {
			out = []uint64{fr.S[a]}
		}
		// Walk the iteration space row-major, so each accumulator
		// element combines its products in reduction order.
		pos := make([]int64, len(iters))
		for n := product(extent); n > 0; n-- {
			p := mul(cl(x.Elems[lin(maps[0], lt.Dims, pos)]), cr(y.Elems[lin(maps[1], rt.Dims, pos)]))
			k := int64(0)
			if accIsVec {
				k = lin(maps[2], at.Dims, pos)
			}
			out[k] = comb(out[k], p)
			nextIndex(pos, extent)
		}
		if accIsVec {
			fr.O[res] = &Vector{Type: at, Elems: out}
		} else {
			fr.S[res] = out[0]
		}
		return nil
	}}, nil
}

func shapeOrNil(t *ir.VectorType) []int64 {
	if t == nil {
		return nil
	}
	return t.Dims
}

// compileMask compiles create_mask and constant_mask: an element is set
// when each of its indices is below its dimension's bound.
func compileMask(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorType(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	bounds := c.OperandSlots(op)
	static := vector.MaskDimSizes(op)
	r := c.Slot(op.Result(0))
	dims := vt.Dims
	if len(dims) == 0 {
		dims = []int64{1} // a 0-D mask has one bound
	}
	return Compiled{Exec: func(fr *Frame) error {
		lim := make([]int64, len(dims))
		for i := range lim {
			switch {
			case op.Name() == "vector.constant_mask" && i < len(static):
				lim[i] = static[i]
			case i < len(bounds):
				lim[i] = int64(fr.S[bounds[i]])
			}
		}
		out := &Vector{Type: vt, Elems: make([]uint64, product(dims))}
		pos := make([]int64, len(dims))
		for k := range out.Elems {
			set := uint64(1)
			for i, p := range pos {
				if p >= lim[i] {
					set = 0
				}
			}
			out.Elems[k] = set
			nextIndex(pos, dims)
		}
		fr.O[r] = out
		return nil
	}}, nil
}

// punctuationText is what each punctuation prints, as upstream's runtime.
var punctuationText = map[vector.Punctuation]string{
	vector.NoPunctuation: "", vector.NewLine: "\n", vector.Comma: ", ", vector.Open: "( ", vector.Close: " )",
}

func compilePrint(c *Compiler, op *ir.Operation) (Compiled, error) {
	punct := vector.NewLine
	if p, ok := op.Attr("punctuation").(*vector.PunctuationAttr); ok {
		punct = p.Value
	}
	tail := punctuationText[punct]
	str := ""
	if s, ok := op.Attr("stringLiteral").(*ir.StringAttr); ok {
		str = s.Value
	}
	src, t := -1, ir.Type(nil)
	if op.NumOperands() > 0 {
		src, t = c.Slot(op.Operand(0)), op.Operand(0).Type()
	}
	return Compiled{Exec: func(fr *Frame) error {
		var b strings.Builder
		b.WriteString(str)
		if src >= 0 {
			if vt, ok := t.(*ir.VectorType); ok {
				v, err := vec(fr, op, src)
				if err != nil {
					return err
				}
				writeVector(&b, vt.Elem, vt.Dims, v.Elems)
			} else {
				b.WriteString(printScalar(t, fr.S[src]))
			}
		}
		b.WriteString(tail)
		var w io.Writer = os.Stdout
		if fr.Machine.opts.Stdout != nil {
			w = fr.Machine.opts.Stdout
		}
		_, err := io.WriteString(w, b.String())
		return err
	}}, nil
}

// writeVector prints `( e, e, ... )`, nested per dimension (a 0-D vector
// prints its element alone).
func writeVector(b *strings.Builder, elem ir.Type, dims []int64, elems []uint64) {
	if len(dims) == 0 {
		b.WriteString(printScalar(elem, elems[0]))
		return
	}
	inner := product(dims[1:])
	b.WriteString("( ")
	for i := int64(0); i < dims[0]; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		writeVector(b, elem, dims[1:], elems[i*inner:(i+1)*inner])
	}
	b.WriteString(" )")
}

// printScalar formats one element as upstream's runtime does: floats with
// %g, signless integers signed (i1 as 0 or 1), unsigned integers and index unsigned.
func printScalar(t ir.Type, bits uint64) string {
	switch t := t.(type) {
	case *ir.FloatType:
		return formatG(decodeFloat(t, bits))
	case *ir.IntegerType:
		if t.Width == 1 || t.Signedness == ir.Unsigned {
			return strconv.FormatUint(bits, 10)
		}
		return strconv.FormatInt(signExtend(bits, t.Width), 10)
	case *ir.IndexType:
		return strconv.FormatUint(bits, 10)
	}
	return fmt.Sprintf("0x%x", bits)
}

// formatG is C's %g: six significant digits, trailing zeros dropped, inf and nan spelled as glibc does.
func formatG(v float64) string {
	switch {
	case math.IsNaN(v):
		if math.Signbit(v) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(v, 'g', 6, 64)
	// Go writes exponents as e+06 like C, but keeps trailing zeros out
	// already; only the exponent's minimum width differs (C: two digits).
	if i := strings.IndexAny(s, "e"); i >= 0 {
		mant, exp := s[:i], s[i+1:]
		sign := exp[:1]
		digits := strings.TrimLeft(exp[1:], "0")
		for len(digits) < 2 {
			digits = "0" + digits
		}
		s = mant + "e" + sign + digits
	}
	return s
}
