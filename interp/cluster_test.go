package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// TestClusterIDs launches a 4x2 grid in clusters of 2x1 blocks: each
// block records its cluster id, its id in the cluster (gpu ops, launch
// body arguments and nvvm registers agree) and its cluster rank.
func TestClusterIDs(t *testing.T) {
	const src = `
func.func @k(%O: memref<4x2x4xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%scx = %c2, %scy = %c1, %scz = %c1) blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c2, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %id = gpu.cluster_id x
    %bid = gpu.cluster_block_id x
    %n = gpu.cluster_dim_blocks x
    %r32 = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %r = arith.index_cast %r32 : i32 to index
    %ok = arith.cmpi eq, %id, %cx : index
    %okn = arith.cmpi eq, %n, %scx : index
    %both = arith.andi %ok, %okn : i1
    %b = arith.select %both, %c1, %c0 : index
    memref.store %id, %O[%bx, %by, %c0] : memref<4x2x4xindex>
    memref.store %bid, %O[%bx, %by, %c1] : memref<4x2x4xindex>
    memref.store %r, %O[%bx, %by, %c2] : memref<4x2x4xindex>
    memref.store %b, %O[%bx, %by, %c3] : memref<4x2x4xindex>
    gpu.terminator
  }
  return
}`
	m := machine(t, src)
	o := newBuf(ir.Index, 4, 2, 4)
	if err := callMemRefs(m, "k", o); err != nil {
		t.Fatal(err)
	}
	for x := int64(0); x < 4; x++ {
		for y := int64(0); y < 2; y++ {
			want := []int64{x / 2, x % 2, x % 2, 1}
			for i, w := range want {
				if got, _ := o.IntAt(x, y, int64(i)); got != w {
					t.Errorf("block (%d,%d) field %d = %d, want %d", x, y, i, got, w)
				}
			}
		}
	}
}

// clusterDSMEM runs 4 blocks of 32 threads in clusters of 2: each thread
// stores bid*100+tid in its block's shared memory; after a cluster
// barrier it reads the element of the same thread in the other block of
// its cluster through nvvm.mapa, and a second cluster barrier keeps
// either block from exiting while the other still reads its memory.
const clusterDSMEM = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @sm() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32 x i32>
    llvm.func @k(%o: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %c32 = llvm.mlir.constant(32 : i32) : i32
      %c100 = llvm.mlir.constant(100 : i32) : i32
      %sm = llvm.mlir.addressof @sm : !llvm.ptr<3>
      %sp = llvm.getelementptr %sm[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<32 x i32>
      %v0 = llvm.mul %bid, %c100 : i32
      %v = llvm.add %v0, %tid : i32
      llvm.store %v, %sp : i32, !llvm.ptr<3>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %other = llvm.xor %rank, %c1 : i32
      %rp = nvvm.mapa %sp, %other : !llvm.ptr<3> -> !llvm.ptr<3>
      %rv = llvm.load %rp : !llvm.ptr<3> -> i32
      %b32 = llvm.mul %bid, %c32 : i32
      %i = llvm.add %b32, %tid : i32
      %op = llvm.getelementptr %o[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
      llvm.store %rv, %op : i32, !llvm.ptr
      nvvm.cluster.arrive.relaxed
      nvvm.cluster.wait
      llvm.return
    }
  }
  func.func @main(%o: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1) args(%o : memref<128xi32>)
    return
  }
}`

func TestClusterSharedMemory(t *testing.T) {
	run := outRunner(t, machine, "main", ir.I32, 128)
	o, err := run(clusterDSMEM)
	if err != nil {
		t.Fatal(err)
	}
	for b := int64(0); b < 4; b++ {
		for tid := int64(0); tid < 32; tid++ {
			if got, _ := o.IntAt(b*32 + tid); got != (b^1)*100+tid {
				t.Fatalf("block %d thread %d read %d, want %d", b, tid, got, (b^1)*100+tid)
			}
		}
	}
	checkPlanted(t, clusterDSMEM, []plantedBug{
		{"no cluster barrier before the remote read", "      nvvm.cluster.arrive\n      nvvm.cluster.wait\n", "", "uninitialised"},
		{"an arrive without its wait before the remote read", "      nvvm.cluster.arrive\n      nvvm.cluster.wait\n", "      nvvm.cluster.arrive\n", "uninitialised"},
		{"two arrives without a wait", "      nvvm.cluster.wait\n      llvm.return", "      nvvm.cluster.arrive\n      llvm.return", "arrives at the cluster barrier again"},
		{"wait without arrive", "      nvvm.cluster.arrive.relaxed\n", "", "without having arrived"},
		{"a rank outside the cluster", "%other = llvm.xor %rank, %c1 : i32", "%other = llvm.add %rank, %c32 : i32", "is not in the cluster of 2 blocks"},
	}, func(src string) error {
		_, err := run(src)
		return err
	})
	// A thread that exits without arriving leaves the others waiting.
	src := strings.Replace(clusterDSMEM, "      nvvm.cluster.arrive.relaxed\n      nvvm.cluster.wait\n", `      %z = llvm.mlir.constant(0 : i32) : i32
      %last = llvm.icmp "eq" %tid, %z : i32
      llvm.cond_br %last, ^done, ^sync
    ^sync:
      nvvm.cluster.arrive.relaxed
      nvvm.cluster.wait
      llvm.br ^done
    ^done:
`, 1)
	if _, err := run(src); err == nil || !strings.Contains(err.Error(), "waits forever: the cluster barrier has 62 of the 64 threads of its 2 blocks") {
		t.Fatalf("a cluster barrier missing two threads: %v", err)
	}
}

// clusterMulticast: a cluster of 2 blocks of 32 threads; each block's
// thread 0 initialises its mbarrier and expects the box's 8192 bytes on
// it, a cluster barrier makes both mbarriers ready, and rank 0's thread 0
// issues one TMA load multicast to both blocks (mask 0b11). Every thread
// waits on its block's mbarrier and reads row tid, column 1 of the box.
const clusterMulticast = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
memref.global "private" @a : memref<64x64xf16, 3>
func.func @multicast(%A: memref<64x64xf16>, %C: memref<2x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %ua = memref.cast %A : memref<64x64xf16> to memref<*xf16>
  %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !tma
  gpu.launch clusters(%cx, %cy, %cz) in (%scx = %c2, %scy = %c1, %scz = %c1) blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %a = memref.get_global @a : memref<64x64xf16, 3>
    %bar = nvgpu.mbarrier.create -> !bar
    %first = arith.cmpi eq, %tx, %c0 : index
    %bytes = arith.constant 8192 : index
    scf.if %first {
      nvgpu.mbarrier.init %bar[%c0], %c1 : !bar
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !bar
    }
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %rank = gpu.cluster_block_id x
    %r0 = arith.cmpi eq, %rank, %c0 : index
    %issuer = arith.andi %first, %r0 : i1
    scf.if %issuer {
      %mask = arith.constant 3 : i16
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %a multicast_mask = %mask : !tma, !bar -> memref<64x64xf16, 3>
    }
    %false = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
    %v = memref.load %a[%tx, %c1] : memref<64x64xf16, 3>
    memref.store %v, %C[%bx, %tx] : memref<2x32xf16>
    gpu.terminator
  }
  return
}
`

func TestClusterMulticastTMA(t *testing.T) {
	run := func(src string) (*interp.MemRef, *interp.MemRef, error) {
		m := asyncMachine(t, src)
		a := newBuf(ir.F16, 64, 64)
		a.FillRandom(5)
		c := newBuf(ir.F16, 2, 32)
		err := callMemRefs(m, "multicast", a, c)
		return a, c, err
	}
	a, c, err := run(clusterMulticast)
	if err != nil {
		t.Fatal(err)
	}
	for b := int64(0); b < 2; b++ {
		for tid := int64(0); tid < 32; tid++ {
			got, _ := c.FloatAt(b, tid)
			want, _ := a.FloatAt(tid, 1)
			if got != want {
				t.Fatalf("block %d thread %d read %v, want A[%d,1] = %v", b, tid, got, tid, want)
			}
		}
	}
	checkPlanted(t, clusterMulticast, []plantedBug{
		// Block 1 expects bytes that never come.
		{"the mask leaves out block 1", "%mask = arith.constant 3 : i16", "%mask = arith.constant 1 : i16", "waits forever"},
		{"a mask outside the cluster", "%mask = arith.constant 3 : i16", "%mask = arith.constant 7 : i16", "outside the cluster of 2 blocks"},
		// Rank 0 issues before block 1 initialised its mbarrier.
		{"no cluster barrier after the init", "    nvvm.cluster.arrive\n    nvvm.cluster.wait\n", "", "is not initialised"},
		// Block 1's threads read before the multicast was even issued
		// (block 0's run until they need block 1).
		{"the readers skip their wait", "    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar\n", "", "uninitialised"},
	}, func(src string) error {
		_, _, err := run(src)
		return err
	})
}

// clusterRemoteArrive: the mbarrier of the block of rank r expects
// 32*(r+1) arrivals, which the 32 threads of the other block of the
// cluster make through nvvm.mapa (how consumers release a multicast slot
// in every block that receives it): rank 0's threads arrive twice, rank
// 1's once. Before its arrive, each thread stores rank*100+tid into the
// other block's shared memory (distributed shared memory); each thread
// then waits for its own block's phase 0 and reads what its peer stored,
// which the remote arrive orders before the read.
const clusterRemoteArrive = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
    llvm.mlir.global internal @sm() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32 x i32>
    llvm.func @k(%o: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %c32 = llvm.mlir.constant(32 : i32) : i32
      %ticks = llvm.mlir.constant(1000000 : i32) : i32
      %bp = llvm.mlir.addressof @bar : !llvm.ptr<3>
      %first = llvm.icmp "eq" %tid, %c0 : i32
      %r1 = llvm.add %rank, %c1 : i32
      %cnt = llvm.mul %r1, %c32 : i32
      nvvm.mbarrier.init.shared %bp, %cnt, predicate = %first : !llvm.ptr<3>, i32, i1
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %other = llvm.xor %rank, %c1 : i32
      %rb = nvvm.mapa %bp, %other : !llvm.ptr<3> -> !llvm.ptr<3>
      %sm = llvm.mlir.addressof @sm : !llvm.ptr<3>
      %sp = llvm.getelementptr %sm[0, %tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<32 x i32>
      %rsp = nvvm.mapa %sp, %other : !llvm.ptr<3> -> !llvm.ptr<3>
      %c100 = llvm.mlir.constant(100 : i32) : i32
      %v0 = llvm.mul %rank, %c100 : i32
      %v = llvm.add %v0, %tid : i32
      SEND
      %r0 = llvm.icmp "eq" %rank, %c0 : i32
      llvm.cond_br %r0, ^again, ^wait
    ^again:
      %s2 = nvvm.mbarrier.arrive.shared %rb : !llvm.ptr<3> -> i64
      llvm.br ^wait
    ^wait:
      WAIT
      %got = llvm.load %sp : !llvm.ptr<3> -> i32
      %r32 = llvm.mul %rank, %c32 : i32
      %i = llvm.add %r32, %tid : i32
      %op = llvm.getelementptr %o[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
      llvm.store %got, %op : i32, !llvm.ptr
      nvvm.cluster.arrive
      nvvm.cluster.wait
      llvm.return
    }
  }
  func.func @main(%o: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%o : memref<64xi32>)
    return
  }
}`

func TestClusterRemoteMbarrierArrive(t *testing.T) {
	const (
		send  = "llvm.store %v, %rsp : i32, !llvm.ptr<3>\n      %s = nvvm.mbarrier.arrive.shared %rb : !llvm.ptr<3> -> i64"
		wait  = "nvvm.mbarrier.try_wait.parity.shared %bp, %c0, %ticks : !llvm.ptr<3>, i32, i32"
		swapd = "%s = nvvm.mbarrier.arrive.shared %rb : !llvm.ptr<3> -> i64\n      llvm.store %v, %rsp : i32, !llvm.ptr<3>"
	)
	runOut := outRunner(t, machine, "main", ir.I32, 64)
	run := func(send, wait string) (*interp.MemRef, error) {
		return runOut(strings.NewReplacer("SEND", send, "WAIT", wait).Replace(clusterRemoteArrive))
	}
	o, err := run(send, wait)
	if err != nil {
		t.Fatal(err)
	}
	for r := int64(0); r < 2; r++ {
		for tid := int64(0); tid < 32; tid++ {
			if got, _ := o.IntAt(r*32 + tid); got != (r^1)*100+tid {
				t.Fatalf("rank %d thread %d read %d, want %d", r, tid, got, (r^1)*100+tid)
			}
		}
	}
	// Waiting on the other block's mbarrier is not allowed.
	_, err = run(send, "nvvm.mbarrier.try_wait.parity.shared %rb, %c0, %ticks : !llvm.ptr<3>, i32, i32")
	if err == nil || !strings.Contains(err.Error(), "which only its own threads can wait on") {
		t.Fatalf("a wait on a remote mbarrier: %v", err)
	}
	// A store into the peer's memory after the arrive that should publish
	// it: rank 1's stores are not ordered before rank 0's reads (rank 0's
	// second arrive still orders its own), a race across blocks.
	_, err = run(swapd, wait)
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory") || !strings.Contains(err.Error(), "of block (1,0,0) (cluster rank 1)") {
		t.Fatalf("a store after the remote arrive: %v", err)
	}
	t.Log(err)
}

// TestClusterBarrierOrdersRemoteReads: after clusterDSMEM's remote reads,
// each block overwrites its own shared memory behind the last cluster
// barrier. Its arrive orders the peer's reads before the writes; a
// relaxed arrive orders nothing, and the race check across blocks reports
// the write.
func TestClusterBarrierOrdersRemoteReads(t *testing.T) {
	const tail = "      nvvm.cluster.arrive.relaxed\n      nvvm.cluster.wait\n"
	run := outRunner(t, machine, "main", ir.I32, 128)
	for _, relaxed := range []bool{false, true} {
		arrive := "nvvm.cluster.arrive"
		if relaxed {
			arrive = "nvvm.cluster.arrive.relaxed"
		}
		src := strings.Replace(clusterDSMEM, tail, "      "+arrive+"\n      nvvm.cluster.wait\n      llvm.store %tid, %sp : i32, !llvm.ptr<3>\n", 1)
		if src == clusterDSMEM {
			t.Fatal("the overwrite was not added")
		}
		_, err := run(src)
		switch {
		case !relaxed && err != nil:
			t.Fatalf("writes ordered by the cluster barrier: %v", err)
		case relaxed && (err == nil || !strings.Contains(err.Error(), "data race on workgroup memory")):
			t.Fatalf("writes after a relaxed cluster barrier: want a race, got %v", err)
		}
		if err != nil {
			t.Log(err)
		}
	}
}
