// Package cudagpu is the bench.GPU of a real device: goopt bench's
// interface implemented method by method on runtime/cuda (the CUDA driver
// API and cuBLAS through purego, no cgo).
//
// Example:
//
//	g, err := cudagpu.Open(bench.DeviceConfig{Ordinal: 0})
//	if err != nil {
//		return err // no driver, no device, no cuBLAS: a clear error
//	}
//	defer g.Close()
package cudagpu

import (
	"fmt"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/runtime/cuda"
)

// GPU is one device with its primary context, one stream, a cuBLAS handle
// bound to that stream, two timing events, the modules it loaded and the
// TMA descriptors it encoded.
type GPU struct {
	dev        *cuda.Device
	stream     *cuda.Stream
	blas       *cuda.BLAS
	start, end *cuda.Event
	modules    []*cuda.Module
	tmaps      map[tensorMapKey]cuda.TensorMap
}

// tensorMapKey names an encoded descriptor: a manifest's description of a
// tensor at a device address.
type tensorMapKey struct {
	base bench.DevicePtr
	desc *driver.TensorMapParam
}

// The GPU launches Hopper kernels too.
var _ bench.HopperGPU = (*GPU)(nil)

// Open opens device cfg.Ordinal and cuBLAS (cfg.CuBLAS, or the usual
// names).
func Open(cfg bench.DeviceConfig) (bench.GPU, error) {
	dev, err := cuda.Open(cfg.Ordinal)
	if err != nil {
		return nil, err
	}
	g := &GPU{dev: dev, tmaps: map[tensorMapKey]cuda.TensorMap{}}
	fail := func(err error) (bench.GPU, error) {
		g.Close()
		return nil, err
	}
	if g.stream, err = dev.NewStream(); err != nil {
		return fail(err)
	}
	var paths []string
	if cfg.CuBLAS != "" {
		paths = []string{cfg.CuBLAS}
	}
	if g.blas, err = dev.NewBLAS(paths...); err != nil {
		return fail(err)
	}
	if err := g.blas.SetStream(g.stream); err != nil {
		return fail(err)
	}
	if g.start, err = dev.NewEvent(); err != nil {
		return fail(err)
	}
	if g.end, err = dev.NewEvent(); err != nil {
		return fail(err)
	}
	return g, nil
}

// Name is the device's name.
func (g *GPU) Name() string { return g.dev.Props().Name }

// Props converts the device's properties.
func (g *GPU) Props() bench.Props {
	p := g.dev.Props()
	// CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK.
	regs := 65536
	if r, err := g.dev.Attribute(12); err == nil && r > 0 {
		regs = r
	}
	return bench.Props{
		SMs:                 p.SMs,
		L2Bytes:             int64(p.L2Bytes),
		MemoryBytes:         int64(p.TotalMemory),
		SharedPerBlock:      int64(p.SharedPerBlock),
		SharedPerBlockOptin: int64(p.SharedPerBlockOptin),
		RegistersPerBlock:   regs,
		MaxThreadsPerBlock:  p.MaxThreadsPerBlock,
		ComputeCapability:   p.Major*10 + p.Minor,
	}
}

// Alloc allocates device memory.
func (g *GPU) Alloc(bytes int64) (bench.DevicePtr, error) {
	p, err := g.dev.Alloc(int(bytes))
	return bench.DevicePtr(p), err
}

// Free releases device memory.
func (g *GPU) Free(p bench.DevicePtr) error { return g.dev.Free(cuda.DevicePtr(p)) }

// CopyToDevice copies host bytes to the device.
func (g *GPU) CopyToDevice(dst bench.DevicePtr, src []byte) error {
	if err := g.stream.Synchronize(); err != nil {
		return err
	}
	return g.dev.CopyToDevice(cuda.DevicePtr(dst), src)
}

// CopyFromDevice copies device bytes to the host once enqueued work is done.
func (g *GPU) CopyFromDevice(dst []byte, src bench.DevicePtr) error {
	if err := g.stream.Synchronize(); err != nil {
		return err
	}
	return g.dev.CopyFromDevice(dst, cuda.DevicePtr(src))
}

// Memset sets device bytes. runtime/cuda's memset is synchronous with
// respect to the context, so the stream is drained first to keep it
// ordered after enqueued launches.
func (g *GPU) Memset(dst bench.DevicePtr, value byte, bytes int64) error {
	if err := g.stream.Synchronize(); err != nil {
		return err
	}
	return g.dev.Memset(cuda.DevicePtr(dst), value, int(bytes))
}

// LoadPTX JIT-compiles ptx and returns its kernel entry.
func (g *GPU) LoadPTX(ptx []byte, entry string) (bench.Kernel, error) {
	m, err := g.dev.LoadPTX(string(ptx))
	if err != nil {
		return nil, err
	}
	g.modules = append(g.modules, m)
	return m.Function(entry)
}

// Launch enqueues a kernel; params are 64-bit (pointers or i64 values).
func (g *GPU) Launch(k bench.Kernel, grid, block [3]uint32, sharedBytes uint32, params []uint64) error {
	f, ok := k.(*cuda.Function)
	if !ok {
		return fmt.Errorf("cudagpu: kernel %T was not loaded by this GPU", k)
	}
	// Above 48 KiB of dynamic shared memory, Launch opts the kernel in.
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = p
	}
	return g.dev.Launch(f, grid, block, sharedBytes, g.stream, args...)
}

// LaunchHopper enqueues a kernel with clusters (cuLaunchKernelEx) and TMA
// descriptors passed by value. A descriptor is encoded once per tensor
// address (cuTensorMapEncodeTiled runs on the host, and timed launches
// should not pay for it again).
func (g *GPU) LaunchHopper(k bench.Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error {
	f, ok := k.(*cuda.Function)
	if !ok {
		return fmt.Errorf("cudagpu: kernel %T was not loaded by this GPU", k)
	}
	args, err := hopperArgs(params, g.tmaps, g.dev.EncodeTiled)
	if err != nil {
		return fmt.Errorf("launch of '%s': %w", f.Name, err)
	}
	return g.dev.LaunchEx(f, cuda.LaunchConfig{Grid: grid, Block: block, Cluster: cluster, SharedBytes: sharedBytes, Stream: g.stream}, args...)
}

// hopperArgs turns LaunchHopper's parameters into cuda.Device.LaunchEx's:
// uint64 values as they are, each bench.TensorMapArg as its descriptor,
// from cache or encoded (and cached).
func hopperArgs(params []any, cache map[tensorMapKey]cuda.TensorMap, encode func(cuda.TiledDesc) (cuda.TensorMap, error)) ([]any, error) {
	args := make([]any, len(params))
	for i, p := range params {
		switch v := p.(type) {
		case uint64:
			args[i] = v
		case bench.TensorMapArg:
			key := tensorMapKey{v.Base, v.Map}
			tm, ok := cache[key]
			if !ok {
				d, err := v.Map.Desc(cuda.DevicePtr(v.Base))
				if err != nil {
					return nil, fmt.Errorf("parameter %d: %w", i, err)
				}
				if tm, err = encode(d); err != nil {
					return nil, fmt.Errorf("parameter %d: %w", i, err)
				}
				cache[key] = tm
			}
			args[i] = tm
		default:
			return nil, fmt.Errorf("parameter %d has type %T: expected uint64 or bench.TensorMapArg", i, p)
		}
	}
	return args, nil
}

// GemmF16F32 enqueues C = A·B + C (row-major) with cuBLAS.
func (g *GPU) GemmF16F32(m, n, k int, a, b, c bench.DevicePtr) error {
	return g.blas.GemmRowMajorF16F32(m, n, k, cuda.DevicePtr(a), cuda.DevicePtr(b), cuda.DevicePtr(c), 1, 1)
}

// GemmTyped enqueues C = A·B + C (row-major) with cuBLAS for bf16 inputs
// (CUDA_R_16BF, compute 32F) or f32 inputs on the tf32 tensor cores
// (CUBLAS_COMPUTE_32F_FAST_TF32), or for f16acc f16 inputs and C with
// CUBLAS_COMPUTE_16F.
func (g *GPU) GemmTyped(typ string, m, n, k int, a, b, c bench.DevicePtr) error {
	in, compute := cuda.R16F, cuda.Compute32F
	switch typ {
	case bench.TypeBF16:
		in = cuda.R16BF
	case bench.TypeTF32:
		in, compute = cuda.R32F, cuda.Compute32FFastTF32
	case bench.TypeF16Acc:
		// f16 C accumulated in f16: the peer of gpu-matmul-wmma's f16
		// accumulator.
		return g.blas.GemmRowMajorF16(m, n, k, cuda.DevicePtr(a), cuda.DevicePtr(b), cuda.DevicePtr(c), 1, 1)
	case bench.TypeF16:
	default:
		return fmt.Errorf("cuBLAS peer: unknown input type %s", typ)
	}
	return g.blas.GemmRowMajor(m, n, k, cuda.DevicePtr(a), cuda.DevicePtr(b), cuda.DevicePtr(c), in, compute, 1, 1)
}

// Time measures enqueue's work between two events on the stream.
func (g *GPU) Time(enqueue func() error) (float64, error) {
	if err := g.start.Record(g.stream); err != nil {
		return 0, err
	}
	if err := enqueue(); err != nil {
		return 0, err
	}
	if err := g.end.Record(g.stream); err != nil {
		return 0, err
	}
	if err := g.end.Synchronize(); err != nil {
		return 0, err
	}
	ms, err := g.dev.ElapsedMillis(g.start, g.end)
	return float64(ms), err
}

// Sync waits for the stream.
func (g *GPU) Sync() error { return g.stream.Synchronize() }

// Close releases modules, events, cuBLAS, the stream and the context.
func (g *GPU) Close() error {
	var first error
	keep := func(err error) {
		if first == nil {
			first = err
		}
	}
	for _, m := range g.modules {
		keep(m.Unload())
	}
	for _, e := range []*cuda.Event{g.start, g.end} {
		if e != nil {
			keep(e.Destroy())
		}
	}
	if g.blas != nil {
		keep(g.blas.Destroy())
	}
	if g.stream != nil {
		keep(g.stream.Destroy())
	}
	keep(g.dev.Close())
	return first
}
