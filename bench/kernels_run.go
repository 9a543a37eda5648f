package bench

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
)

// DeviceCopier is a GPU that copies device memory to device memory
// (cuMemcpyDtoD), ordered with the launches on its stream: the ceiling
// the memory-bound kernels are measured against.
type DeviceCopier interface {
	CopyDeviceToDevice(dst, src DevicePtr, bytes int64) error
}

// WithCopier returns g with copy as its DeviceCopier, for a GPU adapter
// that has none; done, when not nil, runs after g is closed (to release
// what copy holds).
func WithCopier(g GPU, copy func(dst, src DevicePtr, bytes int64) error, done func() error) GPU {
	c := &copierGPU{GPU: g, copy: copy, done: done}
	if h, ok := g.(HopperGPU); ok {
		// Kernels with TMA descriptors (transpose=tma) or clusters still
		// launch through the wrapped GPU.
		return &hopperCopierGPU{copierGPU: c, hopper: h}
	}
	return c
}

// hopperCopierGPU is a copierGPU over a HopperGPU, keeping LaunchHopper.
type hopperCopierGPU struct {
	*copierGPU
	hopper HopperGPU
}

func (c *hopperCopierGPU) LaunchHopper(k Kernel, grid, block, cluster [3]uint32, sharedBytes uint32, params []any) error {
	return c.hopper.LaunchHopper(k, grid, block, cluster, sharedBytes, params)
}

type copierGPU struct {
	GPU
	copy func(dst, src DevicePtr, bytes int64) error
	done func() error
}

func (c *copierGPU) CopyDeviceToDevice(dst, src DevicePtr, bytes int64) error {
	return c.copy(dst, src, bytes)
}

func (c *copierGPU) Close() error {
	err := c.GPU.Close()
	if c.done != nil {
		err = firstErr(err, c.done())
	}
	return err
}

// KernelBench measures o.Kernel for each of o.Files at each of o.Shapes
// (see kernels.go): each configuration is
// compiled, run once on random inputs and checked against a host
// reference, then timed beside a device-to-device copy of the same number
// of bytes and, with PeerCmd, the peer, all in this run on this device.
func KernelBench(ctx context.Context, o KernelOptions) (rep *Report, err error) {
	cs, err := loadKernelConfigs(&o)
	if err != nil {
		return nil, err
	}
	if o.SoftmaxTol == 0 {
		o.SoftmaxTol = DefaultSoftmaxTol
	}
	// Options.defaults fills in the matmul's pipeline; here an empty
	// pipeline means goopt compile's own choice.
	pipeline := o.Pipeline
	s, err := openSession(ctx, &o.Options)
	if err != nil {
		return nil, err
	}
	o.Pipeline = pipeline
	defer func() { err = firstErr(err, s.close()) }()
	copier, ok := s.gpu.(DeviceCopier)
	if !ok {
		return nil, fmt.Errorf("%s cannot copy device memory to device memory (bench.DeviceCopier): the memory-bound ceiling cannot be measured", s.gpu.Name())
	}
	rep = newReport(KindSweep, s)
	rep.Kernel, rep.Pipeline, rep.PeerCmd, rep.Samples, rep.ElemTol = o.Kernel, o.Pipeline, o.PeerCmd, 0, 0
	rep.Tol = 0 // exact
	if o.Kernel == KernelSoftmax {
		rep.Tol = o.SoftmaxTol
	}
	ks := &kernelSession{session: s, ko: &o, copier: copier}
	p := o.Progress
	p.begin(o.Kernel, len(cs))
	defer p.end()
	for _, c := range cs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		p.working(c.label)
		r, err := ks.measure(c)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", c.label, err)
		}
		rep.Results = append(rep.Results, r)
		p.finished(r)
	}
	return rep, nil
}

// kernelSession measures memory-bound kernels on a session's device.
type kernelSession struct {
	*session
	ko     *KernelOptions
	copier DeviceCopier
}

// measure checks and times one configuration. As in session.measure, a
// configuration that cannot be compiled, loaded or launched is a Result
// with Error; device failures are errors.
func (s *kernelSession) measure(c kernelConfig) (Result, error) {
	sig := kernelSigs[s.ko.Kernel]
	r := Result{Label: c.label, Kernel: s.ko.Kernel, File: c.file, Shape: shapeString(c.shape), Pipeline: s.ko.Pipeline, Bytes: sig.bytes(c.shape)}
	comp, err := s.ko.compileKernel(s.ctx, c)
	if err != nil {
		r.Error = err.Error()
		return r, s.ctx.Err()
	}
	shapes := sig.shapes(c.shape)
	bufs := make([]DevicePtr, len(shapes))
	defer func() {
		for _, b := range bufs {
			if b != 0 {
				s.gpu.Free(b)
			}
		}
	}()
	for i, sh := range shapes {
		if bufs[i], err = s.gpu.Alloc(4 * elems(sh)); err != nil {
			r.Error = fmt.Sprintf("allocating argument %d (%s): %v", i, shapeString(sh), err)
			return r, nil
		}
	}
	run, err := s.launches(comp, c.entry, func() []DevicePtr { return bufs }, &r)
	if err != nil {
		r.Error = err.Error()
		return r, nil
	}
	seed := s.o.Seed ^ uint64(elems(c.shape))<<20
	inputs := make([][]float32, len(shapes)-1)
	for i := range inputs {
		inputs[i] = randomF32(int(elems(shapes[i])), seed, uint64(i+1))
		if err := s.gpu.CopyToDevice(bufs[i], f32Bytes(inputs[i])); err != nil {
			return r, err
		}
	}
	out := bufs[len(bufs)-1]
	outBytes := 4 * elems(shapes[len(shapes)-1])
	// The output starts as NaN (all-ones bytes), so an element the kernel
	// never writes cannot match the reference.
	if err := s.gpu.Memset(out, 0xff, outBytes); err != nil {
		return r, err
	}
	if err := s.launchSynced(run); err != nil {
		r.Error = err.Error()
		return r, nil
	}
	host := make([]byte, outBytes)
	for i := range host {
		host[i] = 0xff
	}
	if err := s.gpu.CopyFromDevice(host, out); err != nil {
		return r, err
	}
	checkKernel(s.ko.Kernel, c.shape, inputs, f32FromBytes(host), s.ko.SoftmaxTol, &r)

	t, err := s.timeMedian(run)
	if err != nil {
		r.Error = err.Error()
		return r, nil
	}
	r.Ms, r.MinMs, r.MaxMs = t[0], t[1], t[2]
	r.GBs = float64(r.Bytes) / r.Ms / 1e6
	if err := s.timeCopy(&r); err != nil {
		return r, err
	}
	if s.ko.PeerCmd != "" {
		s.timePeer(c, &r)
	}
	return r, nil
}

func elems(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// timeCopy times a device-to-device copy of half the kernel's traffic
// (a copy reads and writes each byte: the same bytes read + written) on
// buffers of its own, the same way as the kernel.
func (s *kernelSession) timeCopy(r *Result) error {
	n := r.Bytes / 2
	src, err := s.gpu.Alloc(n)
	if err != nil {
		return fmt.Errorf("allocating the copy's source: %v", err)
	}
	defer s.gpu.Free(src)
	dst, err := s.gpu.Alloc(n)
	if err != nil {
		return fmt.Errorf("allocating the copy's destination: %v", err)
	}
	defer s.gpu.Free(dst)
	if err := s.gpu.Memset(src, 0x3f, n); err != nil {
		return err
	}
	t, err := s.timeMedian(func() error { return s.copier.CopyDeviceToDevice(dst, src, n) })
	if err != nil {
		return err
	}
	r.CopyMs = t[0]
	r.CopyGBs = float64(2*n) / r.CopyMs / 1e6
	r.CopyRatio = r.GBs / r.CopyGBs
	return nil
}

// checkKernel compares the kernel's output with the host reference:
// bit-exact for vecadd (one f32 addition per element, correctly rounded
// on both sides) and transpose; for softmax each element within tol of
// the fp64 softmax, relative to it.
func checkKernel(kernel string, shape []int64, in [][]float32, got []float32, tol float64, r *Result) {
	note := func(i int, g float32, want float64) {
		r.Mismatches++
		if r.FirstMismatch == "" {
			r.FirstMismatch = fmt.Sprintf("element %s: got %v, want %v", index(shape, kernel, i), g, want)
		}
	}
	switch kernel {
	case KernelVecAdd:
		for i, g := range got {
			want := in[0][i] + in[1][i]
			if math.Float32bits(g) != math.Float32bits(want) {
				note(i, g, float64(want))
				r.MaxErr = math.Max(r.MaxErr, absErr(g, float64(want)))
			}
		}
	case KernelTranspose:
		m, n := int(shape[0]), int(shape[1])
		for j := 0; j < n; j++ {
			for i := 0; i < m; i++ {
				g, want := got[j*m+i], in[0][i*n+j]
				if math.Float32bits(g) != math.Float32bits(want) {
					note(j*m+i, g, float64(want))
					r.MaxErr = math.Max(r.MaxErr, absErr(g, float64(want)))
				}
			}
		}
	case KernelSoftmax:
		checkSoftmax(shape, in[0], got, tol, r, note)
	}
	r.Correct = r.Mismatches == 0
}

func absErr(g float32, want float64) float64 {
	d := math.Abs(float64(g) - want)
	if math.IsNaN(d) {
		return math.Inf(1)
	}
	return d
}

// index names element i of the output in its shape ("[3, 7]").
func index(shape []int64, kernel string, i int) string {
	if len(shape) == 1 {
		return fmt.Sprintf("[%d]", i)
	}
	cols := int(shape[1])
	if kernel == KernelTranspose {
		cols = int(shape[0]) // the output is N×M
	}
	return fmt.Sprintf("[%d, %d]", i/cols, i%cols)
}

// checkSoftmax computes each row's softmax in float64 (max, exp, sum,
// divide) and bounds each element's relative error; rows run in parallel.
func checkSoftmax(shape []int64, x, got []float32, tol float64, r *Result, note func(int, float32, float64)) {
	rows, cols := int(shape[0]), int(shape[1])
	type rowCheck struct {
		bad    int64   // elements over tol
		first  int     // the first of them
		want   float64 // its reference
		maxErr float64
	}
	checks := make([]rowCheck, rows)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for row := 0; row < rows; row++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(row int) {
			defer func() { <-sem; wg.Done() }()
			xs := x[row*cols : (row+1)*cols]
			mx := math.Inf(-1)
			for _, v := range xs {
				mx = math.Max(mx, float64(v))
			}
			sum := 0.0
			ref := make([]float64, cols)
			for j, v := range xs {
				ref[j] = math.Exp(float64(v) - mx)
				sum += ref[j]
			}
			c := &checks[row]
			for j := range ref {
				want := ref[j] / sum
				g := got[row*cols+j]
				// A denominator floor keeps an element that underflows in
				// f32 from counting as infinitely wrong.
				e := math.Abs(float64(g)-want) / math.Max(want, 1e-30)
				if math.IsNaN(e) {
					e = math.Inf(1)
				}
				c.maxErr = math.Max(c.maxErr, e)
				if !(e <= tol) {
					if c.bad == 0 {
						c.first, c.want = row*cols+j, want
					}
					c.bad++
				}
			}
		}(row)
	}
	wg.Wait()
	for _, c := range checks {
		r.MaxErr = math.Max(r.MaxErr, c.maxErr)
		if c.bad > 0 {
			note(c.first, got[c.first], c.want)
			r.Mismatches += c.bad - 1 // note counted the first
		}
	}
}
