package pass

import "github.com/goopt/goopt/ir"

// Func is a pass declared as data: its description and the function it
// runs. Most passes are a walk that collects candidates and a call into a
// dialect's utility package; declaring them this way keeps the pass
// package about the transformation rather than about the Pass interface.
// A pass package declares its factory with DefineFunc:
//
//	// New returns the strip-debuginfo pass.
//	var New = pass.DefineFunc(pass.Base{Arg: "strip-debuginfo", Desc: "..."}, run)
type Func struct {
	Base
	// Fn transforms op, as Pass.Run.
	Fn func(op *ir.Operation, am *AnalysisManager) error
}

// Run calls p.Fn.
func (p *Func) Run(op *ir.Operation, am *AnalysisManager) error { return p.Fn(op, am) }

// OptionsFunc is a Func with a typed options struct O: the pipeline parser
// fills Opts (through Options) before Run hands it to Fn. A pass package
// declares its factory with Define:
//
//	// New returns the affine-loop-unroll-jam pass with upstream's defaults.
//	var New = pass.Define(pass.Base{Arg: "affine-loop-unroll-jam"}, Options{UnrollJamFactor: 4}, run)
type OptionsFunc[O any] struct {
	Base
	Opts O
	// Fn transforms op under opts, as Pass.Run.
	Fn func(opts *O, op *ir.Operation, am *AnalysisManager) error
}

// Options returns a pointer to p.Opts.
func (p *OptionsFunc[O]) Options() any { return &p.Opts }

// Run calls p.Fn with p's options.
func (p *OptionsFunc[O]) Run(op *ir.Operation, am *AnalysisManager) error {
	return p.Fn(&p.Opts, op, am)
}

// DefineFunc returns the factory of a Func pass: every call makes a fresh
// *Func, so pipelines never share pass state. Pass packages declare their
// New this way rather than each writing the same constructor.
func DefineFunc(b Base, fn func(op *ir.Operation, am *AnalysisManager) error) Factory {
	return func() Pass { return &Func{Base: b, Fn: fn} }
}

// Define returns the factory of an OptionsFunc pass whose options start as
// defaults. Every call makes a fresh *OptionsFunc[O] with its own copy of
// the defaults, so parsing one instance's options leaves the others as
// they were; callers that tune a pass in code may assert the result to
// *OptionsFunc[O].
func Define[O any](b Base, defaults O, fn func(opts *O, op *ir.Operation, am *AnalysisManager) error) Factory {
	return func() Pass { return &OptionsFunc[O]{Base: b, Opts: defaults, Fn: fn} }
}
