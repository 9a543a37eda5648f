package gpumatmulmma_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulmma"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

// The element types beyond f16 x f16 -> f32, each interpreted against the
// affine matmul it replaces. The tolerances are the arithmetic's, not
// slack: f16 accumulation rounds a sum of 16 products to 11 bits where
// the reference rounds each addition; tf32 keeps 10 bits of each input's
// mantissa (the reference multiplies in f32).
var typeConfigs = []struct {
	name, ab, c, opts string
	relTol            float64
}{
	{"f16-acc", "f16", "f16", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", 2e-2},
	{"bf16", "bf16", "f32", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=2", 1e-5},
	{"tf32", "f32", "f32", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0 allow-tf32", 1e-2},
	{"tf32-bk16-1warp", "f32", "f32", "tb-tile=32,32,16 warp-tile=32,32 stages=2 allow-tf32", 1e-2},
}

func TestInterpreterEquivalenceTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mma.sync kernels on the interpreter")
	}
	for _, c := range typeConfigs {
		t.Run(c.name, func(t *testing.T) {
			src := matmultest.Matmul(128, 64, 96, c.ab, c.c)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := lowered(t, src, c.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: c.relTol, Seeds: []int64{1, 2}}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRefusedTypes: element types mma.sync cannot take, and f32 without
// allow-tf32, are errors at A's load.
func TestRefusedTypes(t *testing.T) {
	for _, c := range []struct{ ab, c, opts, want string }{
		{"f32", "f32", "", "matmul.mlir:5:14: error: 'affine.load' op f32 operands run on the tensor cores as tf32 (10-bit mantissa): pass allow-tf32"},
		{"bf16", "bf16", "", "matmul.mlir:5:14: error: 'affine.load' op mma.sync takes f16 A and B with an f32 or f16 C, bf16 with an f32 C, or f32 (as tf32, under allow-tf32) with an f32 C; got bf16 A and bf16 C"},
		{"f16", "f64", "", "got f16 A and f64 C"},
		{"f64", "f64", "allow-tf32", "got f64 A and f64 C"},
	} {
		o := gpumatmulmma.DefaultOptions()
		if err := pass.ParseOptions(&o, c.opts); err != nil {
			t.Fatal(err)
		}
		_, err := run(matmultest.Matmul(128, 128, 64, c.ab, c.c), o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s x %s -> %s: want %q, got %v", c.ab, c.ab, c.c, c.want, err)
		}
	}
}

// TestTypesCompileToPTX: each element type reaches llc-19's sm_80 PTX as
// its mma.sync variant, with ldmatrix for A (and for 16-bit B).
func TestTypesCompileToPTX(t *testing.T) {
	for _, c := range []struct{ ab, c, pipeline, mma string }{
		{"f16", "f16", gpumatmulmma.Name, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"},
		{"bf16", "f32", gpumatmulmma.Name, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
		{"f32", "f32", gpumatmulmma.Name + "{allow-tf32}", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
	} {
		res, diags := driver.Compile(context.Background(), []byte(matmultest.Matmul(256, 256, 256, c.ab, c.c)), "matmul.mlir", driver.CompileOptions{
			Pipeline: c.pipeline, Emit: driver.EmitPTX, Codegen: nvptx.Options{Arch: "sm_80", PTXVersion: 70},
		})
		if diags != nil {
			if strings.Contains(diags.Error(), "llc") && strings.Contains(diags.Error(), "not found") {
				t.Skip(diags)
			}
			t.Fatalf("%s x %s -> %s: %v", c.ab, c.ab, c.c, diags)
		}
		ptx := string(res.Output)
		// 128x128x32 tiles, 4 warps of 64x64: 32 mma.sync a k step, 2
		// steps of 16 (4 of tf32's 8) a tile, unrolled.
		want := 64
		if c.ab == "f32" {
			want = 128
		}
		if n := strings.Count(ptx, c.mma); n != want {
			t.Errorf("%s x %s -> %s: %d %q in the PTX, want %d", c.ab, c.ab, c.c, n, c.mma, want)
		}
		if !strings.Contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16") {
			t.Errorf("%s x %s -> %s: no ldmatrix for A", c.ab, c.ab, c.c)
		}
		if trans := strings.Contains(ptx, ".trans"); trans != (c.ab != "f32") {
			t.Errorf("%s x %s -> %s: ldmatrix.trans in the PTX: %t", c.ab, c.ab, c.c, trans)
		}
	}
}

// TestTypesRoundTripThroughUpstream: mlir-opt-19 parses and verifies each
// type's kernel (its lowering knows no bf16 mma.sync; goopt's does).
func TestTypesRoundTripThroughUpstream(t *testing.T) {
	for _, c := range typeConfigs {
		o := gpumatmulmma.DefaultOptions()
		if err := pass.ParseOptions(&o, c.opts); err != nil {
			t.Fatal(err)
		}
		text, err := run(matmultest.Matmul(128, 128, 64, c.ab, c.c), o)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := matmultest.UpstreamRoundTrip(text); err == matmultest.ErrNoMlirOpt {
			t.Skip(err)
		} else if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
