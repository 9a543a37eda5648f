package bench

import (
	"errors"

	"github.com/goopt/goopt/driver"
)

// DevicePtr is a device address (CUdeviceptr). Pointer arithmetic on it is
// byte arithmetic, as in CUDA.
type DevicePtr uint64

// Kernel is a loaded kernel entry, as the GPU that loaded it represents it
// (a CUfunction for the CUDA runtime). bench only passes it back to Launch.
type Kernel any

// Props are the device properties bench sizes its buffers and searches by.
type Props struct {
	// SMs is the number of streaming multiprocessors.
	SMs int `json:"sms"`
	// L2Bytes is the L2 cache size; FlushL2 writes a buffer of twice this.
	L2Bytes int64 `json:"l2_bytes"`
	// MemoryBytes is the total device memory.
	MemoryBytes int64 `json:"memory_bytes"`
	// SharedPerBlock is the static shared-memory limit of one block
	// (48 KiB); SharedPerBlockOptin the limit with the dynamic opt-in
	// (227 KiB on sm_90).
	SharedPerBlock      int64 `json:"shared_per_block"`
	SharedPerBlockOptin int64 `json:"shared_per_block_optin"`
	// RegistersPerBlock is the 32-bit registers one block may use (65536).
	RegistersPerBlock int `json:"registers_per_block"`
	// MaxThreadsPerBlock is 1024 on every current NVIDIA GPU.
	MaxThreadsPerBlock int `json:"max_threads_per_block"`
	// ComputeCapability is major*10+minor (90 for sm_90).
	ComputeCapability int `json:"compute_capability"`
}

// GPU is what goopt bench needs from a device: memory, PTX loading and
// launching, event timing and cuBLAS. Every method is synchronous from the
// caller's point of view unless it says otherwise, works on one context and
// one stream, and returns an error naming the failed driver call instead of
// panicking. The CUDA adapter (runtime/cuda) implements it in the obvious
// way, method by method; FakeGPU implements it on the CPU for tests.
type GPU interface {
	// Name is the device's name ("NVIDIA H200").
	Name() string
	// Props are the device's properties.
	Props() Props
	// Alloc allocates bytes of device memory (cuMemAlloc); the contents
	// are undefined.
	Alloc(bytes int64) (DevicePtr, error)
	// Free releases an allocation made by Alloc (cuMemFree).
	Free(p DevicePtr) error
	// CopyToDevice copies len(src) bytes from the host to dst
	// (cuMemcpyHtoD), returning when the copy is complete.
	CopyToDevice(dst DevicePtr, src []byte) error
	// CopyFromDevice copies len(dst) bytes from src to the host
	// (cuMemcpyDtoH) after all work enqueued before it has finished.
	CopyFromDevice(dst []byte, src DevicePtr) error
	// Memset sets bytes bytes at dst to value (cuMemsetD8Async on the
	// stream: ordered with launches, not waited for).
	Memset(dst DevicePtr, value byte, bytes int64) error
	// LoadPTX JIT-compiles ptx (cuModuleLoadDataEx, the JIT error log in
	// the error on failure) and returns its kernel named entry
	// (cuModuleGetFunction). The module lives until the GPU is closed.
	LoadPTX(ptx []byte, entry string) (Kernel, error)
	// Launch enqueues k on the stream (cuLaunchKernel) with the given grid
	// and block and sharedBytes of dynamic shared memory (raising the
	// kernel's max dynamic shared memory attribute first when it is over
	// 48 KiB). Each element of params is one 64-bit kernel parameter: a
	// DevicePtr for a pointer parameter, or an i64 value. It does not wait
	// for the kernel; a launch error (too many resources) is returned.
	Launch(k Kernel, grid, block [3]uint32, sharedBytes uint32, params []uint64) error
	// GemmF16F32 enqueues C = A·B + C with cuBLAS (cublasGemmEx: A, B
	// CUDA_R_16F, C CUDA_R_32F, compute CUBLAS_COMPUTE_32F, alpha = beta =
	// 1, default algorithm) for row-major M×K A, K×N B and M×N C with no
	// padding between rows. (cuBLAS is column-major: the adapter computes
	// Cᵀ = Bᵀ·Aᵀ, i.e. passes B before A with n and m swapped.)
	GemmF16F32(m, n, k int, a, b, c DevicePtr) error
	// Time records an event on the stream, calls enqueue (which enqueues
	// work), records a second event, waits for it and returns the elapsed
	// time between the events in milliseconds (cuEventElapsedTime).
	Time(enqueue func() error) (float64, error)
	// Sync waits for all enqueued work (cuStreamSynchronize).
	Sync() error
	// Close releases everything the GPU holds (modules, cuBLAS handle,
	// context).
	Close() error
}

// HopperGPU is a GPU that also launches the kernels of the Hopper path:
// in thread block clusters, with TMA descriptors passed by value. The
// CUDA adapter (bench/cudagpu) implements it; a kernel that needs it on a
// GPU without it is an error naming the kernel.
type HopperGPU interface {
	GPU
	// LaunchHopper is Launch with a cluster shape (all 0: no clusters) and
	// params that are each a uint64 (as Launch's) or a TensorMapArg.
	LaunchHopper(k Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error
}

// TensorMapArg is a TMA descriptor parameter: the manifest's description
// of the tensor at device address Base, which the GPU encodes
// (cuTensorMapEncodeTiled) and passes by value.
type TensorMapArg struct {
	Base DevicePtr
	Map  *driver.TensorMapParam
}

// DeviceConfig is what bench asks of the constructor of a GPU.
type DeviceConfig struct {
	// Ordinal is the CUDA device number.
	Ordinal int
	// CuBLAS is the path of libcublas to dlopen; empty means search the
	// usual names (libcublas.so.13, .so.12, .so).
	CuBLAS string
}

// ErrNoGPURuntime is what a goopt built without a GPU runtime answers.
var ErrNoGPURuntime = errors.New("no GPU runtime: this goopt cannot reach a GPU (goopt bench needs an NVIDIA GPU with its driver and cuBLAS)")
