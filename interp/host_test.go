package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
)

// Collectives on the host, and workgroup globals fetched on the host.

// hostWMMA is the wmma kernel's computation (gpu_test.go) as host loops:
// the host runs each fragment op as a one-lane warp, which computes the
// whole 16x16 tile, so it must give the kernel's results bit for bit.
const hostWMMA = `
func.func @wmma(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %D: memref<32x32xACC>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : ACC
  scf.for %i = %c0 to %c32 step %c16 {
    scf.for %j = %c0 to %c32 step %c16 {
      %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xACC, "COp">
      %d = scf.for %k = %c0 to %c32 step %c16 iter_args(%acc = %c) -> (!gpu.mma_matrix<16x16xACC, "COp">) {
        %a = gpu.subgroup_mma_load_matrix %A[%i, %k] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %b = gpu.subgroup_mma_load_matrix %B[%k, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %r = gpu.subgroup_mma_compute %a, %b, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xACC, "COp">
        scf.yield %r : !gpu.mma_matrix<16x16xACC, "COp">
      }
      gpu.barrier
      gpu.subgroup_mma_store_matrix %d, %D[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xACC, "COp">, memref<32x32xACC>
    }
  }
  return
}
`

func TestHostWMMAMatchesKernel(t *testing.T) {
	for _, acc := range []string{"f32", "f16"} {
		kernel := parse(t, strings.ReplaceAll(wmma, "ACC", acc))
		host := parse(t, strings.ReplaceAll(hostWMMA, "ACC", acc))
		if err := equiv.Check(kernel, host, "wmma", equiv.Options{Seeds: []int64{1, 2}}); err != nil {
			t.Errorf("%s accumulator: %v", acc, err)
		}
	}
}

// hostCollectives runs every gpu collective once; BODY is the host code
// or a one-thread gpu.launch around it.
const hostCollectives = `
func.func @f(%x: memref<4xf32>, %out: memref<8xf32>, %ok: memref<2xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  BODY
  return
}`

const collectivesBody = `
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  %w = memref.load %x[%c1] : memref<4xf32>
  %one = arith.constant 1 : i32
  %width = arith.constant 32 : i32
  %s0, %p0 = gpu.shuffle xor %v, %one, %width : f32
  %s1, %p1 = gpu.shuffle idx %v, %one, %width : f32
  memref.store %s0, %out[%c0] : memref<8xf32>
  memref.store %s1, %out[%c1] : memref<8xf32>
  memref.store %p0, %ok[%c0] : memref<2xi1>
  memref.store %p1, %ok[%c1] : memref<2xi1>
  gpu.barrier
  %r = gpu.subgroup_reduce add %v : (f32) -> f32
  %q = gpu.all_reduce maxnumf %w uniform {} : (f32) -> f32
  memref.store %r, %out[%i2] : memref<8xf32>
  memref.store %q, %out[%i3] : memref<8xf32>
  %fa = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<16x16xf32, "COp">
  %fb = gpu.subgroup_mma_constant_matrix %w : !gpu.mma_matrix<16x16xf32, "COp">
  %fs = gpu.subgroup_mma_elementwise addf %fa, %fb : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %tile = memref.alloca() : memref<16x16xf32>
  gpu.subgroup_mma_store_matrix %fs, %tile[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
  %i4 = arith.constant 4 : index
  %i15 = arith.constant 15 : index
  %e = memref.load %tile[%i15, %i3] : memref<16x16xf32>
  memref.store %e, %out[%i4] : memref<8xf32>
`

// TestHostCollectivesMatchOneThreadKernel runs the gpu collectives on the
// host and in a gpu.launch of one thread: the host is that thread.
func TestHostCollectivesMatchOneThreadKernel(t *testing.T) {
	host := parse(t, strings.Replace(hostCollectives, "BODY", collectivesBody, 1))
	kernel := parse(t, strings.Replace(hostCollectives, "BODY", `
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
`+collectivesBody+`
    gpu.terminator
  }`, 1))
	if err := equiv.Check(kernel, host, "f", equiv.Options{Seeds: []int64{1, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	// The values themselves: a one-lane warp has no lane 1 to read from,
	// and every reduction is over the one value.
	m, err := interp.New(host, interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := newBuf(ir.F32, 4)
	x.FillRandom(4)
	out := newBuf(ir.F32, 8)
	ok := newBuf(ir.I1, 2)
	if err := callMemRefs(m, "f", x, out, ok); err != nil {
		t.Fatal(err)
	}
	f := func(m *interp.MemRef, i int64) float64 {
		b, _, _ := m.At(i)
		return interp.Value{Type: ir.F32, Bits: b}.Float()
	}
	v, w := f(x, 0), f(x, 1)
	sum := interp.FloatValue(ir.F32, v+w).Float()
	for i, want := range []float64{v, v, v, w, sum} {
		if got := f(out, int64(i)); got != want {
			t.Errorf("out[%d] = %v, want %v", i, got, want)
		}
	}
	for i := int64(0); i < 2; i++ {
		if b, _, _ := ok.At(i); b != 0 {
			t.Errorf("shuffle #%d reports a valid lane 1 in a one-lane warp", i)
		}
	}
}

// TestHostCollectiveErrors checks that the host keeps the collectives'
// located errors, and that thread queries still make no sense there.
func TestHostCollectiveErrors(t *testing.T) {
	const shuffle = `func.func @f(%v: f32) -> f32 {
  %o = arith.constant 1 : i32
  %w = arith.constant 40 : i32
  %r, %p = gpu.shuffle xor %v, %o, %w : f32
  return %r : f32
}`
	err := runErr(t, shuffle, "f")
	d := ir.Diagnostics(err)
	if len(d) != 1 || !strings.Contains(d[0].Msg, "shuffle width 40 is not in [1, 32] in the host thread") {
		t.Fatalf("got %v", err)
	}
	if got, want := d[0].Loc.String(), `"test.mlir":4:`; !strings.Contains(got, want) {
		t.Errorf("error at %s, want line 4", got)
	}
	const tid = `func.func @f() -> index {
  %t = gpu.thread_id x
  return %t : index
}`
	if err := runErr(t, tid, "f"); err == nil || !strings.Contains(err.Error(), "'gpu.thread_id' executed outside a GPU kernel") {
		t.Fatalf("got %v", err)
	}
}

// TestToyCollectiveOnHost runs a handler's warpgroup collective, written
// with Frame.Arrive, on the host: the group is the host thread alone.
func TestToyCollectiveOnHost(t *testing.T) {
	const src = `
func.func @main(%out: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %m = "toy.wg_max"(%c7) : (index) -> index
  memref.store %m, %out[%c0] : memref<1xindex>
  return
}`
	out := indexBuf(1)
	if err := toyRun(t, src, out); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := out.At(0); got != 7 {
		t.Fatalf("got %d, want 7", got)
	}
}

// hostGlobal fetches the workgroup global @s on the host and uses it in a
// kernel of 2 blocks of 32 threads, through the launch's capture
// (%s) and through the kernel's own get_global (%k). KERNEL and HOST are
// replaced by each case.
const hostGlobal = `
memref.global "private" @s : memref<64xf32, 3>
func.func @f(%in: memref<2x32xf32>, %out: memref<2x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %s = memref.get_global @s : memref<64xf32, 3>
  HOST
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %k = memref.get_global @s : memref<64xf32, 3>
    %v = memref.load %in[%bx, %tx] : memref<2x32xf32>
    %rx = arith.subi %c31, %tx : index
    KERNEL
    gpu.terminator
  }
  return
}`

func hostGlobalCase(host, kernel string) string {
	return strings.NewReplacer("HOST", host, "KERNEL", kernel).Replace(hostGlobal)
}

// reversed checks out[b][i] = in[b][31-i].
func reversed(t *testing.T, in, out *interp.MemRef) {
	t.Helper()
	for b := int64(0); b < 2; b++ {
		for i := int64(0); i < 32; i++ {
			x, _, _ := in.At(b, 31-i)
			y, _, _ := out.At(b, i)
			if x != y {
				t.Fatalf("out[%d][%d] = %x, want %x", b, i, y, x)
			}
		}
	}
}

func runHostGlobal(t *testing.T, src string) (in, out *interp.MemRef, err error) {
	t.Helper()
	in = newBuf(ir.F32, 2, 32)
	out = newBuf(ir.F32, 2, 32)
	in.FillRandom(6)
	_, err = machine(t, src).Call("f", []interp.Value{interp.MemRefValue(in), interp.MemRefValue(out)})
	return in, out, err
}

// TestHostFetchedWorkgroupGlobalInKernel checks that a workgroup global
// fetched on the host is, inside a kernel, its block's instance: the same
// memory as the kernel's own get_global, private to the block, race
// checked, and not the host's.
func TestHostFetchedWorkgroupGlobalInKernel(t *testing.T) {
	const reverse = `
    memref.store %v, %s[%tx] : memref<64xf32, 3>
    BARRIER
    %x = memref.load %k[%rx] : memref<64xf32, 3>
    memref.store %x, %out[%bx, %tx] : memref<2x32xf32>`
	// The host's view and the kernel's get_global are the same memory.
	in, out, err := runHostGlobal(t, hostGlobalCase("", strings.Replace(reverse, "BARRIER", "gpu.barrier", 1)))
	if err != nil {
		t.Fatal(err)
	}
	reversed(t, in, out)

	// Without the barrier, the accesses through the host's view race.
	_, _, err = runHostGlobal(t, hostGlobalCase("", strings.Replace(reverse, "BARRIER", "", 1)))
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory memref<64xf32, 3>") {
		t.Fatalf("got %v, want a race", err)
	}

	// Each block has its own instance: block 1 does not see block 0's
	// stores, whether it reads through the host's view or its own.
	for _, via := range []string{"%s", "%k"} {
		_, _, err = runHostGlobal(t, hostGlobalCase("", `
    %b0 = arith.cmpi eq, %bx, %c0 : index
    scf.if %b0 {
      memref.store %v, %s[%tx] : memref<64xf32, 3>
    }
    gpu.barrier
    %x = memref.load `+via+`[%tx] : memref<64xf32, 3>
    memref.store %x, %out[%bx, %tx] : memref<2x32xf32>`))
		if err == nil || !strings.Contains(err.Error(), "uninitialised") || !strings.Contains(err.Error(), "of block (1,0,0)") {
			t.Fatalf("read via %s: got %v, want an uninitialised read in block 1", via, err)
		}
	}

	// What the host stores is the host's: the kernel reads it as
	// uninitialised, and the kernel's stores do not reach the host.
	const hostStore = `
  %one = arith.constant 1.0 : f32
  memref.store %one, %s[%c0] : memref<64xf32, 3>`
	_, _, err = runHostGlobal(t, hostGlobalCase(hostStore, `
    %x = memref.load %s[%c0] : memref<64xf32, 3>
    memref.store %x, %out[%bx, %tx] : memref<2x32xf32>`))
	if err == nil || !strings.Contains(err.Error(), "uninitialised") {
		t.Fatalf("got %v, want an uninitialised read", err)
	}
	src := hostGlobalCase(hostStore, `
    %z = arith.cmpi eq, %tx, %c0 : index
    scf.if %z {
      memref.store %v, %s[%c0] : memref<64xf32, 3>
    }`)
	src = strings.Replace(src, "  return\n}", `  %h = memref.load %s[%c0] : memref<64xf32, 3>
  memref.store %h, %out[%c0, %c0] : memref<2x32xf32>
  return
}`, 1)
	_, out, err = runHostGlobal(t, src)
	if err != nil {
		t.Fatal(err)
	}
	if b, _, _ := out.At(0, 0); (interp.Value{Type: ir.F32, Bits: b}).Float() != 1 {
		t.Fatalf("host reads %v after the kernel, want its own 1.0", interp.Value{Type: ir.F32, Bits: b}.Float())
	}
}

// TestHostFetchedWorkgroupSubviewInKernel checks that a host view at an
// offset keeps its offset over the block's instance.
func TestHostFetchedWorkgroupSubviewInKernel(t *testing.T) {
	src := hostGlobalCase(`
  %hi = memref.subview %s[32] [32] [1] : memref<64xf32, 3> to memref<32xf32, strided<[1], offset: 32>, 3>`, `
    memref.store %v, %hi[%tx] : memref<32xf32, strided<[1], offset: 32>, 3>
    gpu.barrier
    %at = arith.addi %rx, %c32 : index
    %x = memref.load %k[%at] : memref<64xf32, 3>
    memref.store %x, %out[%bx, %tx] : memref<2x32xf32>`)
	in, out, err := runHostGlobal(t, src)
	if err != nil {
		t.Fatal(err)
	}
	reversed(t, in, out)
}

// TestHostFetchedWorkgroupGlobalAsKernelArgument passes the host's view
// of a workgroup global to a gpu.func: the kernel uses its block's
// instance, race checked.
func TestHostFetchedWorkgroupGlobalAsKernelArgument(t *testing.T) {
	const src = `
module attributes {gpu.container_module} {
  memref.global "private" @s : memref<32xf32, 3>
  gpu.module @kernels {
    gpu.func @reverse(%in: memref<2x32xf32>, %out: memref<2x32xf32>, %t: memref<32xf32, 3>) kernel {
      %c31 = arith.constant 31 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %v = memref.load %in[%bx, %tx] : memref<2x32xf32>
      memref.store %v, %t[%tx] : memref<32xf32, 3>
      BARRIER
      %r = arith.subi %c31, %tx : index
      %x = memref.load %t[%r] : memref<32xf32, 3>
      memref.store %x, %out[%bx, %tx] : memref<2x32xf32>
      gpu.return
    }
  }
  func.func @f(%in: memref<2x32xf32>, %out: memref<2x32xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %s = memref.get_global @s : memref<32xf32, 3>
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<2x32xf32>, %out : memref<2x32xf32>, %s : memref<32xf32, 3>)
    return
  }
}`
	in, out, err := runHostGlobal(t, strings.Replace(src, "BARRIER", "gpu.barrier", 1))
	if err != nil {
		t.Fatal(err)
	}
	reversed(t, in, out)
	_, _, err = runHostGlobal(t, strings.Replace(src, "BARRIER", "", 1))
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory memref<32xf32, 3>") {
		t.Fatalf("got %v, want a race", err)
	}
}
