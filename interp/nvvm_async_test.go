package interp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// Tests of the asynchronous nvvm ops: mbarriers, TMA tile loads with their
// swizzles and out-of-bounds fill, cp.async groups, and the checks that
// catch a consumer reading before its copy completed.

// asyncTestHandlers add, beside test.ptr, test.tensormap {box, swizzle}: a
// TMA descriptor of its memref operand (interp.NewTensorMap), as the
// pointer to its image a lowered kernel receives.
func asyncTestHandlers() []interp.Handler {
	return append(wmmaTestHandlers(), interp.Handler{Name: "test.tensormap", Compile: func(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
		in, out := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
		var box []int64
		for _, a := range op.Attr("box").(*ir.ArrayAttr).Elems {
			box = append(box, a.(*ir.IntegerAttr).Int())
		}
		sw := op.Attr("swizzle").(*ir.IntegerAttr).Int()
		return interp.Compiled{Exec: func(fr *interp.Frame) error {
			tm, err := interp.NewTensorMap(fr.M[in], box, sw, false)
			if err != nil {
				return err
			}
			fr.O[out] = tm.Image()
			return nil
		}}, nil
	}})
}

// asyncMachine parses src (unregistered test ops allowed) for the async handlers.
func asyncMachine(t testing.TB, src string) *interp.Machine {
	t.Helper()
	return extMachine(t, src, asyncTestHandlers())
}

// tmaKernel loads the 64x64 f16 box at (x, y) (innermost first) of a
// 100x72 tensor into shared memory with the given swizzle, through an
// mbarrier, and copies shared memory out flat. wait is the consumer's
// mbarrier wait ("" to skip it).
func tmaKernel(swizzle, x, y int, wait string) string {
	return fmt.Sprintf(`
memref.global "private" @smem : memref<4096xf16, 3>
memref.global "private" @bar : memref<1xi64, 3>
func.func @k(%%G: memref<100x72xf16>, %%O: memref<4096xf16>) {
  %%one = arith.constant 1 : index
  %%n = arith.constant 32 : index
  %%desc = "test.tensormap"(%%G) {box = [64, 64], swizzle = %[1]d} : (memref<100x72xf16>) -> !llvm.ptr
  gpu.launch blocks(%%bx, %%by, %%bz) in (%%gx = %%one, %%gy = %%one, %%gz = %%one) threads(%%tx, %%ty, %%tz) in (%%sx = %%n, %%sy = %%one, %%sz = %%one) {
    %%c0 = arith.constant 0 : index
    %%s = memref.get_global @smem : memref<4096xf16, 3>
    %%b = memref.get_global @bar : memref<1xi64, 3>
    %%sp = "test.ptr"(%%s) {offset = 0} : (memref<4096xf16, 3>) -> !llvm.ptr<3>
    %%bp = "test.ptr"(%%b) {offset = 0} : (memref<1xi64, 3>) -> !llvm.ptr<3>
    %%first = arith.cmpi eq, %%tx, %%c0 : index
    %%i1 = arith.constant 1 : i32
    scf.if %%first {
      nvvm.mbarrier.init.shared %%bp, %%i1 : !llvm.ptr<3>, i32
    }
    nvvm.barrier0
    scf.if %%first {
      %%tx8k = arith.constant 8192 : i32
      nvvm.mbarrier.arrive.expect_tx.shared %%bp, %%tx8k : !llvm.ptr<3>, i32
      %%x = arith.constant %[2]d : i32
      %%y = arith.constant %[3]d : i32
      nvvm.cp.async.bulk.tensor.shared.cluster.global %%sp, %%desc, %%bp, box[%%x, %%y] : !llvm.ptr<3>, !llvm.ptr
    }
    %%parity = arith.constant 0 : i32
    %%ticks = arith.constant 1000 : i32
%[4]s
    %%c4096 = arith.constant 4096 : index
    scf.for %%i = %%tx to %%c4096 step %%n {
      %%v = memref.load %%s[%%i] : memref<4096xf16, 3>
      memref.store %%v, %%O[%%i] : memref<4096xf16>
    }
    gpu.terminator
  }
  return
}`, swizzle, x, y, wait)
}

const tmaWait = "    nvvm.mbarrier.try_wait.parity.shared %bp, %parity, %ticks : !llvm.ptr<3>, i32, i32"

func runTMA(t *testing.T, swizzle, x, y int, wait string) (*interp.MemRef, *interp.MemRef, error) {
	m := asyncMachine(t, tmaKernel(swizzle, x, y, wait))
	g := newBuf(ir.F16, 100, 72)
	g.FillRandom(3)
	o := newBuf(ir.F16, 4096)
	err := callMemRefs(m, "k", g, o)
	return g, o, err
}

// TestTMALoadSwizzle checks the box's shared-memory image against the
// swizzle computed by hand: element (r, c) of the box (row r of 64
// elements, 128 bytes) is at byte r*128 + 2c with the 16-byte chunk index
// XORed with address bits 7 and up: r % 8 for 128-byte rows (128B), the
// index of the 128-byte row pair mod 4 for 64-byte rows (64B), of the
// 128-byte row quadruple mod 2 for 32-byte rows (32B); elements
// outside the 100x72 tensor read as zero.
func TestTMALoadSwizzle(t *testing.T) {
	for _, sw := range []int{0, 32, 64, 128} {
		for _, at := range [][2]int{{0, 0}, {40, 60}} {
			t.Run(fmt.Sprintf("swizzle%d/at%v", sw, at), func(t *testing.T) {
				box := 64
				if sw != 0 && sw < 128 {
					box = sw / 2 // the inner box dimension must fit the swizzle span
				}
				src := strings.Replace(tmaKernel(sw, at[0], at[1], tmaWait), "box = [64, 64]", fmt.Sprintf("box = [%d, 64]", box), 1)
				src = strings.Replace(src, "arith.constant 8192 : i32", fmt.Sprintf("arith.constant %d : i32", box*64*2), 1)
				src = strings.Replace(src, "%c4096 = arith.constant 4096 : index", fmt.Sprintf("%%c4096 = arith.constant %d : index", box*64), 1)
				m := asyncMachine(t, src)
				g := newBuf(ir.F16, 100, 72)
				g.FillRandom(3)
				o := newBuf(ir.F16, 4096)
				if err := callMemRefs(m, "k", g, o); err != nil {
					t.Fatal(err)
				}
				for r := 0; r < 64; r++ {
					for c := 0; c < box; c++ {
						addr := r*box*2 + 2*c
						switch sw {
						case 128:
							addr ^= (r % 8) << 4
						case 64:
							addr ^= ((addr >> 7) & 3) << 4
						case 32:
							addr ^= ((addr >> 7) & 1) << 4
						}
						got, err := o.FloatAt(int64(addr / 2))
						if err != nil {
							t.Fatal(err)
						}
						gy, gx := at[1]+r, at[0]+c
						want := 0.0
						if gy < 100 && gx < 72 {
							want, _ = g.FloatAt(int64(gy), int64(gx))
						}
						if got != want {
							t.Fatalf("box element (%d, %d) at shared byte %d: got %v, want %v", r, c, addr, got, want)
						}
					}
				}
			})
		}
	}
}

// TestTMAReadBeforeCompletion plants the bug of a consumer that skips its
// mbarrier wait, and one that waits on the wrong parity (which returns at
// once on a fresh barrier): both read shared memory the TMA load has not
// landed, reported at the read with the copy's location.
func TestTMAReadBeforeCompletion(t *testing.T) {
	wrongParity := strings.Replace(tmaWait, "%parity", "%i1", 1)
	for name, wait := range map[string]string{"no wait": "", "wrong parity": wrongParity} {
		t.Run(name, func(t *testing.T) {
			_, _, err := runTMA(t, 128, 0, 0, wait)
			if err == nil {
				t.Fatal("reading before the TMA load completed was not reported")
			}
			msg := err.Error()
			for _, want := range []string{"test.mlir:32:12: error: reads workgroup memory", "before the asynchronous copy that writes it completed", "the copy was issued here"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q lacks %q", msg, want)
				}
			}
		})
	}
}

// TestMbarrierDeadlock expects more transaction bytes than the copy
// delivers: the phase never completes and the wait is a deadlock.
func TestMbarrierDeadlock(t *testing.T) {
	src := strings.Replace(tmaKernel(128, 0, 0, tmaWait), "arith.constant 8192 : i32", "arith.constant 8194 : i32", 1)
	m := asyncMachine(t, src)
	g := newBuf(ir.F16, 100, 72)
	o := newBuf(ir.F16, 4096)
	err := callMemRefs(m, "k", g, o)
	if err == nil || !strings.Contains(err.Error(), "deadlock") || !strings.Contains(err.Error(), "2 transaction bytes pending") {
		t.Fatalf("got %v, want a deadlock at the wait with 2 bytes pending", err)
	}
}
