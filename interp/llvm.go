package interp

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// The llvm dialect (the last level before LLVM IR), with the semantics that
// keep execution equivalent through every conversion down to it:
//
//   - Values: integers, floats and vectors are registers as in arith and
//     vector (the integer and float ops share arith's kernels, so wrapping,
//     division by zero, shifts and rounding are the same); an !llvm.ptr is
//     a Pointer (a byte offset into a typed Buffer, pointer.go); structs and
//     arrays are immutable *Aggregate values.
//   - Undefined values: llvm.mlir.undef and llvm.mlir.poison produce
//     defined zero bits (null pointers, zero aggregates), as
//     llvm.mlir.zero does, and the poison that nsw/nuw/exact flags or an
//     out-of-range shufflevector lane would give is not tracked either: a
//     program whose result depends on poison is not diagnosed. Undefined
//     behaviour the interpreter does catch is reported as arith reports it
//     (division by zero, over-wide shifts, out-of-range fptosi) and at
//     memory accesses (pointer.go: bounds, uninitialised reads, races).
//   - Memory follows the NVPTX data layout (llvm_layout.go). A pointer
//     stored in memory, or converted by ptrtoint, is a synthetic address
//     that maps back to its buffer (addressSpace); aggregates are loaded and
//     stored field by field, so struct padding is never read.
//   - Functions: an llvm.func runs through Machine.Call and llvm.call like
//     a func.func; a declaration (no body) cannot run, and calling one is
//     an error at the call naming it. Calls through function pointers and
//     llvm.call_intrinsic are not executable (notexec.go).
//   - Atomics (atomicrmw, cmpxchg, atomic load and store) are exact for one
//     thread; in kernels, threads run one at a time, so each atomic is
//     indivisible, and atomics are exempt from the race check (see
//     atomically).

// llvmHandlers lists the llvm dialect's ops.
func llvmHandlers() []Handler {
	var hs []Handler
	ints := intBinaryKernels()
	for _, p := range [][2]string{{"add", "addi"}, {"sub", "subi"}, {"mul", "muli"}, {"shl", "shli"},
		{"udiv", "divui"}, {"sdiv", "divsi"}, {"urem", "remui"}, {"srem", "remsi"}, {"and", "andi"},
		{"or", "ori"}, {"xor", "xori"}, {"lshr", "shrui"}, {"ashr", "shrsi"},
		{"intr.smax", "maxsi"}, {"intr.smin", "minsi"}, {"intr.umax", "maxui"}, {"intr.umin", "minui"}} {
		hs = append(hs, Handler{"llvm." + p[0], intBinary(ints["arith."+p[1]])})
	}
	floats := floatBinaryKernels()
	for _, p := range [][2]string{{"fadd", "addf"}, {"fsub", "subf"}, {"fmul", "mulf"}, {"fdiv", "divf"},
		{"frem", "remf"}, {"intr.maxnum", "maxnumf"}, {"intr.minnum", "minnumf"},
		{"intr.maximum", "maximumf"}, {"intr.minimum", "minimumf"}} {
		hs = append(hs, Handler{"llvm." + p[0], floatBinary(floats["arith."+p[1]])})
	}
	for _, p := range [][2]string{{"sext", "extsi"}, {"zext", "extui"}, {"trunc", "trunci"}, {"fpext", "extf"},
		{"fptrunc", "truncf"}, {"sitofp", "sitofp"}, {"uitofp", "uitofp"}, {"fptosi", "fptosi"}, {"fptoui", "fptoui"}} {
		hs = append(hs, Handler{"llvm." + p[0], compileLLVMCast("arith." + p[1])})
	}
	u := func(name string, f func(float64) float64) Handler {
		return Handler{"llvm.intr." + name, floatUnary(f, nil)}
	}
	hs = append(hs,
		Handler{"llvm.intr.fma", compileFMA},
		Handler{"llvm.intr.fmuladd", compileFMA},
		Handler{"llvm.intr.copysign", floatBinary(floatKernel{f64: math.Copysign})},
		Handler{"llvm.intr.pow", floatBinary(floatKernel{f64: math.Pow})},
		Handler{"llvm.intr.fabs", floatUnary(math.Abs, func(x float32) float32 { return float32(math.Abs(float64(x))) })},
		Handler{"llvm.intr.sqrt", floatUnary(math.Sqrt, func(x float32) float32 { return float32(math.Sqrt(float64(x))) })},
		u("exp", math.Exp), u("exp2", math.Exp2), u("log", math.Log), u("log2", math.Log2), u("log10", math.Log10),
		u("sin", math.Sin), u("cos", math.Cos), u("floor", math.Floor), u("ceil", math.Ceil),
		u("round", math.Round), u("roundeven", math.RoundToEven), u("trunc", math.Trunc),
		Handler{"llvm.intr.ctpop", compileIntUnary(func(a uint64, _ int) uint64 { return uint64(bits.OnesCount64(a)) })},
		Handler{"llvm.intr.bitreverse", compileIntUnary(func(a uint64, w int) uint64 { return bits.Reverse64(a) >> uint(64-w) })},
		Handler{"llvm.intr.bswap", compileBswap},
	)
	return append(hs, llvmLoweringHandlers()...)
}

// ---- functions ----

// llvmFuncOp returns an llvm.func and its signature as a builtin function
// type (no results for void), the form Func and Machine.Call use.
func llvmFuncOp(op *ir.Operation) (*ir.Operation, *ir.FunctionType, error) {
	ft := llvm.FuncType(op)
	if ft == nil {
		return nil, nil, op.Errorf("has no function type")
	}
	if ft.VarArg {
		return nil, nil, unsupported(op, "variadic functions")
	}
	return op, ir.Function(ft.Params, ft.Results()), nil
}

// llvmFunction compiles an llvm.func, keyed by its symbol path so that a
// function nested in a gpu.module does not clash with a top-level one.
func (m *Machine) llvmFunction(op *ir.Operation) (*Func, error) {
	key := ir.SymbolNameOf(op)
	if p := op.ParentOp(); p != nil && p != m.module {
		key = ir.SymbolNameOf(p) + "::" + key
	}
	if f, ok := m.funcs[key]; ok {
		return f, nil
	}
	_, ft, err := llvmFuncOp(op)
	if err != nil {
		return nil, err
	}
	return m.compileFunc(key, op, ft)
}

func compileLLVMCall(c *Compiler, op *ir.Operation) (Compiled, error) {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return Compiled{}, unsupported(op, "indirect calls: function pointers are not modelled")
	}
	fop := llvm.Callee(op)
	if fop == nil {
		return Compiled{}, op.Errorf("'%s' does not reference an llvm.func", ref.Leaf())
	}
	if llvm.IsExternal(fop) {
		// A declaration may be called on a path never taken: fail only
		// when the call runs.
		return Compiled{Exec: func(*Frame) error {
			return runtimeError(op, "call to '%s', an external function without a body, which cannot be interpreted", ref.Leaf())
		}}, nil
	}
	callee, err := c.m.llvmFunction(fop)
	if err != nil {
		return Compiled{}, err
	}
	return compileCallTo(c, op, ref.Leaf(), callee)
}

// ---- constants ----

func compileLLVMConstant(c *Compiler, op *ir.Operation) (Compiled, error) {
	v, err := constValue(op, op.Attr("value"), op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	return constant(c, op, v), nil
}

// constant compiles an op producing the fixed value v. Vectors are copied
// per execution because vector handlers may own their results' elements;
// aggregates are immutable and shared.
func constant(c *Compiler, op *ir.Operation, v Value) Compiled {
	r := c.Slot(op.Result(0))
	if v.Vec != nil {
		vt, elems := v.Vec.Type, v.Vec.Elems
		return Compiled{Exec: func(fr *Frame) error {
			fr.O[r] = &Vector{Type: vt, Elems: append([]uint64(nil), elems...)}
			return nil
		}}
	}
	return Compiled{Exec: func(fr *Frame) error { fr.setValue(r, v); return nil }}
}

// compileLLVMZero compiles llvm.mlir.zero, and undef and poison, which get
// the same defined zero value (see the package notes above).
func compileLLVMZero(c *Compiler, op *ir.Operation) (Compiled, error) {
	v, err := zeroValue(op.Result(0).Type())
	if err != nil {
		return Compiled{}, unsupported(op, "%v", err)
	}
	return constant(c, op, v), nil
}

// zeroValue is the all-zero value of an llvm-compatible type.
func zeroValue(t ir.Type) (Value, error) {
	switch tt := t.(type) {
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType:
		return Value{Type: t}, nil
	case *llvm.PointerType:
		return PointerValue(t, Pointer{}), nil
	case *ir.VectorType:
		if _, ok := tt.Elem.(*llvm.PointerType); ok {
			return Value{}, fmt.Errorf("vectors of pointers are not supported")
		}
		return Value{Type: t, Vec: &Vector{Type: tt, Elems: make([]uint64, tt.NumElements())}}, nil
	case *llvm.ArrayType:
		fields := make([]Value, tt.Len)
		for i := range fields {
			f, err := zeroValue(tt.Elem)
			if err != nil {
				return Value{}, err
			}
			fields[i] = f
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	case *llvm.StructType:
		fields := make([]Value, len(tt.Body))
		for i, ft := range tt.Body {
			f, err := zeroValue(ft)
			if err != nil {
				return Value{}, err
			}
			fields[i] = f
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	}
	return Value{}, fmt.Errorf("values of type %s are not modelled", t)
}

// constValue is the value of attribute a as a constant of type t:
// integers and floats, dense elements as vectors or (nested) arrays,
// strings as i8 arrays, and array attributes as structs or arrays.
func constValue(op *ir.Operation, a ir.Attribute, t ir.Type) (Value, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		w, err := intWidth(op, t)
		if err != nil {
			return Value{}, err
		}
		return Value{Type: t, Bits: uint64(a.Int()) & widthMask(w)}, nil
	case *ir.FloatAttr:
		ft, err := floatOf(op, t)
		if err != nil {
			return Value{}, err
		}
		if st, ok := a.Type().(*ir.FloatType); ok && st != ft {
			return Value{Type: t, Bits: encodeFloat(ft, decodeFloat(st, a.Bits()))}, nil
		}
		return Value{Type: t, Bits: a.Bits()}, nil
	case *ir.StringAttr:
		at, ok := t.(*llvm.ArrayType)
		if !ok || at.Len != int64(len(a.Value)) {
			return Value{}, op.Errorf("string constant of type %s", t)
		}
		fields := make([]Value, at.Len)
		for i := range fields {
			fields[i] = Value{Type: at.Elem, Bits: uint64(a.Value[i])}
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	case *ir.DenseElementsAttr:
		n := leafCount(t)
		if n < 0 {
			return Value{}, unsupported(op, "dense constant of type %s", t)
		}
		elems, err := denseBits(op, a, n)
		if err != nil {
			return Value{}, err
		}
		v, rest := denseValue(t, elems)
		if len(rest) != 0 {
			return Value{}, op.Errorf("dense constant does not fill %s", t)
		}
		return v, nil
	case *ir.ArrayAttr:
		var fieldTypes []ir.Type
		switch tt := t.(type) {
		case *llvm.StructType:
			fieldTypes = tt.Body
		case *llvm.ArrayType:
			for i := int64(0); i < tt.Len; i++ {
				fieldTypes = append(fieldTypes, tt.Elem)
			}
		}
		if len(fieldTypes) != len(a.Elems) {
			return Value{}, op.Errorf("array constant of %d elements for %s", len(a.Elems), t)
		}
		fields := make([]Value, len(fieldTypes))
		for i, ft := range fieldTypes {
			f, err := constValue(op, a.Elems[i], ft)
			if err != nil {
				return Value{}, err
			}
			fields[i] = f
		}
		return AggregateValue(NewAggregate(t, fields)), nil
	}
	return Value{}, unsupported(op, "constant %v of type %s", a, t)
}

// leafCount is the number of scalars in t when t is a scalar, a vector, or
// arrays of those (the shapes a dense constant fills), else -1.
func leafCount(t ir.Type) int64 {
	switch tt := t.(type) {
	case *ir.IntegerType, *ir.FloatType:
		return 1
	case *ir.VectorType:
		return tt.NumElements()
	case *llvm.ArrayType:
		if n := leafCount(tt.Elem); n >= 0 {
			return n * tt.Len
		}
	}
	return -1
}

// denseValue builds a value of type t from the leading scalars of elems
// (row-major) and returns the rest.
func denseValue(t ir.Type, elems []uint64) (Value, []uint64) {
	switch tt := t.(type) {
	case *ir.VectorType:
		n := tt.NumElements()
		return Value{Type: t, Vec: &Vector{Type: tt, Elems: append([]uint64(nil), elems[:n]...)}}, elems[n:]
	case *llvm.ArrayType:
		fields := make([]Value, tt.Len)
		for i := range fields {
			fields[i], elems = denseValue(tt.Elem, elems)
		}
		return AggregateValue(NewAggregate(t, fields)), elems
	}
	return Value{Type: t, Bits: elems[0]}, elems[1:]
}

// ---- branches ----

func compileLLVMCondBr(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 1 || len(op.Successors()) != 2 {
		return Compiled{}, op.Errorf("malformed conditional branch")
	}
	cond := c.Slot(op.Operand(0))
	return Compiled{
		Branch: func(fr *Frame) (int, error) {
			if fr.S[cond] != 0 {
				return 0, nil
			}
			return 1, nil
		},
		SuccessorOperands: [][]*ir.Value{op.OperandGroup(1), op.OperandGroup(2)},
	}, nil
}

func compileLLVMSwitch(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 1 {
		return Compiled{}, op.Errorf("malformed switch")
	}
	flag := c.Slot(op.Operand(0))
	w, err := intWidth(op, op.Operand(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	m := widthMask(w)
	cases := llvm.SwitchCases(op)
	if len(op.Successors()) != len(cases)+1 {
		return Compiled{}, op.Errorf("has %d successors for %d cases", len(op.Successors()), len(cases))
	}
	succOps := [][]*ir.Value{op.OperandGroup(1)}
	vals := make([]uint64, len(cases))
	for i, cv := range cases {
		vals[i] = uint64(cv) & m
		succOps = append(succOps, llvm.SwitchCaseOperands(op, i))
	}
	return Compiled{
		Branch: func(fr *Frame) (int, error) {
			v := fr.S[flag] & m
			for i, cv := range vals {
				if cv == v {
					return i + 1, nil
				}
			}
			return 0, nil
		},
		SuccessorOperands: succOps,
	}, nil
}

func compileUnreachable(c *Compiler, op *ir.Operation) (Compiled, error) {
	return Compiled{Exec: func(*Frame) error {
		return runtimeError(op, "reached 'llvm.unreachable'")
	}}, nil
}

// ---- comparisons ----

// compileICmp compiles llvm.icmp: on integers as arith.cmpi (the predicates
// are numbered alike), on pointers by address.
func compileICmp(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, ok := op.Operand(0).Type().(*llvm.PointerType); !ok {
		return compileCmpI(c, op)
	}
	p, err := predicate(op)
	if err != nil {
		return Compiled{}, err
	}
	a, b, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		x, y := ptrOf(fr, a), ptrOf(fr, b)
		var res bool
		switch p {
		case cmpEq:
			res = x == y
		case cmpNe:
			res = x != y
		default:
			// Orders need addresses; within one buffer they are its offsets.
			xa, ya := uint64(x.Off), uint64(y.Off)
			if x.Buf != y.Buf {
				xa, ya = fr.Machine.addrs.address(x), fr.Machine.addrs.address(y)
			}
			switch p {
			case cmpUlt, cmpSlt:
				res = xa < ya
			case cmpUle, cmpSle:
				res = xa <= ya
			case cmpUgt, cmpSgt:
				res = xa > ya
			case cmpUge, cmpSge:
				res = xa >= ya
			default:
				return op.Errorf("has unknown predicate %d", p)
			}
		}
		fr.S[r] = boolBits(res)
		return nil
	}}, nil
}

// ptrOf reads a pointer slot (an unset slot is the null pointer).
func ptrOf(fr *Frame, s int) Pointer {
	p, _ := fr.O[s].(Pointer)
	return p
}

// ---- casts ----

func compileLLVMCast(kind string) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		k, err := castKernel(op, kind, elemType(op.Operand(0)), elemType(op.Result(0)))
		if err != nil {
			return Compiled{}, err
		}
		return elementwise1(c, op, k)
	}
}

// compileLLVMBitcast reinterprets bits: between scalars of one width as is,
// otherwise (vectors of other shapes) through the little-endian memory image.
func compileLLVMBitcast(c *Compiler, op *ir.Operation) (Compiled, error) {
	from, to := op.Operand(0).Type(), op.Result(0).Type()
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	if _, ok := from.(*llvm.PointerType); ok {
		return Compiled{Exec: func(fr *Frame) error { fr.O[r] = fr.O[src]; return nil }}, nil
	}
	fs, err1 := llvm.StoreSize(from)
	ts, err2 := llvm.StoreSize(to)
	if err1 != nil || err2 != nil || fs != ts || ir.BitWidth(ir.ElementTypeOrSelf(from)) == 0 {
		return Compiled{}, unsupported(op, "bitcast from %s to %s", from, to)
	}
	if kindOf(from) == kindScalar && kindOf(to) == kindScalar {
		return Compiled{Exec: func(fr *Frame) error { fr.S[r] = fr.S[src]; return nil }}, nil
	}
	return Compiled{Exec: func(fr *Frame) error {
		v := fr.value(src, from)
		if v.Vec == nil && kindOf(from) != kindScalar {
			return runtimeError(op, "operand is not a vector")
		}
		fr.setValue(r, valueFromBytes(to, valueBytes(v)))
		return nil
	}}, nil
}

// compileAddrSpaceCast keeps the pointer: the interpreter has one memory,
// and a generic pointer to shared memory is the same buffer.
func compileAddrSpaceCast(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, ok := op.Operand(0).Type().(*llvm.PointerType); !ok {
		return Compiled{}, unsupported(op, "vectors of pointers")
	}
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error { fr.O[r] = ptrOf(fr, src); return nil }}, nil
}

// ptrIntCast checks a cast between the pointer p and the integer i (no
// vectors of pointers) and returns the integer's width.
func ptrIntCast(op *ir.Operation, p, i *ir.Value) (*llvm.PointerType, int, error) {
	pt, ok := p.Type().(*llvm.PointerType)
	if !ok {
		return nil, 0, unsupported(op, "vectors of pointers")
	}
	w, err := intWidth(op, i.Type())
	return pt, w, err
}

func compilePtrToInt(c *Compiler, op *ir.Operation) (Compiled, error) {
	_, w, err := ptrIntCast(op, op.Operand(0), op.Result(0))
	if err != nil {
		return Compiled{}, err
	}
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		p := ptrOf(fr, src)
		if t := fr.thread; t != nil && !t.block.host && p.Buf != nil && p.Buf.Space == sharedSpace {
			// Shared memory has its own small address window (async.go).
			a, err := t.sharedAddress(op, p)
			fr.S[r] = uint64(a) & widthMask(w)
			return err
		}
		fr.S[r] = fr.Machine.addrs.address(p) & widthMask(w)
		return nil
	}}, nil
}

func compileIntToPtr(c *Compiler, op *ir.Operation) (Compiled, error) {
	pt, w, err := ptrIntCast(op, op.Result(0), op.Operand(0))
	if err != nil {
		return Compiled{}, err
	}
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	shared := pt.AddrSpace == sharedSpace
	return Compiled{Exec: func(fr *Frame) error {
		if t := fr.thread; shared && t != nil && !t.block.host {
			fr.O[r] = t.block.async.window.pointer(int64(fr.S[src] & widthMask(w)))
			return nil
		}
		fr.O[r] = fr.Machine.addrs.pointer(fr.S[src] & widthMask(w))
		return nil
	}}, nil
}

// ---- intrinsics ----

func compileBswap(c *Compiler, op *ir.Operation) (Compiled, error) {
	w, err := resultWidth(op)
	if err != nil {
		return Compiled{}, err
	}
	if w%16 != 0 {
		return Compiled{}, op.Errorf("bswap of %d-bit integers (needs a multiple of 16 bits)", w)
	}
	return elementwise1(c, op, func(a uint64) (uint64, string) { return bits.ReverseBytes64(a) >> uint(64-w), "" })
}
