package nvgpu_test

import (
	"fmt"

	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
)

// A TMA descriptor type for a 128x64 f16 tile in shared memory with
// 128-byte swizzling: each box row spans exactly the swizzle width.
func ExampleTensorMapDescriptor() {
	box := ir.MemRef([]int64{128, 64}, ir.F16, nil, ir.IntAttr(ir.I64, nvgpu.SharedMemorySpace))
	d := nvgpu.TensorMapDescriptor(box, nvgpu.Swizzle128B, nvgpu.L2PromoNone, nvgpu.OOBZero, nvgpu.InterleaveNone)
	fmt.Println(d)
	fmt.Println(d.Swizzle.Bytes(), d.BoxBytes())
	// Output:
	// !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
	// 128 16384
}
