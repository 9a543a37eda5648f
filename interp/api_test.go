package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// The machine checks what it is given: unverified modules, arguments of
// the wrong type or width, and nil inputs are errors, never panics or
// silently reinterpreted bits.
func TestMachineChecksInputs(t *testing.T) {
	bad := parse(t, "func.func @f() -> i32 {\n  return\n}\n")
	if _, err := interp.New(bad, interp.Options{}); err == nil || !strings.Contains(err.Error(), "has 0 operands, but enclosing function (@f) returns 1") {
		t.Errorf("New on an invalid module: %v", err)
	}

	m := machine(t, `func.func @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @load(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}`)
	for _, c := range []struct {
		name string
		fn   string
		arg  interp.Value
		want string
	}{
		{"f32 as i32", "id", interp.FloatValue(ir.F32, 1.5), "expected a value of type i32, got f32"},
		{"index as i32", "id", interp.IndexValue(1 << 40), "expected a value of type i32, got index"},
		{"over-wide bits", "id", interp.Value{Type: ir.I32, Bits: 1 << 40}, "do not fit i32"},
		{"nil memref", "load", interp.MemRefValue(nil), "expected a memref of type memref<4xf32>"},
		{"nil vector as scalar", "id", interp.VectorValue(nil), "expected a scalar of type i32"},
	} {
		_, err := m.Call(c.fn, []interp.Value{c.arg})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	if res, err := m.Call("id", []interp.Value{interp.IntValue(ir.I32, -7)}); err != nil || res[0].Int() != -7 {
		t.Errorf("well-typed call: %v %v", res, err)
	}
}

func TestTypedElementAccessors(t *testing.T) {
	f := newBuf(ir.F16, 2, 2)
	if v, err := f.FloatAt(0, 1); err != nil || v != 0 {
		t.Errorf("NewMemRef is zero-filled: %v %v", v, err)
	}
	if err := f.SetFloat(0.333, 1, 1); err != nil {
		t.Fatal(err)
	}
	if v, err := f.Float32At(1, 1); err != nil || v != float32(0.33300781) {
		t.Errorf("Float32At = %v, %v (f16 rounding of 0.333 is 0.33300781)", v, err)
	}
	if _, err := f.FloatAt(2, 0); err == nil {
		t.Error("out-of-bounds FloatAt did not fail")
	}
	if _, err := f.IntAt(0, 0); err == nil {
		t.Error("IntAt on a float memref did not fail")
	}
	i := newBuf(ir.I8, 3)
	if err := i.SetInt(-3, 2); err != nil {
		t.Fatal(err)
	}
	if v, err := i.IntAt(2); err != nil || v != -3 {
		t.Errorf("IntAt = %v, %v", v, err)
	}
	if err := i.SetInt(300, 0); err != nil {
		t.Fatal(err)
	}
	if v, _ := i.IntAt(0); v != 44 {
		t.Errorf("SetInt wraps to i8: got %d, want 44", v)
	}
}
