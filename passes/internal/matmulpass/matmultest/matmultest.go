package matmultest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/printer"
)

// Matmul is an affine m×n×k matmul C += A * B with A and B of element
// type ab and C of element type c; a narrower ab is widened to c before
// the product (arith.extf), as the pipelines' kernels compute it.
func Matmul(m, n, k int, ab, c string) string {
	a, b, widen := "%a", "%b", ""
	if ab != c {
		a, b = "%aw", "%bw"
		widen = fmt.Sprintf("        %%aw = arith.extf %%a : %[1]s to %[2]s\n        %%bw = arith.extf %%b : %[1]s to %[2]s\n", ab, c)
	}
	return fmt.Sprintf(`func.func @matmul(%%A: memref<%[1]dx%[3]dx%[4]s>, %%B: memref<%[3]dx%[2]dx%[4]s>, %%C: memref<%[1]dx%[2]dx%[5]s>) {
  affine.for %%i = 0 to %[1]d {
    affine.for %%j = 0 to %[2]d {
      affine.for %%k = 0 to %[3]d {
        %%a = affine.load %%A[%%i, %%k] : memref<%[1]dx%[3]dx%[4]s>
        %%b = affine.load %%B[%%k, %%j] : memref<%[3]dx%[2]dx%[4]s>
        %%c = affine.load %%C[%%i, %%j] : memref<%[1]dx%[2]dx%[5]s>
%[6]s        %%p = arith.mulf %[7]s, %[8]s : %[5]s
        %%s = arith.addf %%c, %%p : %[5]s
        affine.store %%s, %%C[%%i, %%j] : memref<%[1]dx%[2]dx%[5]s>
      }
    }
  }
  return
}
`, m, n, k, ab, c, widen, a, b)
}

// Run parses src, applies the pipeline build appends to a module pass
// manager, verifying after each pass, and prints the result.
func Run(src string, build func(*pass.OpPassManager) error) (string, error) {
	m, err := RunModule(src, build)
	if err != nil {
		return "", err
	}
	return printer.String(m, printer.Options{}), nil
}

// RunModule is Run without the printing.
func RunModule(src string, build func(*pass.OpPassManager) error) (*ir.Operation, error) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	if err != nil {
		return nil, err
	}
	pm := pass.New(ctx, "builtin.module")
	if err := build(pm.OpPassManager); err != nil {
		return nil, err
	}
	pm.Verify = ir.Verify
	if err := pm.Run(f.Module); err != nil {
		return nil, err
	}
	return f.Module, nil
}

// Lower takes a mapped module's text as goopt compile does to the llvm and
// nvvm dialects, which the interpreter runs with the GPU ops' semantics
// and race checks.
func Lower(mapped string) (*ir.Operation, error) {
	res, diags := driver.Compile(context.Background(), []byte(mapped), "mapped.mlir", driver.CompileOptions{Pipeline: "none", Emit: driver.EmitMLIR})
	if diags != nil {
		return nil, fmt.Errorf("%v\n%s", diags, mapped)
	}
	return res.Module, nil
}

// ErrNoMlirOpt is UpstreamRoundTrip's error where mlir-opt-19 is not
// installed (a reason to skip).
var ErrNoMlirOpt = errors.New("mlir-opt-19 not installed")

// UpstreamRoundTrip checks that mlir-opt-19 parses and verifies text and
// that its generic form reads back in goopt to the same text.
func UpstreamRoundTrip(text string) error {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		return ErrNoMlirOpt
	}
	dir, err := os.MkdirTemp("", "matmultest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "k.mlir")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		return err
	}
	generic, err := exec.Command(mlirOpt, "--mlir-print-op-generic", in).CombinedOutput()
	if err != nil {
		return fmt.Errorf("mlir-opt-19 rejects the output: %v\n%s\n%s", err, generic, text)
	}
	f, err := parser.ParseFile(all.NewContext(), "generic.mlir", generic)
	if err != nil {
		return fmt.Errorf("goopt cannot read mlir-opt-19's generic form: %v", err)
	}
	if back := printer.String(f.Module, printer.Options{}); back != text {
		return fmt.Errorf("the round trip changed the output:\n%s\nvs\n%s", back, text)
	}
	return nil
}
