package driver

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/npy"
	"github.com/goopt/goopt/ir"
)

const runSrc = `func.func @main(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %k: i32) -> i32 {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %x = affine.load %a[%i, %j] : memref<2x2xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i, %j] : memref<2x2xf32>
    }
  }
  %r = arith.muli %k, %k : i32
  return %r : i32
}
func.func @oob(%a: memref<4xf32>) {
  affine.for %i = 0 to 5 {
    %x = affine.load %a[%i] : memref<4xf32>
  }
  return
}
`

func run(t *testing.T, src string, o RunOptions) (RunResult, string) {
	t.Helper()
	res, err := Run(context.Background(), []byte(src), "t.mlir", o)
	if err == nil {
		return res, ""
	}
	var dl ir.DiagList
	if !errors.As(err, &dl) {
		return res, "plain: " + err.Error()
	}
	var b strings.Builder
	Sources{"t.mlir": []byte(src), "before.mlir": o.checkEquivText()}.WriteDiagnostics(&b, dl)
	return res, b.String()
}

func (o RunOptions) checkEquivText() []byte {
	if o.CheckEquiv == nil {
		return nil
	}
	return o.CheckEquiv.Text
}

func TestRunArguments(t *testing.T) {
	res, errs := run(t, runSrc, RunOptions{Args: []string{"zeros", "random", "-3"}})
	if errs != "" {
		t.Fatal(errs)
	}
	if res.Entry != "main" || len(res.Results) != 1 || res.Results[0].Int() != 9 {
		t.Fatalf("result = %+v", res)
	}
	var out bytes.Buffer
	if err := res.Write(&out, true); err != nil {
		t.Fatal(err)
	}
	want := "%arg0: memref<2x2xf32> =\n[[0, 0],\n [0, 0]]\n%arg1: memref<2x2xf32> =\n[[0, 0],\n [0, 0]]\nresult 0: 9 : i32\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}

	// Random arguments are deterministic per seed.
	sum := func(seed int64) string {
		res, errs := run(t, runSrc, RunOptions{Seed: seed})
		if errs != "" {
			t.Fatal(errs)
		}
		var b bytes.Buffer
		res.Write(&b, false)
		return b.String()
	}
	if a, b, c := sum(1), sum(1), sum(2); a != b || a == c || !strings.Contains(a, "%arg1: memref<2x2xf32> sum=") {
		t.Errorf("checksums: %q %q %q", a, b, c)
	}
}

func TestRunNpyArgument(t *testing.T) {
	a := interp.NewMemRef(ir.MemRef([]int64{2, 2}, ir.F32, nil, nil), nil)
	for i, v := range []float64{1, 2, 3, 4.5} {
		a.SetFloat(v, int64(i/2), int64(i%2))
	}
	var file bytes.Buffer
	if err := npy.Write(&file, a); err != nil {
		t.Fatal(err)
	}
	read := func(name string) ([]byte, error) {
		if name != "a.npy" {
			return nil, errors.New("no such file")
		}
		return file.Bytes(), nil
	}
	res, errs := run(t, runSrc, RunOptions{Args: []string{"a.npy", "zeros", "1"}, ReadFile: read})
	if errs != "" {
		t.Fatal(errs)
	}
	if got := FormatMemRef(res.Args[1].Ref); got != "[[2, 4],\n [6, 9]]" {
		t.Errorf("output = %s", got)
	}
	_, errs = run(t, runSrc, RunOptions{Args: []string{"zeros", "x.npy", "1"}, ReadFile: read})
	if !strings.Contains(errs, "argument 1 of 'main': cannot read 'x.npy': no such file") {
		t.Errorf("errors = %s", errs)
	}
	_, errs = run(t, runSrc, RunOptions{Args: []string{"zeros", "zeros", "a.npy"}, ReadFile: read})
	if !strings.Contains(errs, "argument 2 of 'main': 'a.npy' gives an array for a value of type i32") {
		t.Errorf("errors = %s", errs)
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		o    RunOptions
		want string
	}{
		{"out of bounds", runSrc, RunOptions{Entry: "oob"},
			"t.mlir:14:10: error: out-of-bounds load from memref<4xf32>: index [4] with size [4]\n    %x = affine.load %a[%i] : memref<4xf32>\n         ^\n"},
		{"gpu", runSrc, RunOptions{Device: DeviceGPU, OpenGPU: noGPU}, "plain: --device=gpu: no GPU to run on: cuda: no NVIDIA driver"},
		{"device", runSrc, RunOptions{Device: "tpu"}, "plain: unknown device 'tpu'"},
		{"entry", runSrc, RunOptions{Entry: "nope"}, "plain: entry function 'nope' not found in 't.mlir'"},
		{"ambiguous", "func.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n", RunOptions{}, "plain: cannot choose an entry function in 't.mlir' among 'f', 'g'"},
		{"only public", "func.func private @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n", RunOptions{}, ""},
		{"none", "func.func private @f()\n", RunOptions{}, "plain: no function to run in 't.mlir'"},
		{"arg count", runSrc, RunOptions{Args: []string{"zeros", "zeros"}}, "t.mlir:1:1: error: 'main' takes 3 arguments but --args gives 2"},
		{"bad literal", runSrc, RunOptions{Args: []string{"1", "zeros", "1.5"}}, "error: argument 0 of 'main': '1' is not random, zeros or a .npy file"},
		{"parse error", "func.func @f( {", RunOptions{}, "t.mlir:1:"},
		{"rel tol", runSrc, RunOptions{RelTol: -1}, "plain: relative tolerance must be a non-negative number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := run(t, tc.src, tc.o)
			if tc.want == "" && errs != "" || !strings.Contains(errs, tc.want) {
				t.Errorf("got %q, want %q", errs, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, []byte(runSrc), "t.mlir", RunOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestRunCheckEquiv(t *testing.T) {
	before := &Source{Filename: "before.mlir", Text: []byte(runSrc)}
	res, errs := run(t, runSrc, RunOptions{CheckEquiv: before, Seeds: []int64{4, 5}})
	if errs != "" || res.EquivSeeds != 2 {
		t.Fatalf("res = %+v, errs = %s", res, errs)
	}
	var out bytes.Buffer
	res.Write(&out, false)
	if out.String() != "equivalent (2 seeds)\n" {
		t.Errorf("output %q", out.String())
	}

	wrong := strings.Replace(runSrc, "arith.muli %k, %k", "arith.addi %k, %k", 1)
	_, errs = run(t, wrong, RunOptions{CheckEquiv: before})
	if !strings.HasPrefix(errs, "t.mlir:1:1: error: function 'main' differs from its version in 'before.mlir': seed ") || !strings.Contains(errs, ": result 0 differs: after ") {
		t.Errorf("errors = %s", errs)
	}

	broken := strings.Replace(runSrc, "affine.for %j = 0 to 2", "affine.for %j = 0 to 3", 1)
	_, errs = run(t, broken, RunOptions{CheckEquiv: before})
	if !strings.Contains(errs, "t.mlir:4:12: error: out-of-bounds load") ||
		!strings.Contains(errs, "t.mlir:1:1: note: while checking 'main' of 't.mlir' on random inputs (seed 1)") {
		t.Errorf("errors = %s", errs)
	}

	_, errs = run(t, runSrc, RunOptions{CheckEquiv: &Source{Filename: "before.mlir", Text: []byte("func.func @g() {\n  return\n}\n")}})
	if !strings.Contains(errs, "plain: entry function 'main' not found in 'before.mlir'") {
		t.Errorf("errors = %s", errs)
	}
}

func TestFormatMemRef(t *testing.T) {
	m := interp.NewMemRef(ir.MemRef([]int64{2, 2, 2}, ir.I32, nil, nil), nil)
	vals := []uint64{0, 1, 2, 3, 4, 5, 6, uint64(0xffffff9c)}
	m.SetElements(vals)
	m.Buf.Init[1] = false
	want := "[[[   0,    ?],\n  [   2,    3]],\n\n [[   4,    5],\n  [   6, -100]]]"
	if got := FormatMemRef(m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Checksum(m); !strings.HasPrefix(got, "sum=-80 hash=") || !strings.HasSuffix(got, " uninit=1") {
		t.Errorf("checksum %s", got)
	}
	c := m.Clone()
	c.Buf.Init[1] = true
	if Checksum(c) == Checksum(m) {
		t.Error("checksum ignores initialisation")
	}
	s := interp.NewMemRef(ir.MemRef(nil, ir.F64, nil, nil), nil)
	s.SetFloat(0.25)
	if got := FormatMemRef(s); got != "0.25" {
		t.Errorf("0-d: %s", got)
	}
}
