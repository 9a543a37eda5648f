package gpukerneloutlining_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/convertscftocf"
	"github.com/goopt/goopt/passes/gpukerneloutlining"
	"github.com/goopt/goopt/passes/gpulaunchsinkindexcomputations"
	"github.com/goopt/goopt/printer"
)

// TestLitEquivalence replays the lit invocations of the pass (and of
// gpu-launch-sink-index-computations before it) and checks every function
// by execution: the gpu.launch_func of the outlined kernel must compute
// what the gpu.launch did.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/conversion/kernel-outlining.mlir", gpukerneloutlining.New, gpulaunchsinkindexcomputations.New)
}

func run(t *testing.T, src string, extra ...pass.Factory) (in, out *ir.Operation) {
	t.Helper()
	return passtest.LowerPair(t, "matmul.mlir", []byte(src), passtest.Passes(passtest.SmallWMMAPipeline, append(extra, gpukerneloutlining.New)...))
}

// TestPaperPipeline outlines the kernel of the paper's pipeline on a small
// matmul (alone, after sinking, after convert-scf-to-cf) and checks the
// launch_func program against the affine input on random inputs, with
// the interpreter's race checks. The padded shared-memory tiles move
// into the kernel module.
func TestPaperPipeline(t *testing.T) {
	for _, c := range []struct {
		name   string
		before []pass.Factory
		args   string
	}{
		{"outline", nil, "args(%c32 : index, %c0 : index"},
		{"sink", []pass.Factory{gpulaunchsinkindexcomputations.New}, "args(%arg2 : memref<64x64xf32>, %arg0 : memref<64x64xf16>, %arg1 : memref<64x64xf16>)"},
		{"scf-to-cf,sink", []pass.Factory{convertscftocf.New, gpulaunchsinkindexcomputations.New}, "args(%arg2 : memref<64x64xf32>, %arg0 : memref<64x64xf16>, %arg1 : memref<64x64xf16>)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, out := run(t, testutil.PaperMatmul(64, 64, 64), c.before...)
			text := printer.String(out, printer.Options{})
			host, kernel, ok := strings.Cut(text, "gpu.module @matmul_kernel {")
			if !ok || strings.Contains(text, "gpu.launch ") {
				t.Fatalf("not outlined:\n%s", text)
			}
			if !strings.Contains(host, "gpu.launch_func  @matmul_kernel::@matmul_kernel blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1)  "+c.args) {
				t.Errorf("unexpected launch:\n%s", host)
			}
			if strings.Contains(host, "memref.global") || strings.Count(kernel, `memref.global "private" @matmul_smem_`) != 2 {
				t.Errorf("the shared tiles should be in the kernel module only:\n%s", text)
			}
			if !strings.Contains(kernel, "known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 2, 2, 1>") {
				t.Errorf("known sizes missing:\n%s", kernel)
			}
			if err := equiv.Check(in, out, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func outline(t *testing.T, src, options string) (string, error) {
	t.Helper()
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	before := printer.String(f.Module, printer.Options{})
	p := gpukerneloutlining.New()
	if options != "" {
		if err := pass.ParseOptions(p.Options(), options); err != nil {
			t.Fatal(err)
		}
	}
	pm := pass.New(ctx, "builtin.module")
	if err := pm.AddPass(p); err != nil {
		t.Fatal(err)
	}
	pm.Verify = ir.Verify
	err = pm.Run(f.Module)
	after := printer.String(f.Module, printer.Options{})
	if err != nil && after != before {
		t.Errorf("failed run changed the IR:\n%s", after)
	}
	return after, err
}

const twoFuncs = `func.func @ok(%A: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %A[%tx] : memref<8xf32>
    memref.store %v, %A[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}
func.func @bad(%A: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %A[%tx] {ref = @missing} : memref<8xf32>
    memref.store %v, %A[%tx] {ref = [@gone]} : memref<8xf32>
    gpu.terminator
  }
  return
}
`

// TestErrors: a symbol the kernel cannot see and a malformed data layout
// are located errors, reported all at once, and nothing is outlined.
func TestErrors(t *testing.T) {
	_, err := outline(t, twoFuncs, "")
	if err == nil {
		t.Fatal("expected an error")
	}
	for _, want := range []string{
		"in.mlir:13:10: error: 'memref.load' op cannot be outlined into a kernel: symbol '@missing' is not defined in the enclosing module",
		"in.mlir:14:5: error: 'memref.store' op cannot be outlined into a kernel: symbol '@gone' is not defined in the enclosing module",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in\n%v", want, err)
		}
	}
	ok := twoFuncs[:strings.Index(twoFuncs, "func.func @bad")]
	for _, c := range []struct{ opt, want string }{
		{"data-layout-str=1", "invalid value '1' for option 'data-layout-str': expected a '#dlti.dl_spec' attribute"},
		{"data-layout-str=#dlti.dl_spec<", "invalid value '#dlti.dl_spec<' for option 'data-layout-str': unexpected nul or EOF"},
	} {
		_, err := outline(t, ok, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.opt, err, c.want)
		}
	}
	out, err := outline(t, ok, "data-layout-str=#dlti.dl_spec<#dlti.dl_entry<index,32:i32>>")
	if err != nil || !strings.Contains(out, "gpu.module @ok_kernel attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index,32:i32>>}") {
		t.Errorf("data layout not attached (%v):\n%s", err, out)
	}
}

// TestNoLaunch: a module without gpu.launch is left alone, without the
// container attribute (as upstream).
func TestNoLaunch(t *testing.T) {
	out, err := outline(t, "func.func @f() {\n  return\n}\n", "")
	if err != nil || strings.Contains(out, "gpu.container_module") {
		t.Fatalf("%v\n%s", err, out)
	}
}
