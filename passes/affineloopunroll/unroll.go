package affineloopunroll

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-loop-unroll options.
type Options struct {
	UnrollFactor        uint32 `opt:"unroll-factor" desc:"Use this unroll factor for all loops being unrolled"`
	UnrollUpToFactor    bool   `opt:"unroll-up-to-factor" desc:"Allow unrolling up to the factor specified"`
	UnrollFull          bool   `opt:"unroll-full" desc:"Fully unroll loops"`
	UnrollNumReps       uint32 `opt:"unroll-num-reps" desc:"Unroll innermost loops repeatedly this many times"`
	UnrollFullThreshold int64  `opt:"unroll-full-threshold" desc:"Unroll all loops with trip count less than or equal to this (with unroll-full; -1: unset)"`
	CleanupUnroll       bool   `opt:"cleanup-unroll" desc:"Fully unroll the cleanup loop when possible."`
}

// Pass is the affine-loop-unroll pass.
type Pass struct {
	pass.Base
	Opts Options
	// Factor, when set, picks the unroll factor of each loop (upstream's
	// getUnrollFactor callback); loops are then unrolled repeatedly until
	// none is left.
	Factor func(affine.ForOp) int64
}

// New returns the affine-loop-unroll pass with upstream's defaults.
func New() pass.Pass {
	return &Pass{
		Base: pass.Base{Arg: "affine-loop-unroll", Desc: "Unroll affine loops", On: "func.func", Display: "LoopUnroll"},
		Opts: Options{UnrollFactor: 4, UnrollNumReps: 1, UnrollFullThreshold: -1},
	}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run unrolls the innermost loops of the function (all short loops with
// unroll-full and unroll-full-threshold).
func (p *Pass) Run(fn *ir.Operation, am *pass.AnalysisManager) error {
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil
	}
	if p.Opts.UnrollFactor == 0 && p.Factor == nil && !p.Opts.UnrollFull {
		return ir.Errorf(fn.Loc(), "invalid value '0' for option 'unroll-factor': expected a positive unroll factor")
	}
	ctx := am.Context()
	if p.Opts.UnrollFull && p.Opts.UnrollFullThreshold >= 0 {
		// Post-order: inner loops before the loops containing them.
		var short []affine.ForOp
		for _, f := range looputil.Loops(fn) {
			if tc, ok := looputil.ConstantTripCount(f); ok && tc <= p.Opts.UnrollFullThreshold {
				short = append(short, f)
			}
		}
		for _, f := range short {
			_ = looputil.LoopUnrollFull(ctx, f)
		}
		return nil
	}
	for i := uint32(0); i < p.Opts.UnrollNumReps || p.Factor != nil; i++ {
		loops := looputil.InnermostLoops(fn)
		if len(loops) == 0 {
			break
		}
		unrolled := false
		for _, f := range loops {
			if p.unroll(ctx, f) == nil {
				unrolled = true
			}
		}
		if !unrolled {
			break
		}
	}
	return nil
}

func (p *Pass) unroll(ctx *ir.Context, f affine.ForOp) error {
	switch {
	case p.Factor != nil:
		return looputil.LoopUnrollByFactor(ctx, f, p.Factor(f), p.Opts.CleanupUnroll)
	case p.Opts.UnrollFull:
		return looputil.LoopUnrollFull(ctx, f)
	case p.Opts.UnrollUpToFactor:
		return looputil.LoopUnrollUpToFactor(ctx, f, int64(p.Opts.UnrollFactor))
	}
	return looputil.LoopUnrollByFactor(ctx, f, int64(p.Opts.UnrollFactor), p.Opts.CleanupUnroll)
}
