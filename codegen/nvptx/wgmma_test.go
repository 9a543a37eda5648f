package nvptx_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
)

// wgmmaCase is one wgmma.mma_async type combination: D += A * B with k
// fixed by A's type; dRegs is the accumulator register count for width n.
type wgmmaCase struct {
	d, a, b string
	k       int
	elem    string // accumulator register type
	dRegs   func(n int) int
	ns      []int
	layoutA string
	layoutB string
	sat     bool
}

// wgmmaSource is one function per case and width, each a wgmma with the
// case's types and layouts, scale-d one and A negated where allowed.
func wgmmaSource(cases []wgmmaCase) (src string, wants []string) {
	var b strings.Builder
	for ci, c := range cases {
		for _, n := range c.ns {
			st := "!llvm.struct<(" + strings.TrimSuffix(strings.Repeat(c.elem+", ", c.dRegs(n)), ", ") + ")>"
			scaleA, sat := "<neg>", ""
			if c.d == "s32" {
				scaleA = "<one>"
			}
			if c.sat {
				sat = ", <satfinite>"
			}
			fmt.Fprintf(&b, "llvm.func @w%d_%d(%%da: i64, %%db: i64, %%acc: %s) -> %s {\n", ci, n, st, st)
			fmt.Fprintf(&b, "  %%r = nvvm.wgmma.mma_async %%da, %%db, %%acc, <m = 64, n = %d, k = %d>, D[<%s>, <one>%s], "+
				"A[<%s>, %s, <%s>], B[<%s>, <one>, <%s>] : %s -> %s\n", n, c.k, c.d, sat, c.a, scaleA, c.layoutA, c.b, c.layoutB, st, st)
			b.WriteString("  llvm.return %r : " + st + "\n}\n")
			suffix := ""
			if c.sat {
				suffix = ".satfinite"
			}
			wants = append(wants, fmt.Sprintf("wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s%s ", n, c.k, c.d, c.a, c.b, suffix))
		}
	}
	return b.String(), wants
}

func widths(from, to, step int) []int {
	var ns []int
	for n := from; n <= to; n += step {
		ns = append(ns, n)
	}
	return ns
}

// TestWgmmaShapes translates wgmma.mma_async for every m64nNk16 width of
// f16 and bf16 inputs into f32 and f16 accumulators, and tf32, fp8 and
// integer shapes, checks the inline PTX call by call against
// mlir-translate-19, and that llc-19 (sm_90a) writes each instruction.
func TestWgmmaShapes(t *testing.T) {
	half := func(n int) int { return n / 2 }
	quarter := func(n int) int { return n / 4 }
	all := widths(8, 256, 8)
	cases := []wgmmaCase{
		{"f32", "f16", "f16", 16, "f32", half, all, "row", "col", false},
		{"f16", "f16", "f16", 16, "i32", quarter, widths(16, 256, 16), "col", "row", false},
		{"f32", "bf16", "bf16", 16, "f32", half, all, "col", "col", false},
		{"f32", "tf32", "tf32", 8, "f32", half, []int{8, 64, 128, 256}, "row", "col", false},
		{"f16", "e4m3", "e5m2", 32, "i32", quarter, []int{16, 128, 256}, "row", "col", false},
		{"s32", "s8", "u8", 32, "i32", half, []int{8, 24, 128, 256}, "row", "col", true},
		{"s32", "b1", "b1", 256, "i32", half, []int{8, 256}, "row", "col", false},
	}
	src, wants := wgmmaSource(cases)
	in := filepath.Join(t.TempDir(), "wgmma.mlir")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ours := translateFile(t, in)
	a, b := nvvmCalls(ours), nvvmCalls(upstreamLLVMIR(t, in))
	if len(a) != len(wants) || len(b) != len(wants) {
		t.Fatalf("%d wgmma calls from goopt, %d from mlir-translate-19, want %d", len(a), len(b), len(wants))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("%s: goopt and mlir-translate-19 differ:\n goopt:             %s\n mlir-translate-19: %s", wants[i], a[i], b[i])
		}
	}
	ptx, err := nvptx.PTX(context.Background(), ours, nvptx.Options{LLC: tool(t, "llc-19"), Arch: "sm_90a"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wants {
		if !strings.Contains(ptx, w) {
			t.Errorf("PTX lacks %q", w)
		}
	}
}
