package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/driver"
)

type compileFlags struct {
	opts     driver.CompileOptions
	output   string
	sidecar  string
	optLevel int
	tuned    string
}

func newCompileCommand(e *env) *cobra.Command {
	f := &compileFlags{}
	cmd := &cobra.Command{
		Use:   "compile FILE [flags]",
		Short: "Compile MLIR to PTX for an NVIDIA GPU (affine matmul -> gpu -> nvvm -> llvm -> llc)",
		Long: "Parses and verifies FILE (or stdin), maps it to GPU kernels with a pass pipeline\n" +
			"chosen from FILE when --pipeline is not given: for a matmul with f16 or bf16 inputs and\n" +
			"an f32 C, gpu-matmul-hopper (TMA + wgmma, sm_90a) on the default target, the paper's\n" +
			"gpu-matmul-wmma for f16 accumulation or an --arch without wgmma (gpu-matmul-mma for\n" +
			"bf16 there); gpu-map-affine for other affine nests; none when FILE already launches\n" +
			"kernels),\n" +
			"outlines the kernels and lowers them through nvvm to the llvm dialect, translates\n" +
			"them to LLVM IR and runs LLVM's NVPTX backend (llc) for PTX.\n\n" +
			"Beside the output it writes a JSON sidecar describing each kernel for a runtime:\n" +
			"entry name, parameter order and types, grid and block dimensions, static and\n" +
			"dynamic shared memory (OUT with its extension replaced by .json; --sidecar=PATH to\n" +
			"choose, --sidecar=none for none).\n\n" +
			"llc is found by --llc, $GOOPT_LLC, llc-19, then llc (Debian: apt-get install llvm-19).",
		Example: "  goopt compile examples/matmul.mlir -o matmul.ptx\n" +
			"  goopt compile examples/matmul.mlir --pipeline='gpu-matmul-wmma{padding=false}' --emit=llvm -o m.ll\n" +
			"  goopt compile kernel.mlir --arch=sm_90 --emit=cubin -o k.cubin",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompile(cmd, e, f, args)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVarP(&f.output, "output", "o", "-", "output file ('-' for stdout)")
	fs.StringVar(&f.opts.Emit, "emit", driver.EmitPTX, "what to produce: mlir (llvm+nvvm dialects), llvm (LLVM IR), ptx or cubin (through ptxas)")
	fs.StringVar(&f.opts.Pipeline, "pipeline", "", "the pipeline mapping FILE to GPU kernels, e.g. 'gpu-matmul-wmma{tb-tile=128,128,64}'; 'none' for none (default: chosen from FILE and --arch: gpu-matmul-hopper for an f16/bf16 matmul, gpu-map-affine for other nests, none when FILE already launches kernels)")
	addLLCFlags(fs, &f.opts.Codegen, &f.optLevel, "llc -mcpu, ptxas -arch")
	fs.StringVar(&f.opts.Codegen.Ptxas, "ptxas", "", "the ptxas to run for --emit=cubin (default: ptxas on the PATH)")
	fs.IntVar(&f.opts.IndexBitwidth, "index-bitwidth", 64, "the width index lowers to in kernels (32 or 64)")
	fs.BoolVar(&f.opts.DescriptorArgs, "descriptor-args", false, "pass memrefs to kernels as expanded descriptors instead of bare pointers")
	fs.StringVar(&f.opts.GPUModule, "gpu-module", "", "the gpu.module to compile when there are several")
	fs.StringVar(&f.tuned, "tuned", "", "take the pipeline from a tuning file (goopt bench matmul --tune --save-tuned=FILE) for FILE's matmul size")
	fs.StringVar(&f.sidecar, "sidecar", "", "where to write the kernel JSON (default: OUT with .json; 'none' for none; none when OUT is stdout)")
	return cmd
}

func runCompile(cmd *cobra.Command, e *env, f *compileFlags, args []string) error {
	if f.optLevel < 0 || f.optLevel > 3 {
		return fmt.Errorf("invalid --opt-level %d: expected 0 to 3", f.optLevel)
	}
	f.opts.Codegen.OptLevel = &f.optLevel
	filename, src, err := readInput(e, args)
	if err != nil {
		return err
	}
	if f.tuned != "" {
		if f.opts.Pipeline != "" {
			return fmt.Errorf("--tuned chooses the pipeline: leave out --pipeline")
		}
		if f.opts.Pipeline, err = bench.TunedPipeline(f.tuned, filename, src); err != nil {
			return err
		}
	}
	res, diags := driver.Compile(context.Background(), src, filename, f.opts)
	if len(diags) > 0 {
		driver.Sources{filename: src}.WriteDiagnostics(e.stderr, diags)
	}
	if hasError(diags) || res == nil {
		return &exitError{1}
	}
	sidecar := f.sidecar
	if sidecar == "" && f.output != "-" {
		sidecar = strings.TrimSuffix(f.output, filepath.Ext(f.output)) + ".json"
	}
	if sidecar != "" && sidecar != "none" {
		js, err := res.Kernels.JSON()
		if err != nil {
			return err
		}
		if err := driver.WriteFileAtomic(sidecar, js); err != nil {
			return fmt.Errorf("cannot open output file '%s': %v", sidecar, err)
		}
	}
	if f.output == "-" {
		_, err := e.stdout.Write(res.Output)
		return err
	}
	if err := driver.WriteFileAtomic(f.output, res.Output); err != nil {
		if sidecar != "" && sidecar != "none" {
			os.Remove(sidecar)
		}
		return fmt.Errorf("cannot open output file '%s': %v", f.output, err)
	}
	return nil
}

// addLLCFlags adds the flags goopt compile and goopt bench share for
// running llc: --arch (whose help names the tools it sets, tools),
// --ptx-version, -O and --llc.
func addLLCFlags(fs *pflag.FlagSet, o *nvptx.Options, optLevel *int, tools string) {
	fs.StringVar(&o.Arch, "arch", "", "the GPU architecture ("+tools+"; default: sm_90, or sm_90a when a kernel uses wgmma or setmaxnreg)")
	fs.IntVar(&o.PTXVersion, "ptx-version", 80, "the PTX ISA version times ten (llc -mattr=+ptxNN)")
	fs.IntVarP(optLevel, "opt-level", "O", 2, "llc's optimization level (0-3)")
	fs.StringVar(&o.LLC, "llc", "", "the llc to run (default: $GOOPT_LLC, llc-19, llc)")
}
