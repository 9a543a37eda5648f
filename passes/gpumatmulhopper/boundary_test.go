package gpumatmulhopper_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// awkward are sizes the tiles do not divide (M, N and K each past a tile
// edge, K past one K tile but short of two), checked by execution against
// the affine matmul, with the interpreter's race checks: the TMA zero
// fill, or the threads' copies, must stand in for the missing rows and
// columns of A and B, and the epilogue must not touch C past its edge.
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
	// Rows TMA cannot address (A's K or B's N not a multiple of 8
	// elements, C's N not a multiple of 4): the threads copy those
	// operands' boxes into the swizzled ring, zero-filling past the edges,
	// and the epilogue stores C directly. In rung 0 every thread copies;
	// warp-specialised, the producer warpgroup (persistent: across tiles).
	// A and B copied (4- and 2-element cp.async), C by 2-element accesses.
	{"70x90x52-rung0", 70, 90, 52, "f16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
	// A copied by 2-element groups, B by TMA; the TMA epilogue stays.
	{"129x136x70-rung0-2wg", 129, 136, 70, "f16", "tb-tile=128,128,64 consumers=2 stages=2 warp-specialize=false grid-swizzle=2"},
	// Primes: every operand copied element by element (loads and
	// stores), C by scalars.
	{"67x131x61-rung0-bf16", 67, 131, 61, "bf16", "tb-tile=64,128,64 consumers=1 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"70x90x52-ws", 70, 90, 52, "f16", "tb-tile=64,64,64 consumers=1 stages=2 grid-swizzle=0 persistent=false"},
	// B copied, A by TMA, K spanning several ring rounds; 3 stages: one
	// use's cp.async copies stay in flight (copyLag).
	{"129x257x200-ws-lag1", 129, 257, 200, "f16", "tb-tile=128,128,64 consumers=2 stages=3 grid-swizzle=0 persistent=false"},
	{"129x257x70-persistent", 129, 257, 70, "f16", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 persistent=true sm-count=3 epilogue=tma"},
	// A copied (4-element groups), 5 K tiles, two uses in flight, one
	// block running 4 tiles: the lag's publications carry across tiles.
	{"129x136x300-persistent-lag2", 129, 136, 300, "f16", "tb-tile=128,128,64 consumers=1 stages=4 grid-swizzle=0 persistent=true sm-count=1 epilogue=tma"},
	// Odd rows in the producer warpgroup: 8 chunks of loads in flight.
	{"129x131x127-ws-odd", 129, 131, 127, "f16", "tb-tile=128,128,64 consumers=1 stages=2 grid-swizzle=0 epilogue=direct persistent=false"},
	{"67x131x61-persistent-overlap", 67, 131, 61, "f16", "tb-tile=64,64,64 consumers=1 stages=3 grid-swizzle=2 persistent=true sm-count=3 overlap-epilogue=true"},
	// Padded operands (the default) at the sizes row TMA could not
	// address: K = 7 and 13 (one K tile, mostly zero fill), odd M and N,
	// bf16, a persistent block running several tiles.
	{"70x72x7-rung0", 70, 72, 7, "f16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
	{"67x131x13-ws-bf16", 67, 131, 13, "bf16", "tb-tile=64,128,64 consumers=1 stages=2 grid-swizzle=0 epilogue=direct persistent=false"},
	{"129x131x127-persistent", 129, 131, 127, "f16", "tb-tile=128,128,64 consumers=1 stages=2 grid-swizzle=0 persistent=true sm-count=1 epilogue=registers"},
}

// TestAwkwardSizesThreadCopies runs the awkward sizes whose A or B rows
// TMA cannot address with pad-operands=false: the threads copy those
// operands' boxes into the ring (producer_fallback.go), the path the
// comments of awkward describe, where the default pads them first.
func TestAwkwardSizesThreadCopies(t *testing.T) {
	checkAwkward(t, func(n, k int, opts string) bool { return n%8 != 0 || k%8 != 0 }, " pad-operands=false", 1)
}

// TestPaddingCatchesPlantedBugs plants bugs in the padding of 67x131x61
// (both operands padded): a tensor map of the whole padded buffer rather
// than of its subview (the pad columns, never written, are then read as
// A's and B's), and a copy launch that skips its last groups (the
// matmul reads rows that were never copied).
func TestPaddingCatchesPlantedBugs(t *testing.T) {
	type planted struct {
		name string
		edit func(m *ir.Operation) int // returns the ops it changed
	}
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, c := range []planted{
		{"map-of-whole-buffer", func(m *ir.Operation) int {
			n := 0
			ir.WalkOps(m, func(op *ir.Operation) {
				if !op.Is("memref.cast") {
					return
				}
				if d := op.Operand(0).DefiningOp(); d != nil && d.Is("memref.subview") {
					op.SetOperand(0, d.Operand(0))
					n++
				}
			})
			return n
		}},
		{"copy-skips-groups", func(m *ir.Operation) int {
			n := 0
			ir.WalkOps(m, func(op *ir.Operation) {
				// The copies' chunk stores sit under their in-bounds
				// tests; the last one of each thread goes.
				if op.Is("vector.store") && op.ParentOp().Is("scf.if") && n < 2 && op.ParentOfName("gpu.launch").Attr("kernelModule") != nil && op.ParentOfName("gpu.launch").Attr("dynamic_shared_memory_size") == nil {
					if next := op.ParentOp().Next(); next == nil || !next.Is("scf.if") {
						op.Erase()
						n++
					}
				}
			})
			return n
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := 0
			err := equivLowered(t, matmul(67, 131, 61), "tb-tile=64,128,64 consumers=1 stages=2 grid-swizzle=0", func(m *ir.Operation) { edited = c.edit(m) })
			if edited == 0 {
				t.Fatal("nothing to plant the bug in")
			}
			if err == nil {
				t.Fatal("the planted bug went unnoticed")
			}
			t.Log(err)
		})
	}
}

// typedMatmul is the affine matmul with A and B of element type elem.
func typedMatmul(m, n, k int, elem string) string {
	return strings.ReplaceAll(matmul(m, n, k), "f16", elem)
}

func TestAwkwardSizes(t *testing.T) { checkAwkward(t, nil, "", 1, 2) }

// checkAwkward runs the awkward cases that keep accepts (all when nil)
// with more options appended, against the affine matmul with the given
// seeds.
func checkAwkward(t *testing.T, keep func(n, k int, opts string) bool, more string, seeds ...int64) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, a := range awkward {
		if keep != nil && !keep(a.n, a.k, a.opts) {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			if err := equivLowered(t, typedMatmul(a.m, a.n, a.k, a.elem), a.opts+more, nil, seeds...); err != nil {
				t.Error(err)
			}
		})
	}
}

// equivLowered checks the kernel mapped from src by the pipeline with
// opts (and edited by edit) against src by execution, with the given
// seeds of random inputs.
func equivLowered(t *testing.T, src, opts string, edit func(*ir.Operation), seeds ...int64) error {
	t.Helper()
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := lowered(t, src, opts, edit)
	return equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5, Seeds: seeds})
}

// TestRefusedSizes: rows TMA cannot address in a cluster (which
// multicasts TMA loads), or an element type the kernel has no variant
// for, is an error at the loop or load at fault.
func TestRefusedSizes(t *testing.T) {
	for _, c := range []struct {
		name, src, opts, want string
	}{
		{"odd-N-cluster", matmul(256, 68, 64), "tb-tile=128,128,64 cluster=1,2 pad-operands=false", "matmul.mlir:3:5: error: 'affine.for' op a row of B (N = 68 f16 elements) is 136 bytes, not a multiple of the 16 bytes TMA strides need, and a cluster multicasts TMA loads"},
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
			if err := equivLowered(t, src, opts, nil); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestUnalignedCatchesPlantedBugs plants bugs in the copies of rung 0
// kernels: a copy that ignores the swizzle (wgmma then reads chunks from
// the wrong places), cp.async copies published before they are waited
// for (70x90x52: groups of 4 and 2 elements; and in the producer
// warpgroup, the waits of the copies left in flight), and plain stores
// (odd rows, 67x131x61) with no proxy fence before wgmma's reads.
func TestUnalignedCatchesPlantedBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	// The epilogue is direct (N not a multiple of 4): the copies' are the
	// only proxy fences.
	const opts = "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0 pad-operands=false"
	for _, c := range []struct {
		name    string
		m, n, k int
		opts    string
		erase   string // the op to erase, or the xori to bypass
		want    string
	}{
		{"no-swizzle", 70, 90, 52, opts, "arith.xori", "differs"},
		{"no-cp.async-wait", 70, 90, 52, opts, "nvvm.cp.async.wait.group", "asynchronous copy"},
		{"no-proxy-fence", 67, 131, 61, opts, "nvvm.fence.proxy", "proxy"},
		{"no-lagged-wait", 129, 136, 300, "tb-tile=128,128,64 consumers=1 stages=4 grid-swizzle=0 epilogue=direct persistent=false pad-operands=false", "nvvm.cp.async.wait.group 2", "asynchronous copy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := 0
			// "op n": only the op whose attribute n is the given value.
			name, n, _ := strings.Cut(c.erase, " ")
			err := equivLowered(t, matmul(c.m, c.n, c.k), c.opts, func(m *ir.Operation) {
				var ops []*ir.Operation
				ir.WalkOps(m, func(op *ir.Operation) {
					if a, ok := op.Attr("n").(*ir.IntegerAttr); op.Is(name) && (n == "" || ok && fmt.Sprint(a.Int()) == n) {
						ops = append(ops, op)
					}
				})
				for _, op := range ops {
					if op.NumResults() == 1 {
						op.Result(0).ReplaceAllUsesWith(op.Operand(0))
					}
					op.Erase()
					edited++
				}
			})
			if edited == 0 {
				t.Fatal("nothing to plant the bug in")
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("the planted bug went unnoticed: %v", err)
			}
			t.Log(err)
		})
	}
}
