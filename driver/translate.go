package driver

import (
	"context"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
)

// TranslateOptions configure Translate; the zero value translates the
// whole module (or its only gpu.module) with every dialect registered.
type TranslateOptions struct {
	// GPUModule chooses the gpu.module to translate when there are several.
	GPUModule string
	// AllowUnregistered is --allow-unregistered-dialect (such ops are then
	// reported by the translation).
	AllowUnregistered bool
	// NewContext builds the IR context; nil means every dialect of dialects/all.
	NewContext func() *ir.Context
}

// Translate is goopt translate --mlir-to-llvmir's flow: parse and verify
// src, translate its llvm and nvvm dialect ops to an LLVM IR module for
// NVPTX and print it. Every op that cannot be translated is reported.
func Translate(ctx context.Context, src []byte, filename string, o TranslateOptions) ([]byte, ir.DiagList) {
	if err := ctx.Err(); err != nil {
		return nil, unlocated(err)
	}
	if o.NewContext == nil {
		o.NewContext = all.NewContext
	}
	irctx := o.NewContext()
	irctx.AllowUnregistered = o.AllowUnregistered
	module, diags := parseVerified(irctx, filename, src)
	if diags != nil {
		return nil, diags
	}
	m, err := nvptx.Translate(module, nvptx.TranslateOptions{GPUModule: o.GPUModule})
	if err != nil {
		return nil, ir.Diagnostics(err)
	}
	return []byte(m.String()), nil
}
