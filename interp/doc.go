// Package interp is goopt's reference interpreter: it executes a `func.func`
// (and everything it calls) at every level goopt produces down to the llvm
// dialect — builtin, func, arith, math, memref, affine, scf, cf, vector, gpu
// (kernels run thread by thread with barrier, warp-collective and
// shared-memory race checks; see gpu.go), llvm (llvm.go: pointers into
// typed buffers with the NVPTX data layout) and nvvm (nvvm.go) — and is the
// test oracle for every transformation.
//
// Execution is table driven. Each dialect contributes an explicit list of
// op handlers (see DefaultHandlers); a handler compiles one operation into a
// closure over dense register slots once, so running an op is a slice access
// and an indirect call, never a map lookup. Registered ops of these dialects
// without a handler are listed, each with its reason, by NotExecutable.
//
// The interpreter is open: a dialect outside the package (vector, nvvm,
// nvgpu) plugs in with Options.Handlers and needs nothing unexported.
//   - Compiler.Slot, OperandSlots and ResultSlots give the register slots a
//     closure reads and writes (Frame.S, Frame.M, Frame.O); Load and Store
//     access memory with every check the built-in ops make.
//   - Inside gpu kernels, ThreadOf returns the running Thread: block and
//     thread ids and dims, lane, warp and warpgroup ids, and the block's
//     shared memory (Thread.Shared, Thread.AllocShared).
//   - Compiler.Collective declares an op completed together by a warp, a
//     warpgroup or the block: each thread contributes its inputs with
//     Frame.Arrive and is suspended; when all threads of its scope have
//     arrived, the collective's Combine runs once and the threads resume
//     with their results. Divergence (threads of the scope at different
//     ops, or finished) is reported at the op. Compiler.CollectiveKernel
//     compiles such an op from what each thread brings and takes back;
//     gpu.barrier, gpu.shuffle, the reductions and the subgroup_mma ops are
//     built this way.
//   - On the host (outside any kernel), which is one thread, a collective
//     completes as soon as that thread arrives: Combine runs over its one
//     arrival, so a fragment op computes the whole tile as a one-lane warp
//     does, and gpu.barrier does nothing. This is what lets the stages of
//     a pipeline before the mapping to gpu.launch, whose subgroup_mma ops
//     are still host code, be checked by execution. Thread queries (ids,
//     Thread.Shared) stay errors on the host.
//
// A handler for a warp-wide sum (the whole program is Example_handlers):
//
//	return c.CollectiveKernel(op, interp.Collective{
//		Scope: interp.WarpScope,
//		Combine: func(lanes []*interp.Arrival) error {
//			sum := 0.0
//			for _, l := range lanes {
//				sum += interp.Value{Type: ft, Bits: l.In[0]}.Float()
//			}
//			for _, l := range lanes {
//				l.Out[0] = interp.FloatValue(ft, sum).Bits
//			}
//			return nil
//		},
//	},
//		func(fr *interp.Frame) interp.Arrival { return interp.Arrival{In: [3]uint64{fr.S[in]}} },
//		func(fr *interp.Frame, a *interp.Arrival) { fr.S[out] = a.Out[0] })
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
// for GPU checks (last writer thread and barrier epoch) is attached. A
// workgroup memref.global has one instance per thread block, and one for
// the host; a kernel that reaches the host's instance through a host value
// uses its block's instead, race checked (see gpu.go).
package interp
