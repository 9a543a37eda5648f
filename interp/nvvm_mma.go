package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// Ampere's warp-level tensor-core ops with their PTX fragment layouts, as
// warp collectives: ldmatrix (nvvm.ldmatrix, nvgpu.ldmatrix) and mma.sync
// (nvvm.mma.sync, nvgpu.mma.sync). Unlike WMMA (nvvm_wmma.go), whose
// layout PTX leaves opaque, these layouts are the ISA's, so a lane's
// registers are checked bit for bit. With g = lane / 4 and t = lane % 4:
//
//	ldmatrix .m8n8 .b16: lanes 8i..8i+7 give the row addresses of matrix i;
//	    register i of lane l holds row l/4, columns 2(l%4) and +1 of
//	    matrix i (.trans: rows 2(l%4) and +1 of column l/4), low half first.
//	mma.sync m16n8k16 (f16, bf16), element e of the lane's A registers
//	    (two per register): row g + 8(e/2 % 2), column 2t + e%2 + 8(e/4);
//	    of B: row 2t + e%2 + 8(e/2), column g;
//	m16n8k8 (f16): A row g + 8(e/2), column 2t + e%2; B row 2t + e%2, column g;
//	m16n8k8 (tf32, one element per register): A row g + 8(e%2),
//	    column t + 4(e/2); B row t + 4e, column g;
//	C and D (16 x 8, f32 or f16): row g + 8(e/2), column 2t + e%2.
//
// Products are summed in float64 and rounded once to the accumulator type,
// as the WMMA handlers do; tf32 inputs keep their f32's top 19 bits.

// ---- ldmatrix ----

// ldmatrix loads num 8x8 matrices of 16-bit elements over the warp: each
// lane brings a row address; each lane gets num registers of two elements.
func ldmatrix(op *ir.Operation, lanes []*Arrival, num int, trans bool) ([][]uint64, error) {
	if len(lanes) != warpSize {
		return nil, runtimeError(op, "needs a full warp of %d lanes, got %d", warpSize, len(lanes))
	}
	var rows [4][8][8]uint64
	for i := 0; i < num; i++ {
		for r := 0; r < 8; r++ {
			p, ok := lanes[8*i+r].Obj[0].(Pointer)
			if !ok {
				return nil, runtimeError(op, "lane %d passes an undefined row address", 8*i+r)
			}
			if err := checkAlign(op, "ldmatrix row", p, 16); err != nil {
				return nil, err
			}
			for c := 0; c < 8; c++ {
				v, err := LoadPointer(op, p.Add(int64(2*c)), ir.I16)
				if err != nil {
					return nil, err
				}
				rows[i][r][c] = v.Bits
			}
		}
	}
	out := make([][]uint64, warpSize)
	for l := range out {
		out[l] = make([]uint64, num)
		g, t := l/4, l%4
		for i := 0; i < num; i++ {
			lo, hi := rows[i][g][2*t], rows[i][g][2*t+1]
			if trans {
				lo, hi = rows[i][2*t][g], rows[i][2*t+1][g]
			}
			out[l][i] = lo | hi<<16
		}
	}
	return out, nil
}

func compileNVVMLdmatrix(c *Compiler, op *ir.Operation) (Compiled, error) {
	num := nvvmIntAttr(op, "num")
	trans := nvvm.EnumValue(op, "layout") == "col"
	rt := op.Result(0).Type()
	p, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		regs, err := ldmatrix(op, lanes, num, trans)
		if err != nil {
			return err
		}
		for l, a := range lanes {
			a.Out[0] = regs[l][0]
			if num > 1 {
				fields := make([]Value, num)
				for i := range fields {
					fields[i] = Value{Type: ir.I32, Bits: regs[l][i]}
				}
				a.OutObj = NewAggregate(rt, fields)
			}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Obj: [3]any{fr.O[p]}} },
		func(fr *Frame, a *Arrival) {
			if num > 1 {
				fr.O[r] = a.OutObj
			} else {
				fr.S[r] = a.Out[0]
			}
		})
}

func compileNVGPULdmatrix(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Dims) != 2 || vt.Dims[1] != 2 || ByteSize(vt.Elem) != 2 {
		return Compiled{}, unsupported(op, "ldmatrix to %s", op.Result(0).Type())
	}
	num := int(vt.Dims[0])
	trans := false
	if a, ok := op.Attr("transpose").(*ir.IntegerAttr); ok {
		trans = a.Int() != 0
	}
	src, idx, r := c.Slot(op.NamedOperand("srcMemref")), c.Slots(op.NamedOperands("indices")), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		regs, err := ldmatrix(op, lanes, num, trans)
		if err != nil {
			return err
		}
		for l, a := range lanes {
			v := &Vector{Type: vt, Elems: make([]uint64, 2*num)}
			for i, reg := range regs[l] {
				v.Elems[2*i], v.Elems[2*i+1] = reg&0xffff, reg>>16
			}
			a.OutObj = v
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival {
			p, err := elementPointer(op, fr.M[src], fr.gather(idx))
			if err != nil {
				return Arrival{}
			}
			return Arrival{Obj: [3]any{p}}
		},
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

// ---- mma.sync ----

// mmaSync is one mma.sync shape and input type.
type mmaSync struct {
	m, n, k int
	in      string // f16, bf16 or tf32
}

func (s mmaSync) posA(lane, e int) (int, int) {
	g, t := lane/4, lane%4
	switch {
	case s.in == "tf32":
		return g + 8*(e%2), t + 4*(e/2)
	case s.k == 8:
		return g + 8*(e/2), 2*t + e%2
	}
	return g + 8*(e/2%2), 2*t + e%2 + 8*(e/4)
}

func (s mmaSync) posB(lane, e int) (int, int) {
	g, t := lane/4, lane%4
	if s.in == "tf32" {
		return t + 4*e, g
	}
	return 2*t + e%2 + 8*(e/2), g
}

func posC(lane, e int) (int, int) { return lane/4 + 8*(e/2), 2*(lane%4) + e%2 }

func (s mmaSync) input(bits uint64) float64 {
	switch s.in {
	case "bf16":
		return decodeFloat(ir.BF16, bits)
	case "tf32":
		return float64(math.Float32frombits(uint32(bits) &^ 0x1fff))
	}
	return decodeFloat(ir.F16, bits)
}

// run computes each lane's D elements from its A, B and C elements.
func (s mmaSync) run(op *ir.Operation, a, b, c [][]uint64, acc *ir.FloatType) ([][]uint64, error) {
	if len(a) != warpSize {
		return nil, runtimeError(op, "needs a full warp of %d lanes, got %d", warpSize, len(a))
	}
	am := make([]float64, s.m*s.k)
	bm := make([]float64, s.k*s.n)
	cm := make([]float64, s.m*s.n)
	for l := 0; l < warpSize; l++ {
		for e, v := range a[l] {
			r, col := s.posA(l, e)
			am[r*s.k+col] = s.input(v)
		}
		for e, v := range b[l] {
			r, col := s.posB(l, e)
			bm[r*s.n+col] = s.input(v)
		}
		for e, v := range c[l] {
			r, col := posC(l, e)
			cm[r*s.n+col] = decodeFloat(acc, v)
		}
	}
	d := make([][]uint64, warpSize)
	for l := range d {
		d[l] = make([]uint64, len(c[l]))
		for e := range d[l] {
			r, col := posC(l, e)
			sum := cm[r*s.n+col]
			for k := 0; k < s.k; k++ {
				sum += am[r*s.k+k] * bm[k*s.n+col]
			}
			d[l][e] = encodeFloat(acc, sum)
		}
	}
	return d, nil
}

// mmaElems flattens register values into their elements: two per
// vector<2xf16> or packed i32 (low half first), one per f32 or per i32
// holding a tf32 (one 32-bit element, whole32).
func mmaElems(vs []Value, whole32 bool) []uint64 {
	var out []uint64
	for _, v := range vs {
		switch {
		case v.Vec != nil:
			out = append(out, v.Vec.Elems...)
		case v.Type == ir.I32 && !whole32:
			out = append(out, v.Bits&0xffff, v.Bits>>16&0xffff)
		default:
			out = append(out, v.Bits)
		}
	}
	return out
}

func compileNVVMMmaSync(c *Compiler, op *ir.Operation) (Compiled, error) {
	shape, ok := op.Attr("shape").(*nvvm.ShapeAttr)
	if !ok || nvvm.EnumValue(op, "layoutA") != "row" || nvvm.EnumValue(op, "layoutB") != "col" {
		return Compiled{}, unsupported(op, "mma.sync other than row x col")
	}
	s := mmaSync{m: int(shape.M), n: int(shape.N), k: int(shape.K), in: nvvm.EnumValue(op, "multiplicandAPtxType")}
	if s.m != 16 || s.n != 8 || !(s.k == 16 && (s.in == "f16" || s.in == "bf16") || s.k == 8 && (s.in == "f16" || s.in == "tf32")) {
		return Compiled{}, unsupported(op, "mma.sync m%dn%dk%d with %s inputs", s.m, s.n, s.k, s.in)
	}
	ga, gb, gc := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
	if len(gc) == 0 {
		return Compiled{}, op.Errorf("malformed nvvm.mma.sync")
	}
	acc, accReg := ir.F32, gc[0].Type()
	if accReg != ir.F32 {
		acc = ir.F16
	}
	sa, sb, sc := c.Slots(ga), c.Slots(gb), c.Slots(gc)
	ta, tb, tc := wmmaTypes(ga), wmmaTypes(gb), wmmaTypes(gc)
	rt, r := op.Result(0).Type(), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		var a, b, cc [][]uint64
		for _, l := range lanes {
			regs := l.Obj[0].([][]Value)
			tf32 := s.in == "tf32"
			a, b, cc = append(a, mmaElems(regs[0], tf32)), append(b, mmaElems(regs[1], tf32)), append(cc, mmaElems(regs[2], false))
		}
		d, err := s.run(op, a, b, cc, acc)
		if err != nil {
			return err
		}
		for i, l := range lanes {
			fields := make([]Value, len(gc))
			for j := range fields {
				if acc == ir.F32 {
					fields[j] = Value{Type: ir.F32, Bits: d[i][j]}
					continue
				}
				vt, _ := accReg.(*ir.VectorType)
				fields[j] = Value{Type: accReg, Vec: &Vector{Type: vt, Elems: []uint64{d[i][2*j], d[i][2*j+1]}}}
			}
			l.OutObj = NewAggregate(rt, fields)
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival {
			return Arrival{Obj: [3]any{[][]Value{fr.wmmaValues(sa, ta), fr.wmmaValues(sb, tb), fr.wmmaValues(sc, tc)}}}
		},
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

func compileNVGPUMmaSync(c *Compiler, op *ir.Operation) (Compiled, error) {
	var shape []int
	if arr, ok := op.Attr("mmaShape").(*ir.ArrayAttr); ok {
		for _, e := range arr.Elems {
			if ia, ok := e.(*ir.IntegerAttr); ok {
				shape = append(shape, int(ia.Int()))
			}
		}
	}
	va, _ := op.NamedOperand("matrixA").Type().(*ir.VectorType)
	vc, _ := op.NamedOperand("matrixC").Type().(*ir.VectorType)
	if len(shape) != 3 || va == nil || vc == nil {
		return Compiled{}, op.Errorf("malformed nvgpu.mma.sync")
	}
	s := mmaSync{m: shape[0], n: shape[1], k: shape[2], in: "f16"}
	switch {
	case va.Elem == ir.BF16:
		s.in = "bf16"
	case va.Elem == ir.F32:
		s.in = "tf32"
	}
	acc, ok := vc.Elem.(*ir.FloatType)
	if !ok || s.m != 16 || s.n != 8 || !(s.k == 16 && s.in != "tf32" || s.k == 8) || acc != ir.F32 && acc != ir.F16 {
		return Compiled{}, unsupported(op, "mma.sync %v with %s inputs and %s accumulators", shape, va.Elem, vc.Elem)
	}
	rt, _ := op.Result(0).Type().(*ir.VectorType)
	sa, sb, sc, r := c.Slot(op.NamedOperand("matrixA")), c.Slot(op.NamedOperand("matrixB")), c.Slot(op.NamedOperand("matrixC")), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		var a, b, cc [][]uint64
		for _, l := range lanes {
			for i, dst := range []*[][]uint64{&a, &b, &cc} {
				v, ok := l.Obj[i].(*Vector)
				if !ok {
					return runtimeError(op, "use of an undefined fragment")
				}
				*dst = append(*dst, v.Elems)
			}
		}
		d, err := s.run(op, a, b, cc, acc)
		if err != nil {
			return err
		}
		for i, l := range lanes {
			l.OutObj = &Vector{Type: rt, Elems: d[i]}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{Obj: [3]any{fr.O[sa], fr.O[sb], fr.O[sc]}} },
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}
