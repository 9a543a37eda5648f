package gpukerneloutlining

import (
	"errors"
	"strings"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's.
type Options struct {
	DataLayoutStr string `opt:"data-layout-str" desc:"String containing the data layout specification to be attached to the GPU kernel module"`
}

// New returns the pass.
var New = pass.Define(pass.Base{Arg: "gpu-kernel-outlining", Desc: "Outline gpu.launch bodies to kernel functions", On: "builtin.module", Display: "GpuKernelOutlining"}, Options{}, run)

// run outlines the gpu.launch ops of the module's functions.
func run(o *Options, module *ir.Operation, am *pass.AnalysisManager) error {
	var opts gpuutil.OutlineOptions
	if o.DataLayoutStr != "" {
		dl, err := dataLayout(o.DataLayoutStr)
		if err != nil {
			return ir.Errorf(module.Loc(), "invalid value '%s' for option 'data-layout-str': %s", o.DataLayoutStr, err)
		}
		opts.DataLayout = dl
	}
	_, err := gpuutil.OutlineKernels(am.Context(), module, opts)
	return err
}

// dataLayout parses a data layout specification, `#dlti.dl_spec<...>`.
// goopt has no dlti dialect, so the attribute is kept as text, as
// written; it must at least be a dl_spec. (Reading the output back into
// goopt then needs --allow-unregistered-dialect.)
func dataLayout(s string) (ir.Attribute, error) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	a, err := parser.ParseAttribute(ctx, s)
	if err != nil {
		if ds := ir.Diagnostics(err); len(ds) > 0 {
			// The position is in the option's text, not the input file.
			return nil, errors.New(ds[0].Msg)
		}
		return nil, err
	}
	if o, ok := a.(*ir.OpaqueAttr); !ok || o.Dialect != "dlti" || !strings.HasPrefix(o.Body, ".dl_spec<") {
		return nil, errors.New("expected a '#dlti.dl_spec' attribute")
	}
	return a, nil
}
