package all_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/internal/dialecttest"
	"github.com/goopt/goopt/ir"
)

// effectsIR holds one op of each memory-effect shape; TestOpMemoryEffects
// lists what @f's top-level ops do, in order.
const effectsIR = `memref.global "private" @g : memref<4xf32> = dense<0.0>
func.func private @callee(memref<100xf32>)
func.func @f(%a: memref<100xf32>, %b: memref<100xf32, 2>, %t: memref<1xi32>, %c: memref<32x32xf16>, %d: memref<32x32xf32>, %v: f32, %i: index, %n: index, %e: memref<100xf32>) {
  %0 = memref.load %a[%i] : memref<100xf32>
  memref.store %v, %a[%i] : memref<100xf32>
  memref.copy %a, %e : memref<100xf32> to memref<100xf32>
  %1 = memref.alloc() : memref<4xf32>
  %2 = memref.alloca() : memref<4xf32>
  memref.dealloc %1 : memref<4xf32>
  %3 = memref.atomic_rmw addf %v, %a[%i] : (f32, memref<100xf32>) -> f32
  memref.prefetch %a[%i], read, locality<3>, data : memref<100xf32>
  %4 = memref.realloc %2 : memref<4xf32> to memref<8xf32>
  %5 = memref.get_global @g : memref<4xf32>
  %6 = memref.dim %a, %i : memref<100xf32>
  memref.assume_alignment %a, 16 : memref<100xf32>
  %7 = memref.generic_atomic_rmw %a[%i] : memref<100xf32> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %v : f32
    memref.atomic_yield %s : f32
  }
  %8 = affine.load %a[%i] : memref<100xf32>
  affine.store %v, %e[%i] : memref<100xf32>
  %9 = affine.vector_load %a[%i] : memref<100xf32>, vector<4xf32>
  affine.vector_store %9, %e[%i] : memref<100xf32>, vector<4xf32>
  affine.prefetch %a[%i], write, locality<1>, data : memref<100xf32>
  affine.dma_start %a[%i + 1], %b[%i], %t[0], %n : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
  affine.dma_wait %t[0], %n : memref<1xi32>
  affine.for %k = 0 to 10 {
    %l = affine.load %a[%k] : memref<100xf32>
    affine.store %l, %e[%k] : memref<100xf32>
  }
  affine.for %k = 0 to 10 {
    %l = affine.load %a[%k] : memref<100xf32>
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    func.call @callee(%a) : (memref<100xf32>) -> ()
  }
  func.call @callee(%a) : (memref<100xf32>) -> ()
  %m = gpu.alloc (%n) : memref<?xf32>
  %tok = gpu.wait async
  %tok2 = gpu.memcpy async [%tok] %e, %a : memref<100xf32>, memref<100xf32>
  gpu.memset %m, %v : memref<?xf32>, f32
  gpu.dealloc %m : memref<?xf32>
  gpu.wait [%tok2]
  gpu.barrier
  %A = gpu.subgroup_mma_load_matrix %c[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %C = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %C, %d[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
  return
}
`

// describeEffects prints effects as `Read(%a)`, values by their SSA names in
// effectsIR: function arguments by name, results by their defining op.
func describeEffects(args []string, effects []ir.EffectInstance, known bool) string {
	if !known {
		return "unknown"
	}
	var parts []string
	for _, e := range effects {
		v := "?"
		switch {
		case e.Value == nil:
		case e.Value.IsBlockArgument():
			v = args[e.Value.Index()]
		default:
			v = e.Value.DefiningOp().Name()
		}
		s := fmt.Sprintf("%s(%s)", e.Kind, v)
		if e.Resource != ir.DefaultResource {
			s += "@" + string(e.Resource)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func parseEffectsFunc(t *testing.T) *ir.Operation {
	t.Helper()
	module := dialecttest.Parse(t, all.NewContext(), "effects.mlir", []byte(effectsIR))
	var fn *ir.Operation
	ir.WalkOps(module, func(o *ir.Operation) {
		if s, ok := o.Attr("sym_name").(*ir.StringAttr); ok && s.Value == "f" {
			fn = o
		}
	})
	return fn
}

func TestOpMemoryEffects(t *testing.T) {
	fn := parseEffectsFunc(t)
	args := []string{"%a", "%b", "%t", "%c", "%d", "%v", "%i", "%n", "%e"}
	want := []struct{ op, effects string }{
		{"memref.load", "Read(%a)"},
		{"memref.store", "Write(%a)"},
		{"memref.copy", "Read(%a) Write(%e)"},
		{"memref.alloc", "Allocate(memref.alloc)"},
		{"memref.alloca", "Allocate(memref.alloca)@AutomaticAllocationScope"},
		{"memref.dealloc", "Free(memref.alloc)"},
		{"memref.atomic_rmw", "Read(%a) Write(%a)"},
		// A prefetch only changes the cache: kept, yet not ordered against
		// the accesses of %a.
		{"memref.prefetch", "Read(%a) Write(%a)@Cache"},
		{"memref.realloc", "Read(memref.alloca) Free(memref.alloca) Allocate(memref.realloc) Write(memref.realloc)"},
		{"memref.get_global", ""},
		{"memref.dim", ""},
		{"memref.assume_alignment", "unknown"}, // declares no effects in MLIR 19
		{"memref.generic_atomic_rmw", "Read(%a) Write(%a)"},
		{"affine.load", "Read(%a)"},
		{"affine.store", "Write(%e)"},
		{"affine.vector_load", "Read(%a)"},
		{"affine.vector_store", "Write(%e)"},
		{"affine.prefetch", "Read(%a) Write(%a)@Cache"},
		{"affine.dma_start", "Read(%a) Write(%b) Read(%t)"},
		{"affine.dma_wait", "Read(%t)"},
		// Loops have the effects of their bodies.
		{"affine.for", "Read(%a) Write(%e)"},
		{"affine.for", "Read(%a)"},
		{"arith.constant", ""},
		{"arith.constant", ""},
		{"scf.for", "unknown"}, // a call inside
		{"func.call", "unknown"},
		{"gpu.alloc", "Allocate(gpu.alloc)"},
		{"gpu.wait", "Read(?) Write(?)"},
		{"gpu.memcpy", "Write(%e) Read(%a)"},
		{"gpu.memset", "Write(gpu.alloc)"},
		{"gpu.dealloc", "Free(gpu.alloc)"},
		{"gpu.wait", "Read(?) Write(?)"},
		// A barrier orders all memory: nothing moves across it.
		{"gpu.barrier", "Read(?) Write(?)"},
		{"gpu.subgroup_mma_load_matrix", "Read(%c)"},
		{"gpu.subgroup_mma_constant_matrix", ""},
		{"gpu.subgroup_mma_store_matrix", "Write(%d)"},
		{"func.return", ""},
	}
	ops := fn.Region(0).Front().Ops()
	if len(ops) != len(want) {
		t.Fatalf("@f has %d ops, the table %d", len(ops), len(want))
	}
	for i, op := range ops {
		if op.Name() != want[i].op {
			t.Fatalf("op %d is %s, the table says %s", i, op.Name(), want[i].op)
		}
		effects, known := ir.MemoryEffects(op)
		if got := describeEffects(args, effects, known); got != want[i].effects {
			t.Errorf("%s (op %d): effects %q, want %q", op.Name(), i, got, want[i].effects)
		}
	}
}

// TestEffectQueries checks the questions passes ask, on real ops.
func TestEffectQueries(t *testing.T) {
	fn := parseEffectsFunc(t)
	a, e := fn.Region(0).Front().Argument(0), fn.Region(0).Front().Argument(8)
	byName := map[string]*ir.Operation{}
	for _, op := range fn.Region(0).Front().Ops() {
		if byName[op.Name()] == nil {
			byName[op.Name()] = op
		}
	}
	// Columns: effect free, only reads, writes, would be trivially dead,
	// may read %a, may write %a, may read %e, may write %e.
	for _, tc := range []struct{ op, want string }{
		{"memref.load", "-y-yy---"},
		{"memref.store", "--y--y--"},
		{"memref.copy", "--y-y--y"},
		{"memref.alloc", "---y----"},
		{"memref.dim", "yy-y----"},
		{"memref.prefetch", "--y-y---"},
		{"affine.for", "--y-y--y"},
		{"func.call", "--y-yyyy"},
		{"gpu.barrier", "--y-yyyy"},
		{"gpu.alloc", "---y----"},
		{"gpu.subgroup_mma_load_matrix", "-y-y----"},
	} {
		op := byName[tc.op]
		var b strings.Builder
		for _, q := range []bool{
			ir.IsMemoryEffectFree(op), ir.OnlyReadsMemory(op), ir.HasWriteEffects(op), ir.WouldBeTriviallyDead(op),
			ir.MayRead(op, a), ir.MayWrite(op, a), ir.MayRead(op, e), ir.MayWrite(op, e),
		} {
			if q {
				b.WriteByte('y')
			} else {
				b.WriteByte('-')
			}
		}
		if got := b.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.op, got, tc.want)
		}
	}
	for _, tc := range []struct {
		op   string
		want bool
	}{{"memref.alloc", true}, {"memref.alloca", true}, {"gpu.alloc", true}, {"memref.realloc", false}, {"memref.get_global", false}} {
		if got := ir.IsAllocation(byName[tc.op].Result(0)); got != tc.want {
			t.Errorf("IsAllocation(%s) = %v, want %v", tc.op, got, tc.want)
		}
	}
}
