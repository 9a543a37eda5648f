package affinefusion

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-loop-fusion options.
type Options struct {
	ComputeToleranceThreshold float64 `opt:"fusion-compute-tolerance" desc:"Fractional increase in additional computation tolerated while fusing"`
	FastMemorySpace           uint32  `opt:"fusion-fast-mem-space" desc:"Faster memory space number to promote fusion buffers to"`
	LocalBufSizeThreshold     uint64  `opt:"fusion-local-buf-threshold" desc:"Threshold size (KiB) for promoting local buffers to fast memory space"`
	MaximalFusion             bool    `opt:"fusion-maximal" desc:"Enables maximal loop fusion"`
	AffineFusionMode          string  `opt:"mode" enum:"greedy,producer,sibling" desc:"fusion mode to attempt"`
}

// New returns the pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "affine-loop-fusion", Desc: "Fuse affine loop nests", Display: "LoopFusion"}, Options{ComputeToleranceThreshold: 0.30, AffineFusionMode: "greedy"}, run)

// run fuses producer-consumer loop nests in the blocks of op (upstream
// anchors the pass on any op; functions are found inside modules).
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	if opts.AffineFusionMode == "sibling" {
		am.Emit(op.Remarkf("sibling fusion is not implemented: no loops fused"))
		return nil
	}
	ctx := am.Context()
	var blocks []*ir.Block
	ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Is(affine.ForName) {
			return ir.Skip
		}
		for _, r := range o.Regions() {
			blocks = append(blocks, r.Blocks()...)
		}
		return ir.Advance
	})
	for _, b := range blocks {
		fuseBlock(ctx, b, am)
	}
	return nil
}

// fuseBlock repeatedly fuses a producer nest into the next consumer nest
// of the block.
func fuseBlock(ctx *ir.Context, b *ir.Block, am *pass.AnalysisManager) {
	for changed := true; changed; {
		changed = false
		for _, op := range b.Ops() {
			src, ok := affine.AsFor(op)
			if !ok {
				continue
			}
			dst, ok := nextConsumer(src)
			if !ok {
				continue
			}
			if err := Fuse(ctx, src, dst); err != nil {
				am.Emit(src.Remarkf("loop nest not fused: %v", err))
				continue
			}
			changed = true
			break
		}
	}
}

// nextConsumer returns the first later affine.for of the block that reads
// a memref src writes, when only memory-effect-free ops lie in between.
func nextConsumer(src affine.ForOp) (affine.ForOp, bool) {
	written := map[*ir.Value]bool{}
	ir.WalkOps(src.Operation, func(o *ir.Operation) {
		if analysis.IsAffineWrite(o) {
			a, _ := analysis.NewMemRefAccess(o)
			written[a.MemRef] = true
		}
	})
	if len(written) == 0 {
		return affine.ForOp{}, false
	}
	for o := src.Next(); o != nil; o = o.Next() {
		if f, ok := affine.AsFor(o); ok {
			reads := false
			ir.WalkOps(o, func(x *ir.Operation) {
				if analysis.IsAffineRead(x) {
					a, _ := analysis.NewMemRefAccess(x)
					reads = reads || written[a.MemRef]
				}
			})
			if reads {
				return f, true
			}
			return affine.ForOp{}, false
		}
		if !ir.IsMemoryEffectFree(o) {
			return affine.ForOp{}, false
		}
	}
	return affine.ForOp{}, false
}

type fuseError string

func (e fuseError) Error() string { return string(e) }

// Fuse fuses the producer nest src into the consumer nest dst when both
// are perfectly nested bands with identical bounds and steps and no
// dependence between them is reversed: src's innermost body moves to the
// start of dst's innermost body. A memref.alloc used only by the fused
// nest (and its dealloc) is then shrunk to the region one iteration of
// the fused nest touches (upstream's private memref).
func Fuse(ctx *ir.Context, src, dst affine.ForOp) error {
	sb := analysis.PerfectlyNestedBand(src)
	db := analysis.PerfectlyNestedBand(dst)
	if len(sb) != len(db) {
		return fuseError("the nests have different depths")
	}
	for i := range sb {
		if len(sb[i].Inits()) > 0 || len(db[i].Inits()) > 0 {
			return fuseError("loops with iter_args")
		}
		slm, slo := sb[i].LowerBound()
		sum, suo := sb[i].UpperBound()
		dlm, dlo := db[i].LowerBound()
		dum, duo := db[i].UpperBound()
		if sb[i].Step() != db[i].Step() || !boundEq(slm, slo, dlm, dlo, sb, db) || !boundEq(sum, suo, dum, duo, sb, db) {
			return fuseError("the loops' iteration spaces differ")
		}
	}
	// Bounds of dst's loops may not depend on what src computes; the
	// bands' bounds only use values from outside (or outer IVs, matched).
	var sa, da []*analysis.MemRefAccess
	collect := func(root *ir.Operation, out *[]*analysis.MemRefAccess) bool {
		ok := true
		ir.WalkOps(root, func(o *ir.Operation) {
			if a, isAcc := analysis.NewMemRefAccess(o); isAcc {
				*out = append(*out, a)
			} else if !o.Is(affine.ForName) && !o.Is(affine.IfName) && !o.Is(affine.YieldName) && !ir.IsMemoryEffectFree(o) {
				// Only the nests the dependence analysis models
				// (affine.for and affine.if) may hold accesses.
				ok = false
			}
		})
		return ok
	}
	if !collect(src.Operation, &sa) || !collect(dst.Operation, &da) {
		return fuseError("ops with unknown memory effects")
	}
	for _, s := range sa {
		for _, d := range da {
			if analysis.ReorderViolatesDependence(s, d, sb, db) {
				return fuseError("fusion would violate a dependence")
			}
		}
	}
	// Move src's body into dst's innermost body, mapping the IVs.
	for i := range sb {
		sb[i].InductionVar().ReplaceAllUsesWith(db[i].InductionVar())
	}
	inner := sb[len(sb)-1]
	target := db[len(db)-1].Body()
	first := target.First()
	for _, o := range inner.Body().Ops() {
		if o == inner.Yield() {
			break
		}
		o.Remove()
		target.InsertBefore(first, o)
	}
	src.Erase()
	privatize(ctx, dst, len(db))
	return nil
}

// boundEq compares two bounds, identifying the IVs of the two bands.
func boundEq(am *aff.Map, ao []*ir.Value, bm *aff.Map, bo []*ir.Value, sb, db []affine.ForOp) bool {
	if am != bm || len(ao) != len(bo) {
		return false
	}
	for i := range ao {
		x := ao[i]
		for k := range sb {
			if x == sb[k].InductionVar() {
				x = db[k].InductionVar()
			}
		}
		if x != bo[i] {
			return false
		}
	}
	return true
}
