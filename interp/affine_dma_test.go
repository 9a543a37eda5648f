package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// dmaCall runs f of src on a 4x8 f32 memref holding 0..31 and returns the
// results and the error.
func dmaCall(t *testing.T, src string) ([]interp.Value, error) {
	t.Helper()
	m := machine(t, src)
	a := newBuf(ir.F32, 4, 8)
	for i := int64(0); i < 32; i++ {
		_ = a.SetFloat(float64(i), i/8, i%8)
	}
	return m.Call("f", []interp.Value{interp.MemRefValue(a)})
}

// checkDMA runs f of src as dmaCall does and compares its results,
// printed and joined by ", ", with want.
func checkDMA(t *testing.T, src, want string) {
	t.Helper()
	res, err := dmaCall(t, src)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, r := range res {
		parts = append(parts, r.String())
	}
	if got := strings.Join(parts, ", "); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestAffineDmaStrided copies the 2x3 tile at [1, 2] of a 4x8 memref with
// a strided DMA (stride 8, 3 elements per stride) into a compact buffer,
// writes one element, and writes the tile back (the destination strided).
func TestAffineDmaStrided(t *testing.T) {
	src := `
func.func @f(%a: memref<4x8xf32>) -> (f32, f32, f32, f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<2x3xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c1, %c1 + 1], %buf[%c0, %c0], %tag[%c0], %c6, %c8, %c3 : memref<4x8xf32>, memref<2x3xf32, 2>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c6 : memref<1xi32>
  %v0 = affine.load %buf[0, 2] : memref<2x3xf32, 2>
  %v1 = affine.load %buf[1, 0] : memref<2x3xf32, 2>
  %x = arith.constant 100.0 : f32
  affine.store %x, %buf[1, 1] : memref<2x3xf32, 2>
  %tag2 = memref.alloc() : memref<1xi32>
  affine.dma_start %buf[%c0, %c0], %a[%c1, 2], %tag2[%c0], %c6, %c8, %c3 : memref<2x3xf32, 2>, memref<4x8xf32>, memref<1xi32>
  affine.dma_wait %tag2[%c0], %c6 : memref<1xi32>
  %w0 = affine.load %a[2, 3] : memref<4x8xf32>
  %w1 = affine.load %a[2, 5] : memref<4x8xf32>
  %t = affine.load %tag[0] : memref<1xi32>
  return %v0, %v1, %w0, %w1, %t : f32, f32, f32, f32, i32
}`
	// [1,4] = 12, [2,2] = 18; the write-back puts 100 at [2,3] and leaves [2,5] = 21.
	checkDMA(t, src, "12 : f32, 18 : f32, 100 : f32, 21 : f32, 6 : i32")
}

// TestMemRefDmaContiguous: memref.dma_start (as lower-affine makes it;
// goopt's memref dialect does not register it, so it is written generic)
// copies contiguous elements in row-major order across rows.
func TestMemRefDmaContiguous(t *testing.T) {
	src := `
func.func @f(%a: memref<4x8xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %buf = memref.alloc() : memref<10xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  "memref.dma_start"(%a, %c0, %c6, %buf, %c0, %c10, %tag, %c0) : (memref<4x8xf32>, index, index, memref<10xf32, 2>, index, index, memref<1xi32>, index) -> ()
  "memref.dma_wait"(%tag, %c0, %c10) : (memref<1xi32>, index, index) -> ()
  %v0 = memref.load %buf[%c0] : memref<10xf32, 2>
  %c9 = arith.constant 9 : index
  %v1 = memref.load %buf[%c9] : memref<10xf32, 2>
  return %v0, %v1 : f32, f32
}`
	checkDMA(t, src, "6 : f32, 15 : f32")
}

// TestAffineDmaErrors: out-of-bounds transfers, waits without a start, and
// reads of elements a DMA copied uninitialised are located errors.
func TestAffineDmaErrors(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"source past the end", `
  %buf = memref.alloc() : memref<8xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[3, 4], %buf[%c0], %tag[%c0], %c8 : memref<4x8xf32>, memref<8xf32, 2>, memref<1xi32>`,
			"test.mlir:7:3: error: dma source element 32 is outside memref<4x8xf32> (32 elements)"},
		{"destination start out of bounds", `
  %buf = memref.alloc() : memref<8xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %a[0, 0], %buf[%c8], %tag[%c0], %c8 : memref<4x8xf32>, memref<8xf32, 2>, memref<1xi32>`,
			"test.mlir:7:3: error: dma destination start [8] out of bounds for memref<8xf32, 2>"},
		{"wait without start", `
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_wait %tag[%c0], %c8 : memref<1xi32>`,
			"test.mlir:6:3: error: dma_wait on tag memref<1xi32>[0] that no dma_start has signalled"},
		{"uninitialised elements copied", `
  %buf = memref.alloc() : memref<8xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %buf[%c0], %a[0, 0], %tag[%c0], %c8 : memref<8xf32, 2>, memref<4x8xf32>, memref<1xi32>
  %v = affine.load %a[0, 3] : memref<4x8xf32>`,
			"test.mlir:8:8: error: load of uninitialised memory from memref<4x8xf32> at index [0, 3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `
func.func @f(%a: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index` + tc.body + `
  return
}`
			_, err := dmaCall(t, src)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}
