package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/bench/cudagpu"
	"github.com/goopt/goopt/driver"
)

// openGPU constructs the device goopt bench runs on.
type openGPU func(bench.DeviceConfig) (bench.GPU, error)

type benchFlags struct {
	opts      bench.Options
	sizes     string
	optLevel  int
	csv, js   string
	plot      string
	ablation  bool
	tune      bool
	saveTuned string
}

func newBenchCommand(e *env) *cobra.Command { return benchCommand(e, cudagpu.Open) }

// benchCommand builds goopt bench over open (tests pass a FakeGPU).
func benchCommand(e *env, open openGPU) *cobra.Command {
	f := &benchFlags{}
	cmd := &cobra.Command{
		Use:   "bench matmul [flags]",
		Short: "Compile the affine matmul, run it on the GPU, check it and time it against cuBLAS",
		Long: "For each size of --sizes (M = N = K) goopt bench compiles the paper's affine matmul\n" +
			"C[f32] += A[f16]·B[f16] through --pipeline to PTX, runs it on the GPU on random normal\n" +
			"inputs, checks the result against cuBLAS (cublasGemmEx, f16 in, f32 compute and out)\n" +
			"and a sampled fp64 reference, and times it and cuBLAS with CUDA events (median of\n" +
			"--reps launches after --warmup, L2 flushed between launches). It prints a table,\n" +
			"and writes --csv, --json and an SVG plot (--plot) of both TFLOP/s against size.\n\n" +
			"--ablation measures the paper's optimisations switched on one at a time at one size\n" +
			"(--sizes with one size; 8192 by default). --tune searches thread-block and warp tiles,\n" +
			"padding and vector width within the shared-memory and register limits, reports the\n" +
			"best configuration per size, and --save-tuned=FILE keeps it for goopt compile --tuned.\n\n" +
			"The exit status is 1 when a configuration gives a wrong result or no GPU is found.",
		Example: "  goopt bench matmul --sizes=1024:16384:1024 --csv=sweep.csv --json=sweep.json --plot=sweep.svg\n" +
			"  goopt bench matmul --ablation --plot=ablation.svg\n" +
			"  goopt bench matmul --tune --sizes=4096,8192 --save-tuned=tuned.json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if args[0] != "matmul" {
				return fmt.Errorf("unknown benchmark '%s': the one benchmark is 'matmul'", args[0])
			}
			return runBench(cmd, e, f, open)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	o := &f.opts
	fs.StringVar(&f.sizes, "sizes", bench.DefaultSizes, "the sizes M = N = K: LO:HI:STEP or a comma-separated list")
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
	fs.StringVar(&o.Codegen.Arch, "arch", "", "the GPU architecture (llc -mcpu; default: sm_90, or sm_90a when a kernel uses wgmma or setmaxnreg)")
	fs.IntVar(&o.Codegen.PTXVersion, "ptx-version", 80, "the PTX ISA version times ten (llc -mattr=+ptxNN)")
	fs.IntVarP(&f.optLevel, "opt-level", "O", 2, "llc's optimization level (0-3)")
	fs.StringVar(&o.Codegen.LLC, "llc", "", "the llc to run (default: $GOOPT_LLC, llc-19, llc)")
	fs.StringVar(&o.Prebuild, "prebuild", "", "compile every configuration of the run into this directory and stop (no GPU needed; for a GPU machine without llc)")
	fs.StringVar(&o.Prebuilt, "prebuilt", "", "read the kernels from a --prebuild directory instead of compiling them")
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
	sizes, err := bench.ParseSizes(f.sizes)
	if err != nil {
		return err
	}
	o := f.opts
	o.Codegen.OptLevel = &f.optLevel
	o.Sizes = sizes
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
	if rep != nil {
		// Whatever was measured before a failure is still reported.
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

func writeBenchOutputs(e *env, f *benchFlags, rep *bench.Report) error {
	if err := bench.WriteTable(e.stdout, rep); err != nil {
		return err
	}
	plot := bench.WriteSweepSVG
	if rep.Kind == bench.KindAblation {
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
