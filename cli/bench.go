package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/bench/cudagpu"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/runtime/cuda"
)

// openGPU constructs the device goopt bench runs on.
type openGPU func(bench.DeviceConfig) (bench.GPU, error)

type benchFlags struct {
	opts      bench.Options
	sizes     string
	types     string
	optLevel  int
	csv, js   string
	plot      string
	ablation  bool
	tune      bool
	saveTuned string
	// The memory-bound kernels' flags.
	entry, peerCmd string
}

func newBenchCommand(e *env) *cobra.Command { return benchCommand(e, cudagpu.Open) }

// benchCommand builds goopt bench over open (tests pass a FakeGPU).
func benchCommand(e *env, open openGPU) *cobra.Command {
	f := &benchFlags{}
	cmd := &cobra.Command{
		Use:   "bench matmul|transpose|softmax|vecadd [FILE...] [flags]",
		Short: "Compile a kernel, run it on the GPU, check it and time it against its ceiling and peer",
		Long: "goopt bench matmul: for each size of --sizes (N for M = N = K, or MxNxK) and each type of\n" +
			"--types goopt bench compiles the paper's affine matmul C[f32] += A·B (A, B f16 or bf16, or f32\n" +
			"for tf32) through --pipeline to PTX, runs it on the GPU on random normal inputs, checks the\n" +
			"result against cuBLAS with the same types (cublasGemmEx: CUDA_R_16F or CUDA_R_16BF in, compute\n" +
			"32F; tf32: CUDA_R_32F in, CUBLAS_COMPUTE_32F_FAST_TF32; f32 out)\n" +
			"and a sampled fp64 reference, and times it and cuBLAS with CUDA events (median of\n" +
			"--reps launches after --warmup, L2 flushed between launches). It prints a table,\n" +
			"and writes --csv, --json and an SVG plot (--plot) of both TFLOP/s against size.\n\n" +
			"--ablation measures the paper's optimisations switched on one at a time at one size\n" +
			"(--sizes with one size; 8192 by default). --tune searches thread-block and warp tiles,\n" +
			"padding and vector width within the shared-memory and register limits, reports the\n" +
			"best configuration per size, and --save-tuned=FILE keeps it for goopt compile --tuned.\n\n" +
			"goopt bench transpose|softmax|vecadd FILE...: each FILE's function (--entry, or the only\n" +
			"public one) is the kernel, f32 memrefs with the output last: vecadd (A, B, C) C = A + B;\n" +
			"transpose (A: MxN, B: NxM); softmax (X, Y: RxC) row by row. An affine function is mapped by\n" +
			"--pipeline (default: goopt compile's choice); one that launches gpu.launch kernels is\n" +
			"compiled as it is. It runs at its static shapes, or at each of --sizes (8192x8192,1000x1000;\n" +
			"dynamic dimensions take them), on random normal inputs, is checked against the host\n" +
			"(bit for bit for vecadd and transpose; softmax each element within --tol, default 1e-5,\n" +
			"of fp64), and timed as matmul is, beside a device-to-device copy (cuMemcpyDtoD) of the\n" +
			"same bytes read + written in the same run: GB/s and the ratio to the copy. --peer-cmd\n" +
			"runs a peer (python3 scripts/bench_peer.py: torch) after each configuration on the same\n" +
			"device and reports its GB/s beside goopt's.\n\n" +
			"--prebuild=DIR compiles every configuration of the run into DIR without a GPU; --prebuilt=DIR\n" +
			"on the GPU machine reads them instead of compiling (it needs no llc).\n\n" +
			"The exit status is 1 when a configuration gives a wrong result or no GPU is found.",
		Example: "  goopt bench matmul --sizes=1024:16384:1024 --csv=sweep.csv --json=sweep.json --plot=sweep.svg\n" +
			"  goopt bench matmul --pipeline=gpu-matmul-hopper --sizes=8192,8191,4097x8191x4096,3000x5000x704 --types=f16,bf16\n" +
			"  goopt bench matmul --ablation --plot=ablation.svg\n" +
			"  goopt bench matmul --tune --sizes=4096,8192 --save-tuned=tuned.json\n" +
			"  goopt bench transpose examples/transpose.mlir --peer-cmd='python3 scripts/bench_peer.py'\n" +
			"  goopt bench vecadd vecadd.mlir --sizes=268435456,1000 --prebuild=kernels/",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch args[0] {
			case bench.KernelMatmul:
				if len(args) > 1 {
					return fmt.Errorf("goopt bench matmul takes no FILE: it compiles the paper's matmul at each of --sizes")
				}
				return runBench(cmd, e, f, open)
			case bench.KernelTranspose, bench.KernelSoftmax, bench.KernelVecAdd:
				return runKernelBench(cmd, e, f, args[0], args[1:], open)
			}
			return fmt.Errorf("unknown benchmark '%s': expected one of %s", args[0], strings.Join(bench.Kernels, ", "))
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	o := &f.opts
	fs.StringVar(&f.sizes, "sizes", bench.DefaultSizes, "the sizes: LO:HI:STEP (M = N = K) or a comma-separated list of N and MxNxK (3000x5000x700)")
	fs.StringVar(&f.types, "types", bench.TypeF16, "matmul: the input element types, comma-separated: f16, bf16 (f32 accumulation both), tf32 (f32 inputs on tf32 tensor cores; the pipeline needs allow-tf32), f16acc (f16 inputs and C, f16 accumulation)")
	fs.StringVar(&o.Pipeline, "pipeline", bench.DefaultPipeline, "the pipeline mapping the matmul to a GPU kernel, e.g. 'gpu-matmul-wmma{tb-tile=128,128,64}'")
	fs.IntVar(&o.Warmup, "warmup", bench.DefaultWarmup, "untimed launches before timing")
	fs.IntVar(&o.Reps, "reps", bench.DefaultReps, "timed launches (the median is reported; at least 5)")
	fs.Uint64Var(&o.Seed, "seed", bench.DefaultSeed, "seed of the random inputs and of the sampled elements")
	fs.IntVar(&o.Samples, "samples", bench.DefaultSamples, "elements checked against an fp64 reference")
	fs.Float64Var(&o.Tol, "tol", bench.DefaultTol, "bound on the relative Frobenius error vs cuBLAS and on the fp64 samples' error")
	fs.Float64Var(&o.ElemTol, "elem-tol", bench.DefaultElemTol, "bound on each element's error relative to sqrt(K) + |C0|")
	fs.BoolVar(&o.NoFlushL2, "no-l2-flush", false, "do not flush the L2 cache between timed launches")
	fs.StringVar(&f.csv, "csv", "", "write the results as CSV to this file")
	fs.StringVar(&f.js, "json", "", "write the report as JSON to this file")
	fs.StringVar(&f.plot, "plot", "", "write an SVG plot to this file (TFLOP/s against size; bars for --ablation)")
	fs.BoolVar(&f.ablation, "ablation", false, "measure the optimisations one at a time at one size (default 8192)")
	fs.BoolVar(&f.tune, "tune", false, "search tile sizes, padding and vector width for the best configuration per size")
	fs.StringVar(&f.saveTuned, "save-tuned", "", "with --tune: save the best configuration per size to this JSON file (for goopt compile --tuned)")
	fs.IntVar(&o.Device.Ordinal, "device", 0, "the CUDA device number")
	fs.StringVar(&o.Device.CuBLAS, "cublas", "", "the libcublas to load (default: libcublas.so.13, .so.12, .so)")
	addLLCFlags(fs, &o.Codegen, &f.optLevel, "llc -mcpu")
	fs.StringVar(&o.Prebuild, "prebuild", "", "compile every configuration of the run into this directory and stop (no GPU needed; for a GPU machine without llc)")
	fs.StringVar(&o.Prebuilt, "prebuilt", "", "read the kernels from a --prebuild directory instead of compiling them")
	fs.StringVar(&f.entry, "entry", "", "transpose|softmax|vecadd: the function to benchmark (default: the file's only public function)")
	fs.StringVar(&f.peerCmd, "peer-cmd", "", "transpose|softmax|vecadd: a command timing the peer on the same device after each configuration (e.g. 'python3 scripts/bench_peer.py')")
	return cmd
}

func runBench(cmd *cobra.Command, e *env, f *benchFlags, open openGPU) error {
	if f.optLevel < 0 || f.optLevel > 3 {
		return fmt.Errorf("invalid --opt-level %d: expected 0 to 3", f.optLevel)
	}
	if f.ablation && f.tune {
		return fmt.Errorf("--ablation and --tune are separate runs: choose one")
	}
	if f.saveTuned != "" && !f.tune {
		return fmt.Errorf("--save-tuned needs --tune")
	}
	shapes, err := bench.ParseMatmulSizes(f.sizes)
	if err != nil {
		return err
	}
	types, err := bench.ParseTypes(f.types)
	if err != nil {
		return err
	}
	var sizes []int
	square := true
	for _, s := range shapes {
		square = square && s[0] == s[1] && s[1] == s[2]
		sizes = append(sizes, s[0])
	}
	if (f.ablation || f.tune) && (!square || cmd.Flags().Changed("types")) {
		return fmt.Errorf("--ablation and --tune measure square f16 matmuls: MxNxK sizes and --types are for the sweep")
	}
	o := f.opts
	o.Codegen.OptLevel = &f.optLevel
	o.Sizes = sizes
	o.Shapes = shapes
	o.Types = types
	o.Open = open
	o.Progress = &bench.Progress{W: e.stderr, TTY: isTerminal(e.stderr)}
	ctx := context.Background()
	if o.Prebuild != "" {
		size := bench.DefaultAblationSize
		if f.ablation && cmd.Flags().Changed("sizes") && len(sizes) == 1 {
			size = sizes[0]
		}
		var n int
		var err error
		if f.tune {
			n, err = bench.PrebuildTune(ctx, o, bench.TuneSpaceFor(o.Pipeline))
		} else {
			n, err = bench.Prebuild(ctx, o, f.ablation, size)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "wrote %d kernels to %s\n", n, o.Prebuild)
		return nil
	}
	var rep *bench.Report
	switch {
	case f.ablation:
		size := bench.DefaultAblationSize
		if cmd.Flags().Changed("sizes") {
			if len(sizes) != 1 {
				return fmt.Errorf("--ablation measures one size: give --sizes one value, got %d", len(sizes))
			}
			size = sizes[0]
		}
		rep, err = bench.Ablation(ctx, o, size)
	case f.tune:
		rep, err = bench.Tune(ctx, o, bench.TuneSpaceFor(o.Pipeline))
	default:
		rep, err = bench.Sweep(ctx, o)
	}
	return reportBench(e, f, rep, err)
}

// reportBench writes what a bench run measured, even when err stopped it
// part way, and turns a wrong result into exit status 1.
func reportBench(e *env, f *benchFlags, rep *bench.Report, err error) error {
	if rep != nil {
		if werr := writeBenchOutputs(e, f, rep); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	if !rep.AllCorrect() {
		fmt.Fprintln(e.stderr, "goopt: error: a configuration gave a wrong result (see the check column)")
		return &exitError{1}
	}
	return nil
}

// runKernelBench is goopt bench transpose|softmax|vecadd FILE...
func runKernelBench(cmd *cobra.Command, e *env, f *benchFlags, kernel string, files []string, open openGPU) error {
	if f.optLevel < 0 || f.optLevel > 3 {
		return fmt.Errorf("invalid --opt-level %d: expected 0 to 3", f.optLevel)
	}
	for _, name := range []string{"ablation", "tune", "save-tuned", "samples", "elem-tol", "cublas"} {
		if cmd.Flags().Changed(name) {
			return fmt.Errorf("--%s is for goopt bench matmul only", name)
		}
	}
	o := bench.KernelOptions{Options: f.opts, Kernel: kernel, Files: files, Entry: f.entry, PeerCmd: f.peerCmd}
	if !cmd.Flags().Changed("pipeline") {
		o.Pipeline = "" // goopt compile's choice
	}
	if cmd.Flags().Changed("tol") {
		if kernel != bench.KernelSoftmax {
			return fmt.Errorf("--tol is for softmax: %s is checked bit for bit", kernel)
		}
		o.SoftmaxTol = f.opts.Tol
	}
	if cmd.Flags().Changed("sizes") {
		shapes, err := bench.ParseShapes(f.sizes)
		if err != nil {
			return err
		}
		o.Shapes = shapes
	}
	o.Sizes = nil
	o.Codegen.OptLevel = &f.optLevel
	o.Open = withDeviceCopy(open)
	o.Progress = &bench.Progress{W: e.stderr, TTY: isTerminal(e.stderr)}
	ctx := context.Background()
	if o.Prebuild != "" {
		n, err := bench.PrebuildKernels(ctx, o)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "wrote %d kernels to %s\n", n, o.Prebuild)
		return nil
	}
	rep, err := bench.KernelBench(ctx, o)
	return reportBench(e, f, rep, err)
}

// withDeviceCopy gives the GPUs open makes a device-to-device copy (the
// memory-bound kernels' ceiling) where they lack one: bench/cudagpu has
// none yet, so the device's primary context is opened a second time
// through runtime/cuda for cuMemcpyDtoD. That copy runs on the legacy
// default stream, which bench's stream (created blocking) waits for and
// is waited for by, so the events bench records around it time it.
func withDeviceCopy(open openGPU) openGPU {
	return func(cfg bench.DeviceConfig) (bench.GPU, error) {
		g, err := open(cfg)
		if err != nil {
			return nil, err
		}
		if _, ok := g.(bench.DeviceCopier); ok {
			return g, nil
		}
		dev, err := cuda.Open(cfg.Ordinal)
		if err != nil {
			g.Close()
			return nil, fmt.Errorf("opening device %d for the device-to-device copy: %v", cfg.Ordinal, err)
		}
		copyFn := func(dst, src bench.DevicePtr, n int64) error {
			return dev.CopyDeviceToDevice(cuda.DevicePtr(dst), cuda.DevicePtr(src), int(n))
		}
		return bench.WithCopier(g, copyFn, dev.Close), nil
	}
}

func writeBenchOutputs(e *env, f *benchFlags, rep *bench.Report) error {
	if err := bench.WriteTable(e.stdout, rep); err != nil {
		return err
	}
	plot := bench.WriteSweepSVG
	switch {
	case rep.Kernel != "" && rep.Kernel != bench.KernelMatmul:
		plot = bench.WriteKernelSVG
	case rep.Kind == bench.KindAblation:
		plot = bench.WriteBarSVG
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer, *bench.Report) error
	}{{f.csv, bench.WriteCSV}, {f.js, bench.WriteJSON}, {f.plot, plot}} {
		if out.path == "" {
			continue
		}
		var b bytes.Buffer
		if err := out.write(&b, rep); err != nil {
			return fmt.Errorf("%s: %v", out.path, err)
		}
		if err := driver.WriteFileAtomic(out.path, b.Bytes()); err != nil {
			return fmt.Errorf("cannot open output file '%s': %v", out.path, err)
		}
	}
	if f.saveTuned != "" {
		if len(rep.Best) == 0 {
			return fmt.Errorf("--save-tuned: no configuration was correct, nothing to save")
		}
		return bench.SaveTuned(f.saveTuned, rep)
	}
	return nil
}

// isTerminal reports whether w is a terminal, where a progress bar may
// redraw itself; anything else (a file, a pipe, a test buffer) gets plain
// lines.
func isTerminal(w io.Writer) bool {
	file, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
