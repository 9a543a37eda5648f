package pass

import "github.com/goopt/goopt/ir"

// Func is a pass declared as data: its description and the function it
// runs. Most passes are a walk that collects candidates and a call into a
// dialect's utility package; declaring them this way keeps the pass
// package about the transformation rather than about the Pass interface.
//
//	func New() pass.Pass {
//		return &pass.Func{Base: pass.Base{Arg: "strip-debuginfo", Desc: "..."}, Fn: run}
//	}
type Func struct {
	Base
	// Fn transforms op, as Pass.Run.
	Fn func(op *ir.Operation, am *AnalysisManager) error
}

// Run calls p.Fn.
func (p *Func) Run(op *ir.Operation, am *AnalysisManager) error { return p.Fn(op, am) }

// OptionsFunc is a Func with a typed options struct O: the pipeline parser
// fills Opts (through Options) before Run hands it to Fn.
//
//	func New() pass.Pass {
//		return &pass.OptionsFunc[Options]{Base: pass.Base{Arg: "affine-loop-unroll-jam"}, Opts: Options{UnrollJamFactor: 4}, Fn: run}
//	}
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
