package interp_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// Tests of the nvvm.wmma handlers: a 16x16x16 matmul through
// nvvm.wmma.load / mma / store in a one-warp gpu.launch must give, bit for
// bit, what the gpu.subgroup_mma ops give, for f16 and f32 accumulators
// and every layout.

// wmmaTestHandlers add test.ptr {offset}: a pointer offset elements into a
// memref (interp.PointerTo), so that the kernels take memrefs.
func wmmaTestHandlers() []interp.Handler {
	return []interp.Handler{
		{Name: "test.ptr", Compile: func(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
			in, out := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
			off := op.Attr("offset").(*ir.IntegerAttr).Int()
			return interp.Compiled{Exec: func(fr *interp.Frame) error {
				p := interp.PointerTo(fr.M[in])
				fr.O[out] = p.Add(off * interp.ByteSize(fr.M[in].Buf.Elem))
				return nil
			}}, nil
		}},
	}
}

func structOf(t string, n int) string {
	return "!llvm.struct<(" + strings.TrimSuffix(strings.Repeat(t+", ", n), ", ") + ")>"
}

// wmmaKernels returns the two functions: @ref with gpu.subgroup_mma ops,
// @nvvm with the nvvm ops, computing D = A*B + C on 16x16 tiles of 32x32
// memrefs (leading dimension 32) at [16, 0] for A, B at [0, 16] and C, D
// at [16, 16]; aT and bT load A and B transposed (col layout).
func wmmaKernels(acc string, aT, bT bool) string {
	var b strings.Builder
	layout := func(t bool) string {
		if t {
			return "col"
		}
		return "row"
	}
	attr := func(t bool) string {
		if t {
			return ", transpose"
		}
		return ""
	}
	accRegs, accReg := 8, "f32"
	if acc == "f16" {
		accRegs, accReg = 4, "vector<2xf16>"
	}
	ab := structOf("vector<2xf16>", 8)
	cs := structOf(accReg, accRegs)
	mem := fmt.Sprintf("%%A: memref<32x32xf16>, %%B: memref<32x32xf16>, %%C: memref<32x32x%s>, %%D: memref<32x32x%s>", acc, acc)
	launch := `  %one = arith.constant 1 : index
  %n32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n32, %sy = %one, %sz = %one) {
`
	fmt.Fprintf(&b, "func.func @ref(%s) {\n%s", mem, launch)
	fmt.Fprintf(&b, `    %%c0 = arith.constant 0 : index
    %%c16 = arith.constant 16 : index
    %%a = gpu.subgroup_mma_load_matrix %%A[%%c16, %%c0] {leadDimension = 32 : index%[2]s} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %%b = gpu.subgroup_mma_load_matrix %%B[%%c0, %%c16] {leadDimension = 32 : index%[3]s} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %%c = gpu.subgroup_mma_load_matrix %%C[%%c16, %%c16] {leadDimension = 32 : index} : memref<32x32x%[1]s> -> !gpu.mma_matrix<16x16x%[1]s, "COp">
    %%d = gpu.subgroup_mma_compute %%a, %%b, %%c%[4]s : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16x%[1]s, "COp">
    gpu.subgroup_mma_store_matrix %%d, %%D[%%c16, %%c16] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16x%[1]s, "COp">, memref<32x32x%[1]s>
    gpu.terminator
  }
  return
}
`, acc, attr(aT), attr(bT), computeAttrs(aT, bT))
	fmt.Fprintf(&b, "func.func @nvvm(%s) {\n%s", mem, launch)
	ptr := func(name, mem, et string, off int) {
		fmt.Fprintf(&b, "    %%p%s = \"test.ptr\"(%%%s) {offset = %d} : (memref<32x32x%s>) -> !llvm.ptr\n", name, mem, off, et)
	}
	ptr("a", "A", "f16", 16*32)
	ptr("b", "B", "f16", 16)
	ptr("c", "C", acc, 16*32+16)
	ptr("d", "D", acc, 16*32+16)
	b.WriteString("    %ld = arith.constant 32 : i32\n")
	load := func(name, frag, et, l, st string) {
		fmt.Fprintf(&b, "    %%%s = nvvm.wmma.load %%p%s, %%ld {eltype = #nvvm.mma_type<%s>, frag = #nvvm.mma_frag<%s>, k = 16 : i32, layout = #nvvm.mma_layout<%s>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr) -> %s\n",
			name, name, et, frag, l, st)
	}
	load("a", "a", "f16", layout(aT), ab)
	load("b", "b", "f16", layout(bT), ab)
	load("c", "c", acc, "row", cs)
	var regs, types []string
	extract := func(name string, n int, reg, st string) {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "    %%%s%d = llvm.extractvalue %%%s[%d] : %s\n", name, i, name, i, st)
			regs = append(regs, fmt.Sprintf("%%%s%d", name, i))
			types = append(types, reg)
		}
	}
	extract("a", 8, "vector<2xf16>", ab)
	extract("b", 8, "vector<2xf16>", ab)
	extract("c", accRegs, accReg, cs)
	fmt.Fprintf(&b, "    %%d = nvvm.wmma.mma %s {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<%s>, k = 16 : i32, layoutA = #nvvm.mma_layout<%s>, layoutB = #nvvm.mma_layout<%s>, m = 16 : i32, n = 16 : i32} : (%s) -> %s\n",
		strings.Join(regs, ", "), acc, layout(aT), layout(bT), strings.Join(types, ", "), cs)
	regs, types = nil, nil
	extract("d", accRegs, accReg, cs)
	fmt.Fprintf(&b, "    nvvm.wmma.store %%pd, %%ld, %s {eltype = #nvvm.mma_type<%s>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr, %s\n",
		strings.Join(regs, ", "), acc, strings.Join(types, ", "))
	b.WriteString("    gpu.terminator\n  }\n  return\n}\n")
	return b.String()
}

// computeAttrs: the fragments hold A and B as loaded (transposed on load),
// so the compute takes them as they are.
func computeAttrs(aT, bT bool) string { return "" }

func TestWMMAMatchesSubgroupMMA(t *testing.T) {
	for _, acc := range []string{"f32", "f16"} {
		for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			name := fmt.Sprintf("%s/aT=%v/bT=%v", acc, tr[0], tr[1])
			t.Run(name, func(t *testing.T) {
				src := wmmaKernels(acc, tr[0], tr[1])
				m := extMachine(t, src, wmmaTestHandlers())
				run := func(fn string) []uint64 {
					args := make([]interp.Value, 4)
					for i, et := range []ir.Type{ir.F16, ir.F16, accType(acc), accType(acc)} {
						mr := interp.NewMemRef(ir.MemRef([]int64{32, 32}, et, nil, nil), nil)
						mr.FillRandom(int64(10 + i))
						args[i] = interp.MemRefValue(mr)
					}
					if _, err := m.Call(fn, args); err != nil {
						t.Fatalf("%s: %v", fn, err)
					}
					d, _ := args[3].Ref.Elements()
					return d
				}
				want, got := run("ref"), run("nvvm")
				if !slices.Equal(want, got) {
					t.Fatalf("nvvm.wmma result differs from gpu.subgroup_mma's")
				}
			})
		}
	}
}

func accType(acc string) ir.Type {
	if acc == "f16" {
		return ir.F16
	}
	return ir.F32
}
