package gpuutil_test

import (
	"cmp"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// kernel is a one-warp stage-5 kernel whose k loop is assembled from the
// pieces a case replaces: UB (the loop's upper bound), COPYUB (the copy
// loop's), PRE (ops at the top of the body) and POST (ops after the
// compute); MID is between the two copy loops.
const latencyKernel = `
memref.global "private" @smem_a : memref<16x24xf16, 3>
memref.global "private" @smem_b : memref<16x24xf16, 3>
func.func private @ext()
func.func @k(%A: memref<16x48xf16>, %B: memref<48x16xf16>, %C: memref<16x16xf32>, %n: index) {
  %one = arith.constant 1 : index
  %n32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n32, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @smem_b : memref<16x24xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %acc = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %res:2 = scf.for %k = %c0 to UB step %c16 iter_args(%a = %acc, %off = %c0) -> (!gpu.mma_matrix<16x16xf32, "COp">, index) {
      PRE
      scf.for %c = %c0 to COPYUB step %c1 {
        %t = arith.muli %c, %c32 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%row, %gc] : memref<16x48xf16>
        memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
      }
      MID
      scf.for %c = %c0 to %c8 step %c1 {
        %t = arith.muli %c, %c32 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gr = arith.addi %k, %row : index
        %v = memref.load %B[%gr, %col] : memref<48x16xf16>
        memref.store %v, %b_smem[%row, %col] : memref<16x24xf16, 3>
      }
      gpu.barrier
      %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      POST
      gpu.barrier
      scf.yield %d, %off : !gpu.mma_matrix<16x16xf32, "COp">, index
    }
    gpu.subgroup_mma_store_matrix %res#0, %C[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  return
}
`

// kernelCase is one instance of latencyKernel; an empty ub or copyUB is
// the usual %c48 or %c8.
type kernelCase struct {
	ub, copyUB, pre, mid, post string
}

func build(t *testing.T, k kernelCase) (*ir.Context, *ir.Operation) {
	t.Helper()
	ub, copyUB := cmp.Or(k.ub, "%c48"), cmp.Or(k.copyUB, "%c8")
	src := strings.NewReplacer("COPYUB", copyUB, "UB", ub, "PRE", k.pre, "MID", k.mid, "POST", k.post).Replace(latencyKernel)
	return parsed(t, src)
}

// candidate builds k and returns its one latency-hiding candidate.
func candidate(t *testing.T, k kernelCase) (*ir.Context, *ir.Operation, *ir.Operation) {
	t.Helper()
	ctx, m := build(t, k)
	loops := gpuutil.LatencyHidingCandidates(launchOf(m))
	if len(loops) != 1 {
		t.Fatalf("got %d candidates, want 1", len(loops))
	}
	return ctx, m, loops[0]
}

// TestRefusals checks each reason for leaving a k loop alone: the error
// names it and the IR is exactly as it was.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, ub, copyUB, pre, mid, post string
		opts                             *gpuutil.LatencyHidingOptions // nil: the defaults
		want                             string
	}{
		{name: "dynamic bound", ub: "%n",
			want: "the loop's bounds and step are not constants"},
		{name: "no iteration", ub: "%c0",
			want: "the loop runs no iteration"},
		{name: "copy of a loop-carried offset",
			post: "memref.store %v0, %b_smem[%off, %off] : memref<16x24xf16, 3>",
			pre:  "%v0 = memref.load %A[%c0, %c0] : memref<16x48xf16>",
			want: "a copy depends on the loop-carried value #1"},
		{name: "copy of a workgroup value",
			mid:  "%w = memref.load %b_smem[%c0, %c0] : memref<16x24xf16, 3>\n memref.store %w, %a_smem[%c1, %c1] : memref<16x24xf16, 3>",
			want: "a copy uses 'memref.load', which reads workgroup memory or writes memory"},
		{name: "compute writes workgroup memory",
			post: "scf.for %i = %c0 to %c1 step %c1 {\n %w = memref.load %a_smem[%c0, %c0] : memref<16x24xf16, 3>\n memref.store %w, %b_smem[%c0, %c0] : memref<16x24xf16, 3>\n }",
			want: "'scf.for' writes workgroup memory outside the copies"},
		{name: "compute reads before the last copy",
			mid:  "%early = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, \"AOp\">",
			want: "'gpu.subgroup_mma_load_matrix' reads workgroup memory before the last copy"},
		{name: "barrier inside the compute",
			post: "gpu.barrier\n %fa2 = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, \"AOp\">",
			want: "a 'gpu.barrier' inside the compute"},
		{name: "unknown effects",
			post: "func.call @ext() : () -> ()",
			want: "cannot tell the memory effects of 'func.call'"},
		{name: "compute overwrites a copy source",
			post: "%z = arith.constant 0.0 : f16\n memref.store %z, %B[%c0, %c0] : memref<48x16xf16>",
			want: "'memref.store' writes a memref that the copies read"},
		{name: "copy loop not unrollable", copyUB: "%n",
			want: "a copy loop's bounds are not constants"},
		{name: "too many staged values",
			opts: &gpuutil.LatencyHidingOptions{RegisterStaging: true, MaxStagedLoads: 15},
			want: "register staging needs 16 values per thread, more than max-staged-loads=15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m, loop := candidate(t, kernelCase{tc.ub, tc.copyUB, tc.pre, tc.mid, tc.post})
			opts := gpuutil.DefaultLatencyHidingOptions()
			if tc.opts != nil {
				opts = *tc.opts
			}
			before := text(m)
			err := gpuutil.HideGlobalLoadLatency(ctx, loop, opts)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("got error %v, want %q", err, tc.want)
			}
			if after := text(m); after != before {
				t.Errorf("IR changed on failure:\n%s", after)
			}
		})
	}
}

// TestShapes checks the schedule HideGlobalLoadLatency builds: where the
// global loads, the workgroup stores and the barriers end up.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		copyUB string
		opts   gpuutil.LatencyHidingOptions
		// want is the sequence of the loop body's memory ops and barriers,
		// one letter each: L global load, S workgroup store, R workgroup
		// read (in the compute), B barrier, F a copy loop.
		want string
	}{
		{"staged", "%c8", gpuutil.DefaultLatencyHidingOptions(), strings.Repeat("L", 16) + "RR" + "B" + strings.Repeat("S", 16) + "B"},
		{"shift only, copy loops of unknown trip count", "%n", gpuutil.LatencyHidingOptions{}, "RRBFFB"},
		{"shift only", "%c8", gpuutil.LatencyHidingOptions{}, "RRBFFB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m, kLoop := candidate(t, kernelCase{copyUB: tc.copyUB})
			if err := gpuutil.HideGlobalLoadLatency(ctx, kLoop, tc.opts); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("%v\n%s", err, text(m))
			}
			var loop *ir.Operation
			for _, op := range launchOf(m).Region(0).Blocks()[0].Ops() {
				if op.Is("scf.for") {
					loop = op
				}
			}
			var got strings.Builder
			for _, op := range loop.Region(0).Blocks()[0].Ops() {
				switch {
				case op.Is("gpu.barrier"):
					got.WriteByte('B')
				case op.Is("memref.load"):
					got.WriteByte('L')
				case op.Is("memref.store"):
					got.WriteByte('S')
				case op.Is("gpu.subgroup_mma_load_matrix"):
					got.WriteByte('R')
				case op.Is("scf.for"):
					got.WriteByte('F')
				}
			}
			if got.String() != tc.want {
				t.Errorf("loop body %s, want %s\n%s", got.String(), tc.want, text(m))
			}
		})
	}
}

// TestCandidates: only loops that copy into workgroup memory and read it
// are candidates.
func TestCandidates(t *testing.T) {
	ctx, m, loop := candidate(t, kernelCase{})
	l := launchOf(m)
	// Once pipelined, the loop is no candidate any more: the pass is
	// idempotent.
	if err := gpuutil.HideGlobalLoadLatency(ctx, loop, gpuutil.DefaultLatencyHidingOptions()); err != nil {
		t.Fatal(err)
	}
	if n := len(gpuutil.LatencyHidingCandidates(l)); n != 0 {
		t.Fatalf("got %d candidates after pipelining, want 0", n)
	}
	_, m = build(t, kernelCase{})
	l = launchOf(m)
	// Without its copies, the k loop is not a candidate.
	var copies []*ir.Operation
	ir.Walk(l, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("scf.for") && op.Region(0).Blocks()[0].Ops()[0].Is("arith.muli") {
			copies = append(copies, op)
		}
		return ir.Advance
	})
	for _, c := range copies {
		c.Erase()
	}
	if n := len(gpuutil.LatencyHidingCandidates(l)); n != 0 {
		t.Fatalf("got %d candidates without copies, want 0", n)
	}
}
