package convertnvgputonvvm_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// storeKernel is a one-warpgroup launch in which thread t fills its
// registers of an M x N f32 accumulator with t*1000 + tile*500 + r (r
// the register's index in its tile) and stores them with
// nvgpu.warpgroup.mma.store.
func storeKernel(m, n int) string {
	tiles, regs := m/64, n/2
	inner := "!llvm.struct<(" + strings.TrimSuffix(strings.Repeat("f32, ", regs), ", ") + ")>"
	outer := "!llvm.struct<(" + strings.TrimSuffix(strings.Repeat(inner+", ", tiles), ", ") + ")>"
	var b strings.Builder
	fmt.Fprintf(&b, `func.func @main(%%out: memref<%[1]dx%[2]dxf32>) {
  %%c1 = arith.constant 1 : index
  %%c128 = arith.constant 128 : index
  gpu.launch blocks(%%bx, %%by, %%bz) in (%%gx = %%c1, %%gy = %%c1, %%gz = %%c1) threads(%%tx, %%ty, %%tz) in (%%sx = %%c128, %%sy = %%c1, %%sz = %%c1) {
    %%t = arith.index_cast %%tx : index to i32
    %%tf = llvm.sitofp %%t : i32 to f32
    %%k1000 = llvm.mlir.constant(1000.0 : f32) : f32
    %%base = llvm.fmul %%tf, %%k1000 : f32
    %%acc0 = llvm.mlir.undef : %[3]s
`, m, n, outer)
	acc := "%acc0"
	for i := 0; i < tiles; i++ {
		fmt.Fprintf(&b, "    %%tile%d_0 = llvm.mlir.undef : %s\n", i, inner)
		cur := fmt.Sprintf("%%tile%d_0", i)
		for r := 0; r < regs; r++ {
			fmt.Fprintf(&b, "    %%k%d_%d = llvm.mlir.constant(%d.0 : f32) : f32\n", i, r, i*500+r)
			fmt.Fprintf(&b, "    %%v%d_%d = llvm.fadd %%base, %%k%d_%d : f32\n", i, r, i, r)
			next := fmt.Sprintf("%%tile%d_%d", i, r+1)
			fmt.Fprintf(&b, "    %s = llvm.insertvalue %%v%d_%d, %s[%d] : %s\n", next, i, r, cur, r, inner)
			cur = next
		}
		nextAcc := fmt.Sprintf("%%acc%d", i+1)
		fmt.Fprintf(&b, "    %s = llvm.insertvalue %s, %s[%d] : %s\n", nextAcc, cur, acc, i, outer)
		acc = nextAcc
	}
	fmt.Fprintf(&b, `    %%a = builtin.unrealized_conversion_cast %[1]s : %[2]s to !nvgpu.warpgroup.accumulator<fragmented = vector<%[3]dx%[4]dxf32>>
    nvgpu.warpgroup.mma.store %%a, %%out : !nvgpu.warpgroup.accumulator<fragmented = vector<%[3]dx%[4]dxf32>> to memref<%[3]dx%[4]dxf32>
    gpu.terminator
  }
  return
}
`, acc, outer, m, n)
	return b.String()
}

// TestWarpgroupMmaStoreLayout lowers nvgpu.warpgroup.mma.store and runs
// it: every element of the destination must hold the register PTX's
// wgmma accumulator layout (m64nNk16, f32) assigns it — thread t = 32w +
// l, register r of tile i at row 64i + 16w + l/4 + 8*((r/2)%2), column
// 8*(r/4) + 2*(l%4) + r%2 — so each element is written exactly once, by
// the right thread, from the right register. N = 16 has fewer registers
// than rows per tile, the case upstream's row offset gets wrong.
func TestWarpgroupMmaStoreLayout(t *testing.T) {
	for _, shape := range [][2]int{{64, 16}, {128, 16}, {128, 128}, {192, 32}} {
		m, n := shape[0], shape[1]
		t.Run(fmt.Sprintf("%dx%d", m, n), func(t *testing.T) {
			src := storeKernel(m, n)
			module := passtest.Lower(t, "store.mlir", []byte(src), passtest.Pipeline(nil, "convert-nvgpu-to-nvvm,reconcile-unrealized-casts"))
			if out := printer.String(module, printer.Options{}); strings.Contains(out, "nvgpu.") {
				t.Fatalf("not lowered:\n%s", out)
			}
			mach, err := interp.New(module, interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			mr := interp.NewMemRef(ir.MemRef([]int64{int64(m), int64(n)}, ir.F32, nil, nil), nil)
			init := make([]uint64, m*n)
			for i := range init {
				init[i] = uint64(math.Float32bits(-1))
			}
			if err := mr.SetElements(init); err != nil {
				t.Fatal(err)
			}
			args := []interp.Value{interp.MemRefValue(mr)}
			if _, err := mach.Call("main", args); err != nil {
				t.Fatal(err)
			}
			got, _ := args[0].Ref.Elements()
			want := make([]float32, m*n)
			for i := range want {
				want[i] = -1
			}
			for tile := 0; tile < m/64; tile++ {
				for th := 0; th < 128; th++ {
					w, l := th/32, th%32
					for r := 0; r < n/2; r++ {
						row := 64*tile + 16*w + l/4 + 8*((r/2)%2)
						col := 8*(r/4) + 2*(l%4) + r%2
						want[row*n+col] = float32(th*1000 + tile*500 + r)
					}
				}
			}
			bad := 0
			for i, g := range got {
				if v := math.Float32frombits(uint32(g)); v != want[i] && bad < 5 {
					bad++
					t.Errorf("out[%d][%d] = %v, want %v", i/n, i%n, v, want[i])
				}
			}
		})
	}
}
