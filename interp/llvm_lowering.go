package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// Handlers for the llvm ops that finalize-memref-to-llvm and
// convert-vector-to-llvm produce beyond loads and stores: llvm.alloca,
// masked vector loads and stores, memcpy, assume and the vector
// reductions. (These ops are declared by dialects/llvm/ops_lowering.go,
// added on branch memreftollvm; coverage_test.go accepts the handlers
// before that branch is merged.)

func llvmLoweringHandlers() []Handler {
	var hs []Handler
	for _, k := range []string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin",
		"fmax", "fmin", "fmaximum", "fminimum", "fadd", "fmul"} {
		hs = append(hs, Handler{"llvm.intr.vector.reduce." + k, compileVectorReduce(k)})
	}
	return hs
}

// compileLLVMAlloca allocates arraySize elements of elem_type, uninitialised,
// freed when the function returns (as memref.alloca's buffers are).
func compileLLVMAlloca(c *Compiler, op *ir.Operation) (Compiled, error) {
	t := llvm.GEPElemType(op)
	if t == nil {
		return Compiled{}, op.Errorf("requires an 'elem_type'")
	}
	elem, n, err := bufferShape(t)
	if err != nil {
		return Compiled{}, unsupported(op, "%v", err)
	}
	w, err := intWidth(op, op.Operand(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	as := int64(0)
	if pt, ok := op.Result(0).Type().(*llvm.PointerType); ok {
		as = int64(pt.AddrSpace)
	}
	size, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		count := signExtend(fr.S[size], w)
		if count < 0 {
			return runtimeError(op, "alloca of a negative number of elements (%d)", count)
		}
		buf := NewBuffer(elem, n*count)
		buf.Space = as
		fr.allocas = append(fr.allocas, buf)
		fr.O[r] = Pointer{Buf: buf}
		return nil
	}}, nil
}

// maskedAccess returns the vector type, element size and alignment of a
// masked load or store of the vector value v.
func maskedAccess(op *ir.Operation, v *ir.Value) (*ir.VectorType, int64, error) {
	vt, err := vectorOperand(op, v)
	if err != nil {
		return nil, 0, err
	}
	es, err := llvm.StoreSize(vt.Elem)
	if err != nil {
		return nil, 0, unsupported(op, "%v", err)
	}
	return vt, es, nil
}

// compileMaskedLoadLLVM loads the lanes whose mask bit is set; the others
// come from pass_thru, or are zero without it (undefined in LLVM).
// Masked-off lanes are not accessed, so they may lie out of bounds.
func compileMaskedLoadLLVM(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, es, err := maskedAccess(op, op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	mask, r := c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	pass := optionalSlot(c, op, "pass_thru")
	return checkedAccess(c, op, "masked load", op.Operand(0), func(fr *Frame, p Pointer) error {
		m, err := vec(fr, op, mask)
		if err != nil {
			return err
		}
		out := &Vector{Type: vt, Elems: make([]uint64, vt.NumElements())}
		if pass >= 0 {
			pt, err := vec(fr, op, pass)
			if err != nil {
				return err
			}
			copy(out.Elems, pt.Elems)
		}
		for i := range out.Elems {
			if m.Elems[i] == 0 {
				continue
			}
			v, err := LoadPointer(op, p.Add(int64(i)*es), vt.Elem)
			if err != nil {
				return err
			}
			out.Elems[i] = v.Bits
		}
		fr.O[r] = out
		return nil
	}), nil
}

func compileMaskedStoreLLVM(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, es, err := maskedAccess(op, op.Operand(0))
	if err != nil {
		return Compiled{}, err
	}
	val, mask := c.Slot(op.Operand(0)), c.Slot(op.Operand(2))
	return checkedAccess(c, op, "masked store", op.Operand(1), func(fr *Frame, p Pointer) error {
		vm, err := vecs(fr, op, val, mask)
		if err != nil {
			return err
		}
		v, m := vm[0], vm[1]
		for i, e := range v.Elems {
			if m.Elems[i] == 0 {
				continue
			}
			if err := StorePointer(op, p.Add(int64(i)*es), Value{Type: vt.Elem, Bits: e}); err != nil {
				return err
			}
		}
		return nil
	}), nil
}

// compileMemcpy copies len bytes. Between buffers of one element type at
// element boundaries it copies elements with their initialisation bits,
// as memref.copy (which lowers to it) copies uninitialised elements
// without complaint; shared memory, whose accesses are race checked, and
// other copies go byte by byte through the checked accessors.
func compileMemcpy(c *Compiler, op *ir.Operation) (Compiled, error) {
	w, err := intWidth(op, op.Operand(2).Type())
	if err != nil {
		return Compiled{}, err
	}
	dst, src, n := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2))
	return Compiled{Exec: func(fr *Frame) error {
		d, s, size := ptrOf(fr, dst), ptrOf(fr, src), signExtend(fr.S[n], w)
		if size < 0 {
			return runtimeError(op, "memcpy of a negative length %d", size)
		}
		if size == 0 {
			return nil
		}
		if d.Buf == s.Buf && d.Off < s.Off+size && s.Off < d.Off+size {
			return runtimeError(op, "memcpy between overlapping ranges")
		}
		if d.Buf != nil && s.Buf != nil && d.Buf.Elem == s.Buf.Elem && d.Buf.Shadow == nil && s.Buf.Shadow == nil {
			es := ByteSize(d.Buf.Elem)
			if es > 0 && d.Off%es == 0 && s.Off%es == 0 && size%es == 0 {
				sf, sn, _, err := s.span(op, "load", size)
				if err != nil {
					return err
				}
				df, _, _, err := d.span(op, "store", size)
				if err != nil {
					return err
				}
				if d.Buf.ReadOnly {
					return runtimeError(op, "store to constant memory")
				}
				copy(d.Buf.Data[df:df+sn], s.Buf.Data[sf:sf+sn])
				copy(d.Buf.Init[df:df+sn], s.Buf.Init[sf:sf+sn])
				return nil
			}
		}
		data, err := LoadBytes(op, s, size)
		if err != nil {
			return err
		}
		return StoreBytes(op, d, data)
	}}, nil
}

// compileAssume reports a false assumption, which is undefined behaviour.
func compileAssume(c *Compiler, op *ir.Operation) (Compiled, error) {
	cond := c.Slot(op.Operand(0))
	return Compiled{Exec: func(fr *Frame) error {
		if fr.S[cond] == 0 {
			return runtimeError(op, "assumed condition is false")
		}
		return nil
	}}, nil
}

// compileVectorReduce folds a vector's lanes in order (fadd and fmul from
// their start value; in order is one of the orders reassoc allows). fmax
// and fmin ignore NaN lanes, as maxnum does; fmaximum and fminimum
// propagate them.
func compileVectorReduce(kind string) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		in := op.Operand(op.NumOperands() - 1)
		vt, err := vectorOperand(op, in)
		if err != nil {
			return Compiled{}, err
		}
		var f func(a, b uint64) uint64
		if ft, ok := vt.Elem.(*ir.FloatType); ok {
			if _, err := floatOf(op, ft); err != nil {
				return Compiled{}, err
			}
			k := map[string]func(a, b float64) float64{
				"fadd": func(a, b float64) float64 { return a + b }, "fmul": func(a, b float64) float64 { return a * b },
				"fmax": ignoringNaN(math.Max), "fmin": ignoringNaN(math.Min),
				"fmaximum": propagatingNaN(math.Max), "fminimum": propagatingNaN(math.Min)}[kind]
			if k == nil {
				return Compiled{}, op.Errorf("reduces %s with '%s'", vt, kind)
			}
			f = floatBin(ft, floatKernel{f64: k})
		} else {
			w, err := intWidth(op, vt.Elem)
			if err != nil {
				return Compiled{}, err
			}
			name := map[string]string{"add": "addi", "mul": "muli", "and": "andi", "or": "ori", "xor": "xori",
				"smax": "maxsi", "smin": "minsi", "umax": "maxui", "umin": "minui"}[kind]
			if name == "" {
				return Compiled{}, op.Errorf("reduces %s with '%s'", vt, kind)
			}
			_, f = intBinaryKernels()["arith."+name](w)
		}
		v, r := c.Slot(in), c.Slot(op.Result(0))
		start := -1
		if op.NumOperands() == 2 {
			start = c.Slot(op.Operand(0))
		}
		return Compiled{Exec: func(fr *Frame) error {
			x, err := vec(fr, op, v)
			if err != nil {
				return err
			}
			elems := x.Elems
			var acc uint64
			if start >= 0 {
				acc = fr.S[start]
			} else {
				acc, elems = elems[0], elems[1:]
			}
			for _, e := range elems {
				acc = f(acc, e)
			}
			fr.S[r] = acc
			return nil
		}}, nil
	}
}
