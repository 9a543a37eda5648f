package gpuutil

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
)

// Mapping of an affine matmul nest (the output of affine-gpu-tile,
// -smem-copy, -wmma and -vectorize-copies) onto a gpu.launch, as the
// paper's section 3.9 does:
//
//	affine.for %i (thread-block rows)   -> blockIdx.y   (grid y = trips of i)
//	  affine.for %j (thread-block cols) -> blockIdx.x   (grid x = trips of j)
//	    affine.for %ii (warp rows)      -> (warp floordiv trips(jj)) * step + lb
//	      affine.for %jj (warp cols)    -> (warp mod trips(jj)) * step + lb
//	        body                        -> run by every warp, warp = threadIdx.x floordiv 32
//
// with the block one-dimensional: 32 threads per (ii, jj) iteration. The
// body runs unchanged in every lane of its warp: the subgroup_mma ops are
// warp-wide, and any other op that writes memory would be repeated by 32
// lanes, so the mapping is refused for it. Copy nests (loop nests that
// write only workgroup memory, from memory the nest never writes, and that
// do not depend on the warp loops) are not run per warp: every thread of
// the block runs an equal share of their linearised iteration space,
//
//	affine.for %c = 0 to ceildiv(trips, threads) {
//	  L = %c * threads + threadIdx.x   // innermost copy loop fastest: coalesced
//	  ivs = delinearize(L) ...
//	}
//
// guarded by `L < trips` when the block size does not divide the trip
// count. Barriers order the copies against the reads of the shared
// buffers: one after the copies, and one at the end of the loop body that
// holds them, before the next iteration's copies overwrite what this
// iteration read.
//
// Legality. The grid loops must carry no dependence once workgroup
// buffers are private to a block; the warp loops must carry none outside
// the copy nests, whose effect every (ii, jj) iteration repeats
// identically (their values depend on i, j and the loops around them
// only). subgroup_mma loads and stores are analysed by their 16x16 tile
// origin, which is exact when every origin is a multiple of 16 and the
// leading dimension is the memref's row length; both are checked.
// Workgroup buffers must come from memref.get_global above the nest: the
// launch body gets its own get_global, which the interpreter and the GPU
// instantiate per block. The compute is assumed to read only shared
// elements the copies of the same iteration wrote, as affine-gpu-smem-copy
// produces (stale shared data of another block is not visible after the
// mapping).

// MapOptions configure MapToLaunch.
type MapOptions struct {
	// GridXLoop names the thread-block loop mapped to blockIdx.x: "j"
	// (default: consecutive blocks walk along N) or "i".
	GridXLoop string
	// MaxThreadsPerBlock bounds the block size (default 1024).
	MaxThreadsPerBlock int64
	// Lower, when set, rewrites the launch body in place (lower-affine):
	// a failure removes the launch and leaves the nest unchanged.
	Lower func(launch *ir.Operation) error
}

// Hardware constants of the mapping.
const (
	warpSize                  = 32
	mmaTile                   = 16
	defaultMaxThreadsPerBlock = 1024
	workgroupMemorySpace      = 3
)

// getGlobal is the op the mapping re-creates inside the launch (the mma
// op names are wmma.go's).
const getGlobal = "memref.get_global"

// mapPlan is what the analysis of a nest found: the band, the copy nests
// and the shared buffers, all in the original IR.
type mapPlan struct {
	band          [4]affine.ForOp // i, j, ii, jj
	lb, step, n   [4]int64        // constant lower bound, step, trip count
	copies        map[*ir.Operation]bool
	shared        []*ir.Operation // memref.get_global ops of the workgroup buffers
	threads       int64
	gridX, gridY  int // band positions mapped to blockIdx.x / y
	warpsInBlockX int64
}

// MapToLaunch replaces the affine nest rooted at root by a gpu.launch (see
// the comment above for the mapping). It returns the launch, or an error
// (a diagnostic located at the op that prevents the mapping) and leaves
// the IR unchanged.
func MapToLaunch(ctx *ir.Context, root affine.ForOp, opts MapOptions) (*ir.Operation, error) {
	p, err := planMapping(root, opts)
	if err != nil {
		return nil, err
	}
	launch, consts := p.build(ctx, root)
	if opts.Lower != nil {
		if err := opts.Lower(launch); err != nil {
			launch.Erase()
			for _, c := range consts {
				c.Erase()
			}
			return nil, err
		}
	}
	root.Erase()
	for _, g := range p.shared {
		if g.UseEmpty() {
			g.Erase()
		}
	}
	return launch, nil
}

// planMapping checks that root can be mapped and returns the plan.
func planMapping(root affine.ForOp, opts MapOptions) (*mapPlan, error) {
	maxThreads := opts.MaxThreadsPerBlock
	if maxThreads <= 0 {
		maxThreads = defaultMaxThreadsPerBlock
	}
	p := &mapPlan{copies: map[*ir.Operation]bool{}}
	switch opts.GridXLoop {
	case "", "j":
		p.gridX, p.gridY = 1, 0
	case "i":
		p.gridX, p.gridY = 0, 1
	default:
		return nil, fmt.Errorf("unknown grid-x loop %q: expected 'i' or 'j'", opts.GridXLoop)
	}
	band := analysis.PerfectlyNestedBand(root)
	if len(band) < 4 {
		return nil, root.Errorf("expected 4 perfectly nested loops (thread-block i, j, warp ii, jj), found %d", len(band))
	}
	names := [4]string{"thread-block i", "thread-block j", "warp ii", "warp jj"}
	for d := 0; d < 4; d++ {
		f := band[d]
		p.band[d] = f
		lb, lok := f.ConstantLowerBound()
		_, uok := f.ConstantUpperBound()
		n, nok := f.ConstantTripCount()
		if !lok || !uok || !nok || n <= 0 || len(f.Inits()) > 0 {
			return nil, f.Errorf("%s loop must have constant bounds, no iter_args and at least one iteration", names[d])
		}
		p.lb[d], p.step[d], p.n[d] = lb, f.Step(), n
	}
	p.warpsInBlockX = p.n[3]
	warps := p.n[2] * p.n[3]
	p.threads = warps * warpSize
	if p.threads > maxThreads {
		return nil, root.Errorf("%d warps need %d threads per block, more than %d", warps, p.threads, maxThreads)
	}
	jj := p.band[3]
	uniform := p.uniformValues(root)
	if err := p.findCopies(jj, uniform); err != nil {
		return nil, err
	}
	if err := p.findShared(root); err != nil {
		return nil, err
	}
	// Grid loops: workgroup buffers are private to a block.
	all, err := collectAccesses(root.Operation, nil)
	if err != nil {
		return nil, err
	}
	for d := 0; d < 2; d++ {
		if op := carriedDependence(all, p.band[d]); op != nil {
			return nil, op.Errorf("carries a dependence across the %s loop, which cannot be mapped to thread blocks", names[d])
		}
	}
	// Warp loops: the copy nests are hoisted out of them (run once by the
	// whole block), everything else runs per warp.
	warp, err := collectAccesses(jj.Operation, p.copies)
	if err != nil {
		return nil, err
	}
	for d := 2; d < 4; d++ {
		if op := carriedDependence(warp, p.band[d]); op != nil {
			return nil, op.Errorf("carries a dependence across the %s loop, which cannot be mapped to warps", names[d])
		}
	}
	return p, nil
}

// uniformValues returns a predicate telling whether a value is the same in
// every thread of a block: defined above root, i and j, constants, and
// values computed from them, including the IVs of loops with uniform
// bounds nested in jj.
func (p *mapPlan) uniformValues(root affine.ForOp) func(*ir.Value) bool {
	memo := map[*ir.Value]bool{}
	var uniform func(v *ir.Value) bool
	uniform = func(v *ir.Value) bool {
		if r, ok := memo[v]; ok {
			return r
		}
		memo[v] = false // cycles through iter_args are not uniform
		r := false
		switch {
		case !root.IsAncestor(definingOrOwner(v)):
			r = true
		case v == p.band[0].InductionVar() || v == p.band[1].InductionVar():
			r = true
		case v == p.band[2].InductionVar() || v == p.band[3].InductionVar():
			r = false
		case v.IsBlockArgument():
			f, ok := affine.AsFor(v.OwnerBlock().ParentOp())
			r = ok && v.Index() == 0 && allOf(f.Operands()[:len(f.Operands())-len(f.Inits())], uniform)
		default:
			d := v.DefiningOp()
			r = d.NumRegions() == 0 && ir.IsMemoryEffectFree(d) && allOf(d.Operands(), uniform)
		}
		memo[v] = r
		return r
	}
	return uniform
}

func definingOrOwner(v *ir.Value) *ir.Operation {
	if v.IsBlockArgument() {
		return v.OwnerBlock().ParentOp()
	}
	return v.DefiningOp()
}

func allOf(vs []*ir.Value, pred func(*ir.Value) bool) bool {
	for _, v := range vs {
		if !pred(v) {
			return false
		}
	}
	return true
}

// nestAccess is one memory access of the nest: its memref and whether it
// writes.
type nestAccess struct {
	op     *ir.Operation
	memref *ir.Value
	write  bool
}

// accessOf returns the memory access of an affine or subgroup_mma access op.
func accessOf(op *ir.Operation) (nestAccess, bool) {
	switch {
	case analysis.IsAffineAccess(op):
		a, ok := analysis.NewMemRefAccess(op)
		if !ok {
			return nestAccess{}, false
		}
		return nestAccess{op, a.MemRef, a.IsStore}, true
	case op.Is(mmaLoadName) && op.NumOperands() >= 1:
		return nestAccess{op, op.Operand(0), false}, true
	case op.Is(mmaStoreName) && op.NumOperands() >= 2:
		return nestAccess{op, op.Operand(1), true}, true
	}
	return nestAccess{}, false
}

// findCopies records the copy nests in jj's body and checks that the rest
// of the body can run per warp.
func (p *mapPlan) findCopies(jj affine.ForOp, uniform func(*ir.Value) bool) error {
	var err error
	written := map[*ir.Value]*ir.Operation{} // shared buffer -> copy nest writing it
	ir.Walk(jj.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == jj.Operation {
			return ir.Advance
		}
		if f, ok := affine.AsFor(op); ok && isCopyNest(f) {
			if err = p.checkCopy(f, jj, uniform, written); err != nil {
				return ir.Interrupt
			}
			p.copies[op] = true
			return ir.Skip
		}
		if a, ok := accessOf(op); ok {
			switch {
			case a.write && isWorkgroup(a.memref):
				err = op.Errorf("writes workgroup memory outside a copy nest")
			case a.write && !op.Is(mmaStoreName):
				err = op.Errorf("writes memory in the warp-mapped loops: every lane of the warp would repeat it; only warp-wide subgroup_mma stores can")
			}
		} else if !op.Is(affine.ForName) && !op.Is(affine.IfName) && !op.Is(affine.YieldName) && !ir.IsMemoryEffectFree(op) {
			err = op.Errorf("has memory effects the mapping cannot analyse")
		}
		if err != nil {
			return ir.Interrupt
		}
		return ir.Advance
	})
	return err
}

// isCopyNest reports whether f writes workgroup memory only (at least one
// element) and reads no workgroup memory: the shape affine-gpu-smem-copy
// produces.
func isCopyNest(f affine.ForOp) bool {
	writes, ok := 0, true
	ir.Walk(f.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		a, isAcc := accessOf(op)
		switch {
		case !isAcc:
			return ir.Advance
		case a.write && isWorkgroup(a.memref) && !op.Is(mmaStoreName):
			writes++
		case a.write, isWorkgroup(a.memref), op.Is(mmaLoadName):
			ok = false
			return ir.Interrupt
		}
		return ir.Advance
	})
	return ok && writes > 0
}

// checkCopy checks that the copy nest f can be distributed over the block:
// a perfect nest with constant bounds whose iterations are independent,
// reached by every thread the same number of times, that does not depend
// on the warp loops, writes a buffer no other copy nest writes, and reads
// memory the nest never writes (checked by the warp and grid dependence
// tests, where its reads stay).
func (p *mapPlan) checkCopy(f affine.ForOp, jj affine.ForOp, uniform func(*ir.Value) bool, written map[*ir.Value]*ir.Operation) error {
	for parent := f.ParentOp(); parent != jj.Operation; parent = parent.ParentOp() {
		pf, ok := affine.AsFor(parent)
		if !ok {
			return f.Errorf("copy nest inside '%s': every thread of the block must run it", parent.Name())
		}
		if !allOf(pf.Operands()[:len(pf.Operands())-len(pf.Inits())], uniform) {
			return pf.Errorf("bounds depend on the warp: every thread of the block must run the copy nest it holds")
		}
	}
	band := analysis.PerfectlyNestedBand(f)
	inner := band[len(band)-1]
	for _, l := range band {
		n, ok := l.ConstantTripCount()
		if !ok || n <= 0 || !l.HasConstantBounds() || len(l.Inits()) > 0 {
			return l.Errorf("copy loop must have constant bounds, no iter_args and at least one iteration")
		}
		if par, _ := analysis.IsLoopParallel(l, false); !par {
			return l.Errorf("copy loop is not parallel: its iterations cannot be spread over threads")
		}
	}
	var err error
	ir.Walk(inner.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == inner.Operation {
			return ir.Advance
		}
		if op.NumRegions() > 0 {
			err = op.Errorf("copy nest must be a perfect nest of affine.for around loads, stores and pure ops")
			return ir.Interrupt
		}
		for _, v := range op.Operands() {
			if !inner.IsAncestor(definingOrOwner(v)) && !isBandIV(band, v) && !uniform(v) {
				err = op.Errorf("copy nest uses a value that differs between warps")
				return ir.Interrupt
			}
		}
		if a, ok := accessOf(op); ok && a.write {
			if other, seen := written[a.memref]; seen && other != f.Operation {
				err = op.Errorf("workgroup buffer written by two copy nests")
				return ir.Interrupt
			}
			written[a.memref] = f.Operation
		}
		return ir.Advance
	})
	return err
}

func isBandIV(band []affine.ForOp, v *ir.Value) bool {
	for _, l := range band {
		if l.InductionVar() == v {
			return true
		}
	}
	return false
}

// findShared records the memref.get_global ops of the workgroup buffers
// the nest uses; they must be defined above it.
func (p *mapPlan) findShared(root affine.ForOp) error {
	seen := map[*ir.Operation]bool{}
	var err error
	ir.Walk(root.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, v := range op.Operands() {
			if !isWorkgroup(v) || root.IsAncestor(definingOrOwner(v)) {
				continue
			}
			d := v.DefiningOp()
			if d == nil || !d.Is(getGlobal) {
				err = op.Errorf("workgroup buffer must come from 'memref.get_global' above the nest")
				return ir.Interrupt
			}
			if !seen[d] {
				seen[d] = true
				p.shared = append(p.shared, d)
			}
		}
		return ir.Advance
	})
	if err != nil {
		return err
	}
	ir.Walk(root.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Results() {
			if isWorkgroup(r) {
				err = op.Errorf("defines a workgroup buffer inside the nest")
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
	return err
}
