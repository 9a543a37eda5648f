package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"
)

// TensorMapBytes is the size of a CUtensorMap, the descriptor of a tensor
// in global memory that TMA copies (cp.async.bulk.tensor) read.
const TensorMapBytes = 128

// tensorMapAlign is the alignment cuTensorMapEncodeTiled requires of the
// descriptor it writes, and the alignment a kernel declares for a
// descriptor parameter (.param .align 64 .b8 p[128]).
const tensorMapAlign = 64

// TensorMap is an encoded CUtensorMap. It is opaque: pass it as a kernel
// argument (by value: the kernel's parameter is its 128 bytes, declared
// __grid_constant__), never edit it.
type TensorMap [TensorMapBytes]byte

// TensorDataType is a CUtensorMapDataType: the element type of the tensor.
type TensorDataType int

// The element types of CUtensorMapDataType, in its order.
const (
	TensorUint8 TensorDataType = iota
	TensorUint16
	TensorUint32
	TensorInt32
	TensorUint64
	TensorInt64
	TensorFloat16
	TensorFloat32
	TensorFloat64
	TensorBFloat16
	TensorFloat32FTZ
	TensorTFloat32
	TensorTFloat32FTZ
)

var tensorTypeNames = []string{"uint8", "uint16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64", "bfloat16", "float32_ftz", "tfloat32", "tfloat32_ftz"}

func (t TensorDataType) String() string {
	if t >= 0 && int(t) < len(tensorTypeNames) {
		return tensorTypeNames[t]
	}
	return fmt.Sprintf("TensorDataType(%d)", int(t))
}

// Size is the element's size in bytes (0 for an unknown type).
func (t TensorDataType) Size() int {
	switch t {
	case TensorUint8:
		return 1
	case TensorUint16, TensorFloat16, TensorBFloat16:
		return 2
	case TensorUint32, TensorInt32, TensorFloat32, TensorFloat32FTZ, TensorTFloat32, TensorTFloat32FTZ:
		return 4
	case TensorUint64, TensorInt64, TensorFloat64:
		return 8
	}
	return 0
}

func (t TensorDataType) isFloat() bool {
	switch t {
	case TensorFloat16, TensorFloat32, TensorFloat64, TensorBFloat16, TensorFloat32FTZ, TensorTFloat32, TensorTFloat32FTZ:
		return true
	}
	return false
}

// Interleave is a CUtensorMapInterleave: the layout of interleaved
// (NC/8HWC8-style) tensors; InterleaveNone for ordinary ones.
type Interleave int

// Interleave modes.
const (
	InterleaveNone Interleave = iota
	Interleave16B
	Interleave32B
)

// Swizzle is a CUtensorMapSwizzle: how TMA permutes 16-byte chunks of a
// box row in shared memory (by the row index) to avoid bank conflicts.
type Swizzle int

// Swizzle modes. A swizzled box row (its innermost dimension) may be at
// most the swizzle's span: 32, 64 or 128 bytes.
const (
	SwizzleNone Swizzle = iota
	Swizzle32B
	Swizzle64B
	Swizzle128B
)

// Span is the bytes a swizzle pattern covers in a row (0 for none).
func (s Swizzle) Span() int {
	switch s {
	case Swizzle32B:
		return 32
	case Swizzle64B:
		return 64
	case Swizzle128B:
		return 128
	}
	return 0
}

// L2Promotion is a CUtensorMapL2promotion: the L2 sector size TMA loads
// promote to.
type L2Promotion int

// L2 promotion sizes.
const (
	L2PromotionNone L2Promotion = iota
	L2Promotion64B
	L2Promotion128B
	L2Promotion256B
)

// OOBFill is a CUtensorMapFloatOOBfill: what a load reads outside the
// tensor: zeros, or (floating-point types only) NaN that FMA treats as 0.
type OOBFill int

// Out-of-bounds fills.
const (
	OOBFillZero OOBFill = iota
	OOBFillNaNRequestZeroFMA
)

// Limits of cuTensorMapEncodeTiled.
const (
	MaxTensorRank      = 5
	MaxBoxDim          = 256
	MaxElementStride   = 8
	tensorStrideAlign  = 16
	tensorAddressAlign = 16
	maxGlobalDim       = 1 << 32
	maxGlobalStride    = 1 << 40
)

// TiledDesc is what cuTensorMapEncodeTiled encodes: a tensor in global
// memory and the box (tile) one TMA copy moves. Dimensions are listed
// innermost (fastest-varying) first, as CUDA takes them: a row-major
// M×N matrix has GlobalDims {N, M} and GlobalStrides {N * element size}.
type TiledDesc struct {
	DataType TensorDataType
	// GlobalAddress is the tensor's first element (16-byte aligned; 32
	// with Interleave32B).
	GlobalAddress DevicePtr
	// GlobalDims are the tensor's sizes in elements (rank of them, 1..5).
	GlobalDims []uint64
	// GlobalStrides are the byte strides of dimensions 1..rank-1 (the
	// innermost dimension is contiguous): rank-1 multiples of 16.
	GlobalStrides []uint64
	// BoxDims are the box's sizes in elements (1..256 each).
	BoxDims []uint32
	// ElementStrides step through the box (1..8 each); nil means all 1.
	ElementStrides []uint32
	Interleave     Interleave
	Swizzle        Swizzle
	L2Promotion    L2Promotion
	OOBFill        OOBFill
}

// Validate checks d against cuTensorMapEncodeTiled's documented
// requirements, so that a bad descriptor is an error naming the field
// rather than the driver's bare CUDA_ERROR_INVALID_VALUE. Every problem
// is reported, one per line.
func (d *TiledDesc) Validate() error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	esize := d.DataType.Size()
	if esize == 0 {
		bad("unknown data type %d", int(d.DataType))
		esize = 1
	}
	rank := len(d.GlobalDims)
	if rank < 1 || rank > MaxTensorRank {
		bad("rank %d: a tensor map has 1 to %d dimensions", rank, MaxTensorRank)
	}
	if d.Interleave < InterleaveNone || d.Interleave > Interleave32B {
		bad("unknown interleave %d", int(d.Interleave))
	}
	if d.Interleave != InterleaveNone && rank < 3 {
		bad("an interleaved tensor map has at least 3 dimensions, this one %d", rank)
	}
	addrAlign, strideAlign := uint64(tensorAddressAlign), uint64(tensorStrideAlign)
	if d.Interleave == Interleave32B {
		addrAlign, strideAlign = 32, 32
	}
	if d.GlobalAddress == 0 {
		bad("global address is null")
	} else if uint64(d.GlobalAddress)%addrAlign != 0 {
		bad("global address %#x is not %d-byte aligned", uint64(d.GlobalAddress), addrAlign)
	}
	for i, n := range d.GlobalDims {
		if n == 0 || n > maxGlobalDim {
			bad("global dimension %d is %d: expected 1 to 2^32", i, n)
		}
	}
	if len(d.GlobalStrides) != max(rank-1, 0) {
		bad("%d global strides for rank %d: expected %d (dimension 0 is contiguous)", len(d.GlobalStrides), rank, max(rank-1, 0))
	}
	for i, s := range d.GlobalStrides {
		switch {
		case s%strideAlign != 0:
			bad("global stride %d is %d bytes: not a multiple of %d", i+1, s, strideAlign)
		case s >= maxGlobalStride:
			bad("global stride %d is %d bytes: not below 2^40", i+1, s)
		}
	}
	if len(d.BoxDims) != rank {
		bad("%d box dimensions for rank %d", len(d.BoxDims), rank)
	}
	for i, b := range d.BoxDims {
		if b == 0 || b > MaxBoxDim {
			bad("box dimension %d is %d: expected 1 to %d", i, b, MaxBoxDim)
		}
	}
	if d.ElementStrides != nil && len(d.ElementStrides) != rank {
		bad("%d element strides for rank %d", len(d.ElementStrides), rank)
	}
	for i, s := range d.ElementStrides {
		if s == 0 || s > MaxElementStride {
			bad("element stride %d is %d: expected 1 to %d", i, s, MaxElementStride)
		}
	}
	if d.Swizzle < SwizzleNone || d.Swizzle > Swizzle128B {
		bad("unknown swizzle %d", int(d.Swizzle))
	}
	if d.Interleave == Interleave32B && d.Swizzle != Swizzle32B {
		bad("interleave 32B needs swizzle 32B")
	}
	if d.Interleave == InterleaveNone && len(d.BoxDims) > 0 && d.BoxDims[0] > 0 {
		inner := int(d.BoxDims[0]) * esize
		if inner%tensorStrideAlign != 0 {
			bad("the box's inner dimension is %d bytes (%d × %d): not a multiple of 16", inner, d.BoxDims[0], esize)
		}
		if span := d.Swizzle.Span(); span > 0 && inner > span {
			bad("the box's inner dimension is %d bytes (%d × %d): more than the %d bytes swizzle %d spans", inner, d.BoxDims[0], esize, span, span)
		}
	}
	if d.L2Promotion < L2PromotionNone || d.L2Promotion > L2Promotion256B {
		bad("unknown L2 promotion %d", int(d.L2Promotion))
	}
	switch d.OOBFill {
	case OOBFillZero:
	case OOBFillNaNRequestZeroFMA:
		if !d.DataType.isFloat() {
			bad("NaN out-of-bounds fill needs a floating-point type, not %s", d.DataType)
		}
	default:
		bad("unknown out-of-bounds fill %d", int(d.OOBFill))
	}
	if len(errs) > 0 {
		return fmt.Errorf("cuda: invalid tensor map: %s", strings.Join(errs, "; "))
	}
	return nil
}

// alignedBytes returns n zeroed bytes at an address that is a multiple of
// align (a power of two). Go's heap does not move objects, so the address
// stays aligned for the slice's lifetime.
func alignedBytes(n, align int) []byte {
	buf := make([]byte, n+align)
	off := int(-uintptr(unsafe.Pointer(&buf[0])) & uintptr(align-1))
	return buf[off : off+n : off+n]
}

// EncodeTiled validates d and encodes it (cuTensorMapEncodeTiled, CUDA
// 12.0 or later). The driver encodes on the host, without a context.
func (drv *Driver) EncodeTiled(d TiledDesc) (TensorMap, error) {
	var tm TensorMap
	if err := d.Validate(); err != nil {
		return tm, err
	}
	if !drv.lib.has(fnTensorMapEncodeTiled) {
		return tm, fmt.Errorf("cuda: %s has no cuTensorMapEncodeTiled: TMA descriptors need a CUDA 12 driver", drv.lib.path)
	}
	rank := len(d.GlobalDims)
	// The driver reads strides for dimensions 1..rank-1 only; a non-nil
	// array keeps rank 1 valid.
	strides := append(append([]uint64(nil), d.GlobalStrides...), 0)
	elem := d.ElementStrides
	if elem == nil {
		elem = make([]uint32, rank)
		for i := range elem {
			elem[i] = 1
		}
	}
	out := alignedBytes(TensorMapBytes, tensorMapAlign)
	err := drv.check(fnTensorMapEncodeTiled, drv.lib.syscall(fnTensorMapEncodeTiled,
		uintptr(unsafe.Pointer(&out[0])), uintptr(d.DataType), uintptr(rank), uintptr(d.GlobalAddress),
		uintptr(unsafe.Pointer(&d.GlobalDims[0])), uintptr(unsafe.Pointer(&strides[0])),
		uintptr(unsafe.Pointer(&d.BoxDims[0])), uintptr(unsafe.Pointer(&elem[0])),
		uintptr(d.Interleave), uintptr(d.Swizzle), uintptr(d.L2Promotion), uintptr(d.OOBFill)))
	runtime.KeepAlive(d.GlobalDims)
	runtime.KeepAlive(d.BoxDims)
	runtime.KeepAlive(strides)
	runtime.KeepAlive(elem)
	if err != nil {
		return tm, err
	}
	copy(tm[:], out)
	return tm, nil
}

// EncodeTiled is Driver.EncodeTiled for the device's driver.
func (dev *Device) EncodeTiled(d TiledDesc) (TensorMap, error) { return dev.drv.EncodeTiled(d) }
