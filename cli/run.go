package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
)

type runFlags struct {
	opts       driver.RunOptions
	print      bool
	checkEquiv string
	ptxFile    string
}

func newRunCommand(e *env) *cobra.Command {
	f := &runFlags{}
	cmd := &cobra.Command{
		Use:   "run [FILE|-] [flags]",
		Short: "Execute a function of an MLIR module (on the CPU interpreter or a GPU)",
		Long: "Parses and verifies FILE (or stdin), calls the entry function with generated or given\n" +
			"arguments and prints its results: scalars as values, memrefs (arguments, which it may\n" +
			"have written, and results) as a checksum line, or in full with --print.\n\n" +
			"With --check-equiv=BEFORE.mlir it instead runs the entry function of BEFORE and of FILE\n" +
			"on the same random inputs for each seed and compares every output: it prints\n" +
			"'equivalent (N seeds)' or the first difference and exits 1.\n\n" +
			"Runtime checks (out-of-bounds access, uninitialised read, ...) are reported at the\n" +
			"failing operation and exit 1.\n\n" +
			"With --device=gpu the module is compiled as by 'goopt compile' (--pipeline, --llc,\n" +
			"--arch; or --ptx=FILE from an earlier 'goopt compile' of the same file, for a\n" +
			"machine without llc) and the entry function's kernel launches run on CUDA device 0,\n" +
			"with the same arguments and output as the interpreter. The entry function may only\n" +
			"launch kernels with constant grids and parameters that are its arguments or\n" +
			"constants. --device=auto uses the GPU when there is one, else the interpreter.",
		Example: "  goopt run kernel.mlir --entry=matmul --args=random --seed=3\n" +
			"  goopt run k.mlir --args=a.npy,b.npy,zeros --print\n" +
			"  goopt opt k.mlir --canonicalize -o k2.mlir && goopt run k2.mlir --check-equiv=k.mlir --entry=f\n" +
			"  goopt run examples/matmul.mlir --device=gpu --seed=3",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRun(cmd, e, f, args)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&f.opts.Entry, "entry", "", "function to call (default: 'main', else the only public function)")
	fs.StringSliceVar(&f.opts.Args, "args", nil, "per-argument inputs: random, zeros, FILE.npy or a scalar literal; a single random or zeros applies to all (default random)")
	fs.Int64Var(&f.opts.Seed, "seed", 1, "seed for --args=random")
	fs.BoolVar(&f.print, "print", false, "print whole memref contents instead of checksums")
	fs.StringVar(&f.opts.Device, "device", driver.DeviceInterp, "where to run: interp (the interpreter; also 'cpu'), gpu, or auto (the GPU if there is one)")
	fs.StringVar(&f.opts.Compile.Pipeline, "pipeline", "", "with a GPU: the pipeline mapping FILE to GPU kernels, as for 'goopt compile'")
	fs.StringVar(&f.ptxFile, "ptx", "", "with a GPU: use this PTX (from 'goopt compile' of FILE) instead of running llc")
	fs.StringVar(&f.opts.Compile.Codegen.LLC, "llc", "", "with a GPU: the llc to run (default: $GOOPT_LLC, llc-19, llc)")
	fs.StringVar(&f.opts.Compile.Codegen.Arch, "arch", "", "with a GPU: the GPU architecture (llc -mcpu; default: sm_90, or sm_90a when a kernel uses wgmma or setmaxnreg)")
	fs.Int64Var(&f.opts.MaxSteps, "max-steps", 0, "fail after this many loop iterations and branches (0: unbounded)")
	fs.StringVar(&f.checkEquiv, "check-equiv", "", "check that the entry function computes the same as in this file")
	fs.Float64Var(&f.opts.RelTol, "rel-tol", 0, "with --check-equiv: relative tolerance for floats (0: bit-exact)")
	fs.Int64SliceVar(&f.opts.Seeds, "seeds", driver.DefaultEquivSeeds, "with --check-equiv: seeds of the random inputs")
	fs.BoolVar(&f.opts.AllowUnregistered, "allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	return cmd
}

func runRun(cmd *cobra.Command, e *env, f *runFlags, args []string) error {
	fs := cmd.Flags()
	if f.checkEquiv == "" {
		for _, name := range []string{"rel-tol", "seeds"} {
			if fs.Changed(name) {
				return fmt.Errorf("'--%s' needs '--check-equiv'", name)
			}
		}
	} else {
		for _, name := range []string{"args", "seed", "print"} {
			if fs.Changed(name) {
				return fmt.Errorf("'--%s' cannot be used with '--check-equiv' (it compares on random inputs from '--seeds')", name)
			}
		}
	}
	if f.ptxFile != "" {
		ptx, err := os.ReadFile(f.ptxFile)
		if err != nil {
			return fmt.Errorf("could not open '--ptx' file '%s': %v", f.ptxFile, err)
		}
		f.opts.PTX = string(ptx)
	}
	if fs.Changed("seeds") && len(f.opts.Seeds) == 0 {
		return fmt.Errorf("'--seeds' needs at least one seed")
	}
	filename, src, err := readInput(e, args)
	if err != nil {
		return err
	}
	sources := driver.Sources{filename: src}
	if f.checkEquiv != "" {
		before, err := os.ReadFile(f.checkEquiv)
		if err != nil {
			return fmt.Errorf("could not open '--check-equiv' file '%s': %v", f.checkEquiv, err)
		}
		f.opts.CheckEquiv = &driver.Source{Filename: f.checkEquiv, Text: before}
		sources[f.checkEquiv] = before
	}
	res, err := driver.Run(context.Background(), src, filename, f.opts)
	var dl ir.DiagList
	var d *ir.Diagnostic
	switch {
	case errors.As(err, &dl):
		sources.WriteDiagnostics(e.stderr, dl)
		return &exitError{1}
	case errors.As(err, &d):
		sources.WriteDiagnostic(e.stderr, d)
		return &exitError{1}
	case err != nil:
		return err
	}
	return res.Write(e.stdout, f.print)
}
