// Package interp is goopt's reference interpreter: it executes a `func.func`
// (and everything it calls) at every level goopt produces before LLVM —
// builtin, func, arith, math, memref, affine, scf, cf and gpu (kernels run
// thread by thread with barrier, warp-collective and shared-memory race
// checks; see gpu.go) — and is the test oracle for every transformation.
//
// Execution is table driven. Each dialect contributes an explicit list of
// op handlers (see Handlers); a handler compiles one operation into a closure
// over dense register slots once, so running an op is a slice access and an
// indirect call, never a map lookup. Later dialects (vector, gpu, nvvm) plug in
// by adding their own lists through Options.Handlers.
//
// The interpreter checks what a test oracle must: out-of-bounds memref
// accesses, reads of uninitialised memory (every buffer tracks which elements
// were written), use after dealloc, stores to constant globals, integer
// division by zero and signed division overflow, over-wide shifts. Each
// failure is an *ir.Diagnostic at the op's location.
//
// Example:
//
//	ctx := ir.NewContext(all.All()...)
//	f, _ := parser.ParseFile(ctx, "k.mlir", src)
//	m, _ := interp.New(f.Module, interp.Options{})
//	a := interp.NewMemRef(ir.MemRef([]int64{4}, ir.F32, nil, nil), nil)
//	a.FillRandom(1)
//	res, err := m.Call("kernel", []interp.Value{interp.MemRefValue(a)})
//
// Memory model. A memref value is a descriptor (*MemRef: buffer, offset,
// sizes, strides, plus the layout map when the layout is not strided) over a
// *Buffer that holds elements in register form (see Value) and a per-element
// initialisation bit. The buffer is the place where per-element shadow state
// for GPU checks (last writer thread and barrier epoch) is attached.
package interp
