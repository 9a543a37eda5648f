package canonicalize

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite"
)

// Options are upstream's canonicalize options.
type Options struct {
	TopDown          bool     `opt:"top-down" desc:"Seed the worklist in general top-down order"`
	RegionSimplify   string   `opt:"region-simplify" enum:"disabled,normal,aggressive" desc:"Perform control flow optimizations to the region tree (disabled, normal or aggressive)"`
	MaxIterations    int64    `opt:"max-iterations" desc:"Max. iterations between applying patterns / simplifying regions (-1: no limit)"`
	MaxNumRewrites   int64    `opt:"max-num-rewrites" desc:"Max. number of pattern rewrites within an iteration (-1: no limit)"`
	TestConvergence  bool     `opt:"test-convergence" desc:"Test only: Fail pass on non-convergence to detect cyclic pattern"`
	DisabledPatterns []string `opt:"disable-patterns" desc:"Labels of patterns that should be filtered out during application"`
	EnabledPatterns  []string `opt:"enable-patterns" desc:"Labels of patterns that should be used during application, all other patterns are filtered out"`
}

// New returns the pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "canonicalize", Desc: "Canonicalize operations", Display: "Canonicalizer"}, Options{TopDown: true, RegionSimplify: "normal", MaxIterations: 10, MaxNumRewrites: -1}, run)

// Config translates the options into a greedy driver configuration.
func (o *Options) Config() rewrite.Config {
	cfg := rewrite.DefaultConfig()
	cfg.TopDown = o.TopDown
	cfg.MaxIterations = int(o.MaxIterations)
	if o.MaxIterations < 0 {
		cfg.MaxIterations = rewrite.NoLimit
	}
	cfg.MaxNumRewrites = int(o.MaxNumRewrites)
	if o.MaxNumRewrites < 0 {
		cfg.MaxNumRewrites = rewrite.NoLimit
	}
	switch o.RegionSimplify {
	case "disabled":
		cfg.RegionSimplify = rewrite.SimplifyDisabled
	case "aggressive":
		cfg.RegionSimplify = rewrite.SimplifyAggressive
	default:
		cfg.RegionSimplify = rewrite.SimplifyNormal
	}
	return cfg
}

// run canonicalizes the regions of op. Canonicalization is best effort:
// not converging fails the pass only under test-convergence.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	ctx := am.Context()
	patterns := rewrite.CanonicalizationPatterns(ctx).Filter(opts.DisabledPatterns, opts.EnabledPatterns)
	res := rewrite.ApplyPatternsAndFoldGreedily(ctx, op, patterns, opts.Config())
	if opts.TestConvergence && !res.Converged {
		return ir.Errorf(op.Loc(), "canonicalizer failed to converge within %d iterations", res.Iterations)
	}
	return nil
}
