package affineparallelize

import (
	"math"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-parallelize options.
type Options struct {
	MaxNested          uint32 `opt:"max-nested" desc:"Maximum number of nested parallel loops to produce. Defaults to unlimited (UINT_MAX)."`
	ParallelReductions bool   `opt:"parallel-reductions" desc:"Whether to parallelize reduction loops. Defaults to false."`
}

// New returns the pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "affine-parallelize", Desc: "Convert affine.for ops into 1-D affine.parallel", On: "func.func", Display: "AffineParallelize"}, Options{MaxNested: math.MaxUint32}, run)

type candidate struct {
	loop       affine.ForOp
	reductions []analysis.LoopReduction
}

// run parallelizes the loops of a function.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	var cands []candidate
	affine.WalkFors(op, func(f affine.ForOp) ir.WalkResult {
		if par, reds := analysis.IsLoopParallel(f, opts.ParallelReductions); par {
			cands = append(cands, candidate{f, reds})
		}
		return ir.Advance
	})
	for _, c := range cands {
		n := 0
		for q := c.loop.ParentOp(); q != nil && !q.HasTrait(ir.AffineScope); q = q.ParentOp() {
			if q.Is(affine.ParallelName) {
				n++
			}
		}
		if uint64(n) < uint64(opts.MaxNested) {
			Parallelize(am.Context(), c.loop, c.reductions)
		}
	}
	return nil
}

// Parallelize replaces f by a 1-D affine.parallel with the given
// reductions (which must cover every iter_arg; otherwise f is left alone
// and false is returned). The caller has established that f is parallel.
func Parallelize(ctx *ir.Context, f affine.ForOp, reductions []analysis.LoopReduction) bool {
	if len(reductions) != len(f.Inits()) {
		return false
	}
	lbm, lbo := f.LowerBound()
	ubm, ubo := f.UpperBound()
	var resTypes []ir.Type
	kinds := make([]ir.Attribute, len(reductions))
	reduced := make([]*ir.Value, len(reductions))
	for i, r := range reductions {
		resTypes = append(resTypes, r.Value.Type())
		kinds[i] = ir.IntAttr(ir.I64, r.Kind)
		reduced[i] = r.Value
	}
	st := &ir.OperationState{Name: affine.ParallelName, Loc: f.Loc(), Types: resTypes}
	st.Operands = append(append(st.Operands, lbo...), ubo...)
	st.AddAttr("lowerBoundsMap", ir.AffineMapOf(lbm))
	st.AddAttr("lowerBoundsGroups", i32Tensor(int64(len(lbm.Results))))
	st.AddAttr("upperBoundsMap", ir.AffineMapOf(ubm))
	st.AddAttr("upperBoundsGroups", i32Tensor(int64(len(ubm.Results))))
	st.AddAttr("steps", ir.I64Array(f.Step()))
	st.AddAttr("reductions", ir.Array(kinds...))
	st.AddRegion()
	par := ctx.NewOperation(st)
	f.Block().InsertBefore(f.Operation, par)
	par.Region(0).TakeBody(f.Region(0))
	body := par.Region(0).Front()
	y := body.Last()
	inits := f.Inits()
	for i, r := range reductions {
		comb := r.Combiner
		comb.MoveBefore(f.Operation)
		comb.SetOperands([]*ir.Value{inits[i], par.Result(i)})
		f.Result(i).ReplaceAllUsesWith(comb.Result(0))
	}
	y.SetOperands(reduced)
	for body.NumArguments() > 1 {
		body.EraseArgument(1)
	}
	f.Erase()
	return true
}

func i32Tensor(v int64) *ir.DenseElementsAttr {
	return ir.Dense(ir.RankedTensor([]int64{1}, ir.I32, nil), []ir.Attribute{ir.IntAttr(ir.I32, v)})
}
