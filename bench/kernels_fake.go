package bench

import (
	"encoding/binary"
	"fmt"
	"math"
)

// KernelFault is a deliberate error FakeKernelGPU plants in a
// memory-bound kernel's output, to check that the checks catch it.
type KernelFault int

const (
	// KernelFaultNone computes the kernel correctly.
	KernelFaultNone KernelFault = iota
	// KernelFaultSkipLast leaves the last output element unwritten, as a
	// kernel whose grid misses the boundary would.
	KernelFaultSkipLast
	// KernelFaultULP moves one element in the middle by one unit in the
	// last place: an exact check must see it; softmax's tolerance must not.
	KernelFaultULP
	// KernelFaultRelative scales every element by 1 + 1e-4, as a softmax
	// that sums in too low a precision might.
	KernelFaultRelative
	// KernelFaultIdentity copies the input instead of transposing it
	// (transpose of a square matrix only looks right on its diagonal).
	KernelFaultIdentity
)

// FakeKernelGPU is FakeGPU for the memory-bound kernels: every kernel it
// launches is taken to compute Kernel at problem shape Shape on its
// pointer parameters (the host function's arguments in order, inputs then
// the output), in Go, with Fault planted. Time reports the bytes the
// launches and copies move at KernelGBs and CopyGBs (0: 4000 and 4400
// GB/s). It implements DeviceCopier.
type FakeKernelGPU struct {
	FakeGPU
	Kernel string
	Shape  []int64
	Fault  KernelFault
	// KernelGBs and CopyGBs model the speeds.
	KernelGBs, CopyGBs float64
	// Copies counts the device-to-device copies, for tests.
	Copies int
}

// Launch implements GPU by computing the kernel now.
func (f *FakeKernelGPU) Launch(k Kernel, grid, block [3]uint32, sharedBytes uint32, params []uint64) error {
	if _, ok := k.(*fakeKernel); !ok {
		return fmt.Errorf("cuLaunchKernel: not a kernel of this GPU")
	}
	if block[0]*block[1]*block[2] == 0 || grid[0]*grid[1]*grid[2] == 0 || int(block[0]*block[1]*block[2]) > f.Props().MaxThreadsPerBlock {
		return fmt.Errorf("cuLaunchKernel: CUDA_ERROR_INVALID_VALUE (grid %v, block %v)", grid, block)
	}
	sig, ok := kernelSigs[f.Kernel]
	if !ok || len(f.Shape) != sig.rank {
		return fmt.Errorf("cuLaunchKernel: the fake knows no kernel '%s' at shape %v", f.Kernel, f.Shape)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	// The pointer parameters are the allocations' starts; anything else
	// (an i64 constant) is not an argument.
	var bufs [][]byte
	for _, p := range params {
		if b, ok := f.allocs[DevicePtr(p)]; ok {
			bufs = append(bufs, b)
		}
	}
	shapes := sig.shapes(f.Shape)
	if len(bufs) != len(shapes) {
		return fmt.Errorf("cuLaunchKernel: the fake %s takes %d buffers, got %d", f.Kernel, len(shapes), len(bufs))
	}
	for i, sh := range shapes {
		if int64(len(bufs[i])) < 4*elems(sh) {
			return fmt.Errorf("cuLaunchKernel: buffer %d has %d bytes, %s needs %d", i, len(bufs[i]), shapeString(sh), 4*elems(sh))
		}
	}
	in := make([][]float32, len(bufs)-1)
	for i := range in {
		in[i] = f32FromBytes(bufs[i][:4*elems(shapes[i])])
	}
	out := fakeKernelOutput(f.Kernel, f.Shape, in, f.Fault)
	n := len(out)
	if f.Fault == KernelFaultSkipLast {
		n--
	}
	ob := bufs[len(bufs)-1]
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(ob[4*i:], math.Float32bits(out[i]))
	}
	f.Launches++
	rate := f.KernelGBs
	if rate == 0 {
		rate = 4000
	}
	f.pending += float64(sig.bytes(f.Shape)) / rate / 1e6
	return nil
}

// fakeKernelOutput computes the kernel's output in f32, as a GPU would.
func fakeKernelOutput(kernel string, shape []int64, in [][]float32, fault KernelFault) []float32 {
	var out []float32
	switch kernel {
	case KernelVecAdd:
		out = make([]float32, len(in[0]))
		for i := range out {
			out[i] = in[0][i] + in[1][i]
		}
	case KernelTranspose:
		m, n := int(shape[0]), int(shape[1])
		out = make([]float32, m*n)
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				if fault == KernelFaultIdentity {
					out[i*n+j] = in[0][i*n+j]
				} else {
					out[j*m+i] = in[0][i*n+j]
				}
			}
		}
	case KernelSoftmax:
		rows, cols := int(shape[0]), int(shape[1])
		out = make([]float32, rows*cols)
		for r := 0; r < rows; r++ {
			x := in[0][r*cols : (r+1)*cols]
			mx := float32(math.Inf(-1))
			for _, v := range x {
				mx = max(mx, v)
			}
			var sum float32
			for j, v := range x {
				e := float32(math.Exp(float64(v - mx)))
				out[r*cols+j] = e
				sum += e
			}
			for j := range x {
				out[r*cols+j] /= sum
			}
		}
	}
	switch fault {
	case KernelFaultULP:
		i := len(out) / 2
		out[i] = math.Float32frombits(math.Float32bits(out[i]) + 1)
	case KernelFaultRelative:
		for i := range out {
			out[i] *= 1 + 1e-4
		}
	}
	return out
}

// CopyDeviceToDevice implements DeviceCopier.
func (f *FakeKernelGPU) CopyDeviceToDevice(dst, src DevicePtr, n int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	d, err := f.span("cuMemcpyDtoD", dst, n)
	if err != nil {
		return err
	}
	s, err := f.span("cuMemcpyDtoD", src, n)
	if err != nil {
		return err
	}
	copy(d, s)
	f.Copies++
	rate := f.CopyGBs
	if rate == 0 {
		rate = 4400
	}
	f.pending += float64(2*n) / rate / 1e6
	return nil
}
