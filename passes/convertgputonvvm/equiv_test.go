package convertgputonvvm_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// wmmaMatmul is a 32x32x32 matmul C += A * B (f16 inputs, acc
// accumulator) by one warp, straight-line WMMA on 16x16x16 tiles, in a
// gpu.func kernel launched by gpu.launch_func; aT loads A tiles transposed
// from A stored column-major.
func wmmaMatmul(acc string, aT bool) string {
	var b strings.Builder
	mm := func(t string) string {
		return fmt.Sprintf("!gpu.mma_matrix<16x16x%s, %q>", map[string]string{"AOp": "f16", "BOp": "f16", "COp": acc}[t], t)
	}
	tr := ""
	if aT {
		tr = ", transpose"
	}
	fmt.Fprintf(&b, `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%%A: memref<32x32xf16>, %%B: memref<32x32xf16>, %%C: memref<32x32x%[1]s>) kernel {
      %%c0 = arith.constant 0 : index
      %%c16 = arith.constant 16 : index
`, acc)
	idx := map[int]string{0: "%c0", 16: "%c16"}
	for _, i := range []int{0, 16} {
		for _, j := range []int{0, 16} {
			c := fmt.Sprintf("%%c_%d_%d", i, j)
			fmt.Fprintf(&b, "      %s_in = gpu.subgroup_mma_load_matrix %%C[%s, %s] {leadDimension = 32 : index} : memref<32x32x%s> -> %s\n", c, idx[i], idx[j], acc, mm("COp"))
			prev := c + "_in"
			for _, k := range []int{0, 16} {
				a, bb := fmt.Sprintf("%%a_%d_%d_%d", i, j, k), fmt.Sprintf("%%b_%d_%d_%d", i, j, k)
				ai, ak := idx[i], idx[k]
				if aT {
					ai, ak = ak, ai
				}
				fmt.Fprintf(&b, "      %s = gpu.subgroup_mma_load_matrix %%A[%s, %s] {leadDimension = 32 : index%s} : memref<32x32xf16> -> %s\n", a, ai, ak, tr, mm("AOp"))
				fmt.Fprintf(&b, "      %s = gpu.subgroup_mma_load_matrix %%B[%s, %s] {leadDimension = 32 : index} : memref<32x32xf16> -> %s\n", bb, idx[k], idx[j], mm("BOp"))
				next := fmt.Sprintf("%s_%d", c, k)
				fmt.Fprintf(&b, "      %s = gpu.subgroup_mma_compute %s, %s, %s : %s, %s -> %s\n", next, a, bb, prev, mm("AOp"), mm("BOp"), mm("COp"))
				prev = next
			}
			fmt.Fprintf(&b, "      gpu.subgroup_mma_store_matrix %s, %%C[%s, %s] {leadDimension = 32 : index} : %s, memref<32x32x%s>\n", prev, idx[i], idx[j], mm("COp"), acc)
		}
	}
	fmt.Fprintf(&b, `      gpu.return
    }
  }
  func.func @main(%%A: memref<32x32xf16>, %%B: memref<32x32xf16>, %%C: memref<32x32x%[1]s>) {
    %%one = arith.constant 1 : index
    %%n32 = arith.constant 32 : index
    gpu.launch_func @kernels::@matmul blocks in (%%one, %%one, %%one) threads in (%%n32, %%one, %%one) args(%%A : memref<32x32xf16>, %%B : memref<32x32xf16>, %%C : memref<32x32x%[1]s>)
    return
  }
}
`, acc)
	return b.String()
}

// TestWMMAKernelEquivalence runs a WMMA matmul kernel before and after
// convert-gpu-to-nvvm (both calling conventions) on random inputs, race
// checks on, and requires identical results: the lowering to nvvm.wmma
// and the interpreter's fragment handling agree with gpu.subgroup_mma's.
func TestWMMAKernelEquivalence(t *testing.T) {
	for _, acc := range []string{"f32", "f16"} {
		for _, aT := range []bool{false, true} {
			for _, opts := range []string{"", "use-bare-ptr-memref-call-conv"} {
				t.Run(fmt.Sprintf("%s/aT=%v/%s", acc, aT, opts), func(t *testing.T) {
					src := wmmaMatmul(acc, aT)
					before, after := passtest.LowerPair(t, "matmul.mlir", []byte(src), passtest.Pipeline(nil, "gpu.module(convert-gpu-to-nvvm{"+opts+"}),reconcile-unrealized-casts"))
					out := printer.String(after, printer.Options{})
					if strings.Contains(out, "gpu.subgroup_mma") || !strings.Contains(out, "nvvm.wmma.mma") {
						t.Fatalf("not lowered:\n%s", out)
					}
					for seed := int64(1); seed <= 2; seed++ {
						want, got := runMatmul(t, before, acc, seed), runMatmul(t, after, acc, seed)
						if !slices.Equal(want, got) {
							t.Fatalf("seed %d: results differ after convert-gpu-to-nvvm", seed)
						}
					}
				})
			}
		}
	}
}

func runMatmul(t *testing.T, module *ir.Operation, acc string, seed int64) []uint64 {
	t.Helper()
	m, err := interp.New(module, interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	accT := ir.Type(ir.F32)
	if acc == "f16" {
		accT = ir.F16
	}
	args := make([]interp.Value, 3)
	for i, et := range []ir.Type{ir.F16, ir.F16, accT} {
		mr := interp.NewMemRef(ir.MemRef([]int64{32, 32}, et, nil, nil), nil)
		mr.FillRandom(seed*10 + int64(i))
		args[i] = interp.MemRefValue(mr)
	}
	if _, err := m.Call("main", args); err != nil {
		t.Fatal(err)
	}
	out, _ := args[2].Ref.Elements()
	return out
}
