package rewrite

import "github.com/goopt/goopt/ir"

// RegionSimplify selects the CFG clean-ups run between rewrite iterations.
type RegionSimplify uint8

const (
	// SimplifyDisabled runs no region simplification.
	SimplifyDisabled RegionSimplify = iota
	// SimplifyNormal erases unreachable blocks and folds trivial branches.
	SimplifyNormal
	// SimplifyAggressive also merges identical blocks (currently as Normal).
	SimplifyAggressive
)

// NoLimit disables MaxIterations or MaxNumRewrites.
const NoLimit = -1

// Config controls the greedy driver; the zero value is not the default,
// use DefaultConfig.
type Config struct {
	// TopDown processes ops in pre-order instead of bottom-up.
	TopDown bool
	// MaxIterations bounds the number of sweeps over the IR (NoLimit: none).
	MaxIterations int
	// MaxNumRewrites bounds pattern applications per run (NoLimit: none).
	MaxNumRewrites int
	// RegionSimplify is the CFG clean-up level.
	RegionSimplify RegionSimplify
	// DisableFolding skips OpDef.Fold.
	DisableFolding bool
}

// DefaultConfig returns MLIR's GreedyRewriteConfig defaults.
func DefaultConfig() Config {
	return Config{TopDown: true, MaxIterations: 10, MaxNumRewrites: NoLimit, RegionSimplify: SimplifyNormal}
}

// Result says how a greedy run ended.
type Result struct {
	// Changed is true when the IR was modified.
	Changed bool
	// Converged is true when the last sweep found nothing to do.
	Converged bool
	// Iterations is the number of sweeps made.
	Iterations int
}

// ApplyPatternsAndFoldGreedily rewrites the regions of op to a fixed point
// (MLIR's applyPatternsAndFoldGreedily): each sweep uniques and hoists
// constants, then pops ops from a worklist, erasing trivially dead ones,
// folding them (materialising constant results through the dialect) and
// applying the best matching pattern. Ops created or changed are pushed
// back. Sweeps repeat, with region simplification between them, until
// nothing changes or the iteration limit is hit.
func ApplyPatternsAndFoldGreedily(ctx *ir.Context, op *ir.Operation, patterns *PatternSet, cfg Config) Result {
	d := &driver{ctx: ctx, patterns: patterns, cfg: cfg, folder: NewFolder(), index: map[*ir.Operation]int{}}
	d.rw = ir.NewRewriter(ctx)
	d.rw.Listener = d.push
	d.rw.OnModify = d.push
	d.rw.OnErase = d.notifyErased
	d.scope = op
	var res Result
	for {
		if cfg.MaxIterations != NoLimit && res.Iterations >= cfg.MaxIterations {
			return res
		}
		res.Iterations++
		d.reset()
		d.fill(op)
		changed := d.process()
		if cfg.RegionSimplify != SimplifyDisabled {
			for _, r := range op.Regions() {
				if SimplifyRegion(d.rw, r, cfg.RegionSimplify == SimplifyAggressive) {
					changed = true
				}
			}
		}
		res.Changed = res.Changed || changed
		if !changed {
			res.Converged = true
			return res
		}
		if d.rewriteLimitHit() {
			return res
		}
	}
}

type driver struct {
	ctx      *ir.Context
	rw       *ir.Rewriter
	patterns *PatternSet
	cfg      Config
	folder   *Folder
	scope    *ir.Operation

	worklist    []*ir.Operation
	index       map[*ir.Operation]int
	numRewrites int
}

func (d *driver) reset() {
	d.worklist = d.worklist[:0]
	clear(d.index)
}

func (d *driver) rewriteLimitHit() bool {
	return d.cfg.MaxNumRewrites != NoLimit && d.numRewrites >= d.cfg.MaxNumRewrites
}

// fill seeds the worklist with every op nested in the scope's regions,
// uniquing constants on the way.
func (d *driver) fill(op *ir.Operation) {
	known := func(o *ir.Operation) bool {
		v := ConstantValue(o)
		return v != nil && !d.folder.InsertKnownConstant(d.rw, o, v)
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if d.cfg.TopDown {
					ir.Walk(o, ir.PreOrder, func(x *ir.Operation) ir.WalkResult {
						if known(x) {
							return ir.Skip
						}
						d.push(x)
						return ir.Advance
					})
				} else {
					ir.Walk(o, ir.PostOrder, func(x *ir.Operation) ir.WalkResult {
						if !known(x) {
							d.push(x)
						}
						return ir.Advance
					})
				}
			}
		}
	}
	if d.cfg.TopDown {
		// Popping from the back then visits ops in pre-order.
		for i, j := 0, len(d.worklist)-1; i < j; i, j = i+1, j-1 {
			d.worklist[i], d.worklist[j] = d.worklist[j], d.worklist[i]
		}
		for i, o := range d.worklist {
			if o != nil {
				d.index[o] = i
			}
		}
	}
}

// push adds op and its ancestors up to the scope, as MLIR's addToWorklist.
func (d *driver) push(op *ir.Operation) {
	var chain []*ir.Operation
	for o := op; o != nil && o != d.scope; o = o.ParentOp() {
		chain = append(chain, o)
		if o.ParentOp() == d.scope {
			for _, c := range chain {
				d.pushOne(c)
			}
			return
		}
	}
}

func (d *driver) pushOne(op *ir.Operation) {
	if _, ok := d.index[op]; ok {
		return
	}
	d.index[op] = len(d.worklist)
	d.worklist = append(d.worklist, op)
}

func (d *driver) remove(op *ir.Operation) {
	if i, ok := d.index[op]; ok {
		d.worklist[i] = nil
		delete(d.index, op)
	}
}

func (d *driver) pop() *ir.Operation {
	for len(d.worklist) > 0 {
		op := d.worklist[len(d.worklist)-1]
		d.worklist = d.worklist[:len(d.worklist)-1]
		if op != nil {
			delete(d.index, op)
			return op
		}
	}
	return nil
}

// notifyErased drops op from the worklist and the folder, and revisits the
// producers of its operands, which may have become dead.
func (d *driver) notifyErased(op *ir.Operation) {
	for _, v := range op.Operands() {
		if v == nil {
			continue
		}
		def := v.DefiningOp()
		if def == nil {
			continue
		}
		others := 0
		for _, u := range v.Users() {
			if u != op {
				others++
			}
		}
		if others <= 1 {
			d.push(def)
		}
	}
	d.remove(op)
	d.folder.NotifyRemoval(op)
}

// process drains the worklist and reports whether anything changed.
func (d *driver) process() bool {
	changed := false
	for !d.rewriteLimitHit() {
		op := d.pop()
		if op == nil {
			break
		}
		if ir.IsTriviallyDead(op) {
			d.rw.EraseOp(op)
			changed = true
			continue
		}
		if !d.cfg.DisableFolding && !op.HasTrait(ir.ConstantLike) && d.fold(op) {
			changed = true
			continue
		}
		for _, p := range d.patterns.For(op) {
			d.rw.SetInsertionPointBefore(op)
			if p.MatchAndRewrite(op, d.rw) {
				d.numRewrites++
				changed = true
				break
			}
		}
	}
	return changed
}

// fold folds op in place or replaces it by values and materialised
// constants, reporting whether it did.
func (d *driver) fold(op *ir.Operation) bool {
	res, inPlace := TryFold(op)
	if res == nil {
		return false
	}
	if inPlace {
		d.push(op)
		return true
	}
	return ReplaceByFold(d.rw, op, res)
}
