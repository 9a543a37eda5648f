// Package interp is goopt's reference interpreter: it executes a `func.func`
// (and everything it calls) at every level goopt produces down to the llvm
// dialect — builtin, func, arith, math, memref, affine, scf, cf, vector, gpu
// (kernels run thread by thread with barrier, warp-collective and
// shared-memory race checks; see gpu.go), llvm (llvm.go: pointers into
// typed buffers with the NVPTX data layout), nvvm (nvvm.go) and nvgpu
// (nvgpu.go) — and is the test oracle for every transformation.
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
// Hopper and Ampere. The asynchronous and tensor-core ops of the nvvm and
// nvgpu dialects run on one model (async.go, mbarrier.go, tma.go,
// nvvm_async.go, nvvm_wgmma.go, nvvm_mma.go, nvgpu.go), so a kernel is
// equivalent before and after convert-nvgpu-to-nvvm:
//   - mbarriers keep their arrival count, pending transaction bytes and
//     phase beside the shared memory that holds them, keyed by address;
//     mbarrier.try_wait.parity blocks its thread (Thread.Block) until the
//     phase of that parity completes; a wait nothing can satisfy is a
//     deadlock reported at the wait.
//   - cp.async data lands at the issuing thread's wait.group; TMA copies
//     land when the block can make no other progress, a load completing
//     its bytes on its mbarrier. Until then their destination is in
//     flight: touching it is an error naming both ops. TMA-loaded data may
//     be read only by threads that observed its mbarrier phase (a skipped
//     wait, a wait on the wrong parity), and the async proxy (wgmma, TMA
//     stores) reading what a thread stored without a fence.proxy.async in
//     between is a missing fence.
//   - TMA descriptors are *TensorMap values made on the host
//     (nvgpu.tma.create.descriptor, NewTensorMap). Kernels in the llvm
//     dialect receive one as the `!llvm.ptr {llvm.byval = !llvm.array<128
//     x i8>, nvvm.grid_constant}` parameter: a Pointer to its 128-byte
//     image, a read-only buffer that carries the TensorMap, through which
//     the TMA ops find it. Boxes are written to shared memory in the
//     descriptor's swizzle (32, 64 or 128 bytes: the 16-byte chunk index
//     XOR the address bits from 7 up), out-of-bounds elements as zero (or
//     NaN).
//   - Shared pointers converted to integers get addresses in a per-block
//     256 KB window, buffers 1024-byte aligned, so the 64-bit wgmma
//     matrix descriptors built from them (start address, leading and
//     stride byte offsets, swizzle mode) decode as on the hardware.
//   - wgmma is a warpgroup collective; its accumulator registers are what
//     each thread holds (the PTX fragment layout), readable after the
//     wait.group that retires them. ldmatrix and mma.sync are warp
//     collectives with PTX's fragment layouts.
//   - Synchronisation beyond gpu.barrier: in kernels with asynchronous
//     ops the race check keeps a vector clock per thread (hb.go), so an
//     mbarrier phase orders its arrivals (and the TMA loads whose bytes
//     completed it) before the waits that observe it, and named barriers
//     (nvvm.barrier with a thread count, nvvm.barrier.arrive;
//     nvvm_barrier.go) order the threads they gather. A warp-specialised
//     kernel (producer and consumer warpgroups handing ring slots over
//     on "full" and "empty" mbarriers) is race-free; a consumer or
//     producer that skips its wait is not.
//   - Clusters (cluster.go): a launch with a cluster size runs, with the
//     cluster ids, sizes and ranks of the gpu ops, launch body arguments
//     and nvvm registers; the blocks of a cluster run together, so cluster
//     barriers (nvvm.cluster.arrive/wait), nvvm.mapa into another block's
//     shared memory and multicast TMA loads (the box and its bytes to
//     every block of the mask) execute. The vector clocks span the
//     cluster: an arrive on a peer's mbarrier (through mapa), a multicast
//     copy and a cluster barrier order accesses across blocks, and
//     accesses to another block's shared memory are race-checked like
//     local ones. im2col TMA is not executable.
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
