package interp

import (
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// The nvvm dialect's warp matrix ops (nvvm.wmma.load, nvvm.wmma.mma,
// nvvm.wmma.store) as warp collectives: every lane of the warp brings its
// operands, the collective runs once over the whole warp, and each lane
// takes back its own registers, an *Aggregate (the op's !llvm.struct) of
// vector<2xf16> registers (f16 fragments) or f32 / i32 scalars.
//
// Fragment layout. PTX leaves the distribution of a WMMA fragment over the
// lanes opaque to programs; any layout consistent between load, mma and
// store is correct. For m16n16k16 the interpreter uses the layout sm_80
// tensor cores use for it, two mma.m16n8k16 tiles side by side, with g =
// lane / 4 and t = lane % 4, and e the element index within the lane's
// registers (two per vector<2xf16> register):
//
//	A (16 x 16, m x k), e in 0..7:  row g + 8*(e/2 % 2), col 2t + e%2 + 8*(e/4)
//	B (16 x 16, k x n), e in 0..7:  row 2t + e%2 + 8*(e/2 % 2), col g + 8*(e/4)
//	C, D (16 x 16, m x n), e in 0..7: as A
//
// A and B fragments have 16 elements per lane, twice the 256 / 32 that
// cover the matrix: elements 8..15 repeat elements 0..7. Other geometries
// (m32n8k16, m8n32k16) use element e of lane l = the (32e + l) mod (rows *
// cols)-th element of the matrix in row-major order. The registers are
// read from memory row by row (row layout) or column by column (col
// layout), rows or columns stride elements apart, through Pointer
// accesses with every check.

// wmmaFragment describes one fragment kind: its logical matrix shape and
// the registers one lane holds of it.
type wmmaFragment struct {
	frag       string // a, b or c
	rows, cols int64
	elem       *ir.FloatType // f16 or f32 elements (the only kinds run)
	reg        ir.Type       // vector<2xf16> or f32
	perReg     int           // elements per register
	regs       int           // registers per lane
}

// elements returns the number of elements each lane holds.
func (f *wmmaFragment) elements() int { return f.perReg * f.regs }

// position returns the (row, col) of element e of lane.
func (f *wmmaFragment) position(lane, e int) (int64, int64) {
	if f.rows == 16 && f.cols == 16 {
		g, t := int64(lane/4), int64(lane%4)
		e %= 8
		lo, mid, hi := int64(e%2), int64(e/2%2), int64(e/4)
		if f.frag == "b" {
			return 2*t + lo + 8*mid, g + 8*hi
		}
		return g + 8*mid, 2*t + lo + 8*hi
	}
	i := (int64(e)*warpSize + int64(lane)) % (f.rows * f.cols)
	return i / f.cols, i % f.cols
}

// newWMMAFragment returns the fragment of kind frag and PTX element type
// eltype of an m x n x k op, or an error for the kinds not run.
func newWMMAFragment(op *ir.Operation, eltype, frag string, m, n, k int64) (*wmmaFragment, error) {
	f := &wmmaFragment{frag: frag, rows: m, cols: n}
	switch frag {
	case "a":
		f.cols = k
	case "b":
		f.rows = k
	}
	reg, count, ok := nvvm.FragmentType(eltype, frag, m, n, k)
	if !ok || (eltype != "f16" && eltype != "f32") {
		return nil, unsupported(op, "WMMA fragments of %s elements", eltype)
	}
	f.reg, f.regs = reg, count
	switch eltype {
	case "f16":
		f.elem, f.perReg = ir.F16, 2
	default:
		f.elem, f.perReg = ir.F32, 1
	}
	if f.rows*f.cols > int64(f.elements()*warpSize) {
		return nil, unsupported(op, "an m%dn%dk%d %s fragment", m, n, k, frag)
	}
	return f, nil
}

// wmmaShape reads the m, n and k attributes.
func wmmaShape(op *ir.Operation) (int64, int64, int64) {
	get := func(name string) int64 {
		if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
			return a.Int()
		}
		return 0
	}
	return get("m"), get("n"), get("k")
}

// matrix is a fragment gathered from (or to be spread over) a warp:
// rows*cols elements in register form, row-major, with a set bit each.
type matrix struct {
	f    *wmmaFragment
	data []uint64
	set  []bool
}

func newMatrix(f *wmmaFragment) *matrix {
	return &matrix{f: f, data: make([]uint64, f.rows*f.cols), set: make([]bool, f.rows*f.cols)}
}

// gather builds the matrix from each lane's registers.
func (f *wmmaFragment) gather(op *ir.Operation, lanes [][]Value) (*matrix, error) {
	m := newMatrix(f)
	for l, regs := range lanes {
		if len(regs) != f.regs {
			return nil, runtimeError(op, "lane %d holds %d registers of a %s fragment, want %d", l, len(regs), f.frag, f.regs)
		}
		for e := 0; e < f.elements(); e++ {
			r, c := f.position(l, e)
			i := r*f.cols + c
			if m.set[i] {
				continue // a repeated element: the first copy counts
			}
			v := regs[e/f.perReg]
			if f.perReg > 1 {
				if v.Vec == nil {
					return nil, runtimeError(op, "use of an undefined register of a %s fragment", f.frag)
				}
				m.data[i] = v.Vec.Elems[e%f.perReg]
			} else {
				m.data[i] = v.Bits
			}
			m.set[i] = true
		}
	}
	return m, nil
}

// spread returns lane's registers of m.
func (f *wmmaFragment) spread(m *matrix, lane int) []Value {
	regs := make([]Value, f.regs)
	for j := range regs {
		if f.perReg > 1 {
			vt := f.reg.(*ir.VectorType)
			vec := &Vector{Type: vt, Elems: make([]uint64, f.perReg)}
			for p := 0; p < f.perReg; p++ {
				r, c := f.position(lane, j*f.perReg+p)
				vec.Elems[p] = m.data[r*f.cols+c]
			}
			regs[j] = Value{Type: vt, Vec: vec}
			continue
		}
		r, c := f.position(lane, j)
		regs[j] = Value{Type: f.reg, Bits: m.data[r*f.cols+c]}
	}
	return regs
}

// wmmaAddress returns the pointer to element (r, c) of a fragment at p
// whose rows (columns, for the col layout) are stride elements apart.
func wmmaAddress(p Pointer, f *wmmaFragment, col bool, stride, r, c int64) Pointer {
	if col {
		r, c = c, r
	}
	return p.Add((r*stride + c) * ByteSize(f.elem))
}

// warpArrivals checks that the collective runs over a full warp with the
// same pointer and stride in every lane.
func warpArrivals(op *ir.Operation, lanes []*Arrival) (Pointer, int64, error) {
	if len(lanes) != warpSize {
		return Pointer{}, 0, runtimeError(op, "needs a full warp of %d lanes, got %d", warpSize, len(lanes))
	}
	p0, ok := lanes[0].Obj[0].(Pointer)
	if !ok {
		return Pointer{}, 0, runtimeError(op, "use of an undefined pointer")
	}
	for _, l := range lanes[1:] {
		if p, _ := l.Obj[0].(Pointer); p != p0 || l.In[0] != lanes[0].In[0] {
			return Pointer{}, 0, op.Errorf("lanes 0 and %d of the warp pass different pointers or strides", l.Thread.LaneID())
		}
	}
	return p0, int64(int32(lanes[0].In[0])), nil
}

func compileWMMALoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed nvvm.wmma.load")
	}
	m, n, k := wmmaShape(op)
	f, err := newWMMAFragment(op, nvvm.EnumValue(op, "eltype"), nvvm.EnumValue(op, "frag"), m, n, k)
	if err != nil {
		return Compiled{}, err
	}
	col := nvvm.EnumValue(op, "layout") == "col"
	rt := op.Result(0).Type()
	ptr, stride, res := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		p, ld, err := warpArrivals(op, lanes)
		if err != nil {
			return err
		}
		mat := newMatrix(f)
		for r := int64(0); r < f.rows; r++ {
			for cc := int64(0); cc < f.cols; cc++ {
				v, err := LoadPointer(op, wmmaAddress(p, f, col, ld, r, cc), f.elem)
				if err != nil {
					return err
				}
				mat.data[r*f.cols+cc] = v.Bits
			}
		}
		for i, l := range lanes {
			l.OutObj = NewAggregate(rt, f.spread(mat, i))
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[stride]}, Obj: [3]any{fr.O[ptr]}} },
		func(fr *Frame, a *Arrival) { fr.O[res] = a.OutObj })
}

func compileWMMAStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 3 {
		return Compiled{}, op.Errorf("malformed nvvm.wmma.store")
	}
	m, n, k := wmmaShape(op)
	f, err := newWMMAFragment(op, nvvm.EnumValue(op, "eltype"), "c", m, n, k)
	if err != nil {
		return Compiled{}, err
	}
	col := nvvm.EnumValue(op, "layout") == "col"
	args := op.Operands()[1 : op.NumOperands()-1]
	ptr, stride := c.Slot(op.Operand(0)), c.Slot(op.Operand(op.NumOperands()-1))
	argSlots, argTypes := c.Slots(args), wmmaTypes(args)
	combine := func(lanes []*Arrival) error {
		p, ld, err := warpArrivals(op, lanes)
		if err != nil {
			return err
		}
		regs := make([][]Value, len(lanes))
		for i, l := range lanes {
			regs[i] = l.Obj[1].([]Value)
		}
		mat, err := f.gather(op, regs)
		if err != nil {
			return err
		}
		for r := int64(0); r < f.rows; r++ {
			for cc := int64(0); cc < f.cols; cc++ {
				v := Value{Type: f.elem, Bits: mat.data[r*f.cols+cc]}
				if err := StorePointer(op, wmmaAddress(p, f, col, ld, r, cc), v); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival {
			return Arrival{In: [3]uint64{fr.S[stride]}, Obj: [3]any{fr.O[ptr], fr.wmmaValues(argSlots, argTypes)}}
		}, nil)
}

// compileWMMAMma computes D = A * B + C over the warp. Each element is
// accumulated in float64 (f16 products and their sums over k = 16 are
// exact there) and rounded once to the accumulator type, as the
// gpu.subgroup_mma_compute handler does, so that the lowering is checked
// bit for bit.
func compileWMMAMma(c *Compiler, op *ir.Operation) (Compiled, error) {
	m, n, k := wmmaShape(op)
	ta, tc := nvvm.EnumValue(op, "eltypeA"), nvvm.EnumValue(op, "eltypeB")
	fa, err := newWMMAFragment(op, ta, "a", m, n, k)
	if err != nil {
		return Compiled{}, err
	}
	fb, err := newWMMAFragment(op, ta, "b", m, n, k)
	if err != nil {
		return Compiled{}, err
	}
	fc, err := newWMMAFragment(op, tc, "c", m, n, k)
	if err != nil {
		return Compiled{}, err
	}
	if op.NumOperands() != fa.regs+fb.regs+fc.regs || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed nvvm.wmma.mma")
	}
	// layoutA and layoutB say how A and B were loaded; wmma.load puts
	// their registers in the logical order either way.
	rt := op.Result(0).Type()
	slots, types := c.Slots(op.Operands()), wmmaTypes(op.Operands())
	res := c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		if len(lanes) != warpSize {
			return runtimeError(op, "needs a full warp of %d lanes, got %d", warpSize, len(lanes))
		}
		var parts [3][][]Value
		for _, l := range lanes {
			all := l.Obj[0].([]Value)
			parts[0] = append(parts[0], all[:fa.regs])
			parts[1] = append(parts[1], all[fa.regs:fa.regs+fb.regs])
			parts[2] = append(parts[2], all[fa.regs+fb.regs:])
		}
		a, err := fa.gather(op, parts[0])
		if err != nil {
			return err
		}
		b, err := fb.gather(op, parts[1])
		if err != nil {
			return err
		}
		cm, err := fc.gather(op, parts[2])
		if err != nil {
			return err
		}
		d := newMatrix(fc)
		for i := int64(0); i < m; i++ {
			for j := int64(0); j < n; j++ {
				acc := decodeFloat(fc.elem, cm.data[i*n+j])
				for kk := int64(0); kk < k; kk++ {
					acc += decodeFloat(fa.elem, a.data[i*k+kk]) * decodeFloat(fb.elem, b.data[kk*n+j])
				}
				d.data[i*n+j] = encodeFloat(fc.elem, acc)
			}
		}
		for i, l := range lanes {
			l.OutObj = NewAggregate(rt, fc.spread(d, i))
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Obj: [3]any{fr.wmmaValues(slots, types)}} },
		func(fr *Frame, a *Arrival) { fr.O[res] = a.OutObj })
}

// values reads the values of slots (of types).
func (fr *Frame) wmmaValues(slots []int, types []ir.Type) []Value {
	out := make([]Value, len(slots))
	for i, s := range slots {
		out[i] = fr.value(s, types[i])
	}
	return out
}

func wmmaTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}
