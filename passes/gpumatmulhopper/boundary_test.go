package gpumatmulhopper_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
)

// awkward are sizes the tiles do not divide (M, N and K each past a tile
// edge, K past one K tile but short of two), checked by execution against
// the affine matmul: the TMA zero fill must stand in for the missing rows
// and columns of A and B, and the epilogue must not touch C past its edge.
var awkward = []struct {
	name    string
	m, n, k int
	elem    string
	opts    string
}{
	{"70x72x40-direct", 70, 72, 40, "f16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"70x72x40-tma", 70, 72, 40, "f16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
	{"130x136x200-2wg-swizzle", 130, 136, 200, "f16", "tb-tile=128,128,64 consumers=2 stages=2 warp-specialize=false epilogue=direct grid-swizzle=2"},
	{"70x72x136-bf16-tma", 70, 72, 136, "bf16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
}

// typedMatmul is the affine matmul with A and B of element type elem.
func typedMatmul(m, n, k int, elem string) string {
	return strings.ReplaceAll(matmul(m, n, k), "f16", elem)
}

func TestAwkwardSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, a := range awkward {
		t.Run(a.name, func(t *testing.T) {
			src := typedMatmul(a.m, a.n, a.k, a.elem)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := lowered(t, src, a.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5, Seeds: []int64{1, 2}}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRefusedSizes: rows TMA cannot address in a cluster (which
// multicasts TMA loads), or an element type the kernel has no variant
// for, is an error at the loop or load at fault.
func TestRefusedSizes(t *testing.T) {
	for _, c := range []struct {
		name, src, opts, want string
	}{
		{"odd-N-cluster", matmul(256, 68, 64), "tb-tile=128,128,64 cluster=1,2", "matmul.mlir:3:5: error: 'affine.for' op a row of B (N = 68 f16 elements) is 136 bytes, not a multiple of the 16 bytes TMA strides need, and a cluster multicasts TMA loads"},
		{"f32-inputs", f32Matmul(64, 64, 64), "", "matmul.mlir:5:14: error: 'affine.load' op operand A has element type f32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := driver.Compile(context.Background(), []byte(c.src), "matmul.mlir", driver.CompileOptions{Emit: driver.EmitMLIR, Pipeline: "gpu-matmul-hopper{" + c.opts + "}"})
			if diags == nil || !strings.Contains(diags.Error(), c.want) {
				t.Fatalf("want %q, got %v", c.want, diags)
			}
		})
	}
}

// f32Matmul is the affine matmul of f32 operands (no extensions).
func f32Matmul(m, n, k int) string {
	s := strings.ReplaceAll(matmul(m, n, k), "xf16", "xf32")
	s = strings.ReplaceAll(s, "%aw = arith.extf %a : f16 to f32\n", "")
	s = strings.ReplaceAll(s, "%bw = arith.extf %b : f16 to f32\n", "")
	return strings.ReplaceAll(s, "arith.mulf %aw, %bw", "arith.mulf %a, %b")
}

// TestAwkwardSizesWarpSpecialised: the persistent rungs at a size the
// tiles do not divide (2x2 tiles, the last row and column partial, over a
// grid of 3 blocks), where the tile schedule counts the rounded-up tiles.
// It waits, as the other warp-specialised checks do, for the
// interpreter's mbarrier ordering.
func TestAwkwardSizesWarpSpecialised(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	src := matmul(200, 136, 200)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	probe := matmul(256, 256, 256)
	pin, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(probe))
	if err != nil {
		t.Fatal(err)
	}
	needMbarrierOrdering(t, pin.Module, probe)
	for _, opts := range []string{
		"tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 persistent=true sm-count=3 epilogue=direct",
		"tb-tile=128,128,64 consumers=2 stages=3 grid-swizzle=2 persistent=true sm-count=3 overlap-epilogue=true",
	} {
		t.Run(opts, func(t *testing.T) {
			out := lowered(t, src, opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5}); err != nil {
				t.Error(err)
			}
		})
	}
}
