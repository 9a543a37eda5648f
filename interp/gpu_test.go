package interp_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
)

// tiledMatmul is a 32x32x32 matmul on 2x2 blocks of 16x16 threads that
// stage 16x16 tiles of A and B through workgroup memory. {{B1}}, {{B2}} and
// {{GUARD}} are replaced by the planted-bug tests.
const tiledMatmul = `
memref.global "private" @As : memref<16x16xf32, 3>
memref.global "private" @Bs : memref<16x16xf32, #gpu.address_space<workgroup>>
func.func @matmul(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %nx = arith.constant {{NX}} : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %nx, %sy = %c16, %sz = %c1) {
    %as = memref.get_global @As : memref<16x16xf32, 3>
    %bs = memref.get_global @Bs : memref<16x16xf32, #gpu.address_space<workgroup>>
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %init = memref.load %C[%row, %col] : memref<32x32xf32>
    %sum = scf.for %kt = %c0 to %c32 step %c16 iter_args(%acc = %init) -> (f32) {
      %ak = arith.addi %kt, %tx : index
      %a = memref.load %A[%row, %ak] : memref<32x32xf32>
      memref.store %a, %as[%ty, %tx] : memref<16x16xf32, 3>
      %bk = arith.addi %kt, %ty : index
      %b = memref.load %B[%bk, %col] : memref<32x32xf32>
      memref.store %b, %bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      {{B1}}
      %r = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %acc) -> (f32) {
        %x = memref.load %as[%ty, %k] : memref<16x16xf32, 3>
        %y = memref.load %bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %s, %p : f32
        scf.yield %q : f32
      }
      {{B2}}
      scf.yield %r : f32
    }
    memref.store %sum, %C[%row, %col] : memref<32x32xf32>
    gpu.terminator
  }
  return
}
`

var plainMatmul = testutil.AffineMatmul("matmul", 32, "f32", "f32")

func kernelText(nx, b1, b2 string) string {
	r := strings.NewReplacer("{{NX}}", nx, "{{B1}}", b1, "{{B2}}", b2)
	return r.Replace(tiledMatmul)
}

func TestTiledMatmulMatchesLoopNest(t *testing.T) {
	gpuMod := parse(t, kernelText("16", "gpu.barrier", "gpu.barrier"))
	if err := equiv.Check(parse(t, plainMatmul), gpuMod, "matmul", equiv.Options{Seeds: []int64{1, 2}}); err != nil {
		t.Fatal(err)
	}
}

// runErr runs fn of src on random arguments and returns the runtime error.
func runErr(t *testing.T, src, fn string) error {
	t.Helper()
	m := machine(t, src)
	ft, err := m.FunctionType(fn)
	if err != nil {
		t.Fatal(err)
	}
	args, err := interp.RandomArgs(ft, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Call(fn, args)
	return err
}

// lineOf returns the 1-based line of the first occurrence of s in src.
func lineOf(src, s string) int {
	i := strings.Index(src, s)
	return strings.Count(src[:i], "\n") + 1
}

func TestPlantedBugs(t *testing.T) {
	for _, tc := range []struct {
		name, nx, b1, b2 string
		// want is in the error; at is the source text whose line it points at.
		want, at string
	}{
		{"missing barrier before reads", "16", "", "gpu.barrier",
			"data race on workgroup memory memref<16x16xf32, 3>", "%x = memref.load"},
		{"missing barrier before next writes", "16", "gpu.barrier", "",
			"data race on workgroup memory memref<16x16xf32, 3>", "memref.store %a, %as"},
		{"barrier in divergent scf.if", "16",
			"%lo = arith.cmpi ult, %tx, %c8 : index\n scf.if %lo { gpu.barrier }\n gpu.barrier", "gpu.barrier",
			"gpu.barrier reached by 128 of 256 threads of block (0,0,0)", "scf.if %lo { gpu.barrier }"},
		{"thread index out of bounds", "17", "gpu.barrier", "gpu.barrier",
			"out-of-bounds store to memref<16x16xf32, 3>: index [0, 16] with size [16, 16]", "memref.store %a, %as"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := kernelText(tc.nx, tc.b1, tc.b2)
			err := runErr(t, src, "matmul")
			if err == nil {
				t.Fatal("bug not detected")
			}
			d := ir.Diagnostics(err)
			if len(d) == 0 || !strings.Contains(d[0].Msg, tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			// A race is reported at the second of the two accesses (which
			// one that is depends on the schedule) with a note at the first.
			lines := map[int]bool{}
			for _, l := range append([]ir.Location{d[0].Loc}, noteLocs(d[0])...) {
				if flc, ok := ir.FileLineCol(l); ok {
					lines[flc.Line] = true
				}
			}
			if !lines[lineOf(src, tc.at)] {
				t.Errorf("no error or note at line %d: %v", lineOf(src, tc.at), err)
			}
		})
	}
}

func TestRaceMessageNamesBothThreads(t *testing.T) {
	err := runErr(t, kernelText("16", "", "gpu.barrier"), "matmul")
	msg := fmt.Sprint(err)
	for _, want := range []string{"write by thread (", "read by thread (", "of block (0,0,0)", "at index ["} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q missing from %s", want, msg)
		}
	}
}

const warpSum = `
func.func @warp_sum(%in: memref<64xf32>, %out: memref<2xf32>, %out2: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %w = arith.constant 32 : i32
  %o16 = arith.constant 16 : i32
  %o8 = arith.constant 8 : i32
  %o4 = arith.constant 4 : i32
  %o2 = arith.constant 2 : i32
  %o1 = arith.constant 1 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c32 : index
    %i = arith.addi %base, %tx : index
    %v0 = memref.load %in[%i] : memref<64xf32>
    %s1, %p1 = gpu.shuffle xor %v0, %o16, %w : f32
    %v1 = arith.addf %v0, %s1 : f32
    %s2, %p2 = gpu.shuffle xor %v1, %o8, %w : f32
    %v2 = arith.addf %v1, %s2 : f32
    %s3, %p3 = gpu.shuffle xor %v2, %o4, %w : f32
    %v3 = arith.addf %v2, %s3 : f32
    %s4, %p4 = gpu.shuffle xor %v3, %o2, %w : f32
    %v4 = arith.addf %v3, %s4 : f32
    %s5, %p5 = gpu.shuffle xor %v4, %o1, %w : f32
    %v5 = arith.addf %v4, %s5 : f32
    %r = gpu.subgroup_reduce add %v0 : (f32) -> f32
    %lane = gpu.lane_id
    %first = arith.cmpi eq, %lane, %c0 : index
    scf.if %first {
      memref.store %v5, %out[%bx] : memref<2xf32>
      memref.store %r, %out2[%bx] : memref<2xf32>
    }
    gpu.terminator
  }
  return
}
`

func TestShuffleWarpReduction(t *testing.T) {
	m := machine(t, warpSum)
	in := newBuf(ir.F32, 64)
	in.FillRandom(7)
	out := newBuf(ir.F32, 2)
	out2 := newBuf(ir.F32, 2)
	if err := callMemRefs(m, "warp_sum", in, out, out2); err != nil {
		t.Fatal(err)
	}
	vals, _ := in.Elements()
	for b := 0; b < 2; b++ {
		want := 0.0
		for i := 0; i < 32; i++ {
			want += float64(math.Float32frombits(uint32(vals[b*32+i])))
		}
		for _, o := range []*interp.MemRef{out, out2} {
			got, _, _ := o.At(int64(b))
			if g := float64(math.Float32frombits(uint32(got))); math.Abs(g-want) > 1e-5 {
				t.Errorf("block %d: got %v, want %v", b, g, want)
			}
		}
	}
}

func TestShuffleModes(t *testing.T) {
	const src = `
func.func @f(%out: memref<32xi32>, %valid: memref<32xi1>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %off = arith.constant 3 : i32
  %width = arith.constant 16 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %r, %p = gpu.shuffle MODE %v, %off, %width : i32
    memref.store %r, %out[%tx] : memref<32xi32>
    memref.store %p, %valid[%tx] : memref<32xi1>
    gpu.terminator
  }
  return
}`
	for _, tc := range []struct {
		mode string
		src  func(rel int) int
	}{
		{"xor", func(rel int) int { return rel ^ 3 }},
		{"down", func(rel int) int { return rel + 3 }},
		{"up", func(rel int) int { return rel - 3 }},
		{"idx", func(int) int { return 3 }},
	} {
		m := machine(t, strings.Replace(src, "MODE", tc.mode, 1))
		out := newBuf(ir.I32, 32)
		valid := newBuf(ir.I1, 32)
		if err := callMemRefs(m, "f", out, valid); err != nil {
			t.Fatalf("%s: %v", tc.mode, err)
		}
		for lane := 0; lane < 32; lane++ {
			base, s := lane-lane%16, tc.src(lane%16)
			want, wantOK := lane, uint64(0)
			if s >= 0 && s < 16 {
				want, wantOK = base+s, 1
			}
			got, _, _ := out.At(int64(lane))
			ok, _, _ := valid.At(int64(lane))
			if int(got) != want || ok != wantOK {
				t.Errorf("%s lane %d: got %d valid %d, want %d valid %d", tc.mode, lane, got, ok, want, wantOK)
			}
		}
	}
}

// wmma computes D = A*B + 0 for 32x32 f16 matrices with a 2x2 grid of warps
// (one block of 64x2 threads), each warp one 16x16 tile, K in two steps.
const wmma = `
func.func @wmma(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %D: memref<32x32xACC>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : ACC
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c2, %sz = %c1) {
    %wx = arith.divui %tx, %c32 : index
    %i = arith.muli %ty, %c16 : index
    %j = arith.muli %wx, %c16 : index
    %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xACC, "COp">
    %d = scf.for %k = %c0 to %c32 step %c16 iter_args(%acc = %c) -> (!gpu.mma_matrix<16x16xACC, "COp">) {
      %a = gpu.subgroup_mma_load_matrix %A[%i, %k] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %b = gpu.subgroup_mma_load_matrix %B[%k, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %r = gpu.subgroup_mma_compute %a, %b, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xACC, "COp">
      scf.yield %r : !gpu.mma_matrix<16x16xACC, "COp">
    }
    gpu.subgroup_mma_store_matrix %d, %D[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xACC, "COp">, memref<32x32xACC>
    gpu.terminator
  }
  return
}
`

func TestWMMAMatmulMatchesF64Reference(t *testing.T) {
	for _, acc := range []*ir.FloatType{ir.F32, ir.F16} {
		t.Run(acc.String(), func(t *testing.T) {
			m := machine(t, strings.ReplaceAll(wmma, "ACC", acc.String()))
			a := newBuf(ir.F16, 32, 32)
			b := newBuf(ir.F16, 32, 32)
			d := interp.NewMemRef(ir.MemRef([]int64{32, 32}, acc, nil, nil), nil)
			a.FillRandom(3)
			b.FillRandom(4)
			if err := callMemRefs(m, "wmma", a, b, d); err != nil {
				t.Fatal(err)
			}
			f := func(x *interp.MemRef, i, j int) float64 {
				bits, _, _ := x.At(int64(i), int64(j))
				return interp.Value{Type: x.Type.Elem, Bits: bits}.Float()
			}
			for i := 0; i < 32; i++ {
				for j := 0; j < 32; j++ {
					// Two 16-deep steps, each rounded once to the accumulator.
					round := func(v float64) float64 { return interp.FloatValue(acc, v).Float() }
					want := 0.0
					for k0 := 0; k0 < 32; k0 += 16 {
						s := want
						for k := k0; k < k0+16; k++ {
							s += f(a, i, k) * f(b, k, j)
						}
						want = round(s)
					}
					if got := f(d, i, j); got != want {
						t.Fatalf("D[%d][%d] = %v, want %v", i, j, got, want)
					}
				}
			}
		})
	}
}

// launchFuncSrc reverses each 32-element row through a workgroup attribution in a gpu.func kernel.
const launchFuncSrc = `
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reverse(%in: memref<2x32xf32>, %out: memref<2x32xf32>) workgroup(%t : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<1xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c31 = arith.constant 31 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %v = memref.load %in[%bx, %tx] : memref<2x32xf32>
      memref.store %v, %p[%c0] : memref<1xf32, #gpu.address_space<private>>
      %w = memref.load %p[%c0] : memref<1xf32, #gpu.address_space<private>>
      memref.store %w, %t[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      BARRIER
      %r = arith.subi %c31, %tx : index
      %x = memref.load %t[%r] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%bx, %tx] : memref<2x32xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<2x32xf32>, %out: memref<2x32xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<2x32xf32>, %out : memref<2x32xf32>)
    return
  }
}
`

func TestLaunchFuncWithAttributions(t *testing.T) {
	m := machine(t, strings.Replace(launchFuncSrc, "BARRIER", "gpu.barrier", 1))
	in := newBuf(ir.F32, 2, 32)
	out := newBuf(ir.F32, 2, 32)
	in.FillRandom(5)
	if err := callMemRefs(m, "main", in, out); err != nil {
		t.Fatal(err)
	}
	for b := int64(0); b < 2; b++ {
		for i := int64(0); i < 32; i++ {
			x, _, _ := in.At(b, 31-i)
			y, _, _ := out.At(b, i)
			if x != y {
				t.Fatalf("out[%d][%d] = %x, want %x", b, i, y, x)
			}
		}
	}
	// Without the barrier, thread 0 reads element 31 before thread 31 writes it.
	err := runErr(t, strings.Replace(launchFuncSrc, "BARRIER", "", 1), "main")
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory") {
		t.Fatalf("got %v, want a data race", err)
	}
}

func TestCollectiveDivergence(t *testing.T) {
	const src = `
func.func @f(%out: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %o = arith.constant 1 : i32
  %w = arith.constant 32 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %lo = arith.cmpi ult, %tx, %c16 : index
    scf.if %lo {
      %v = arith.constant 1.0 : f32
      %r, %p = gpu.shuffle xor %v, %o, %w : f32
      memref.store %r, %out[%tx] : memref<32xf32>
    }
    gpu.terminator
  }
  return
}`
	err := runErr(t, src, "f")
	if err == nil || !strings.Contains(err.Error(), "'gpu.shuffle' op reached by 16 of 32 lanes of warp 0 of block (0,0,0)") {
		t.Fatalf("got %v", err)
	}
}

func TestGPUHostMemoryOps(t *testing.T) {
	const src = `
func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %t0 = gpu.wait async
  %m, %t1 = gpu.alloc async [%t0] (%c8) : memref<?xf32>
  %t2 = gpu.memcpy async [%t1] %m, %a : memref<?xf32>, memref<8xf32>
  gpu.memcpy %b, %m : memref<8xf32>, memref<?xf32>
  %t3 = gpu.memset async [%t2] %m, %one : memref<?xf32>, f32
  %t4 = gpu.dealloc async [%t3] %m : memref<?xf32>
  gpu.wait [%t4]
  return
}`
	m := machine(t, src)
	a := newBuf(ir.F32, 8)
	b := newBuf(ir.F32, 8)
	a.FillRandom(9)
	if err := callMemRefs(m, "f", a, b); err != nil {
		t.Fatal(err)
	}
	av, _ := a.Elements()
	bv, _ := b.Elements()
	for i := range av {
		if av[i] != bv[i] {
			t.Fatalf("b[%d] = %x, want %x", i, bv[i], av[i])
		}
	}
}

func noteLocs(d *ir.Diagnostic) []ir.Location {
	var ls []ir.Location
	for _, n := range d.Notes {
		ls = append(ls, n.Loc)
	}
	return ls
}
