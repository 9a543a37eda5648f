package convertfunctollvm_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/printer"
)

// translateCases are inputs that the arith, math, cf and func conversions
// (then reconcile-unrealized-casts) lower entirely to the llvm dialect.
var translateCases = []struct{ name, pipeline, src string }{
	{"loop", "convert-func-to-llvm,reconcile-unrealized-casts", `
func.func @loop(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %x : index, i32)
^bb1(%i: index, %acc: i32):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %a = arith.addi %acc, %acc overflow<nsw> : i32
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %a : index, i32)
^bb3:
  cf.assert %c, "unreachable"
  cf.switch %acc : i32, [
    default: ^bb4(%acc : i32),
    42: ^bb4(%x : i32)
  ]
^bb4(%r: i32):
  return %r : i32
}`},
	{"memrefs", "convert-func-to-llvm,reconcile-unrealized-casts", `
func.func private @ext(%m: memref<4x?xf32>) -> (i32, memref<4x?xf32>)
func.func @callee(%m: memref<4x?xf32>, %i: index) -> (index, memref<4x?xf32>) {
  %a, %b = call @ext(%m) : (memref<4x?xf32>) -> (i32, memref<4x?xf32>)
  return %i, %b : index, memref<4x?xf32>
}`},
	{"bare", "convert-func-to-llvm{use-bare-ptr-memref-call-conv},reconcile-unrealized-casts", `
func.func @one(%m: memref<8xf32>) -> memref<8xf32> {
  return %m : memref<8xf32>
}
func.func @caller(%m: memref<8xf32>) -> memref<8xf32> {
  %r = call @one(%m) : (memref<8xf32>) -> memref<8xf32>
  return %r : memref<8xf32>
}`},
	{"vectors", "convert-math-to-llvm,convert-func-to-llvm{index-bitwidth=32},reconcile-unrealized-casts", `
func.func @v(%a: vector<2x3xi32>, %b: vector<2x3xi32>, %f: vector<2x3xf32>, %x: f32, %p: vector<4xi16>) -> (vector<4xi16>, vector<2x3xf32>, f32) {
  %0 = arith.addi %a, %b : vector<2x3xi32>
  %1 = arith.cmpi slt, %0, %b : vector<2x3xi32>
  %2 = arith.select %1, %0, %b : vector<2x3xi1>, vector<2x3xi32>
  %3 = arith.sitofp %2 : vector<2x3xi32> to vector<2x3xf32>
  %4 = arith.maximumf %3, %f fastmath<nnan> : vector<2x3xf32>
  %5 = math.rsqrt %4 : vector<2x3xf32>
  %6 = math.expm1 %x : f32
  %7 = math.fma %6, %6, %x : f32
  %lo, %hi = arith.mului_extended %p, %p : vector<4xi16>
  return %hi, %5, %7 : vector<4xi16>, vector<2x3xf32>, f32
}`},
}

// TestTranslatesWithMLIR checks that mlir-translate-19 accepts what the
// conversions produce, when it is installed.
func TestTranslatesWithMLIR(t *testing.T) {
	translate, err := exec.LookPath("mlir-translate-19")
	if err != nil {
		t.Skip("mlir-translate-19 not installed")
	}
	for _, c := range translateCases {
		t.Run(c.name, func(t *testing.T) {
			m := passtest.Lower(t, c.name+".mlir", []byte(c.src), passtest.Pipeline(nil, c.pipeline))
			out := printer.String(m, printer.Options{})
			for _, d := range []string{"arith.", "math.", "cf.", "func.func", "unrealized_conversion_cast"} {
				if strings.Contains(out, d) {
					t.Fatalf("output still holds %q:\n%s", d, out)
				}
			}
			cmd := exec.Command(translate, "--mlir-to-llvmir")
			cmd.Stdin = strings.NewReader(out)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if ll, err := cmd.Output(); err != nil {
				t.Fatalf("mlir-translate-19: %v\n%s\ninput:\n%s", err, stderr.String(), out)
			} else if !bytes.Contains(ll, []byte("define ")) {
				t.Fatalf("no function in the LLVM IR:\n%s", ll)
			}
		})
	}
}
