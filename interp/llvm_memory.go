package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// Memory ops of the llvm dialect: globals, getelementptr, load, store and
// the atomics. Every access goes through LoadPointer/StorePointer, so it
// gets the checks memref accesses get (bounds, initialisation, constness,
// shared-memory races).

// ---- values in memory ----

// loadValue reads a value of type t at p: scalars and vectors as their
// memory image, pointers as synthetic addresses, aggregates field by field.
func loadValue(m *Machine, op *ir.Operation, p Pointer, t ir.Type) (Value, error) {
	switch tt := t.(type) {
	case *llvm.PointerType:
		a, err := LoadPointer(op, p, ir.I64)
		if err != nil {
			return Value{}, err
		}
		return PointerValue(t, m.addrs.pointer(a.Bits)), nil
	case *llvm.StructType:
		offs, _, err := llvm.StructLayout(tt)
		if err != nil {
			return Value{}, unsupported(op, "%v", err)
		}
		fields := make([]Value, len(offs))
		for i, ft := range tt.Body {
			if fields[i], err = loadValue(m, op, p.Add(offs[i]), ft); err != nil {
				return Value{}, err
			}
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	case *llvm.ArrayType:
		es, err := llvm.AllocSize(tt.Elem)
		if err != nil {
			return Value{}, unsupported(op, "%v", err)
		}
		fields := make([]Value, tt.Len)
		for i := range fields {
			if fields[i], err = loadValue(m, op, p.Add(int64(i)*es), tt.Elem); err != nil {
				return Value{}, err
			}
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	}
	if _, err := llvm.StoreSize(t); err != nil {
		return Value{}, unsupported(op, "%v", err)
	}
	return LoadPointer(op, p, t)
}

// storeValue writes v (of type t) at p, the inverse of loadValue.
func storeValue(m *Machine, op *ir.Operation, p Pointer, t ir.Type, v Value) error {
	switch tt := t.(type) {
	case *llvm.PointerType:
		q, _ := v.Obj.(Pointer)
		return StorePointer(op, p, Value{Type: ir.I64, Bits: m.addrs.address(q)})
	case *llvm.StructType:
		offs, _, err := llvm.StructLayout(tt)
		if err != nil {
			return unsupported(op, "%v", err)
		}
		agg, ok := v.Obj.(*Aggregate)
		if !ok || len(agg.Fields) != len(offs) {
			return runtimeError(op, "stored value is not a %s", t)
		}
		for i, ft := range tt.Body {
			if err := storeValue(m, op, p.Add(offs[i]), ft, agg.Fields[i]); err != nil {
				return err
			}
		}
		return nil
	case *llvm.ArrayType:
		es, err := llvm.AllocSize(tt.Elem)
		if err != nil {
			return unsupported(op, "%v", err)
		}
		agg, ok := v.Obj.(*Aggregate)
		if !ok || int64(len(agg.Fields)) != tt.Len {
			return runtimeError(op, "stored value is not a %s", t)
		}
		for i, f := range agg.Fields {
			if err := storeValue(m, op, p.Add(int64(i)*es), tt.Elem, f); err != nil {
				return err
			}
		}
		return nil
	}
	if _, err := llvm.StoreSize(t); err != nil {
		return unsupported(op, "%v", err)
	}
	if _, isVec := t.(*ir.VectorType); isVec && v.Vec == nil {
		return runtimeError(op, "stored value is not a %s", t)
	}
	return StorePointer(op, p, v)
}

// checkAlign reports an access at p that breaks the op's alignment
// attribute: buffers start maximally aligned, so the byte offset decides
// (a misaligned vector access faults on the GPU).
func checkAlign(op *ir.Operation, kind string, p Pointer, align int64) error {
	if align > 1 && p.Buf != nil && p.Off%align != 0 {
		return runtimeError(op, "misaligned %s: byte offset %d of a buffer of %d x %s is not a multiple of the alignment %d",
			kind, p.Off, len(p.Buf.Data), p.Buf.Elem, align)
	}
	return nil
}

// atomically runs f, an atomic access of the running thread, outside the
// race check: threads run one at a time, so the access is indivisible, and
// the hardware orders atomics of one location. The access is attributed to
// the whole block, which every thread's accesses are ordered with, so
// plain accesses that conflict with atomics are not reported either.
func atomically(fr *Frame, f func() error) error {
	t := fr.thread
	if t == nil || t.block.host {
		return f()
	}
	b := t.block
	saved := b.agent
	b.agent = blockAgent
	err := f()
	b.agent = saved
	return err
}

// ---- globals ----

// bufferShape chooses the element type and length of the buffer holding a
// value of type t: its scalar element when t is built of one scalar type
// (pointers are stored as i64 addresses) and that element tiles the
// layout, else bytes.
func bufferShape(t ir.Type) (ir.Type, int64, error) {
	size, err := llvm.AllocSize(t)
	if err != nil {
		return nil, 0, err
	}
	elem := leafScalar(t)
	if elem == nil || size%ByteSize(elem) != 0 {
		elem = ir.I8
	}
	return elem, size / ByteSize(elem), nil
}

// leafScalar returns the one scalar type t is made of, or nil.
func leafScalar(t ir.Type) ir.Type {
	switch tt := t.(type) {
	case *ir.IntegerType:
		if tt.Width%8 != 0 {
			return nil
		}
		return t
	case *ir.FloatType:
		return t
	case *llvm.PointerType:
		return ir.I64
	case *ir.VectorType:
		return leafScalar(tt.Elem)
	case *llvm.ArrayType:
		return leafScalar(tt.Elem)
	case *llvm.StructType:
		var e ir.Type
		for _, f := range tt.Body {
			fe := leafScalar(f)
			if fe == nil || e != nil && fe != e {
				return nil
			}
			e = fe
		}
		return e
	}
	return nil
}

// instantiateLLVMGlobal allocates the buffer of an llvm.mlir.global and
// writes its initializer (a value attribute or an initializer region); a
// global without one starts uninitialised, as shared memory does.
func instantiateLLVMGlobal(m *Machine, g *ir.Operation) (*MemRef, error) {
	t := llvm.GlobalType(g)
	elem, n, err := bufferShape(t)
	if err != nil {
		return nil, g.Errorf("is not supported by the interpreter: %v", err)
	}
	as := int64(llvm.AddrSpace(g))
	var space ir.Attribute
	if as != 0 {
		space = ir.IntAttr(ir.Integer(64), as)
	}
	mr := &MemRef{Type: ir.MemRef([]int64{n}, elem, nil, space), Buf: NewBuffer(elem, n), Sizes: []int64{n}, Strides: []int64{1}}
	mr.Buf.Space = as
	var init Value
	switch {
	case g.Attr("value") != nil:
		if init, err = constValue(g, g.Attr("value"), t); err != nil {
			return nil, err
		}
	case g.NumRegions() > 0 && !g.Region(0).Empty():
		if init, err = m.runInitializer(g, t); err != nil {
			return nil, err
		}
	default:
		return mr, nil
	}
	if err := storeValue(m, g, Pointer{Buf: mr.Buf}, t, init); err != nil {
		return nil, err
	}
	mr.Buf.ReadOnly = g.HasAttr("constant")
	return mr, nil
}

// runInitializer runs a global's initializer region and returns the value
// its llvm.return yields.
func (m *Machine) runInitializer(g *ir.Operation, t ir.Type) (Value, error) {
	c := &Compiler{m: m, slots: map[*ir.Value]int{}}
	body, err := c.Region(g.Region(0))
	if err != nil {
		return Value{}, err
	}
	f := &Func{Name: ir.SymbolNameOf(g), Op: g, Type: ir.Function(nil, []ir.Type{t}), Body: body, Slots: len(c.kinds), kinds: c.kinds}
	fr := m.newFrame(f)
	exit, err := fr.runFunc(f)
	if err != nil {
		return Value{}, err
	}
	if len(exit.TermOperands) != 1 {
		return Value{}, g.Errorf("initializer does not return a value")
	}
	return fr.value(exit.TermOperands[0], t), nil
}

func compileAddressOf(c *Compiler, op *ir.Operation) (Compiled, error) {
	g := llvm.Global(op)
	if g == nil {
		return Compiled{}, unsupported(op, "addresses of functions: function pointers are not modelled")
	}
	name := ir.SymbolNameOf(g)
	as := llvm.AddrSpace(g)
	m := c.m
	create := func() (*MemRef, error) { return instantiateLLVMGlobal(m, g) }
	dynamic := isDynamicShared(g)
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		if as != 0 && fr.thread != nil {
			// Inside a kernel, shared-memory globals are the block's
			// (the mechanism of workgroup memref.globals, gpu.go).
			cr := create
			if dynamic {
				n := fr.thread.block.grid.dynamicShared
				cr = func() (*MemRef, error) { return dynamicSharedBuffer(n), nil }
			}
			v, err := fr.thread.sharedGlobal(name, cr)
			if err != nil {
				return runtimeError(op, "%v", err)
			}
			fr.O[r] = Pointer{Buf: v.Buf}
			return nil
		}
		buf, ok := m.globals[name]
		if !ok {
			v, err := create()
			if err != nil {
				return err
			}
			if as == gpu.WorkgroupMemorySpace {
				v.Buf.workgroup = &workgroupGlobal{name: name, create: create}
			}
			m.globals[name] = v.Buf
			buf = v.Buf
		}
		fr.O[r] = Pointer{Buf: buf}
		return nil
	}}, nil
}

// ---- getelementptr, load, store ----

func compileGEP(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, ok := op.Operand(0).Type().(*llvm.PointerType); !ok {
		return Compiled{}, unsupported(op, "vectors of pointers")
	}
	steps, err := gepSteps(c, op)
	if err != nil {
		return Compiled{}, err
	}
	base, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		off := int64(0)
		for _, s := range steps {
			off += s.Const
			if s.Slot >= 0 {
				off += signExtend(fr.S[s.Slot], s.Width) * s.Scale
			}
		}
		fr.O[r] = ptrOf(fr, base).Add(off)
		return nil
	}}, nil
}

// fastElem reports whether p addresses, in bounds, a whole element of its
// buffer of type t (es bytes): such an access is that element's Load or
// Store. Others (and every failing one, for the pointer's error message)
// go through the byte image.
func fastElem(p Pointer, t ir.Type, es int64) bool {
	return p.Buf != nil && p.Buf.Elem == t && p.Off >= 0 && p.Off%es == 0 && p.Off/es < int64(len(p.Buf.Data))
}

func alignmentOf(op *ir.Operation) int64 {
	if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

func isAtomic(op *ir.Operation) bool {
	a, ok := op.Attr("ordering").(*ir.IntegerAttr)
	return ok && a.Int() != llvm.NotAtomic
}

// compileLLVMAccess compiles an llvm.load or llvm.store (verb) of type t
// at the address addr: a non-atomic scalar runs fast with its element size
// es (for the fast path through the buffer's own elements), any other
// access runs slow, inside the machine's atomic section when the access is
// atomic.
func compileLLVMAccess(c *Compiler, op *ir.Operation, verb string, t ir.Type, addr *ir.Value, fast func(fr *Frame, p Pointer, es int64) error, slow func(fr *Frame, p Pointer) error) (Compiled, error) {
	if _, err := llvm.AllocSize(t); err != nil {
		return Compiled{}, unsupported(op, "%v", err)
	}
	switch {
	case isAtomic(op):
		return atomicAccess(c, op, verb, addr, slow), nil
	case kindOf(t) == kindScalar:
		es := ByteSize(t)
		return checkedAccess(c, op, verb, addr, func(fr *Frame, p Pointer) error { return fast(fr, p, es) }), nil
	}
	return checkedAccess(c, op, verb, addr, slow), nil
}

// checkedAccess returns the Exec of op's access (verb) to the address
// addr: access gets the address once it is checked for op's alignment.
func checkedAccess(c *Compiler, op *ir.Operation, verb string, addr *ir.Value, access func(fr *Frame, p Pointer) error) Compiled {
	a, align := c.Slot(addr), alignmentOf(op)
	return Compiled{Exec: func(fr *Frame) error {
		p := ptrOf(fr, a)
		if err := checkAlign(op, verb, p, align); err != nil {
			return err
		}
		return access(fr, p)
	}}
}

// atomicAccess is checkedAccess with access run inside the machine's
// atomic section.
func atomicAccess(c *Compiler, op *ir.Operation, verb string, addr *ir.Value, access func(fr *Frame, p Pointer) error) Compiled {
	return checkedAccess(c, op, verb, addr, func(fr *Frame, p Pointer) error {
		return atomically(fr, func() error { return access(fr, p) })
	})
}

func compileLLVMLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, r := op.Result(0).Type(), c.Slot(op.Result(0))
	return compileLLVMAccess(c, op, "load", t, op.Operand(0), func(fr *Frame, p Pointer, es int64) error {
		if fastElem(p, t, es) {
			// The common case, an element of the buffer's own type, skips
			// the byte image (Load makes the same checks).
			bits, err := Load(op, p.Buf.flatView(), append(fr.idx[:0], p.Off/es))
			fr.S[r] = bits
			return err
		}
		v, err := LoadPointer(op, p, t)
		fr.S[r] = v.Bits
		return err
	}, func(fr *Frame, p Pointer) error {
		v, err := loadValue(fr.Machine, op, p, t)
		if err == nil {
			fr.setValue(r, v)
		}
		return err
	})
}

func compileLLVMStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, val := op.Operand(0).Type(), c.Slot(op.Operand(0))
	return compileLLVMAccess(c, op, "store", t, op.Operand(1), func(fr *Frame, p Pointer, es int64) error {
		if fastElem(p, t, es) {
			return Store(op, p.Buf.flatView(), append(fr.idx[:0], p.Off/es), fr.S[val])
		}
		return StorePointer(op, p, Value{Type: t, Bits: fr.S[val]})
	}, func(fr *Frame, p Pointer) error {
		return storeValue(fr.Machine, op, p, t, fr.value(val, t))
	})
}

// ---- atomics ----

// rmwKernel returns the combining function of an llvm.atomicrmw operation
// on type t: new value from the old one and the operand.
func rmwKernel(op *ir.Operation, bin string, t ir.Type) (func(old, v uint64) uint64, error) {
	if bin == "xchg" {
		return func(_, v uint64) uint64 { return v }, nil
	}
	if ft, ok := t.(*ir.FloatType); ok {
		var f func(a, b float64) float64
		switch bin {
		case "fadd":
			f = func(a, b float64) float64 { return a + b }
		case "fsub":
			f = func(a, b float64) float64 { return a - b }
		case "fmax":
			f = ignoringNaN(math.Max)
		case "fmin":
			f = ignoringNaN(math.Min)
		default:
			return nil, op.Errorf("'%s' on %s", bin, t)
		}
		if _, err := floatOf(op, ft); err != nil {
			return nil, err
		}
		return floatBin(ft, floatKernel{f64: f}), nil
	}
	w, err := intWidth(op, t)
	if err != nil {
		return nil, err
	}
	m := widthMask(w)
	ints := intBinaryKernels()
	arith := map[string]string{"add": "addi", "sub": "subi", "_and": "andi", "_or": "ori", "_xor": "xori",
		"max": "maxsi", "min": "minsi", "umax": "maxui", "umin": "minui"}
	if name, ok := arith[bin]; ok {
		_, fast := ints["arith."+name](w)
		return fast, nil
	}
	switch bin {
	case "nand":
		return func(a, b uint64) uint64 { return ^(a & b) & m }, nil
	case "uinc_wrap":
		return func(a, b uint64) uint64 {
			if a >= b {
				return 0
			}
			return (a + 1) & m
		}, nil
	case "udec_wrap":
		return func(a, b uint64) uint64 {
			if a == 0 || a > b {
				return b
			}
			return a - 1
		}, nil
	}
	return nil, op.Errorf("'%s' on %s", bin, t)
}

func compileAtomicRMWLLVM(c *Compiler, op *ir.Operation) (Compiled, error) {
	ba, _ := op.Attr("bin_op").(*ir.IntegerAttr)
	if ba == nil {
		return Compiled{}, op.Errorf("requires a 'bin_op'")
	}
	bin := llvm.AtomicBinOp(ba.Int())
	t := op.Operand(1).Type()
	val, r := c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	if _, ok := t.(*llvm.PointerType); ok {
		if bin != "xchg" {
			return Compiled{}, op.Errorf("'%s' on a pointer", bin)
		}
		return atomicAccess(c, op, "atomicrmw", op.Operand(0), func(fr *Frame, p Pointer) error {
			old, err := loadValue(fr.Machine, op, p, t)
			if err != nil {
				return err
			}
			if err := storeValue(fr.Machine, op, p, t, fr.value(val, t)); err != nil {
				return err
			}
			fr.O[r] = old.Obj
			return nil
		}), nil
	}
	f, err := rmwKernel(op, bin, t)
	if err != nil {
		return Compiled{}, unsupported(op, "%v", err)
	}
	return atomicAccess(c, op, "atomicrmw", op.Operand(0), func(fr *Frame, p Pointer) error {
		old, err := LoadPointer(op, p, t)
		if err != nil {
			return err
		}
		if err := StorePointer(op, p, Value{Type: t, Bits: f(old.Bits, fr.S[val])}); err != nil {
			return err
		}
		fr.S[r] = old.Bits
		return nil
	}), nil
}

func compileCmpXchg(c *Compiler, op *ir.Operation) (Compiled, error) {
	t := op.Operand(1).Type()
	rt := op.Result(0).Type()
	cmp, val, r := c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Result(0))
	_, isPtr := t.(*llvm.PointerType)
	if !isPtr && kindOf(t) != kindScalar {
		return Compiled{}, unsupported(op, "cmpxchg of %s", t)
	}
	return atomicAccess(c, op, "cmpxchg", op.Operand(0), func(fr *Frame, p Pointer) error {
		old, err := loadValue(fr.Machine, op, p, t)
		if err != nil {
			return err
		}
		want := fr.value(cmp, t)
		eq := old.Bits == want.Bits
		if isPtr {
			eq = old.Obj == want.Obj
		}
		if eq {
			if err := storeValue(fr.Machine, op, p, t, fr.value(val, t)); err != nil {
				return err
			}
		}
		fr.O[r] = NewAggregate(rt, []Value{old, {Type: ir.I1, Bits: boolBits(eq)}})
		return nil
	}), nil
}

// isDynamicShared reports whether g is a kernel's extern shared array: a
// zero-sized array in shared memory (what gpu.dynamic_shared_memory lowers
// to), which PTX places at the launch's dynamic shared memory.
func isDynamicShared(g *ir.Operation) bool {
	a, ok := llvm.GlobalType(g).(*llvm.ArrayType)
	return ok && a.Len == 0 && int64(llvm.AddrSpace(g)) == gpu.WorkgroupMemorySpace
}

// dynamicSharedBuffer is a block's dynamic shared memory: n uninitialised
// bytes in shared memory.
func dynamicSharedBuffer(n int64) *MemRef {
	space := ir.IntAttr(ir.Integer(64), gpu.WorkgroupMemorySpace)
	mr := &MemRef{Type: ir.MemRef([]int64{n}, ir.I8, nil, space), Buf: NewBuffer(ir.I8, n), Sizes: []int64{n}, Strides: []int64{1}}
	mr.Buf.Space = gpu.WorkgroupMemorySpace
	return mr
}
