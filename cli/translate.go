package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/goopt/goopt/driver"
)

type translateFlags struct {
	output     string
	mlirToLLVM bool
	opts       driver.TranslateOptions
}

func newTranslateCommand(e *env) *cobra.Command {
	f := &translateFlags{}
	cmd := &cobra.Command{
		Use:   "translate --mlir-to-llvmir [FILE|-] [flags]",
		Short: "Translate MLIR to LLVM IR for NVPTX (like mlir-translate)",
		Long: "Reads FILE (or stdin): a module of llvm and nvvm dialect ops, or one holding a gpu.module\n" +
			"of them, and prints the LLVM IR module (triple nvptx64-nvidia-cuda) that llc turns into PTX.\n" +
			"An op that is not in the llvm or nvvm dialects is reported at its location.",
		Example: "  goopt translate --mlir-to-llvmir kernel.mlir -o kernel.ll\n" +
			"  goopt translate --mlir-to-llvmir gpu.mlir --gpu-module=kernels | llc-19 -march=nvptx64 -mcpu=sm_90",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTranslate(e, f, args)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&f.mlirToLLVM, "mlir-to-llvmir", false, "translate the llvm and nvvm dialects to LLVM IR")
	fs.StringVarP(&f.output, "output", "o", "-", "output file ('-' for stdout)")
	fs.StringVar(&f.opts.GPUModule, "gpu-module", "", "the gpu.module to translate when the input holds several")
	fs.BoolVar(&f.opts.AllowUnregistered, "allow-unregistered-dialect", false, "allow operations of unregistered dialects")
	return cmd
}

func runTranslate(e *env, f *translateFlags, args []string) error {
	if !f.mlirToLLVM {
		return errors.New("no translation chosen: pass --mlir-to-llvmir")
	}
	filename, src, err := readInput(e, args)
	if err != nil {
		return err
	}
	out, diags := driver.Translate(context.Background(), src, filename, f.opts)
	driver.Sources{filename: src}.WriteDiagnostics(e.stderr, diags)
	if hasError(diags) {
		return &exitError{1}
	}
	if f.output == "-" {
		e.stdout.Write(out)
		return nil
	}
	if err := driver.WriteFileAtomic(f.output, out); err != nil {
		return fmt.Errorf("cannot open output file '%s': %v", f.output, err)
	}
	return nil
}
