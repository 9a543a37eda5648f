// Package gpumatmulhopper is the named pipeline gpu-matmul-hopper (goopt's
// own; upstream MLIR has no such pipeline): the plain affine matmul that
// gpu-matmul-wmma takes, C[f32] += extf(A[f16]) * extf(B[f16]) with B
// K×N row-major, compiled for Hopper's tensor cores from nvgpu ops — TMA
// loads into a multi-stage shared-memory ring guarded by mbarriers, and
// wgmma — climbing the ladder of issue 13 with one switch per rung:
//
//	rung 0  TMA (128-byte swizzle) into `stages` ring slots, one mbarrier per
//	        slot (arrive.expect_tx), a prologue filling the ring, a K loop
//	        waiting on each slot's phase parity and issuing
//	        nvgpu.warpgroup.mma on descriptors (B transposed); since that
//	        leaves the last wgmma group in flight (wait_group 1), thread 0
//	        refills the previous tile's slot, past a barrier, and the last
//	        wgmma is waited for (wait_group 0) before the epilogue
//	rung 1  warp-specialize: one producer warpgroup (one thread issues TMA),
//	        `consumers` wgmma warpgroups, full and empty mbarriers per slot
//	        (a consumer releases the previous tile's slot), setmaxnreg
//	        (producer down, consumers up); the consumers synchronise their
//	        epilogue on an mbarrier, without the producer
//	rung 2  epilogue=tma: C written by TMA stores from shared memory;
//	        epilogue=registers (warp-specialised; best persistent, the
//	        default): each consumer warpgroup adds its rows of the tile
//	        to C from its accumulator's registers (rung 7's register
//	        epilogue, 8-byte accesses, 4-byte ones when N is odd), with
//	        no staging tile and no barrier between the
//	        consumers, so the ring keeps all of shared memory and, with
//	        the tile's last slot released before the epilogue, the
//	        persistent producer loads the next tile meanwhile; it also
//	        lets persistent blocks form clusters (rung 3)
//	rung 3  cluster=X,Y (2 or 4 blocks along one dimension): blocks along
//	        x compute tiles of the same rows and each loads 1/X of every
//	        consumer's A box, multicast to the cluster; along y, 1/Y of
//	        B's boxes. The empty barriers then live in dynamic shared
//	        memory past the ring, count the consumers of the whole
//	        cluster, and are arrived on remotely (mapa + an arrive,
//	        inline PTX: MLIR 19 has no op for it; consumer thread r of a
//	        warpgroup arrives on block r's, all in one instruction); cluster
//	        barriers publish their initialisation and keep a block alive
//	        while its peers may still arrive. Persistent only with
//	        epilogue=registers or pingpong (rung 7): a staging tile over
//	        the ring would take a peer's multicasts.
//	rung 4  persistent: sm-count blocks (132, the H200's SMs) loop over the
//	        output tiles, tile blockIdx.x + i*gridDim.x, rasterised by the
//	        grid swizzle; producer and consumers count ring uses across
//	        tiles (use i*kTiles + k takes slot use % stages, parity
//	        use / stages), so the producer runs into the next tile as
//	        slots are released (the consumers also release a tile's last
//	        slot); with the staging tile over the ring, the producer waits
//	        for the previous epilogue on a staging-free mbarrier
//	rung 5  overlap-epilogue: the staging tile gets its own shared memory
//	        past the ring, so the producer fills the ring with the next
//	        tile while the consumers store this one (at 128x256 tiles the
//	        ring then has room for 2 stages)
//	rung 6  grid-swizzle=G: blocks rasterised in groups of G tile rows
//	rung 7  pingpong (implies persistent and warp-specialize): the block's
//	        i-th tile goes whole to consumer i % consumers (the
//	        accumulator is the block tile: 128x128 or 64x256), the
//	        consumers take turns in the main loop (turn mbarriers), so
//	        one's epilogue overlaps the other's wgmmas; the epilogue adds
//	        the accumulator's registers to C with 8-byte accesses, no
//	        staging tile, so the ring has all of shared memory. With
//	        cluster=2,1 (or 1,2) the persistent grid is a row of whole
//	        clusters walking cluster tiles, each block taking its rank's
//	        tile, with rung 3's multicast and cluster-wide empty barriers
//	        (pingpong.go; the register epilogue: epilogue_registers.go)
//
// The epilogue of rungs 0 to 6 is C += accumulator either way: each warpgroup stores its
// fragment (nvgpu.warpgroup.mma.store) to a staging tile over the ring,
// the consumer threads add C to it with aligned vector<4xf32> accesses,
// eight in flight a thread, then store C themselves (epilogue=direct) or
// hand the tile to TMA stores.
//
// Any size (issue 14; boundary.go, pad.go, producer_fallback.go,
// epilogue_update.go): the grid and the K loop round up, TMA zero-fills
// what a box reads past A's or B's edge, and only the tiles that reach
// past C's edge guard their epilogue (a whole tile runs the same loop as
// at a divisible size; an edge tile clamps its reads of C under the TMA
// epilogue, whose store clips, tests each access under the direct one,
// and under the register epilogue (epilogue_registers.go) issues a row's
// guarded loads together before its guarded stores). An odd N leaves only even
// rows' column pairs 8-byte aligned: the register epilogue's whole tiles
// realign the odd rows (pairs (c+1, c+2), c+2's value shuffled from the
// lane that holds it). An operand whose rows are not a multiple of 16 bytes (K or N not
// a multiple of 8), which no TMA descriptor can address (nor can a box
// start at such a row's first element: an illegal instruction on sm_90),
// is by default (pad-operands) copied by a launch of its own into a
// buffer whose rows are padded to a multiple of 8 elements; the matmul's
// tensor map describes the buffer's leading part, the operand's extent,
// so the zero fill covers the tail and the pad is never read, and the
// kernel is the aligned one (clusters and pingpong included). The
// launches share one gpu.module (kernelModule), and the manifest gives
// the buffers as the host function's workspace. With
// pad-operands=false such an operand is copied into the swizzled ring by
// threads instead — the producer warpgroup, or the block in rung 0 —
// with cp.async (zero-filling past the edges; the producer keeps
// stages-2 K tiles of copies in flight) or, for odd rows, loads and
// stores; a proxy fence and one arrive per thread on the slot's full
// barrier publish them (no clusters, no pingpong). C's rows not a
// multiple of 16 bytes make the epilogue direct.
//
// Defaults (pipeline.go's Options): the fastest configuration measured,
// persistent=true with epilogue=auto, which is the register epilogue for a
// persistent warp-specialised kernel without overlap-epilogue and tma
// otherwise, at every size: its edge tiles (guarded loads issued
// together, a warp barrier, guarded stores) measured as fast as its inner
// ones and faster than the TMA epilogue (1000^3: 97 against 79
// TFLOP/s; 3000x5000x704: 290 against 225); 128x256x64 tiles, 4 stages, 2 consumers, grid-swizzle=8,
// sm-count=132. Options given always win; a default they rule out falls
// back, as upstream options check hasValue(): warp-specialize=false alone
// is rung 0 (one tile a block, TMA epilogue); persistent=false alone is
// the previous default (one tile a block, TMA epilogue);
// overlap-epilogue=true alone takes the TMA epilogue and the stages that
// fit beside its staging tile (2 at 128x256); a cluster with epilogue=tma
// or direct is not persistent. An option given explicitly never falls
// back: persistent=true warp-specialize=false is an error. The pass keeps
// its options resolved, so the pipeline it prints parses back to the
// same kernel. Go callers that set fields keep them when they differ from
// the default, and mark a field set to its default with OptionGiven.
//
// Checked by execution: the interpreter runs the kernel lowered by goopt
// (TMA, mbarrier and wgmma semantics, race checks ordered through
// barriers and mbarrier phases) and finds rungs 0, 1, 2, 4, 5 and 6
// equivalent to the affine matmul, and the register epilogue
// (register_epilogue_test.go: several tiles a block, partial tiles,
// bf16, a copied A, odd N with the defaults, clusters), and reports a planted missing
// mbarrier wait and, in rung 4, a producer that skips the staging-free
// wait (equiv_test.go); rung 7 with unequal tile counts per consumer
// and partial tiles, and catches a consumer that skips its full or turn
// wait (pingpong_test.go). Rung 3 runs its clusters' blocks together, with
// multicast and mapa, but the interpreter does not yet model an arrive on
// another block's mbarrier: its test (cluster_equiv_test.go) skips,
// saying so, and rung 3 is checked by upstream's lowering to PTX, goopt
// compile, and on the GPU (gpu_test.go).

// The pipeline is affine-gpu-hopper (strict: a nest it cannot map fails
// with a located error) and canonicalize, cse. The nest is recognised by
// gpuutil.MatchMatmulNest, shared with gpu-matmul-wmma's tiling. The kernel
// is written in upstream's nvgpu syntax and parsed, so the same text is
// what mlir-opt-19 verifies and lowers in the tests
// (scripts/hopper_upstream_ptx.sh lowers it with upstream for timing).
//
//	goopt opt matmul.mlir --gpu-matmul-hopper   # persistent, epilogue=registers
//	goopt opt matmul.mlir --gpu-matmul-hopper="tb-tile=128,128,64 consumers=1 warp-specialize=false epilogue=direct"
//	goopt opt matmul.mlir --gpu-matmul-hopper="persistent=false"   # one tile a block, epilogue=tma
//	goopt opt matmul.mlir --gpu-matmul-hopper="epilogue=tma sm-count=114"
//	goopt opt matmul.mlir --gpu-matmul-hopper="tb-tile=128,128,64 stages=7 pingpong=true"
//	goopt compile matmul.mlir --pipeline=gpu-matmul-hopper   # sm_90a
//
// Input (examples/matmul.mlir):
//
//	affine.for %i = 0 to 8192 {
//	  affine.for %j = 0 to 8192 {
//	    affine.for %k = 0 to 8192 {
//	      %a = affine.load %A[%i, %k] : memref<8192x8192xf16>
//	      ...
//	      affine.store %s, %C[%i, %j] : memref<8192x8192xf32>
//
// Output (defaults: 128×256×64 tiles, 4 stages, 2 consumers, persistent
// over 132 blocks, the register epilogue):
//
//	%0 = nvgpu.tma.create.descriptor %cast box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, ...>
//	...
//	gpu.launch blocks(...) in (%gx = %c132, %gy = %c1, %gz = %c1) threads(...) in (%sx = %c384, ...) dynamic_shared_memory_size %c196608_i32 {
//	  %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
//	  %full = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
//	  %empty = nvgpu.mbarrier.create -> <...>
//	  ...
//	  scf.if %producer {
//	    nvvm.setmaxregister  decrease 40
//	    scf.for %t = %block_id_x to %c2048 step %c132 {   // the block's tiles
//	      ... wait empty[slot], nvgpu.mbarrier.arrive.expect_tx full[slot], nvgpu.tma.async.load ...
//	  } else {
//	    nvvm.setmaxregister  increase 232
//	    scf.for %t = %block_id_x to %c2048 step %c132 {
//	      %acc = scf.for %k = ... iter_args(%a = %init) -> (!nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>) {
//	        nvgpu.mbarrier.try_wait.parity %full[%slot], %parity, %c10000000 : ...
//	        %d = nvgpu.warpgroup.mma %da, %db, %a {transposeB} : ...
//	        ... nvgpu.mbarrier.arrive %empty[%slot] ...
//	      }
//	      ... vector.load %C[...] : memref<8192x8192xf32>, vector<2xf32> (C's pairs, first row)
//	      nvvm.wgmma.wait.group.sync.aligned 0
//	      ... release the last slot; C += the accumulator's registers, vector.store ... vector<2xf32>
//	    }
//	  }
//
// The K tile is 64 (a 128-byte swizzled row of f16); each consumer's
// rows are a multiple of 64 and its accumulator at most 128 registers a
// thread; the ring fits sm_90's 227 KB; a cluster's operands have rows
// TMA can address. Anything else is a located error.
package gpumatmulhopper
