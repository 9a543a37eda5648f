package bench

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"sort"
	"sync"
)

// Fault is a deliberate error FakeGPU plants in the kernel's result, to
// check that the checks catch it.
type Fault int

const (
	// FaultNone computes C += A·B correctly.
	FaultNone Fault = iota
	// FaultSkipTile leaves one 16×16 tile of C (the last) unwritten, as a
	// kernel with a wrong grid or a lost fragment store would.
	FaultSkipTile
	// FaultPerturb adds 2% of each element's magnitude to every element,
	// as a kernel with a race on the shared tiles might (a small error
	// spread everywhere).
	FaultPerturb
	// FaultNaN writes one NaN (an uninitialised register stored).
	FaultNaN
	// FaultSwapAB computes C += B·A, as a kernel that reads its operands
	// in the wrong order would.
	FaultSwapAB
)

// FakeGPU is a GPU on the CPU, for tests of bench's flow and for dry runs:
// memory is host memory, LoadPTX accepts any PTX that declares the entry,
// and every kernel it launches is taken to be goopt's matmul kernel,
// whose three parameters are bare pointers to C, A and B in an order the
// kernel's manifest gives: it computes C += A·B (f16 inputs, f32
// accumulation) in Go, with Fault planted in the result. Which buffer is
// which comes from the order they were allocated in, M, N and K from their
// sizes (see matmulRoles). Time reports a modelled
// duration: the flops of the launches and GEMMs enqueued, at KernelTFLOPs
// and CuBLASTFLOPs.
type FakeGPU struct {
	// Fault is planted in every kernel launch's result.
	Fault Fault
	// KernelTFLOPs models the kernel's speed from its launch
	// configuration (nil: 100 TFLOP/s); CuBLASTFLOPs is cuBLAS's (0: 200).
	KernelTFLOPs func(grid, block [3]uint32) float64
	CuBLASTFLOPs float64
	// DeviceProps are returned by Props (zero: an H200's).
	DeviceProps Props
	// Inputs is the element type of A and B the fake kernel and GEMMs
	// read (TypeF16, TypeBF16, TypeTF32; empty: f16).
	Inputs string

	// Launches and Gemms count the calls, for tests.
	Launches, Gemms int

	mu      sync.Mutex
	allocs  map[DevicePtr][]byte
	next    DevicePtr
	pending float64 // modelled ms of the work enqueued since the last Time
	closed  bool
}

// H200Props are an H200's properties (sm_90, 132 SMs, 60 MiB L2).
var H200Props = Props{
	SMs: 132, L2Bytes: 60 << 20, MemoryBytes: 141 << 30,
	SharedPerBlock: 48 << 10, SharedPerBlockOptin: 227 << 10,
	RegistersPerBlock: 65536, MaxThreadsPerBlock: 1024, ComputeCapability: 90,
}

type fakeKernel struct{ entry string }

// Name implements GPU.
func (f *FakeGPU) Name() string { return "fake GPU (CPU)" }

// Props implements GPU.
func (f *FakeGPU) Props() Props {
	if f.DeviceProps == (Props{}) {
		return H200Props
	}
	return f.DeviceProps
}

// fakeAlign separates allocations, so that an access past the end of one
// does not land in the next.
const fakeAlign = 1 << 20

// Alloc implements GPU.
func (f *FakeGPU) Alloc(n int64) (DevicePtr, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n <= 0 {
		return 0, fmt.Errorf("cuMemAlloc: invalid size %d", n)
	}
	if f.allocs == nil {
		f.allocs = map[DevicePtr][]byte{}
		f.next = fakeAlign
	}
	p := f.next
	f.allocs[p] = make([]byte, n)
	f.next += DevicePtr((n + 2*fakeAlign - 1) / fakeAlign * fakeAlign)
	return p, nil
}

// Free implements GPU.
func (f *FakeGPU) Free(p DevicePtr) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.allocs[p]; !ok {
		return fmt.Errorf("cuMemFree: %#x is not an allocation", p)
	}
	delete(f.allocs, p)
	return nil
}

// span returns the n bytes at p, which must lie inside one allocation.
func (f *FakeGPU) span(call string, p DevicePtr, n int64) ([]byte, error) {
	for base, b := range f.allocs {
		if p >= base && int64(p-base)+n <= int64(len(b)) {
			return b[p-base : int64(p-base)+n], nil
		}
	}
	return nil, fmt.Errorf("%s: %d bytes at %#x are outside every allocation", call, n, p)
}

// onSpan runs use on the n device bytes at p under the lock, or reports
// that they are not inside one allocation: the driver calls that read or
// write device memory.
func (f *FakeGPU) onSpan(call string, p DevicePtr, n int64, use func(b []byte)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, err := f.span(call, p, n)
	if err == nil {
		use(b)
	}
	return err
}

// CopyToDevice implements GPU.
func (f *FakeGPU) CopyToDevice(dst DevicePtr, src []byte) error {
	return f.onSpan("cuMemcpyHtoD", dst, int64(len(src)), func(b []byte) { copy(b, src) })
}

// CopyFromDevice implements GPU.
func (f *FakeGPU) CopyFromDevice(dst []byte, src DevicePtr) error {
	return f.onSpan("cuMemcpyDtoH", src, int64(len(dst)), func(b []byte) { copy(dst, b) })
}

// Memset implements GPU.
func (f *FakeGPU) Memset(dst DevicePtr, v byte, n int64) error {
	return f.onSpan("cuMemsetD8Async", dst, n, func(b []byte) {
		for i := range b {
			b[i] = v
		}
	})
}

var ptxEntry = regexp.MustCompile(`\.entry\s+([A-Za-z_$][\w$]*)`)

// LoadPTX implements GPU: the PTX must declare a .version and the entry.
func (f *FakeGPU) LoadPTX(ptx []byte, entry string) (Kernel, error) {
	if !bytes.Contains(ptx, []byte(".version")) {
		return nil, fmt.Errorf("cuModuleLoadDataEx: not PTX (no .version directive)")
	}
	for _, m := range ptxEntry.FindAllSubmatch(ptx, -1) {
		if string(m[1]) == entry {
			return &fakeKernel{entry: entry}, nil
		}
	}
	return nil, fmt.Errorf("cuModuleGetFunction: no kernel '%s' in the PTX", entry)
}

// Launch implements GPU by running the matmul (see FakeGPU) now.
func (f *FakeGPU) Launch(k Kernel, grid, block [3]uint32, sharedBytes uint32, params []uint64) error {
	if _, ok := k.(*fakeKernel); !ok {
		return fmt.Errorf("cuLaunchKernel: not a kernel of this GPU")
	}
	threads := block[0] * block[1] * block[2]
	if threads == 0 || grid[0]*grid[1]*grid[2] == 0 || int(threads) > f.Props().MaxThreadsPerBlock {
		return fmt.Errorf("cuLaunchKernel: CUDA_ERROR_INVALID_VALUE (grid %v, block %v)", grid, block)
	}
	if int64(sharedBytes) > f.Props().SharedPerBlockOptin {
		return fmt.Errorf("cuLaunchKernel: CUDA_ERROR_INVALID_VALUE (%d bytes of dynamic shared memory)", sharedBytes)
	}
	if len(params) != 3 {
		return fmt.Errorf("cuLaunchKernel: the fake matmul kernel takes 3 parameters (C, A, B), got %d", len(params))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var bufs [3][]byte
	for i, p := range params {
		b, err := f.whole(DevicePtr(p))
		if err != nil {
			return fmt.Errorf("cuLaunchKernel: parameter %d: %v", i, err)
		}
		bufs[i] = b
	}
	cb, ab, bb, m, n, kk, ok := matmulRoles(params, bufs, inputBytes(f.Inputs), cBytes(f.Inputs))
	if !ok {
		return fmt.Errorf("cuLaunchKernel: buffers of %d, %d and %d bytes are not a matmul's C, A and B", len(bufs[0]), len(bufs[1]), len(bufs[2]))
	}
	if f.Fault == FaultSwapAB {
		if m != n || n != kk {
			return fmt.Errorf("cuLaunchKernel: FaultSwapAB needs a square matmul")
		}
		ab, bb = bb, ab
	}
	skipI, skipJ := m, n
	if f.Fault == FaultSkipTile {
		skipI, skipJ = m-16, n-16
	}
	fakeMatmul(cb, ab, bb, m, n, kk, skipI, skipJ, f.Inputs)
	switch f.Fault {
	case FaultPerturb:
		for i := 0; i < len(cb); i += 4 {
			v := math.Float32frombits(binary.LittleEndian.Uint32(cb[i:]))
			binary.LittleEndian.PutUint32(cb[i:], math.Float32bits(v*1.02))
		}
	case FaultNaN:
		binary.LittleEndian.PutUint32(cb[4*(m/2*n+n/2):], math.Float32bits(float32(math.NaN())))
	}
	f.Launches++
	rate := 100.0
	if f.KernelTFLOPs != nil {
		rate = f.KernelTFLOPs(grid, block)
	}
	f.pending += 2 * float64(m) * float64(n) * float64(kk) / (rate * 1e9)
	return nil
}

// matmulRoles tells which of the three buffers are A (2MK bytes), B
// (2KN) and C (4MN): sizes alone are ambiguous (a 2n² C, 2n² A and 4n² B
// is an (n/2)×n×2n matmul), so the fake takes them to have been allocated
// in the order A, B, C, as bench does (addresses only grow), and checks
// that the sizes agree.
func matmulRoles(params []uint64, bufs [3][]byte, es, cs int) (cb, ab, bb []byte, m, n, k int, ok bool) {
	idx := []int{0, 1, 2}
	sort.Slice(idx, func(i, j int) bool { return params[idx[i]] < params[idx[j]] })
	ab, bb, cb = bufs[idx[0]], bufs[idx[1]], bufs[idx[2]]
	// |C|·|A| / |B| = cMN·eMK / eKN = cM² (e: es, an input's bytes; c:
	// cs, C's).
	m = int(math.Round(math.Sqrt(float64(len(cb)) * float64(len(ab)) / float64(len(bb)) / float64(cs))))
	if m == 0 || len(cb)%(cs*m) != 0 || len(ab)%(es*m) != 0 {
		return nil, nil, nil, 0, 0, 0, false
	}
	n, k = len(cb)/(cs*m), len(ab)/(es*m)
	return cb, ab, bb, m, n, k, es*k*n == len(bb)
}

// whole returns the allocation starting at p.
func (f *FakeGPU) whole(p DevicePtr) ([]byte, error) {
	b, ok := f.allocs[p]
	if !ok {
		return nil, fmt.Errorf("%#x is not the start of an allocation", p)
	}
	return b, nil
}

// fakeMatmul computes C += A·B in place on little-endian row-major
// buffers, f16 A and B products summed in f32 in k order, leaving the
// elements (i ≥ skipI, j ≥ skipJ) alone; rows run in parallel.
func fakeMatmul(cb, ab, bb []byte, m, n, k, skipI, skipJ int, typ string) {
	elem := func(b []byte, i int) float32 {
		switch typ {
		case TypeBF16:
			return float32(bf16ToFloat64(binary.LittleEndian.Uint16(b[2*i:])))
		case TypeTF32:
			return tf32Round(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
		}
		return float32(f16ToFloat64(binary.LittleEndian.Uint16(b[2*i:])))
	}
	bf := make([]float32, k*n)
	for i := range bf {
		bf[i] = elem(bb, i)
	}
	var wg sync.WaitGroup
	for i := 0; i < m; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			a := make([]float32, k)
			for p := range a {
				a[p] = elem(ab, i*k+p)
			}
			for j := 0; j < n; j++ {
				if i >= skipI && j >= skipJ {
					continue
				}
				acc := cAt(typ, cb, i*n+j)
				for p := 0; p < k; p++ {
					acc += a[p] * bf[p*n+j]
				}
				cSet(typ, cb, i*n+j, acc)
			}
		}(i)
	}
	wg.Wait()
}

// GemmF16F32 implements GPU: C = A·B + C computed exactly as the fake
// kernel does without a fault.
func (f *FakeGPU) GemmF16F32(m, n, k int, a, b, c DevicePtr) error {
	if f.Inputs != "" && f.Inputs != TypeF16 {
		return fmt.Errorf("cublasGemmEx: f16 inputs on a fake GPU of %s inputs", f.Inputs)
	}
	return f.gemm(TypeF16, m, n, k, a, b, c)
}

// GemmTyped implements TypedGPU: GemmF16F32 for bf16 or tf32 inputs.
func (f *FakeGPU) GemmTyped(typ string, m, n, k int, a, b, c DevicePtr) error {
	if typ != f.Inputs {
		return fmt.Errorf("cublasGemmEx: %s inputs on a fake GPU of %s inputs", typ, f.Inputs)
	}
	return f.gemm(typ, m, n, k, a, b, c)
}

func (f *FakeGPU) gemm(typ string, m, n, k int, a, b, c DevicePtr) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	es := inputBytes(typ)
	ab, err := f.span("cublasGemmEx", a, int64(es*m*k))
	if err != nil {
		return err
	}
	bb, err := f.span("cublasGemmEx", b, int64(es*k*n))
	if err != nil {
		return err
	}
	cb, err := f.span("cublasGemmEx", c, int64(cBytes(typ)*m*n))
	if err != nil {
		return err
	}
	fakeMatmul(cb, ab, bb, m, n, k, m, n, typ)
	f.Gemms++
	rate := f.CuBLASTFLOPs
	if rate == 0 {
		rate = 200
	}
	f.pending += 2 * float64(m) * float64(n) * float64(k) / (rate * 1e9)
	return nil
}

// Time implements GPU with the modelled duration of what enqueue launched.
func (f *FakeGPU) Time(enqueue func() error) (float64, error) {
	f.mu.Lock()
	f.pending = 0
	f.mu.Unlock()
	if err := enqueue(); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.pending, nil
}

// Sync implements GPU.
func (f *FakeGPU) Sync() error { return nil }

// Close implements GPU; it reports allocations that were not freed.
func (f *FakeGPU) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	if len(f.allocs) > 0 {
		var leaked []string
		for p, b := range f.allocs {
			leaked = append(leaked, fmt.Sprintf("%#x (%d bytes)", p, len(b)))
		}
		sort.Strings(leaked)
		return fmt.Errorf("fake GPU closed with %d allocations not freed: %v", len(leaked), leaked)
	}
	return nil
}

// Closed reports whether Close was called.
func (f *FakeGPU) Closed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closed
}
