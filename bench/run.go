package bench

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/ir"
)

// Defaults of Options.
const (
	DefaultPipeline = "gpu-matmul-wmma"
	DefaultWarmup   = 5
	DefaultReps     = 20
	MinReps         = 5
	DefaultSamples  = 256
	DefaultTol      = 1e-3
	DefaultElemTol  = 1e-2
	DefaultSeed     = 1
)

// Options configure a benchmark run. The zero value of every field but
// Open means its default.
type Options struct {
	// Open constructs the GPU (the CUDA runtime in goopt; a FakeGPU in
	// tests). Required.
	Open func(DeviceConfig) (GPU, error)
	// Device is passed to Open.
	Device DeviceConfig
	// Pipeline maps the affine matmul to a gpu.launch: pipeline text as
	// goopt compile --pipeline takes it (default gpu-matmul-wmma).
	Pipeline string
	// Sizes are the M = N = K of the sweep; Shapes, when set, are the
	// sweep's M×N×K instead.
	Sizes  []int
	Shapes [][3]int
	// Types are the input element types a sweep measures, each shape at
	// each (TypeF16, TypeBF16, TypeTF32; empty: f16 only).
	Types []string
	// Warmup launches precede Reps timed ones (at least MinReps).
	Warmup, Reps int
	// Seed makes the inputs and the sampled elements reproducible.
	Seed uint64
	// Samples is the number of elements checked against fp64.
	Samples int
	// Tol bounds the relative Frobenius error against cuBLAS and against
	// the fp64 samples; ElemTol bounds each element's error relative to
	// its scale √K + |C0| (see the package doc).
	Tol, ElemTol float64
	// Codegen configures llc.
	Codegen nvptx.Options
	// Progress receives progress (nil: none); on a terminal (ProgressTTY)
	// as a bar redrawn in place, otherwise as one plain line per step.
	Progress  *Progress
	NoFlushL2 bool // for experiments: time without flushing L2
	// Prebuilt reads each configuration's kernel from this directory
	// instead of compiling it (prebuilt.go); Prebuild saves the kernels it
	// compiles there.
	Prebuilt, Prebuild string
}

func (o *Options) defaults() error {
	if o.Open == nil {
		return ErrNoGPURuntime
	}
	if o.Pipeline == "" {
		o.Pipeline = DefaultPipeline
	}
	if o.Warmup == 0 {
		o.Warmup = DefaultWarmup
	}
	if o.Reps == 0 {
		o.Reps = DefaultReps
	}
	if o.Reps < MinReps {
		return fmt.Errorf("--reps must be at least %d for a meaningful median, got %d", MinReps, o.Reps)
	}
	if o.Warmup < 0 {
		return fmt.Errorf("--warmup must not be negative, got %d", o.Warmup)
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.Samples == 0 {
		o.Samples = DefaultSamples
	}
	if o.Tol == 0 {
		o.Tol = DefaultTol
	}
	if o.ElemTol == 0 {
		o.ElemTol = DefaultElemTol
	}
	return nil
}

// Result is one compiled configuration at one size, checked and timed.
type Result struct {
	// Label names the configuration (the size in a sweep, the step in an
	// ablation, the options in a search).
	Label    string `json:"label"`
	M        int    `json:"m"`
	N        int    `json:"n"`
	K        int    `json:"k"`
	Pipeline string `json:"pipeline"`
	// Type is the inputs' element type (empty: f16).
	Type string `json:"type,omitempty"`
	// Error is why the configuration was not measured (compile failure,
	// a launch the device refused, a limit); empty when it ran.
	Error string `json:"error,omitempty"`
	// Grid, Block and shared memory from the kernel manifest.
	Grid         [3]int64 `json:"grid"`
	Block        [3]int64 `json:"block"`
	StaticShared int64    `json:"static_shared_bytes"`

	// Correct is every check passing: every element finite, RelErrCuBLAS
	// and RelErrFP64 ≤ Tol, MaxElemErr ≤ ElemTol.
	Correct bool `json:"correct"`
	// RelErrCuBLAS is ‖C − C_cuBLAS‖_F / ‖C_cuBLAS‖_F.
	RelErrCuBLAS float64 `json:"rel_err_cublas"`
	// MaxElemErr is max |C − C_cuBLAS| / (√K + |C0|) over all elements.
	MaxElemErr float64 `json:"max_elem_err"`
	// NonFinite counts NaN and Inf elements of the result.
	NonFinite int64 `json:"non_finite"`
	// RelErrFP64 and CuBLASErrFP64 are the relative 2-norm errors of the
	// sampled elements of goopt's and cuBLAS's results against fp64.
	RelErrFP64    float64 `json:"rel_err_fp64"`
	CuBLASErrFP64 float64 `json:"cublas_err_fp64"`

	// Median, minimum and maximum of the timed launches, in ms.
	Ms          float64 `json:"ms"`
	MinMs       float64 `json:"min_ms"`
	MaxMs       float64 `json:"max_ms"`
	CuBLASMs    float64 `json:"cublas_ms"`
	TFLOPs      float64 `json:"tflops"`
	CuBLASFLOPs float64 `json:"cublas_tflops"`
	// Ratio is goopt's TFLOP/s over cuBLAS's.
	Ratio float64 `json:"ratio_to_cublas"`

	// The memory-bound kernels' fields (KernelBench; empty for matmul).
	// Kernel, File and Shape say what was run: the benchmark, the input
	// file and the problem shape.
	Kernel string `json:"kernel,omitempty"`
	File   string `json:"file,omitempty"`
	Shape  string `json:"shape,omitempty"` // "8192x8192"
	// Mismatches counts the output elements that differ from the host
	// reference (bit for bit; over the tolerance for softmax), the first
	// of them described in FirstMismatch; MaxErr is the largest absolute
	// error (relative for softmax).
	Mismatches    int64   `json:"mismatches,omitempty"`
	FirstMismatch string  `json:"first_mismatch,omitempty"`
	MaxErr        float64 `json:"max_err,omitempty"`
	// Bytes is the traffic of one run (every input element read once and
	// every output element written once) and GBs Bytes over Ms.
	Bytes int64   `json:"bytes,omitempty"`
	GBs   float64 `json:"gbps,omitempty"`
	// CopyMs is the median time of a device-to-device copy of Bytes/2
	// bytes (it reads and writes each: Bytes in all), CopyGBs its
	// bandwidth and CopyRatio GBs over CopyGBs.
	CopyMs    float64 `json:"copy_ms,omitempty"`
	CopyGBs   float64 `json:"copy_gbps,omitempty"`
	CopyRatio float64 `json:"ratio_to_copy,omitempty"`
	// Peer is the peer's name as its command reported it (torch's
	// version), PeerMs its median time on the same problem, PeerGBs
	// Bytes over PeerMs, PeerRatio GBs over PeerGBs; PeerError is why it
	// has no figure.
	Peer      string  `json:"peer,omitempty"`
	PeerMs    float64 `json:"peer_ms,omitempty"`
	PeerGBs   float64 `json:"peer_gbps,omitempty"`
	PeerRatio float64 `json:"ratio_to_peer,omitempty"`
	PeerError string  `json:"peer_error,omitempty"`
}

// Measured reports whether r ran (it may still be incorrect).
func (r *Result) Measured() bool { return r.Error == "" }

// MatmulSource is the benchmark's input: the paper's plain affine matmul
// C[f32] += A[f16]·B[f16] for an M×K A and a K×N B, function @matmul.
func MatmulSource(m, n, k int) string { return testutil.PaperMatmul(m, n, k) }

// Compile maps and lowers the matmul at m×n×k with pipeline to PTX; the
// error carries the compiler's diagnostics.
func Compile(ctx context.Context, pipeline string, m, n, k int, cg nvptx.Options) (*driver.CompileResult, error) {
	return CompileTyped(ctx, TypeF16, pipeline, m, n, k, cg)
}

// CompileTyped is Compile for the matmul of element type typ.
func CompileTyped(ctx context.Context, typ, pipeline string, m, n, k int, cg nvptx.Options) (*driver.CompileResult, error) {
	name := fmt.Sprintf("matmul_%dx%dx%d.mlir", m, n, k)
	if typ != TypeF16 && typ != "" {
		name = fmt.Sprintf("matmul_%s_%dx%dx%d.mlir", typ, m, n, k)
	}
	src := []byte(MatmulSourceFor(typ, m, n, k))
	res, diags := driver.Compile(ctx, src, name, driver.CompileOptions{Pipeline: pipeline, Codegen: cg})
	if hasErrors(diags) || res == nil {
		var b strings.Builder
		driver.Sources{name: src}.WriteDiagnostics(&b, diags)
		return nil, fmt.Errorf("%s", strings.TrimSpace(b.String()))
	}
	return res, nil
}

func hasErrors(d ir.DiagList) bool {
	for _, x := range d {
		if x.Severity == ir.SeverityError {
			return true
		}
	}
	return false
}

// session holds the device, the inputs of the current size on it, and the
// per-size cuBLAS result and timing, so that an ablation or a search times
// every configuration on the same inputs against one cuBLAS measurement.
type session struct {
	ctx        context.Context
	o          *Options
	gpu        GPU
	props      Props
	flush      DevicePtr // FlushL2's buffer
	flushBytes int64
	// ws is the workspace of the host functions whose kernels are bound
	// (manifest workspace_bytes: buffers of their own, such as padded
	// operands), wsBytes its size: one allocation, grown as needed,
	// allocated before the first launch and freed with the session.
	ws      DevicePtr
	wsBytes int64

	// typ is the element type of the inputs measured next; the inputs on
	// the device are of type prepared.
	typ, prepared string
	m, n, k       int
	a, b, c       DevicePtr // inputs and goopt's output
	ref           DevicePtr // cuBLAS's output
	ha, hb        inputs
	hc0           []float32
	cublasC       []float32
	cublasMs      [3]float64 // median, min, max
	cublasFP64    float64
	samples       [][2]int
	ref64         []float64
}

func openSession(ctx context.Context, o *Options) (*session, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	g, err := o.Open(o.Device)
	if err != nil {
		return nil, err
	}
	s := &session{ctx: ctx, o: o, gpu: g, props: g.Props(), typ: TypeF16}
	if !o.NoFlushL2 {
		// Writing twice the L2's size evicts everything a launch left in it.
		s.flushBytes = max(2*s.props.L2Bytes, 1<<20)
		if s.flush, err = g.Alloc(s.flushBytes); err != nil {
			g.Close()
			return nil, fmt.Errorf("allocating the L2 flush buffer: %v", err)
		}
	}
	return s, nil
}

func (s *session) close() error {
	err := s.freeInputs()
	if s.flush != 0 {
		err = firstErr(err, s.gpu.Free(s.flush))
	}
	if s.ws != 0 {
		err = firstErr(err, s.gpu.Free(s.ws))
	}
	return firstErr(err, s.gpu.Close())
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func (s *session) freeInputs() error {
	var err error
	for _, p := range []*DevicePtr{&s.a, &s.b, &s.c, &s.ref} {
		if *p != 0 {
			err = firstErr(err, s.gpu.Free(*p))
			*p = 0
		}
	}
	s.m, s.n, s.k = 0, 0, 0
	return err
}

// flushL2 enqueues the write of the flush buffer.
func (s *session) flushL2() error {
	if s.flush == 0 {
		return nil
	}
	return s.gpu.Memset(s.flush, 0, s.flushBytes)
}

// prepare makes the inputs of size m×n×k current: random A, B and C0 on
// the device, cuBLAS's C0 + A·B checked against the fp64 samples, and
// cuBLAS timed.
func (s *session) prepare(m, n, k int) error {
	if s.m == m && s.n == n && s.k == k && s.prepared == s.typ {
		return nil
	}
	if err := s.freeInputs(); err != nil {
		return err
	}
	seed := s.o.Seed ^ uint64(m)<<40 ^ uint64(n)<<20 ^ uint64(k)
	s.ha, s.hb = randomInputs(s.typ, m*k, seed, 1), randomInputs(s.typ, k*n, seed, 2)
	es := inputBytes(s.typ)
	s.hc0 = randomC0(s.typ, m*n, seed, 3)
	var err error
	alloc := func(p *DevicePtr, bytes int) {
		if err == nil {
			*p, err = s.gpu.Alloc(int64(bytes))
		}
	}
	alloc(&s.a, es*m*k)
	alloc(&s.b, es*k*n)
	alloc(&s.c, cBytes(s.typ)*m*n)
	alloc(&s.ref, cBytes(s.typ)*m*n)
	if err == nil {
		err = s.gpu.CopyToDevice(s.a, s.ha.bytes())
	}
	if err == nil {
		err = s.gpu.CopyToDevice(s.b, s.hb.bytes())
	}
	if err != nil {
		s.freeInputs()
		return err
	}
	s.m, s.n, s.k, s.prepared = m, n, k, s.typ
	s.pickSamples()
	// cuBLAS's result is the reference for the whole output.
	if err := s.gpu.CopyToDevice(s.ref, cToBytes(s.typ, s.hc0)); err != nil {
		return err
	}
	if err := s.gemm(m, n, k); err != nil {
		return err
	}
	if s.cublasC, err = s.readBack(s.ref); err != nil {
		return err
	}
	s.cublasFP64 = s.fp64Err(s.cublasC)
	if tol, _ := tolerances(s.typ, k, s.o.Tol, s.o.ElemTol); !(s.cublasFP64 <= tol) {
		return fmt.Errorf("cuBLAS's result disagrees with the fp64 reference at %dx%dx%d (relative error %.3g): is the GEMM's layout row-major C = A·B + C?", m, n, k, s.cublasFP64)
	}
	s.cublasMs, err = s.timeMedian(func() error { return s.gemm(m, n, k) })
	return err
}

// launchSynced makes the correctness launch and waits for it: a failure
// of either is the configuration's (its row's error), not the run's.
func (s *session) launchSynced(launch func() error) error {
	if err := launch(); err != nil {
		return err
	}
	return s.gpu.Sync()
}

// readBack copies the M×N result at p (f32, or f16 for f16acc) to the
// host into a buffer poisoned with NaN first, so that a short or failed
// copy cannot pass.
func (s *session) readBack(p DevicePtr) ([]float32, error) {
	buf := make([]byte, cBytes(s.typ)*s.m*s.n)
	for i := range buf {
		buf[i] = 0xff
	}
	if err := s.gpu.CopyFromDevice(buf, p); err != nil {
		return nil, err
	}
	return cFromBytes(s.typ, buf), nil
}

// pickSamples chooses the elements checked in fp64: the four corners (the
// first and last tiles of the grid) and Samples−4 random ones.
func (s *session) pickSamples() {
	m, n, k := s.m, s.n, s.k
	s.samples = [][2]int{{0, 0}, {0, n - 1}, {m - 1, 0}, {m - 1, n - 1}}
	rng := rand.New(rand.NewPCG(s.o.Seed, 4))
	for len(s.samples) < s.o.Samples {
		s.samples = append(s.samples, [2]int{rng.IntN(m), rng.IntN(n)})
	}
	s.ref64 = make([]float64, len(s.samples))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for t, ij := range s.samples {
		wg.Add(1)
		sem <- struct{}{}
		go func(t, i, j int) {
			defer func() { <-sem; wg.Done() }()
			sum := float64(s.hc0[i*n+j])
			for p := 0; p < k; p++ {
				sum += s.ha.at(i*k+p) * s.hb.at(p*n+j)
			}
			s.ref64[t] = sum
		}(t, ij[0], ij[1])
	}
	wg.Wait()
}

// fp64Err is the relative 2-norm error of c's samples against fp64.
func (s *session) fp64Err(c []float32) float64 {
	var num, den float64
	for t, ij := range s.samples {
		d := float64(c[ij[0]*s.n+ij[1]]) - s.ref64[t]
		num += d * d
		den += s.ref64[t] * s.ref64[t]
	}
	return math.Sqrt(num / den)
}

// timeMedian runs enqueue Warmup times, then times Reps runs, each after
// an L2 flush outside the timed interval; it returns the median, minimum
// and maximum in ms.
func (s *session) timeMedian(enqueue func() error) ([3]float64, error) {
	for i := 0; i < s.o.Warmup; i++ {
		if err := enqueue(); err != nil {
			return [3]float64{}, err
		}
	}
	ms := make([]float64, 0, s.o.Reps)
	for i := 0; i < s.o.Reps; i++ {
		if err := s.ctx.Err(); err != nil {
			return [3]float64{}, err
		}
		if err := s.flushL2(); err != nil {
			return [3]float64{}, err
		}
		t, err := s.gpu.Time(enqueue)
		if err != nil {
			return [3]float64{}, err
		}
		ms = append(ms, t)
	}
	if err := s.gpu.Sync(); err != nil {
		return [3]float64{}, err
	}
	slices.Sort(ms)
	med := ms[len(ms)/2]
	if len(ms)%2 == 0 {
		med = (ms[len(ms)/2-1] + ms[len(ms)/2]) / 2
	}
	return [3]float64{med, ms[0], ms[len(ms)-1]}, nil
}

// measure compiles pipeline at m×n×k, checks the kernel and times it. A
// configuration that fails to compile, load or launch gives a Result with
// Error; only device and context failures that make every later
// measurement meaningless are returned as errors.
func (s *session) measure(label, pipeline string, m, n, k int) (Result, error) {
	r := Result{Label: label, M: m, N: n, K: k, Pipeline: pipeline}
	if s.typ != TypeF16 && s.typ != "" {
		r.Type = s.typ
	}
	comp, err := s.o.compileTyped(s.ctx, s.typ, pipeline, m, n, k)
	if err != nil {
		r.Error = err.Error()
		return r, s.ctx.Err()
	}
	kern, launchErr := s.launcher(comp, &r)
	if launchErr != nil {
		r.Error = launchErr.Error()
		return r, nil
	}
	if err := s.prepare(m, n, k); err != nil {
		return r, err
	}
	// The correctness launch: C starts at C0 (random, finite), so a
	// skipped element is off by its (A·B)_ij (see the package doc).
	if err := s.gpu.CopyToDevice(s.c, cToBytes(s.typ, s.hc0)); err != nil {
		return r, err
	}
	if err := s.launchSynced(kern); err != nil {
		r.Error = err.Error()
		return r, nil
	}
	got, err := s.readBack(s.c)
	if err != nil {
		return r, err
	}
	s.check(got, &r)
	t, err := s.timeMedian(kern)
	if err != nil {
		r.Error = err.Error()
		return r, nil
	}
	flops := 2 * float64(m) * float64(n) * float64(k)
	r.Ms, r.MinMs, r.MaxMs = t[0], t[1], t[2]
	r.CuBLASMs = s.cublasMs[0]
	r.TFLOPs = flops / r.Ms / 1e9
	r.CuBLASFLOPs = flops / r.CuBLASMs / 1e9
	r.Ratio = r.TFLOPs / r.CuBLASFLOPs
	return r, nil
}

// check compares the whole result with cuBLAS's and its samples with fp64.
func (s *session) check(got []float32, r *Result) {
	r.CuBLASErrFP64 = s.cublasFP64
	r.RelErrFP64 = s.fp64Err(got)
	scale := math.Sqrt(float64(s.k))
	var num, den float64
	for i, g := range got {
		ref := float64(s.cublasC[i])
		d := float64(g) - ref
		if math.IsNaN(d) || math.IsInf(d, 0) {
			r.NonFinite++
			continue
		}
		num += d * d
		den += ref * ref
		if e := math.Abs(d) / (scale + math.Abs(float64(s.hc0[i]))); e > r.MaxElemErr {
			r.MaxElemErr = e
		}
	}
	r.RelErrCuBLAS = math.Sqrt(num / den)
	if r.NonFinite > 0 {
		r.RelErrCuBLAS = math.Inf(1)
	}
	tol, elemTol := tolerances(s.typ, s.k, s.o.Tol, s.o.ElemTol)
	r.Correct = r.NonFinite == 0 && r.RelErrCuBLAS <= tol && r.RelErrFP64 <= tol && r.MaxElemErr <= elemTol
}

// launcher validates the manifest against the device's limits, loads the
// PTX and returns a function enqueuing one launch with the kernel's
// parameters bound to A, B and C of the session.
func (s *session) launcher(comp *driver.CompileResult, r *Result) (func() error, error) {
	// The buffers change with the size, after the kernel is loaded: they
	// are looked up at each launch.
	bufs := func() []DevicePtr { return []DevicePtr{s.a, s.b, s.c} } // @matmul(%A, %B, %C)
	// Every launch of the host function is timed: copies of operands
	// into padded buffers are part of the matmul.
	return s.launches(comp, "matmul", bufs, r)
}

// launches validates the kernels the entry launches (in the manifest's
// order, which is the host function's), loads them and returns a
// function that enqueues them all, each memref parameter bound to the
// buffer of its host argument (bufs(), at the launch) or of the
// workspace, allocated here.
func (s *session) launches(comp *driver.CompileResult, entry string, bufs func() []DevicePtr, r *Result) (func() error, error) {
	var runs []func() error
	for i := range comp.Kernels.Kernels {
		ki := &comp.Kernels.Kernels[i]
		if ki.HostFunction != entry {
			continue
		}
		if err := s.workspace(ki.WorkspaceBytes); err != nil {
			return nil, err
		}
		run, err := s.bindKernel(comp.Output, ki, "@"+entry, len(bufs()), bufs, r)
		if err != nil {
			return nil, err
		}
		runs = append(runs, run)
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("@%s launches no kernel", entry)
	}
	return func() error {
		for _, run := range runs {
			if err := run(); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// workspace makes the session's workspace at least bytes long.
func (s *session) workspace(bytes int64) error {
	if bytes <= s.wsBytes {
		return nil
	}
	if s.ws != 0 {
		if err := s.gpu.Free(s.ws); err != nil {
			return err
		}
		s.ws, s.wsBytes = 0, 0
	}
	p, err := s.gpu.Alloc(bytes)
	if err != nil {
		return fmt.Errorf("allocating the %d-byte workspace: %v", bytes, err)
	}
	s.ws, s.wsBytes = p, bytes
	return nil
}

// bindKernel validates one kernel of a manifest against the device's
// limits, loads it from ptx and returns a function enqueuing one launch,
// each bare-pointer parameter bound to bufs()[its host argument] at the
// time of the launch and each constant parameter to its value. host names
// the host function (for messages) and nargs is its number of arguments.
// r receives the launch configuration.
func (s *session) bindKernel(ptx []byte, ki *driver.KernelInfo, host string, nargs int, bufs func() []DevicePtr, r *Result) (func() error, error) {
	r.Grid, r.Block, r.StaticShared = ki.Grid, ki.Block, ki.StaticSharedBytes
	var grid, block [3]uint32
	threads := int64(1)
	for d := 0; d < 3; d++ {
		if ki.Grid[d] <= 0 || ki.Block[d] <= 0 {
			return nil, fmt.Errorf("kernel '%s' has a launch size that is not a constant (grid %v, block %v)", ki.Name, ki.Grid, ki.Block)
		}
		grid[d], block[d] = uint32(ki.Grid[d]), uint32(ki.Block[d])
		threads *= ki.Block[d]
	}
	if lim := s.props.MaxThreadsPerBlock; lim > 0 && threads > int64(lim) {
		return nil, fmt.Errorf("kernel '%s' has %d threads per block, over the device's %d", ki.Name, threads, lim)
	}
	if lim := s.props.SharedPerBlock; lim > 0 && ki.StaticSharedBytes > lim {
		return nil, fmt.Errorf("kernel '%s' has %d bytes of static shared memory, over the %d a block may have", ki.Name, ki.StaticSharedBytes, lim)
	}
	if ki.DynamicSharedBytes < 0 {
		return nil, fmt.Errorf("kernel '%s' has a dynamic shared memory size that is not a constant", ki.Name)
	}
	if lim := s.props.SharedPerBlockOptin; lim > 0 && ki.StaticSharedBytes+ki.DynamicSharedBytes > lim {
		return nil, fmt.Errorf("kernel '%s' needs %d bytes of shared memory, over the device's %d", ki.Name, ki.StaticSharedBytes+ki.DynamicSharedBytes, lim)
	}
	var params []uint64
	// Hopper kernels: TMA descriptors of host arguments (encoded by the GPU
	// at each launch, from the buffer of the current size) and clusters.
	tmaps := map[int]*driver.TensorMapParam{}
	var cluster [3]uint32
	if ki.Cluster != nil {
		for d := 0; d < 3; d++ {
			if ki.Cluster[d] <= 0 || ki.Grid[d]%ki.Cluster[d] != 0 {
				return nil, fmt.Errorf("kernel '%s' has clusters %v that are not constants dividing the grid %v", ki.Name, *ki.Cluster, ki.Grid)
			}
			cluster[d] = uint32(ki.Cluster[d])
		}
	}
	isPtr := make([]bool, len(ki.Params))
	inWorkspace := make([]bool, len(ki.Params))
	for i, p := range ki.Params {
		switch {
		case (p.Source == driver.SourceWorkspace && p.Type == "!llvm.ptr" && p.Field == "data" || p.Source == driver.SourceTensorMap && p.TensorMap != nil) && p.WorkspaceOffset != nil:
			if off := *p.WorkspaceOffset; off < 0 || off >= ki.WorkspaceBytes {
				return nil, fmt.Errorf("kernel '%s' parameter %d is at byte %d of a %d-byte workspace", ki.Name, i, off, ki.WorkspaceBytes)
			}
			params = append(params, uint64(*p.WorkspaceOffset)) // resolved at launch
			inWorkspace[i] = true
			if p.Source == driver.SourceTensorMap {
				tmaps[i] = p.TensorMap
			}
		case (p.Source == "arg" && p.Type == "!llvm.ptr" && p.Field == "data" || p.Source == driver.SourceTensorMap && p.TensorMap != nil) && p.HostArg != nil:
			if *p.HostArg < 0 || *p.HostArg >= nargs {
				return nil, fmt.Errorf("kernel '%s' parameter %d comes from host argument %d; %s has %d", ki.Name, i, *p.HostArg, host, nargs)
			}
			params = append(params, uint64(*p.HostArg)) // resolved at launch
			isPtr[i] = true
			if p.Source == driver.SourceTensorMap {
				tmaps[i] = p.TensorMap
			}
		case p.Source == "constant" && p.Value != nil && p.Type == "i64":
			params = append(params, uint64(*p.Value))
		default:
			return nil, fmt.Errorf("kernel '%s' parameter %d (%s from %s) cannot be bound: bench passes bare pointers to the arguments of %s and to its workspace, their TMA descriptors and i64 constants", ki.Name, i, p.Type, p.Source, host)
		}
	}
	hopper, isHopper := s.gpu.(HopperGPU)
	if (len(tmaps) > 0 || ki.Cluster != nil) && !isHopper {
		return nil, fmt.Errorf("kernel '%s' takes TMA descriptors or launches clusters, which this GPU cannot launch", ki.Name)
	}
	kern, err := s.gpu.LoadPTX(ptx, ki.Name)
	if err != nil {
		return nil, err
	}
	shared := uint32(ki.DynamicSharedBytes)
	return func() error {
		args := make([]uint64, len(params))
		b := bufs()
		for i, v := range params {
			if isPtr[i] {
				v = uint64(b[v])
			}
			if inWorkspace[i] {
				v += uint64(s.ws)
			}
			args[i] = v
		}
		if len(tmaps) == 0 && ki.Cluster == nil {
			return s.gpu.Launch(kern, grid, block, shared, args)
		}
		hargs := make([]any, len(args))
		for i, v := range args {
			hargs[i] = v
			if m := tmaps[i]; m != nil {
				hargs[i] = TensorMapArg{Base: DevicePtr(v), Map: m}
			}
		}
		return hopper.LaunchHopper(kern, grid, block, cluster, shared, hargs)
	}, nil
}
