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

// DefaultMappingPipeline is the pipeline Compile maps an affine matmul
// with: the paper's (Katel et al.) WMMA recipe.
const DefaultMappingPipeline = "gpu-matmul-wmma"

// CompileOptions configure Compile. The zero value compiles an affine
// matmul through the paper's pipeline to PTX for sm_90.
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
	return fmt.Sprintf("builtin.module(lower-affine,gpu-launch-sink-index-computations,gpu-kernel-outlining,gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm,"+
		"convert-gpu-to-nvvm{index-bitwidth=%d use-bare-ptr-memref-call-conv=%t vector-alignment-from-indices=true},canonicalize,cse,reconcile-unrealized-casts))",
		bits, !o.DescriptorArgs)
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
		mapping = MappingPipeline(module)
	}
	var stages []string
	if mapping != "none" {
		stages = append(stages, mapping)
	}
	stages = append(stages, LoweringPipeline(o))
	for _, text := range stages {
		if err := ctx.Err(); err != nil {
			return nil, ir.DiagList{ir.Errorf(ir.Unknown, "%v", err)}
		}
		pm, err := compilePipeline(irctx, o.Registry, text)
		if err != nil {
			return nil, ir.Diagnostics(err)
		}
		if err := pm.Run(module); err != nil {
			return nil, ir.Diagnostics(err)
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
	m, err := nvptx.Translate(module, nvptx.TranslateOptions{GPUModule: manifest.Module})
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	llvmIR := m.String()
	if o.Emit == EmitLLVM {
		res.Output = []byte(llvmIR)
		return res, nil
	}
	ptx, err := nvptx.PTX(ctx, llvmIR, o.Codegen)
	if err != nil {
		return nil, ir.DiagList{ir.Errorf(ir.Unknown, "%v", err)}
	}
	if o.Emit == EmitPTX {
		res.Output = []byte(ptx)
		return res, nil
	}
	cubin, err := nvptx.Cubin(ctx, ptx, o.Codegen)
	if err != nil {
		return nil, ir.DiagList{ir.Errorf(ir.Unknown, "%v", err)}
	}
	res.Output = cubin
	return res, nil
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

// MappingPipeline is the mapping Compile runs when none is given: none
// when the module already launches kernels, the paper's WMMA pipeline
// (DefaultMappingPipeline) when a loop nest's innermost body is a matmul
// update C += A * B, and gpu-map-affine (GeneralMappingPipeline, any nest
// whose outer loops are parallel) otherwise.
func MappingPipeline(m *ir.Operation) string {
	if hasGPULaunch(m) {
		return "none"
	}
	matmul := false
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		f, ok := affine.AsFor(op)
		if !ok || analysis.LoopDepth(op) < 2 {
			return ir.Advance
		}
		if _, err := gpuutil.MatchMatmulBody(f.Body()); err == nil {
			matmul = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	if matmul {
		return DefaultMappingPipeline
	}
	return GeneralMappingPipeline
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
