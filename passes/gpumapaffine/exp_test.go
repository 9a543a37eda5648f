package gpumapaffine

import (
	"math"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// TestExpandExp runs the arith expansion of math.exp on the interpreter
// over the whole f32 range, the edges and the special values, and compares
// it with the correctly rounded result: within 2 ulp, subnormal results
// within an absolute 2^-126 (the GPU flushes them anyway), and overflow,
// underflow, infinities and NaN exact.
func TestExpandExp(t *testing.T) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "e.mlir", []byte(`func.func @e(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}`))
	if err != nil {
		t.Fatal(err)
	}
	expandExp(ctx, f.Module)
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	text := printer.String(f.Module, printer.Options{})
	m, err := interp.New(f.Module, interp.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	xs := []float64{0, -0.0, 1, -1, 0.5, 1e-8, -1e-8, 10, -10, 80, 88, 88.7, 88.72, 88.73, 89, 100, -80, -87.3, -87.4, -90, -100, -103.9, -104, -200,
		math.Inf(1), math.Inf(-1), math.NaN(), math.Ln2, -math.Ln2, 0.3465735, -0.3465736}
	for x := -110.0; x < 90; x += 0.0137 {
		xs = append(xs, x)
	}
	for _, x := range xs {
		x = float64(float32(x))
		res, err := m.Call("e", []interp.Value{interp.FloatValue(ir.F32, x)})
		if err != nil {
			t.Fatal(err)
		}
		got := float32(res[0].Float())
		want := float32(math.Exp(x))
		switch {
		case math.IsNaN(float64(want)):
			if !math.IsNaN(float64(got)) {
				t.Errorf("exp(%g) = %g, want NaN", x, got)
			}
		case math.IsInf(float64(want), 0) || want == 0:
			if got != want && !(want == 0 && got < 1e-38) {
				t.Errorf("exp(%g) = %g, want %g", x, got, want)
			}
		case want < 0x1p-126:
			if math.Abs(float64(got-want)) > 0x1p-126 {
				t.Errorf("exp(%g) = %g, want %g", x, got, want)
			}
		default:
			if d := ulps(got, want); d > 2 {
				t.Errorf("exp(%g) = %g, want %g (%d ulp)", x, got, want, d)
			}
		}
	}
}

func ulps(a, b float32) int64 {
	d := int64(math.Float32bits(a)) - int64(math.Float32bits(b))
	if d < 0 {
		d = -d
	}
	return d
}
