package nvptx_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/ir"
)

// TestUntranslatable checks that ops the translation cannot handle give a
// located error naming the op, never a panic or a partial module.
func TestUntranslatable(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"arith", `llvm.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  llvm.return %b : i32
}`, "t.mlir:2:8: error: 'arith.addi' op cannot be translated to LLVM IR"},
		{"cast", `llvm.func @f(%a: i64) {
  %b = builtin.unrealized_conversion_cast %a : i64 to index
  llvm.return
}`, "t.mlir:2:8: error: 'builtin.unrealized_conversion_cast' op cannot be translated to LLVM IR"},
		{"top-level", `func.func @g() {
  return
}`, "t.mlir:1:1: error: 'func.func' op cannot be translated to LLVM IR"},
		{"fence-size", `llvm.func @f(%d: !llvm.ptr, %n: i32) {
  nvvm.fence.proxy.acquire #nvvm.mem_scope<gpu> %d, %n
  llvm.return
}`, "t.mlir:2:3: error: 'nvvm.fence.proxy.acquire' op cannot be translated to LLVM IR: size must be an llvm.mlir.constant (128)"},
		{"wgmma-f16x2", `llvm.func @f(%a: i64, %c: !llvm.struct<(vector<2xf16>, vector<2xf16>)>) {
  %r = nvvm.wgmma.mma_async %a, %a, %c, <m = 64, n = 8, k = 16>, D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(vector<2xf16>, vector<2xf16>)> -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  llvm.return
}`, "t.mlir:2:8: error: 'nvvm.wgmma.mma_async' op cannot be translated to LLVM IR: no PTX register type for '<2 x half>'"},
		{"shfl-type", `llvm.func @f(%m: i32, %v: f64) -> f64 {
  %r = nvvm.shfl.sync bfly %m, %v, %m, %m : f64 -> f64
  llvm.return %r : f64
}`, "t.mlir:2:8: error: 'nvvm.shfl.sync' op cannot be translated to LLVM IR: LLVM shuffles i32 and f32 only"},
		{"atomic-fmax", `llvm.func @f(%p: !llvm.ptr, %v: f32) -> f32 {
  %r = llvm.atomicrmw fmax %p, %v monotonic : !llvm.ptr, f32
  llvm.return %r : f32
}`, "t.mlir:2:8: error: 'llvm.atomicrmw' op 'fmax' cannot be translated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := translateSource("t.mlir", c.src)
			if err == nil {
				t.Fatalf("translated; want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want %q", err, c.want)
			}
			for _, d := range ir.Diagnostics(err) {
				if _, ok := ir.FileLineCol(d.Loc); !ok {
					t.Errorf("diagnostic without a location: %v", d)
				}
			}
		})
	}
}

// TestEveryErrorReported checks that two bad ops give two diagnostics.
func TestEveryErrorReported(t *testing.T) {
	_, err := translateSource("t.mlir", `llvm.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  %c = arith.muli %a, %a : i32
  llvm.return %a : i32
}`)
	if n := len(ir.Diagnostics(err)); n != 2 {
		t.Errorf("%d diagnostics, want 2: %v", n, err)
	}
}

// TestGPUModuleChoice translates the named gpu.module of several.
func TestGPUModuleChoice(t *testing.T) {
	src := `module attributes {gpu.container_module} {
  gpu.module @one {
    llvm.func @f() {
      llvm.return
    }
  }
  gpu.module @two {
    llvm.func @g() {
      llvm.return
    }
  }
}`
	if _, err := translateSource("t.mlir", src); err == nil || !strings.Contains(err.Error(), "2 gpu.modules (one, two)") {
		t.Errorf("no choice: %v", err)
	}
	f := parse(t, src)
	m, err := nvptx.Translate(f, nvptx.TranslateOptions{GPUModule: "two"})
	if err != nil {
		t.Fatal(err)
	}
	if s := m.String(); !strings.Contains(s, "define void @g()") || strings.Contains(s, "@f") {
		t.Errorf("translated the wrong module:\n%s", s)
	}
	if _, err := nvptx.Translate(f, nvptx.TranslateOptions{GPUModule: "three"}); err == nil || !strings.Contains(err.Error(), "no gpu.module named 'three'") {
		t.Errorf("missing module: %v", err)
	}
}

// TestLLCNotFound checks the message when no llc can be found.
func TestLLCNotFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(nvptx.LLCEnv, "")
	_, err := nvptx.PTX(context.Background(), "", nvptx.Options{})
	if err == nil || !strings.Contains(err.Error(), "llvm-19") {
		t.Errorf("error %v, want one naming llvm-19", err)
	}
	t.Setenv(nvptx.LLCEnv, "/no/such/llc")
	if _, err := nvptx.PTX(context.Background(), "", nvptx.Options{}); err == nil || !strings.Contains(err.Error(), "/no/such/llc") {
		t.Errorf("error %v, want one naming $GOOPT_LLC's path", err)
	}
}

// TestLLCFailure checks that llc's own diagnostic reaches the caller.
func TestLLCFailure(t *testing.T) {
	llc := tool(t, "llc-19")
	_, err := nvptx.PTX(context.Background(), "define void @f() {\n  ret i32 0\n}\n", nvptx.Options{LLC: llc})
	if err == nil || !strings.Contains(err.Error(), "llc-19 failed") || !strings.Contains(err.Error(), "error:") {
		t.Errorf("error %v, want llc-19's stderr", err)
	}
}

// TestLLCOptions checks that arch, PTX version and -O reach llc.
func TestLLCOptions(t *testing.T) {
	three := 3
	got := strings.Join(nvptx.LLCArgs(nvptx.Options{Arch: "sm_80", PTXVersion: 75, OptLevel: &three}), " ")
	if want := "-march=nvptx64 -mcpu=sm_80 -mattr=+ptx75 -O3"; !strings.HasPrefix(got, want) {
		t.Errorf("args %q, want prefix %q", got, want)
	}
	if got := strings.Join(nvptx.LLCArgs(nvptx.Options{}), " "); !strings.HasPrefix(got, "-march=nvptx64 -mcpu=sm_90 -mattr=+ptx80 -O2") {
		t.Errorf("default args %q", got)
	}
	llc := tool(t, "llc-19")
	ptx := ptxOf(t, "testdata/vecadd.mlir")
	if !strings.Contains(ptx, ".target sm_90") || !strings.Contains(ptx, ".version 8.0") {
		t.Errorf("default PTX header:\n%s", ptx[:200])
	}
	zero := 0
	src := translateFile(t, "testdata/vecadd.mlir")
	ptx, err := nvptx.PTX(context.Background(), src, nvptx.Options{LLC: llc, Arch: "sm_80", PTXVersion: 75, OptLevel: &zero})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ptx, ".target sm_80") || !strings.Contains(ptx, ".version 7.5") {
		t.Errorf("sm_80 PTX header:\n%s", ptx[:200])
	}
}

// TestCubinWithoutPtxas checks the message when ptxas is missing (this
// machine has none; CI machines with CUDA assemble for real).
func TestCubinWithoutPtxas(t *testing.T) {
	_, err := nvptx.Cubin(context.Background(), "", nvptx.Options{Ptxas: "/no/such/ptxas"})
	if err == nil || !strings.Contains(err.Error(), "ptxas not found") {
		t.Errorf("error %v, want 'ptxas not found'", err)
	}
}
