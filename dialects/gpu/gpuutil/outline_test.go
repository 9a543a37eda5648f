package gpuutil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

const launch = `func.func @k(%A: memref<8xf32>, %x: f32, %y: f32, %lb: index, %z: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = arith.cmpi eq, %lb, %c0 : index
  %q = arith.cmpi eq, %z, %z : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    scf.for %i = %lb to %sx step %c1 {
      memref.store %x, %A[%i] : memref<8xf32>
    }
    %s = arith.select %p, %x, %y : f32
    %t = arith.select %q, %x, %y : f32
    memref.store %s, %A[%tx] : memref<8xf32>
    memref.store %t, %A[%c0] : memref<8xf32>
    gpu.terminator
  }
  return
}
`

func parseLaunch(t *testing.T) (*ir.Operation, *ir.Operation, []*ir.Value) {
	t.Helper()
	m := parseModule(t, launch)
	fn := m.Region(0).Front().First()
	l := ir.Collect(fn, func(o *ir.Operation) bool { return o.Is("gpu.launch") })[0]
	return m, l, fn.Region(0).Front().Arguments()
}

// TestKernelOperandsOrder: post-order, first use: the loop body's values,
// then the loop's bounds, then the rest in textual order.
func TestKernelOperandsOrder(t *testing.T) {
	_, l, args := parseLaunch(t)
	A, x, y, lb := args[0], args[1], args[2], args[3]
	c1 := l.Operand(1) // the grid size x
	got := gpuutil.KernelOperands(l)
	var names []string
	for _, v := range got {
		names = append(names, v.Type().String())
	}
	if len(got) != 8 || got[0] != x || got[1] != A || got[2] != lb || got[3] != c1 || got[5] != y {
		t.Fatalf("order: %v", names)
	}
	if p := got[4].DefiningOp(); p == nil || !p.Is("arith.cmpi") {
		t.Fatalf("5th operand should be %%p: %v", names)
	}
	if c0 := got[7].DefiningOp(); c0 == nil || !c0.Is("arith.constant") {
		t.Fatalf("last operand should be %%c0: %v", names)
	}
}

// TestSinkIntoLaunch: constants and cmpi whose operands can follow are
// cloned into the body; a cmpi on an argument that the body does not use
// stays outside (sinking it would add a kernel parameter) while %p, whose
// %lb the body uses anyway, is sunk.
func TestSinkIntoLaunch(t *testing.T) {
	m, l, _ := parseLaunch(t)
	if n := gpuutil.SinkIntoLaunch(l, gpuutil.IsLikelyIndexComputation); n != 3 {
		t.Errorf("sunk %d ops, want 3 (%%c1, %%c0 and %%p)", n)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	printed := text(m)
	body := printed[strings.Index(printed, "gpu.launch"):]
	for _, want := range []string{"%c1_0 = arith.constant 1 : index", "%c0_1 = arith.constant 0 : index", "arith.cmpi eq, %arg3, %c0_1 : index"} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %q in the body:\n%s", want, printed)
		}
	}
	if strings.Contains(body, "arith.cmpi eq, %arg4") {
		t.Errorf("the compare of %%z was sunk:\n%s", printed)
	}
	// %lb now comes first: the sunk %p uses it at the top of the body.
	var ops []string
	for _, v := range gpuutil.KernelOperands(l) {
		ops = append(ops, v.Type().String())
	}
	if got := strings.Join(ops, ","); got != "index,f32,memref<8xf32>,f32,i1" {
		t.Errorf("kernel operands after sinking: %s", got)
	}
}
