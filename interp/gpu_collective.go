package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

// The gpu dialect's collective ops, declared through the public mechanism
// (Compiler.Collective, Frame.Arrive) that any dialect's handlers use. They
// run in kernels and, as the one thread of a one-thread block, on the host
// (thread.go).

// CollectiveKernel registers op as the collective k (as Collective does) and
// returns its compiled form: each thread arrives with in(fr) and, once the
// collective has completed, out stores the thread's share of the result
// (out may be nil). Every collective op of the gpu dialect compiles so.
func (c *Compiler) CollectiveKernel(op *ir.Operation, k Collective, in func(fr *Frame) Arrival, out func(fr *Frame, a *Arrival)) (Compiled, error) {
	co, err := c.Collective(op, k)
	if err != nil {
		return Compiled{}, err
	}
	return Compiled{Exec: func(fr *Frame) error {
		a, err := fr.Arrive(co, in(fr))
		if err != nil {
			return err
		}
		if out != nil {
			out(fr, a)
		}
		return nil
	}}, nil
}

func compileBarrier(c *Compiler, op *ir.Operation) (Compiled, error) {
	return c.CollectiveKernel(op, Collective{Scope: BlockScope},
		func(fr *Frame) Arrival { return Arrival{} },
		nil)
}

// ---- shuffle ----

func compileShuffle(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 3 || op.NumResults() != 2 {
		return Compiled{}, op.Errorf("malformed shuffle")
	}
	mode := gpu.EnumValue(op, "mode")
	width := ir.BitWidth(op.Operand(0).Type())
	v, off, w := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2))
	r, ok := c.Slot(op.Result(0)), c.Slot(op.Result(1))
	combine := func(lanes []*Arrival) error {
		for i, l := range lanes {
			offset, wd := int64(int32(l.In[1])), int64(int32(l.In[2]))
			if wd <= 0 || wd > warpSize {
				return runtimeError(op, "shuffle width %d is not in [1, %d] in %s", wd, warpSize, l.Thread)
			}
			lane := int64(i)
			base, rel := lane-lane%wd, lane%wd
			var src int64
			switch mode {
			case "xor":
				src = rel ^ offset
			case "down":
				src = rel + offset
			case "up":
				src = rel - offset
			default:
				src = offset
			}
			if src >= 0 && src < wd && base+src < int64(len(lanes)) {
				l.Out = [2]uint64{truncBits(lanes[base+src].In[0], width), 1}
			} else {
				l.Out = [2]uint64{l.In[0], 0}
			}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[v], fr.S[off], fr.S[w]}} },
		func(fr *Frame, a *Arrival) { fr.S[r], fr.S[ok] = a.Out[0], a.Out[1] })
}

// ---- reductions ----

// reduceCombiner returns the binary operation of a gpu all_reduce_op on scalars of type t.
func reduceCombiner(op *ir.Operation, kind string, t ir.Type) (func(a, b uint64) uint64, error) {
	if ft, ok := t.(*ir.FloatType); ok && isSupportedFloat(ft) {
		f := func(g func(x, y float64) float64) func(a, b uint64) uint64 {
			return func(a, b uint64) uint64 {
				return encodeFloat(ft, g(decodeFloat(ft, a), decodeFloat(ft, b)))
			}
		}
		switch kind {
		case "add":
			return f(func(x, y float64) float64 { return x + y }), nil
		case "mul":
			return f(func(x, y float64) float64 { return x * y }), nil
		case "minnumf":
			return f(ignoringNaN(math.Min)), nil
		case "maxnumf":
			return f(ignoringNaN(math.Max)), nil
		case "minimumf":
			return f(math.Min), nil
		case "maximumf":
			return f(math.Max), nil
		}
	}
	if ir.IsIntOrIndex(t) {
		w := ir.BitWidth(t)
		s := func(a uint64) int64 { return signExtend(a, w) }
		switch kind {
		case "add":
			return func(a, b uint64) uint64 { return truncBits(a+b, w) }, nil
		case "mul":
			return func(a, b uint64) uint64 { return truncBits(a*b, w) }, nil
		case "minsi":
			return func(a, b uint64) uint64 { return truncBits(uint64(min(s(a), s(b))), w) }, nil
		case "maxsi":
			return func(a, b uint64) uint64 { return truncBits(uint64(max(s(a), s(b))), w) }, nil
		case "minui":
			return func(a, b uint64) uint64 { return min(a, b) }, nil
		case "maxui":
			return func(a, b uint64) uint64 { return max(a, b) }, nil
		case "and":
			return func(a, b uint64) uint64 { return a & b }, nil
		case "or":
			return func(a, b uint64) uint64 { return a | b }, nil
		case "xor":
			return func(a, b uint64) uint64 { return a ^ b }, nil
		}
	}
	return nil, unsupported(op, "reduction '%s' on %s", kind, t)
}

// compileReduce compiles gpu.subgroup_reduce (over a warp) and gpu.all_reduce
// with an operation attribute (over the block). Values are combined in lane
// (thread) order.
func compileReduce(block bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		if op.NumOperands() != 1 || op.NumResults() != 1 {
			return Compiled{}, op.Errorf("malformed reduction")
		}
		kind := gpu.EnumValue(op, "op")
		if kind == "" {
			return Compiled{}, unsupported(op, "reductions with a body region")
		}
		f, err := reduceCombiner(op, kind, op.Operand(0).Type())
		if err != nil {
			return Compiled{}, err
		}
		v, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
		combine := func(ts []*Arrival) error {
			acc := ts[0].In[0]
			for _, t := range ts[1:] {
				acc = f(acc, t.In[0])
			}
			for _, t := range ts {
				t.Out[0] = acc
			}
			return nil
		}
		scope := WarpScope
		if block {
			scope = BlockScope
		}
		return c.CollectiveKernel(op, Collective{Scope: scope, Combine: combine},
			func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[v]}} },
			func(fr *Frame, a *Arrival) { fr.S[r] = a.Out[0] })
	}
}

// ---- warp matrix (WMMA) ops ----

// mmaFragment is the value of a !gpu.mma_matrix: a row-major matrix owned by
// the whole warp (every lane holds the same immutable fragment).
type mmaFragment struct {
	Type *gpu.MMAMatrixType
	// Data holds Rows*Cols elements in register form, row-major.
	Data []uint64
}

func newFragment(t *gpu.MMAMatrixType) *mmaFragment {
	return &mmaFragment{Type: t, Data: make([]uint64, t.Rows*t.Cols)}
}

// sameObjects checks that every lane passed the same fragments (slot i of obj).
func sameObjects(op *ir.Operation, lanes []*Arrival, n int) error {
	for _, l := range lanes[1:] {
		for i := 0; i < n; i++ {
			if l.Obj[i] != lanes[0].Obj[i] {
				return op.Errorf("operand #%d differs between lane 0 and lane %d of the warp", i, l.Thread.LaneID())
			}
		}
	}
	return nil
}

// sameAccess checks that every lane names the same memory for a fragment load or store.
func sameAccess(op *ir.Operation, lanes []*Arrival) error {
	c0 := lanes[0]
	for _, c := range lanes[1:] {
		same := c.Ref != nil && c0.Ref != nil && c.Ref.Buf == c0.Ref.Buf && c.Ref.Offset == c0.Ref.Offset && len(c.Idx) == len(c0.Idx)
		for i := 0; same && i < len(c.Idx); i++ {
			same = c.Idx[i] == c0.Idx[i]
		}
		if !same {
			return op.Errorf("lanes 0 and %d of the warp access different matrices (indices %s and %s)",
				c.Thread.LaneID(), fmtIndex(c0.Idx), fmtIndex(c.Idx))
		}
	}
	return nil
}

// fragmentIndex returns the memref index of fragment element (r, c) stored
// from idx with leading dimension ld (column-major when transpose).
func fragmentIndex(op *ir.Operation, m *MemRef, idx []int64, ld int64, transpose bool, r, c int64, out []int64) ([]int64, error) {
	if transpose {
		r, c = c, r
	}
	out = append(out[:0], idx...)
	n := len(out)
	switch {
	case n == 0:
		return nil, unsupported(op, "a 0-d memref")
	case n == 1:
		out[0] += r*ld + c
	case m.layout == nil && m.Strides[n-2] == ld:
		out[n-2] += r
		out[n-1] += c
	default:
		return nil, unsupported(op, "leadDimension %d different from the row stride of %s", ld, m.Type)
	}
	return out, nil
}

func mmaAttrs(op *ir.Operation) (ld int64, transpose bool, err error) {
	a, ok := op.Attr("leadDimension").(*ir.IntegerAttr)
	if !ok {
		return 0, false, op.Errorf("requires attribute 'leadDimension'")
	}
	return a.Int(), op.HasAttr("transpose"), nil
}

func compileMMALoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	rt, ok := op.Result(0).Type().(*gpu.MMAMatrixType)
	if !ok || op.NumOperands() < 1 {
		return Compiled{}, op.Errorf("malformed subgroup_mma_load_matrix")
	}
	ld, transpose, err := mmaAttrs(op)
	if err != nil {
		return Compiled{}, err
	}
	src, idx, r := c.Slot(op.Operand(0)), c.Slots(op.Operands()[1:]), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		if err := sameAccess(op, lanes); err != nil {
			return err
		}
		c0 := lanes[0]
		f := newFragment(rt)
		var e []int64
		for i := int64(0); i < rt.Rows; i++ {
			for j := int64(0); j < rt.Cols; j++ {
				var err error
				if e, err = fragmentIndex(op, c0.Ref, c0.Idx, ld, transpose, i, j, e); err != nil {
					return err
				}
				if f.Data[i*rt.Cols+j], err = Load(op, c0.Ref, e); err != nil {
					return err
				}
			}
		}
		for _, l := range lanes {
			l.OutObj = f
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Ref: fr.M[src], Idx: fr.gather(idx)} },
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

func compileMMAStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 2 {
		return Compiled{}, op.Errorf("malformed subgroup_mma_store_matrix")
	}
	ld, transpose, err := mmaAttrs(op)
	if err != nil {
		return Compiled{}, err
	}
	val, dst, idx := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slots(op.Operands()[2:])
	combine := func(lanes []*Arrival) error {
		if err := sameAccess(op, lanes); err != nil {
			return err
		}
		if err := sameObjects(op, lanes, 1); err != nil {
			return err
		}
		c0 := lanes[0]
		f, ok := c0.Obj[0].(*mmaFragment)
		if !ok {
			return runtimeError(op, "store of an undefined matrix fragment")
		}
		var e []int64
		for i := int64(0); i < f.Type.Rows; i++ {
			for j := int64(0); j < f.Type.Cols; j++ {
				var err error
				if e, err = fragmentIndex(op, c0.Ref, c0.Idx, ld, transpose, i, j, e); err != nil {
					return err
				}
				if err := Store(op, c0.Ref, e, f.Data[i*f.Type.Cols+j]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Ref: fr.M[dst], Idx: fr.gather(idx), Obj: [3]any{fr.O[val]}} },
		nil)
}

// mmaScalar decodes a fragment element to float64 (integers by their signedness).
func mmaScalar(t ir.Type, bits uint64) float64 {
	switch t := t.(type) {
	case *ir.FloatType:
		return decodeFloat(t, bits)
	case *ir.IntegerType:
		if t.Signedness == ir.Unsigned {
			return float64(truncBits(bits, t.Width))
		}
		return float64(signExtend(bits, t.Width))
	}
	return 0
}

func mmaEncode(t ir.Type, v float64) uint64 {
	switch t := t.(type) {
	case *ir.FloatType:
		return encodeFloat(t, v)
	case *ir.IntegerType:
		return truncBits(uint64(int64(v)), t.Width)
	}
	return 0
}

// compileMMACompute computes D = A*B + C. Each element is accumulated in
// float64 (f16 products and their sums up to K=16 are exact there) and
// rounded once to the accumulator type; integer fragments use exact integer
// arithmetic wrapped to the accumulator width.
func compileMMACompute(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed subgroup_mma_compute")
	}
	rt, ok := op.Result(0).Type().(*gpu.MMAMatrixType)
	if !ok {
		return Compiled{}, op.Errorf("malformed subgroup_mma_compute")
	}
	aT, bT := op.HasAttr("a_transpose"), op.HasAttr("b_transpose")
	sa, sb, sc, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Result(0))
	_, intAcc := rt.Elem.(*ir.IntegerType)
	combine := func(lanes []*Arrival) error {
		if err := sameObjects(op, lanes, 3); err != nil {
			return err
		}
		a, ok1 := lanes[0].Obj[0].(*mmaFragment)
		bm, ok2 := lanes[0].Obj[1].(*mmaFragment)
		cm, ok3 := lanes[0].Obj[2].(*mmaFragment)
		if !ok1 || !ok2 || !ok3 {
			return runtimeError(op, "use of an undefined matrix fragment")
		}
		at := func(f *mmaFragment, i, j int64, tr bool) float64 {
			if tr {
				i, j = j, i
			}
			return mmaScalar(f.Type.Elem, f.Data[i*f.Type.Cols+j])
		}
		kDim := a.Type.Cols
		if aT {
			kDim = a.Type.Rows
		}
		d := newFragment(rt)
		for i := int64(0); i < rt.Rows; i++ {
			for j := int64(0); j < rt.Cols; j++ {
				if intAcc {
					acc := int64(mmaScalar(cm.Type.Elem, cm.Data[i*rt.Cols+j]))
					for k := int64(0); k < kDim; k++ {
						acc += int64(at(a, i, k, aT)) * int64(at(bm, k, j, bT))
					}
					d.Data[i*rt.Cols+j] = mmaEncode(rt.Elem, float64(acc))
					continue
				}
				acc := mmaScalar(cm.Type.Elem, cm.Data[i*rt.Cols+j])
				for k := int64(0); k < kDim; k++ {
					acc += at(a, i, k, aT) * at(bm, k, j, bT)
				}
				d.Data[i*rt.Cols+j] = mmaEncode(rt.Elem, acc)
			}
		}
		for _, l := range lanes {
			l.OutObj = d
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Obj: [3]any{fr.O[sa], fr.O[sb], fr.O[sc]}} },
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

func compileMMAConstant(c *Compiler, op *ir.Operation) (Compiled, error) {
	rt, ok := op.Result(0).Type().(*gpu.MMAMatrixType)
	if !ok || op.NumOperands() != 1 {
		return Compiled{}, op.Errorf("malformed subgroup_mma_constant_matrix")
	}
	v, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		x := lanes[0].In[0]
		for _, l := range lanes[1:] {
			if l.In[0] != x {
				return op.Errorf("value differs between lane 0 and lane %d of the warp", l.Thread.LaneID())
			}
		}
		f := newFragment(rt)
		for i := range f.Data {
			f.Data[i] = x
		}
		for _, l := range lanes {
			l.OutObj = f
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[v]}} },
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

// mmaElementwiseKernel returns the scalar function of an mma_element_wise op
// over decoded values (x: first operand, y: second).
func mmaElementwiseKernel(op *ir.Operation, kind string) (func(x, y float64) float64, error) {
	switch kind {
	case "addf", "addi":
		return func(x, y float64) float64 { return x + y }, nil
	case "subf", "subi":
		return func(x, y float64) float64 { return x - y }, nil
	case "mulf", "muli":
		return func(x, y float64) float64 { return x * y }, nil
	case "divf":
		return func(x, y float64) float64 { return x / y }, nil
	case "divs", "divu":
		return func(x, y float64) float64 {
			if y == 0 {
				return 0
			}
			return math.Trunc(x / y)
		}, nil
	case "maxf":
		return math.Max, nil
	case "minf":
		return math.Min, nil
	case "negatef", "negates":
		return func(x, _ float64) float64 { return -x }, nil
	case "extf":
		return func(x, _ float64) float64 { return x }, nil
	}
	return nil, unsupported(op, "elementwise operation '%s'", kind)
}

func compileMMAElementwise(c *Compiler, op *ir.Operation) (Compiled, error) {
	rt, ok := op.Result(0).Type().(*gpu.MMAMatrixType)
	if !ok || op.NumOperands() < 1 || op.NumOperands() > 2 {
		return Compiled{}, op.Errorf("malformed subgroup_mma_elementwise")
	}
	kind := gpu.EnumValue(op, "opType")
	f, err := mmaElementwiseKernel(op, kind)
	if err != nil {
		return Compiled{}, err
	}
	if kind == "divs" || kind == "divu" {
		return Compiled{}, unsupported(op, "integer division of fragments")
	}
	ins := c.Slots(op.Operands())
	r := c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		if err := sameObjects(op, lanes, len(ins)); err != nil {
			return err
		}
		var fs [2]*mmaFragment
		for i := range ins {
			var ok bool
			if fs[i], ok = lanes[0].Obj[i].(*mmaFragment); !ok {
				return runtimeError(op, "use of an undefined matrix fragment")
			}
		}
		d := newFragment(rt)
		for i := range d.Data {
			x := mmaScalar(fs[0].Type.Elem, fs[0].Data[i])
			y := 0.0
			if fs[1] != nil {
				y = mmaScalar(fs[1].Type.Elem, fs[1].Data[i])
			}
			d.Data[i] = mmaEncode(rt.Elem, f(x, y))
		}
		for _, l := range lanes {
			l.OutObj = d
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine}, func(fr *Frame) Arrival {
		var obj [3]any
		for i, s := range ins {
			obj[i] = fr.O[s]
		}
		return Arrival{Obj: obj}
	}, func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}
