package cuda

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/ebitengine/purego"
)

// CUBLASLibraries are the names NewBLAS tries when given none: CUDA 13's
// soname, CUDA 12's, the development symlink, then the same in the CUDA
// toolkit's default directory, which is often not on the loader's path.
var CUBLASLibraries = []string{"libcublas.so.13", "libcublas.so.12", "libcublas.so",
	"/usr/local/cuda/lib64/libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.12", "/usr/local/cuda/lib64/libcublas.so"}

const (
	blasCreate = iota
	blasDestroy
	blasSetStream
	blasGemmEx
	blasGetVersion
	blasStatusName
	blasStatusString
)

var blasSymbols = []symbol{
	blasCreate:       sym("cublasCreate", "cublasCreate_v2"),
	blasDestroy:      sym("cublasDestroy", "cublasDestroy_v2"),
	blasSetStream:    sym("cublasSetStream", "cublasSetStream_v2"),
	blasGemmEx:       sym("cublasGemmEx"),
	blasGetVersion:   {name: "cublasGetVersion", exports: []string{"cublasGetVersion_v2"}, optional: true},
	blasStatusName:   {name: "cublasGetStatusName", exports: []string{"cublasGetStatusName"}, optional: true},
	blasStatusString: {name: "cublasGetStatusString", exports: []string{"cublasGetStatusString"}, optional: true},
}

// cublasStatusNames spells cublasStatus_t where cuBLAS cannot (before 11.4).
var cublasStatusNames = map[int32]string{
	0:  "CUBLAS_STATUS_SUCCESS",
	1:  "CUBLAS_STATUS_NOT_INITIALIZED",
	3:  "CUBLAS_STATUS_ALLOC_FAILED",
	7:  "CUBLAS_STATUS_INVALID_VALUE",
	8:  "CUBLAS_STATUS_ARCH_MISMATCH",
	11: "CUBLAS_STATUS_MAPPING_ERROR",
	13: "CUBLAS_STATUS_EXECUTION_FAILED",
	14: "CUBLAS_STATUS_INTERNAL_ERROR",
	15: "CUBLAS_STATUS_NOT_SUPPORTED",
	16: "CUBLAS_STATUS_LICENSE_ERROR",
}

// DataType is a cudaDataType_t.
type DataType int32

// Element types of GemmEx.
const (
	R32F  DataType = 0  // CUDA_R_32F
	R64F  DataType = 1  // CUDA_R_64F
	R16F  DataType = 2  // CUDA_R_16F
	R16BF DataType = 14 // CUDA_R_16BF
)

// ComputeType is a cublasComputeType_t.
type ComputeType int32

// Compute types of GemmEx.
const (
	Compute16F         ComputeType = 64 // CUBLAS_COMPUTE_16F
	Compute32F         ComputeType = 68 // CUBLAS_COMPUTE_32F
	Compute32FPedantic ComputeType = 69 // CUBLAS_COMPUTE_32F_PEDANTIC
	Compute64F         ComputeType = 70 // CUBLAS_COMPUTE_64F
	// Compute32FFastTF32 rounds f32 inputs to tf32 for the tensor cores
	// and accumulates in f32 (CUBLAS_COMPUTE_32F_FAST_TF32).
	Compute32FFastTF32 ComputeType = 77
)

// GemmDefault is CUBLAS_GEMM_DEFAULT, the heuristic's choice of algorithm.
const GemmDefault = -1

// BLAS is a cuBLAS handle on a device.
type BLAS struct {
	dev    *Device
	lib    *library
	handle uintptr
	// statusName and statusString return const char*, which purego
	// copies into Go strings.
	statusName, statusString func(int32) string
}

// NewBLAS loads cuBLAS (the first of paths that loads, or of
// CUBLASLibraries) and creates a handle on dev (cublasCreate).
func (dev *Device) NewBLAS(paths ...string) (*BLAS, error) {
	if len(paths) == 0 {
		paths = CUBLASLibraries
	}
	lib, err := loadLibrary(paths, blasSymbols)
	if err != nil {
		return nil, fmt.Errorf("cuda: no cuBLAS: %v", err)
	}
	b := &BLAS{dev: dev, lib: lib}
	if lib.has(blasStatusName) {
		purego.RegisterFunc(&b.statusName, lib.fns[blasStatusName])
	}
	if lib.has(blasStatusString) {
		purego.RegisterFunc(&b.statusString, lib.fns[blasStatusString])
	}
	if err := b.call(blasCreate, uintptr(unsafe.Pointer(&b.handle))); err != nil {
		return nil, err
	}
	return b, nil
}

// Path is the cuBLAS library that was loaded.
func (b *BLAS) Path() string { return b.lib.path }

// call calls cuBLAS function fn with the device's context bound and turns
// its cublasStatus_t into an *Error.
//
//go:uintptrescapes
func (b *BLAS) call(fn int, args ...uintptr) error {
	unbind, err := b.dev.bind()
	if err != nil {
		return err
	}
	defer unbind()
	status := b.lib.syscall(fn, args...)
	if status == 0 {
		return nil
	}
	e := &Error{Call: blasSymbols[fn].name, Code: status, Name: cublasStatusNames[status]}
	if b.statusName != nil {
		e.Name = b.statusName(status)
	}
	if b.statusString != nil {
		e.Desc = b.statusString(status)
	}
	return e
}

// Version is cuBLAS's version (major*10000 + minor*100 + patch), or 0
// when the library cannot say.
func (b *BLAS) Version() (int, error) {
	if !b.lib.has(blasGetVersion) {
		return 0, nil
	}
	var v int32
	err := b.call(blasGetVersion, b.handle, uintptr(unsafe.Pointer(&v)))
	return int(v), err
}

// SetStream makes later calls run on stream (nil: the default stream).
func (b *BLAS) SetStream(stream *Stream) error {
	return b.call(blasSetStream, b.handle, stream.Handle())
}

// Destroy destroys the handle (cublasDestroy).
func (b *BLAS) Destroy() error {
	if b.handle == 0 {
		return nil
	}
	h := b.handle
	b.handle = 0
	return b.call(blasDestroy, h)
}

// Gemm is one cublasGemmEx call, column-major as cuBLAS is:
// C = Alpha·op(A)·op(B) + Beta·C with op(A) M×K, op(B) K×N and C M×N.
// Alpha and Beta are float32, which is right for Compute32F (and
// Compute32FPedantic).
type Gemm struct {
	TransA, TransB bool
	M, N, K        int
	Alpha, Beta    float32
	A, B, C        DevicePtr
	AType, BType   DataType
	CType          DataType
	LDA, LDB, LDC  int
	Compute        ComputeType
	Algo           int
}

// GemmEx runs g (cublasGemmEx). Under Compute16F cuBLAS reads Alpha and
// Beta as halves: they must be 0 or a normal f16 value.
func (b *BLAS) GemmEx(g Gemm) error {
	alpha, beta := unsafe.Pointer(&g.Alpha), unsafe.Pointer(&g.Beta)
	switch g.Compute {
	case Compute32F, Compute32FPedantic, Compute32FFastTF32:
	case Compute16F:
		ah, aok := halfExact(g.Alpha)
		bh, bok := halfExact(g.Beta)
		if !aok || !bok {
			return fmt.Errorf("cuda: GemmEx with compute type 16F: alpha %g and beta %g must be f16 values", g.Alpha, g.Beta)
		}
		alpha, beta = unsafe.Pointer(&ah), unsafe.Pointer(&bh)
	default:
		return fmt.Errorf("cuda: GemmEx with compute type %d: only the 32F compute types and 16F are supported", g.Compute)
	}
	op := func(t bool) uintptr {
		if t {
			return 1 // CUBLAS_OP_T
		}
		return 0 // CUBLAS_OP_N
	}
	return b.call(blasGemmEx, b.handle, op(g.TransA), op(g.TransB),
		uintptr(g.M), uintptr(g.N), uintptr(g.K),
		uintptr(alpha),
		uintptr(g.A), uintptr(g.AType), uintptr(g.LDA),
		uintptr(g.B), uintptr(g.BType), uintptr(g.LDB),
		uintptr(beta),
		uintptr(g.C), uintptr(g.CType), uintptr(g.LDC),
		uintptr(g.Compute), uintptr(int64(g.Algo)))
}

// GemmRowMajorF16F32 computes C = alpha·A·B + beta·C for row-major
// A (m×k, f16), B (k×n, f16) and C (m×n, f32) with f32 accumulation, the
// layout goopt's matmul kernels use. cuBLAS is column-major, and a
// row-major matrix is its transpose in column-major, so this asks cuBLAS
// for Cᵀ = Bᵀ·Aᵀ: the n×m column-major product of B (n×k, ld n) and A
// (k×m, ld k).
func (b *BLAS) GemmRowMajorF16F32(m, n, k int, A, B, C DevicePtr, alpha, beta float32) error {
	return b.GemmRowMajor(m, n, k, A, B, C, R16F, Compute32F, alpha, beta)
}

// GemmRowMajor is GemmRowMajorF16F32 for inputs of type in (R16F, R16BF,
// or R32F) and compute type compute (Compute32F; Compute32FFastTF32 for
// f32 inputs on the tf32 tensor cores); C is f32.
func (b *BLAS) GemmRowMajor(m, n, k int, A, B, C DevicePtr, in DataType, compute ComputeType, alpha, beta float32) error {
	return b.gemmRowMajor(m, n, k, A, B, C, in, R32F, compute, alpha, beta)
}

// GemmRowMajorF16 is GemmRowMajorF16F32 with an f16 C, accumulated in f16
// (CUBLAS_COMPUTE_16F): the peer of an f16-accumulation kernel.
func (b *BLAS) GemmRowMajorF16(m, n, k int, A, B, C DevicePtr, alpha, beta float32) error {
	return b.gemmRowMajor(m, n, k, A, B, C, R16F, R16F, Compute16F, alpha, beta)
}

func (b *BLAS) gemmRowMajor(m, n, k int, A, B, C DevicePtr, in, out DataType, compute ComputeType, alpha, beta float32) error {
	if m <= 0 || n <= 0 || k <= 0 {
		return fmt.Errorf("cuda: gemm of %dx%dx%d: sizes must be positive", m, n, k)
	}
	return b.GemmEx(Gemm{
		M: n, N: m, K: k,
		Alpha: alpha, Beta: beta,
		A: B, AType: in, LDA: n,
		B: A, BType: in, LDB: k,
		C: C, CType: out, LDC: n,
		Compute: compute, Algo: GemmDefault,
	})
}

// halfExact returns x as IEEE half bits when x is 0 or a normal f16 value
// (cuBLAS's 16F alpha and beta), and whether it is.
func halfExact(x float32) (uint16, bool) {
	if x == 0 {
		return 0, true
	}
	b := math.Float32bits(x)
	exp := int(b>>23&0xff) - 127 + 15
	if exp <= 0 || exp >= 31 || b&0x1fff != 0 {
		return 0, false
	}
	return uint16(b>>16)&0x8000 | uint16(exp)<<10 | uint16(b>>13&0x3ff), true
}
