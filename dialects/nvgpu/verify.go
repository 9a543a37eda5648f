package nvgpu

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// The op verifiers, after upstream's NVGPUDialect.cpp: the same checks in
// the same order with the same messages (some without the `'op' op`
// prefix, as upstream emits them with emitError). Where upstream asserts or
// indexes out of range on malformed input (an mmaShape without three
// entries, a vector or memref of the wrong rank), goopt reports an error
// of its own instead.

// Hardware limits the verifiers check (upstream's NVGPUDialect.h).
const (
	// WarpSize is the number of threads of a warp.
	WarpSize = 32
	// MaxTMATensorDimension is the most dimensions a TMA tensor may have.
	MaxTMATensorDimension = 5
	// MaxTMADimension is the largest extent of a TMA box dimension.
	MaxTMADimension = 256
	// MaxTMALastDimBytes is the size in bytes the innermost box dimension of
	// a swizzled tensor map must have.
	MaxTMALastDimBytes = 128
	// WgmmaSizeM is the M extent of one wgmma instruction.
	WgmmaSizeM = 64
)

const sharedSpaceMsg = "IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)"

func memrefOf(v *ir.Value) *ir.MemRefType { m, _ := v.Type().(*ir.MemRefType); return m }
func vectorOf(v *ir.Value) *ir.VectorType { t, _ := v.Type().(*ir.VectorType); return t }

// lastDimUnitStride is upstream's isLastMemrefDimUnitStride.
func lastDimUnitStride(t *ir.MemRefType) bool {
	strides, _, ok := memref.StridesAndOffset(t)
	return ok && (len(strides) == 0 || strides[len(strides)-1] == 1)
}

func verifyDeviceAsyncCopy(op *ir.Operation) error {
	o := DeviceAsyncCopyOp{op}
	src, dst := memrefOf(o.Src()), memrefOf(o.Dst())
	switch {
	case !lastDimUnitStride(src):
		return ir.Errorf(op.Loc(), "source memref most minor dim must have unit stride")
	case !lastDimUnitStride(dst):
		return ir.Errorf(op.Loc(), "destination memref most minor dim must have unit stride")
	case !IsSharedMemorySpace(dst.MemorySpace):
		return ir.Errorf(op.Loc(), "destination memref must have a memory space attribute of %s", sharedSpaceMsg)
	case dst.Elem != src.Elem:
		return ir.Errorf(op.Loc(), "source and destination must have the same element type")
	case src.Rank() != len(o.SrcIndices()):
		return op.Errorf("expected %d source indices, got %d", src.Rank(), len(o.SrcIndices()))
	case dst.Rank() != len(o.DstIndices()):
		return op.Errorf("expected %d destination indices, got %d", dst.Rank(), len(o.DstIndices()))
	}
	width := int64(ir.BitWidth(dst.Elem))
	if width == 0 {
		return op.Errorf("expected an integer or float destination element type, got %s", dst.Elem)
	}
	elements := o.DstElements().(*ir.IntegerAttr).Int()
	size := width * elements / 8
	if size != 4 && size != 8 && size != 16 {
		var b strings.Builder
		fmt.Fprintf(&b, "Requested copy elements is %d with width %d. But copy elements could be one of ", elements, width)
		for i, bits := range []int64{32, 64, 128} {
			if bits/width > 0 {
				b.WriteString(strconv.FormatInt(bits/width, 10))
				b.WriteString([]string{", ", ", ", "."}[i])
			}
		}
		return ir.Errorf(op.Loc(), "%s", b.String())
	}
	if o.BypassL1() != nil && size != 16 {
		return op.Errorf("bypassL1 does not satify alignment for '%s' with destination element %d. Unset bypassL1, "+
			"or set destination element to %d", dst, elements, 16*8/width)
	}
	return nil
}

// mmaShape returns the three entries of mma.sync's mmaShape.
func mmaShape(op *ir.Operation) ([3]int64, bool) {
	var s [3]int64
	arr, ok := op.Attr("mmaShape").(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != 3 {
		return s, false
	}
	for i, e := range arr.Elems {
		s[i] = e.(*ir.IntegerAttr).Int()
	}
	return s, true
}

func isF(t ir.Type, k ir.FloatKind) bool { f, ok := t.(*ir.FloatType); return ok && f.Kind == k }

func isInt(t ir.Type, width int) bool { it, ok := t.(*ir.IntegerType); return ok && it.Width == width }

func verifyMmaSync(op *ir.Operation) error {
	o := MmaSyncOp{op}
	a, b, c := vectorOf(o.MatrixA()), vectorOf(o.MatrixB()), vectorOf(o.MatrixC())
	if a.Elem != b.Elem {
		return op.Errorf("failed to verify that matrixA and matrixB have same element type")
	}
	shape, ok := mmaShape(op)
	if !ok {
		return op.Errorf("expected mmaShape to hold 3 integers (m, n, k)")
	}
	if a.Rank() != 2 || b.Rank() != 2 || c.Rank() != 2 {
		return op.Errorf("expected matrices A, B and C to be 2-D vectors")
	}
	// Fundamental tensor-core tiles: 8x8x128b (8x8x256b for f64), 32 bits
	// of A and B per thread (one f64), two accumulators per thread.
	const tileM, tileN, numC = 8, 8, 2
	var tileK, numA, numB int64
	switch elem := a.Elem; {
	case isF(elem, ir.KindF64):
		tileK, numA, numB = 4, 1, 1
	case isF(elem, ir.KindF32) || isF(elem, ir.KindBF16) || isF(elem, ir.KindF16) || isInt(elem, 8) || isInt(elem, 4):
		bits := int64(ir.BitWidth(elem))
		tileK, numA, numB = 128/bits, 32/bits, 32/bits
	default:
		return ir.Errorf(op.Loc(), "expected input data type (i4,i8,f16,bf16,tf32,f64) supported by nvgpu.mma.sync")
	}
	m, n, k := shape[0], shape[1], shape[2]
	switch {
	case a.Dims[0]*a.Dims[1]*WarpSize != m*k:
		return op.Errorf("expected %d warp-wide matrix A elements", m*k)
	case b.Dims[0]*b.Dims[1]*WarpSize != k*n:
		return op.Errorf("expected %d warp-wide matrix B elements", k*n)
	case c.Dims[0]*c.Dims[1]*WarpSize != m*n:
		return op.Errorf("expected %d warp-wide matrix C elements", m*n)
	case o.Tf32Enabled() != nil && !isF(a.Elem, ir.KindF32):
		return op.Errorf("expected tf32 tensor cores only for F32 operands")
	}
	mTile, nTile, kTile := m/tileM, n/tileN, k/tileK
	switch {
	case a.Dims[0] != mTile*kTile || a.Dims[1] != numA:
		return op.Errorf("expected matrix A to be shaped (%d x %d)", mTile*kTile, numA)
	case b.Dims[0] != kTile*nTile || b.Dims[1] != numB:
		return op.Errorf("expected matrix B to be shaped (%d x %d)", kTile*nTile, numB)
	case c.Dims[0] != mTile*nTile || c.Dims[1] != numC:
		return op.Errorf("expected matrix C to be shaped (%d x %d)", mTile*nTile, numC)
	}
	return nil
}

func verifyLdMatrix(op *ir.Operation) error {
	o := LdmatrixOp{op}
	src, res := memrefOf(o.SrcMemref()), vectorOf(o.Res())
	if src.Elem != res.Elem {
		return op.Errorf("failed to verify that srcMemref and res have same element type")
	}
	bits := int64(ir.BitWidth(res.Elem))
	numTiles := o.NumTiles().(*ir.IntegerAttr).Int()
	transpose := o.Transpose().(*ir.IntegerAttr).Int() != 0
	switch {
	case !IsSharedMemorySpace(src.MemorySpace):
		return ir.Errorf(op.Loc(), "expected nvgpu.ldmatrix srcMemref must have a memory space attribute of %s",
			sharedSpaceMsg)
	case bits > 32:
		return ir.Errorf(op.Loc(), "nvgpu.ldmatrix works for 32b or lower")
	case bits == 0:
		return ir.Errorf(op.Loc(), "nvgpu.ldmatrix works for integer and float elements")
	case transpose && bits != 16:
		return ir.Errorf(op.Loc(), "nvgpu.ldmatrix transpose works only at 16b granularity")
	case res.Rank() != 2:
		return ir.Errorf(op.Loc(), "results must be 2 dimensional vector")
	case res.Dims[1] != 32/bits:
		return ir.Errorf(op.Loc(), "expected vector register shape[1] = %d", 32/bits)
	case res.Dims[0] != numTiles:
		return ir.Errorf(op.Loc(), "expected vector register shape[0] and numTiles to match")
	}
	return nil
}

// verifyTensorMap is upstream's verifyTmaDescriptorWithMemref: the checks
// of a tensor map descriptor's box, and, when mem is not nil, of the
// shared-memory buffer a TMA copy fills or reads.
func verifyTensorMap(op *ir.Operation, desc *TensorMapDescriptorType, mem *ir.MemRefType) error {
	box := desc.MemRef()
	if box == nil {
		return op.Errorf("expected the tensor of %s to be a memref", desc)
	}
	if desc.Interleave != InterleaveNone {
		return ir.Errorf(op.Loc(), "Interleave options are not supported yet.")
	}
	if !IsSharedMemorySpace(box.MemorySpace) {
		return ir.Errorf(op.Loc(), "the tensor map descriptor has incorrect address space, it must be shared memory "+
			"address space.")
	}
	if !box.HasStaticShape() {
		return ir.Errorf(op.Loc(), "the tensor map descriptor must be static shaped")
	}
	for _, d := range box.Dims {
		if d <= 0 || d > MaxTMADimension {
			return ir.Errorf(op.Loc(), "the tensor map descriptor must have dimensions between 1 and %d but it is %d",
				MaxTMADimension, d)
		}
	}
	if box.Rank() > 1 && desc.Swizzle != SwizzleNone {
		if last := int64(ir.BitWidth(box.Elem)) * box.Dims[box.Rank()-1] / 8; last != MaxTMALastDimBytes {
			return ir.Errorf(op.Loc(), "the tensormap descriptor must have last dimension of %d bytes but it is %d bytes",
				MaxTMALastDimBytes, last)
		}
	}
	if mem == nil {
		return nil
	}
	switch {
	case box.Elem != mem.Elem:
		return ir.Errorf(op.Loc(), "the element type of tensor map descriptor and memref must be same")
	case !IsSharedMemorySpace(mem.MemorySpace):
		return ir.Errorf(op.Loc(), "the destination memref has incorrect address space, it must be shared memory "+
			"address space.")
	case !mem.HasStaticShape():
		return ir.Errorf(op.Loc(), "the destination memref must be static shaped")
	case mem.Rank() != box.Rank():
		return ir.Errorf(op.Loc(), "the shape of tensor map descriptor and memref must have same rank")
	case !slices.Equal(box.Dims, mem.Dims):
		return ir.Errorf(op.Loc(), "memref and tensor map shapes mismatch '%s' != '%s'", box, mem)
	}
	return nil
}

// verifyTMACopy checks a TMA load or store: the descriptor against the
// shared-memory buffer, and one coordinate per tensor dimension.
func verifyTMACopy(op *ir.Operation, desc *TensorMapDescriptorType, mem *ir.MemRefType, coords int) error {
	if err := verifyTensorMap(op, desc, mem); err != nil {
		return err
	}
	if coords > MaxTMATensorDimension {
		return ir.Errorf(op.Loc(), "Maximum %d coordinates are supported.", MaxTMATensorDimension)
	}
	if coords != desc.MemRef().Rank() {
		return ir.Errorf(op.Loc(), "number of coordinates do not match with the rank of tensor descriptor map.")
	}
	return nil
}

func verifyTMALoad(op *ir.Operation) error {
	o := TmaAsyncLoadOp{op}
	return verifyTMACopy(op, o.TensorMapDescriptor().Type().(*TensorMapDescriptorType), memrefOf(o.Dst()),
		len(o.Coordinates()))
}

func verifyTMAStore(op *ir.Operation) error {
	o := TmaAsyncStoreOp{op}
	return verifyTMACopy(op, o.TensorMapDescriptor().Type().(*TensorMapDescriptorType), memrefOf(o.Src()),
		len(o.Coordinates()))
}

func verifyTMACreateDescriptor(op *ir.Operation) error {
	o := TmaCreateDescriptorOp{op}
	if len(o.BoxDimensions()) > MaxTMATensorDimension {
		return ir.Errorf(op.Loc(), "Maximum %d coordinates are supported.", MaxTMATensorDimension)
	}
	return verifyTensorMap(op, o.TensorMap().Type().(*TensorMapDescriptorType), nil)
}

func verifyGenerateDescriptor(op *ir.Operation) error {
	o := WarpgroupGenerateDescriptorOp{op}
	desc := o.TensorMap().Type().(*TensorMapDescriptorType)
	if err := verifyTensorMap(op, desc, nil); err != nil {
		return err
	}
	if desc.Swizzle != Swizzle128B {
		return ir.Errorf(op.Loc(), "supports only %s is supported for the time being", Swizzle128B)
	}
	if desc.Interleave != InterleaveNone {
		return ir.Errorf(op.Loc(), "supports only %s is supported for the time being", InterleaveNone)
	}
	return nil
}

// wgmmaDataTypeOK reports whether wgmma computes D += A * B for these
// element types (upstream's isAllowedWGMMADataType).
func wgmmaDataTypeOK(d, a, b ir.Type) bool {
	f32OrF16 := isF(d, ir.KindF32) || isF(d, ir.KindF16)
	isF8 := func(t ir.Type) bool { return isF(t, ir.KindF8E5M2) || isF(t, ir.KindF8E4M3FN) }
	switch {
	case isF(a, ir.KindF16) && isF(b, ir.KindF16) && f32OrF16,
		isF(a, ir.KindTF32) && isF(b, ir.KindTF32) && isF(d, ir.KindF32),
		isInt(a, 16) && isInt(b, 16) && isInt(d, 32),
		isInt(a, 1) && isInt(b, 1) && isInt(d, 32),
		isF(a, ir.KindBF16) && isF(b, ir.KindBF16) && f32OrF16,
		isF8(a) && isF8(b) && f32OrF16:
		return true
	}
	return false
}

// WgmmaValidN reports whether wgmma has an N extent of n for A elements of
// type a (upstream's isAllowedSizeN): multiples of 8 up to 256 for the
// float types, a shorter list for the integer ones.
func WgmmaValidN(n int64, a ir.Type) bool {
	if isF(a, ir.KindBF16) || isF(a, ir.KindF16) || isF(a, ir.KindF32) || isF(a, ir.KindTF32) ||
		isF(a, ir.KindF8E4M3FN) || isF(a, ir.KindF8E5M2) {
		if n >= 8 && n <= 256 && n%8 == 0 {
			return true
		}
	}
	if isInt(a, 8) || isInt(a, 1) {
		return slices.Contains([]int64{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256}, n)
	}
	return false
}

func verifyWarpgroupMma(op *ir.Operation) error {
	o := WarpgroupMmaOp{op}
	if o.TransposeA() != nil && o.TransposeB() == nil {
		return op.Errorf("supports non-transpose A (Row Major) and transpose B (Column Major) for the time being ")
	}
	a := o.DescriptorA().Type().(*WarpgroupMatrixDescriptorType).MemRef()
	b := o.DescriptorB().Type().(*WarpgroupMatrixDescriptorType).MemRef()
	c := o.MatrixC().Type().(*WarpgroupAccumulatorType).Vector()
	d := o.MatrixD().Type().(*WarpgroupAccumulatorType).Vector()
	if a == nil || b == nil || c == nil || d == nil {
		return op.Errorf("expected memref descriptors and vector accumulators")
	}
	if c != d {
		return op.Errorf("type of matrix C and matrix D must be the same")
	}
	if a.Rank() != 2 || b.Rank() != 2 || c.Rank() != 2 || d.Rank() != 2 {
		return op.Errorf("has matrices A, B, C and D, they must be 2 dimensional")
	}
	switch {
	case a.Dims[1] != b.Dims[0]:
		return op.Errorf("2nd dim matrix-A (%d)!= 1st dim matrix-B (%d )", a.Dims[1], b.Dims[0])
	case a.Dims[0] != c.Dims[0]:
		return op.Errorf("1st dim matrix-A ( %d )!= 1st dim matrix-C ( %d )", a.Dims[0], c.Dims[0])
	case b.Dims[1] != c.Dims[1]:
		return op.Errorf("2nd dim matrix-B ( %d ) != 2nd dim matrix-C ( %d )", b.Dims[1], c.Dims[1])
	case !wgmmaDataTypeOK(c.Elem, a.Elem, b.Elem):
		return op.Errorf("'%s' += '%s' * '%s', it is not supported.", c.Elem, a.Elem, b.Elem)
	case !WgmmaValidN(b.Dims[1], a.Elem):
		return op.Errorf("has input type '%s' n is set to %d, it is not supported", b, b.Dims[1])
	case !isF(c.Elem, ir.KindF32) && !isF(a.Elem, ir.KindF16) && !isF(a.Elem, ir.KindBF16):
		return op.Errorf("hit a limitation: '%s' += '%s' * '%s', it is not supported yet", c.Elem, a.Elem, b.Elem)
	}
	return nil
}

func verifyWarpgroupMmaStore(op *ir.Operation) error {
	o := WarpgroupMmaStoreOp{op}
	dst := memrefOf(o.DstMemref())
	v := o.MatrixD().Type().(*WarpgroupAccumulatorType).Vector()
	if v == nil {
		return op.Errorf("expected a vector accumulator")
	}
	if !isF(v.Elem, ir.KindF32) {
		return op.Errorf("hit a limitation: only f32 results for the time being")
	}
	if v.Rank() != 2 || dst.Rank() != 2 {
		return op.Errorf("expected a 2-D accumulator and a 2-D destination memref")
	}
	if v.Dims[0] != dst.Dims[0] || v.Dims[1] != dst.Dims[1] {
		return op.Errorf("results ['%s'][%d] values. However, destination memref[%d][%d]  does not have same size "+
			"as results", v, v.Dims[1], dst.Dims[0], dst.Dims[1])
	}
	return nil
}

func verifyInitAccumulator(op *ir.Operation) error {
	v := WarpgroupMmaInitAccumulatorOp{op}.MatrixC().Type().(*WarpgroupAccumulatorType).Vector()
	if v == nil {
		return op.Errorf("expected a vector accumulator")
	}
	if v.Rank() != 2 || v.Dims[0]%WgmmaSizeM != 0 || !WgmmaValidN(v.Dims[1], v.Elem) {
		return op.Errorf("has type '%s'. It does not fit into warp-group level (wgmma) matrix multiplication "+
			"instruction (or not supported yet)", v)
	}
	return nil
}
