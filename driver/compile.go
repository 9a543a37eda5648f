package driver

import (
	"context"
	"fmt"
	"strings"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
	"github.com/goopt/goopt/printer"
)

// Emit kinds of Compile.
const (
	EmitMLIR  = "mlir"
	EmitLLVM  = "llvm"
	EmitPTX   = "ptx"
	EmitCubin = "cubin"
)

// PaperMappingPipeline is the paper's (Katel et al.) WMMA recipe: what
// Compile maps an f16 matmul with for a target without wgmma (an explicit
// --arch other than sm_90a), or one that accumulates in f16.
const PaperMappingPipeline = "gpu-matmul-wmma"

// CompileOptions configure Compile. The zero value compiles an affine
// f16 or bf16 matmul through gpu-matmul-hopper to PTX for sm_90a.
type CompileOptions struct {
	// Pipeline maps the input to gpu.launch form: pass pipeline text
	// anchored on builtin.module (`gpu-matmul-wmma{tb-tile=128,128,64}`,
	// `func.func(affine-loop-tile),...`). Empty means MappingPipeline's
	// choice for the input; "none" runs no mapping.
	Pipeline string
	// Emit is what to produce: EmitPTX (default), EmitMLIR (the llvm and
	// nvvm dialect module), EmitLLVM (LLVM IR text) or EmitCubin.
	Emit string
	// IndexBitwidth is the width index lowers to in kernels (0 means 64).
	IndexBitwidth int
	// DescriptorArgs passes memrefs to kernels as expanded descriptors
	// (upstream's default) instead of bare pointers to their data.
	DescriptorArgs bool
	// GPUModule chooses the gpu.module to translate when there are several.
	GPUModule string
	// Codegen configures llc (and ptxas for cubin).
	Codegen nvptx.Options
	// Registry and NewContext default to every pass and dialect.
	Registry   *pass.Registry
	NewContext func() *ir.Context
}

// CompileResult is what Compile produced.
type CompileResult struct {
	// Output is the artifact Emit asked for.
	Output []byte
	// Kernels describes each kernel for a runtime to launch it.
	Kernels *KernelManifest
	// Module is the module after lowering: the host functions that launch
	// the kernels and the gpu.module in the llvm and nvvm dialects.
	Module *ir.Operation
}

// LoweringPipeline is the pipeline from gpu.launch form to the llvm and
// nvvm dialects that Compile runs after the mapping pipeline.
func LoweringPipeline(o CompileOptions) string {
	bits := o.IndexBitwidth
	if bits == 0 {
		bits = 64
	}
	return fmt.Sprintf("builtin.module(lower-affine,gpu-launch-sink-index-computations,gpu-kernel-outlining,gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm{index-bitwidth=%d},"+
		"convert-gpu-to-nvvm{index-bitwidth=%d use-bare-ptr-memref-call-conv=%t vector-alignment-from-indices=true},canonicalize,cse,reconcile-unrealized-casts))",
		bits, bits, !o.DescriptorArgs)
}

// Compile is goopt compile's flow: parse and verify src, map it to GPU
// launches (the mapping pipeline), outline and lower the kernels to the
// llvm and nvvm dialects, translate them to LLVM IR and, through llc, to
// PTX (or a cubin through ptxas). Every stage's errors are located
// diagnostics; nothing is written by Compile itself.
func Compile(ctx context.Context, src []byte, filename string, o CompileOptions) (*CompileResult, ir.DiagList) {
	if o.Registry == nil {
		o.Registry = registry.All()
	}
	if o.NewContext == nil {
		o.NewContext = all.NewContext
	}
	if o.Emit == "" {
		o.Emit = EmitPTX
	}
	switch o.Emit {
	case EmitMLIR, EmitLLVM, EmitPTX, EmitCubin:
	default:
		return nil, ir.DiagList{ir.Errorf(ir.Unknown, "invalid --emit value '%s': expected one of mlir, llvm, ptx, cubin", o.Emit)}
	}
	if o.IndexBitwidth != 0 && o.IndexBitwidth != 32 && o.IndexBitwidth != 64 {
		return nil, ir.DiagList{ir.Errorf(ir.Unknown, "invalid index bitwidth %d: expected 32 or 64", o.IndexBitwidth)}
	}
	irctx := o.NewContext()
	module, diags := parseVerified(irctx, filename, src)
	if diags != nil {
		return nil, diags
	}
	mapping := o.Pipeline
	if mapping == "" {
		var err error
		if mapping, err = MappingPipelineFor(module, o.Codegen.Arch); err != nil {
			return nil, ir.Diagnostics(err)
		}
	}
	var stages []string
	if mapping != "none" {
		stages = append(stages, mapping)
	}
	stages = append(stages, LoweringPipeline(o))
	for _, text := range stages {
		if err := ctx.Err(); err != nil {
			return nil, unlocated(err)
		}
		pm, err := compilePipeline(irctx, o.Registry, text)
		if err != nil {
			return nil, ir.Diagnostics(err)
		}
		// Remarks (a copy left unvectorised, a matmul given to the guarded
		// kernel) do not fail the compile, as they do not fail goopt opt.
		if errs := errorsOnly(ir.Diagnostics(pm.Run(module))); len(errs) > 0 {
			return nil, errs
		}
	}
	if err := chooseArch(module, &o.Codegen); err != nil {
		return nil, ir.Diagnostics(err)
	}
	manifest, err := Manifest(module, o.GPUModule, !o.DescriptorArgs)
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	res := &CompileResult{Kernels: manifest, Module: module}
	if o.Emit == EmitMLIR {
		res.Output = []byte(printer.String(module, printer.Options{}) + "\n")
		return res, nil
	}
	// Each later stage's output is the result when the compile stops there.
	m, err := nvptx.Translate(module, nvptx.TranslateOptions{GPUModule: manifest.Module})
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	res.Output = []byte(m.String())
	if o.Emit == EmitLLVM {
		return res, nil
	}
	ptx, err := nvptx.PTX(ctx, string(res.Output), o.Codegen)
	if err != nil {
		return nil, unlocated(err)
	}
	res.Output = []byte(ptx)
	if o.Emit == EmitPTX {
		return res, nil
	}
	if res.Output, err = nvptx.Cubin(ctx, ptx, o.Codegen); err != nil {
		return nil, unlocated(err)
	}
	return res, nil
}

// unlocated is err, which has no place in the input (a tool failed, the
// compile was cancelled), as diagnostics.
func unlocated(err error) ir.DiagList { return ir.DiagList{ir.Errorf(ir.Unknown, "%v", err)} }

// errorsOnly returns the errors of ds.
func errorsOnly(ds []*ir.Diagnostic) ir.DiagList {
	var errs ir.DiagList
	for _, d := range ds {
		if d.Severity == ir.SeverityError {
			errs = append(errs, d)
		}
	}
	return errs
}

// compilePipeline parses text as a pass pipeline on builtin.module (a
// named pipeline with options, or a pipeline of passes).
func compilePipeline(irctx *ir.Context, reg *pass.Registry, text string) (*pass.PassManager, error) {
	var opm *pass.OpPassManager
	var err error
	if strings.HasPrefix(strings.TrimSpace(text), "builtin.module(") {
		opm, err = reg.ParsePipeline(text)
	} else {
		opm, err = reg.ParsePipelineOn("builtin.module", text)
	}
	if err != nil {
		return nil, err
	}
	pm := &pass.PassManager{OpPassManager: opm, Ctx: irctx}
	pm.Verify = ir.Verify
	return pm, nil
}

// GeneralMappingPipeline is the pipeline Compile maps every affine input
// other than a matmul with.
const GeneralMappingPipeline = "gpu-map-affine"

// HopperMappingPipeline is the pipeline Compile maps an f16 or bf16
// matmul with f32 accumulation with on the default target (sm_90a, the
// H100/H200): TMA, wgmma and warp specialisation, the fastest goopt has.
const HopperMappingPipeline = "gpu-matmul-hopper"

// LegacyMappingPipeline is the pipeline Compile maps a bf16 matmul with
// for an explicit target without wgmma: the gpu dialect's MMA matrices,
// which the paper's pipeline builds on, have no bf16.
const LegacyMappingPipeline = "gpu-matmul-mma"

// TF32MappingPipeline is the pipeline an f32 matmul is to be asked for
// with: tf32 tensor cores round the inputs, so Compile does not pick it.
const TF32MappingPipeline = "gpu-matmul-mma{allow-tf32=true}"

// MappingPipeline is MappingPipelineFor on the default target.
func MappingPipeline(m *ir.Operation) (string, error) { return MappingPipelineFor(m, "") }

// MappingPipelineFor is the mapping Compile runs when none is given, for
// the target arch ("" is the default, sm_90a once a kernel needs it):
// none when the module already launches kernels; for a loop nest whose
// innermost body is a matmul update C += A * B, the pipeline its element
// types and the target call for: gpu-matmul-hopper (HopperMappingPipeline)
// for f16 or bf16 A and B with an f32 C on the default target or an
// sm_90a one; the paper's WMMA pipeline (PaperMappingPipeline) for an f16
// C (f16 accumulation, which the Hopper kernel does not have) and for
// f16 on other targets; gpu-matmul-mma for bf16 on other targets; and
// gpu-map-affine (GeneralMappingPipeline, any nest whose outer loops are
// parallel) otherwise. Any other matmul types go to the paper's pipeline,
// which refuses them with a located error. An f32 matmul is an error at
// its load of A naming TF32MappingPipeline: no pipeline maps it without
// rounding its inputs (gpu-map-affine refuses a matmul nest: its k loop
// carries a dependence through C that is not a reduction in registers).
func MappingPipelineFor(m *ir.Operation, arch string) (string, error) {
	if hasGPULaunch(m) {
		return "none", nil
	}
	var body *gpuutil.MatmulBody
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		f, ok := affine.AsFor(op)
		if !ok || analysis.LoopDepth(op) < 2 {
			return ir.Advance
		}
		if b, err := gpuutil.MatchMatmulBody(f.Body()); err == nil {
			body = b
			return ir.Interrupt
		}
		return ir.Advance
	})
	if body == nil {
		return GeneralMappingPipeline, nil
	}
	in, acc := body.LoadA.Result(0).Type(), body.LoadC.Result(0).Type()
	hopper := arch == "" || arch == ArchSpecific
	switch {
	case in == ir.F32:
		return "", body.LoadA.Errorf("goopt compile picks no pipeline for an f32 matmul: tensor cores would round its inputs to tf32; ask for that with --pipeline='%s'", TF32MappingPipeline)
	case (in == ir.F16 || in == ir.BF16) && acc == ir.F32 && hopper:
		return HopperMappingPipeline, nil
	case in == ir.BF16:
		return LegacyMappingPipeline, nil
	}
	return PaperMappingPipeline, nil
}

// hasGPULaunch reports whether the module already launches kernels.
func hasGPULaunch(m *ir.Operation) bool {
	found := false
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		switch op.Name() {
		case "gpu.launch", "gpu.launch_func", "gpu.module":
			found = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}
