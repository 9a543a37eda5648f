package gpuutil

import (
	"fmt"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// Global-memory latency hiding (the paper's sections 3.5 and 3.10) on the
// thread-block k loop of a gpu.launch.
//
// The loop's body is split into three parts:
//
//   - copies: top-level ops that write workgroup memory and read only other
//     memory (the per-thread copy loops of the mapping stage, or straight
//     stores), with no results;
//   - their slice: the top-level ops the copies use (index arithmetic, and
//     loads when a copy's value is loaded outside its loop), which may read
//     only non-workgroup memory and write nothing;
//   - compute: everything else but the terminator and the top-level
//     gpu.barrier ops, which are dropped and placed anew.
//
// The loop over n tiles then becomes: the copies of tile 0 (the prologue),
// a loop over tiles 0..n-2 that loads tile k+1 into registers, computes
// tile k, and stores the registers to workgroup memory, and the compute of
// tile n-1 (the epilogue) on the loop's results. This is the original
// loop's order of reads and writes of workgroup memory, and global reads
// of tile k+1 move before compute k only when compute writes none of the
// memrefs they read (distinct memref values are taken not to alias, as in
// the affine dependence analysis).

// LatencyHidingOptions configures HideGlobalLoadLatency. They are the
// gpu-latency-hiding pass's options too (the tags name them there).
type LatencyHidingOptions struct {
	// RegisterStaging fully unrolls the copies (every scf.for in them) so
	// that the loads of tile k+1 are issued before the compute of tile k
	// and their values wait in registers until the stores after it. Without
	// it the copies of tile k+1 run whole after the compute of tile k (the
	// k-loop shift alone).
	RegisterStaging bool `opt:"register-staging" desc:"Unroll the copies and hold the next tile's loaded values in registers across the compute (off: shift the k loop only)"`
	// MaxStagedLoads bounds, with RegisterStaging, how many stores (each
	// holding one loaded value in a register) a thread may defer; loops
	// that need more are refused. 0 means no bound.
	MaxStagedLoads int64 `opt:"max-staged-loads" desc:"Refuse loops whose register staging holds more values per thread than this (0: no limit)"`
}

// DefaultLatencyHidingOptions are the paper's: register staging on, at
// most 64 staged values per thread (the default tiles copy 32 f16 of A and
// 32 of B per thread per k step, 4 + 4 with 128-bit vectors).
func DefaultLatencyHidingOptions() LatencyHidingOptions {
	return LatencyHidingOptions{RegisterStaging: true, MaxStagedLoads: 64}
}

// IsWorkgroupMemRef reports whether t is a memref in workgroup (shared)
// memory: memory space 3 or #gpu.address_space<workgroup>.
func IsWorkgroupMemRef(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && m.MemorySpace != nil && m.MemorySpaceInt() == gpu.WorkgroupMemorySpace
}

// LatencyHidingCandidates returns, in program order, the outermost scf.for
// loops nested in launch (a gpu.launch) whose body holds at its top level
// a copy into workgroup memory and, after it, an op that reads workgroup
// memory: the thread-block k loops that HideGlobalLoadLatency transforms.
func LatencyHidingCandidates(launch *ir.Operation) []*ir.Operation {
	var loops []*ir.Operation
	for _, r := range launch.Regions() {
		for _, blk := range r.Blocks() {
			for _, op := range blk.Ops() {
				ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
					if o.Is("gpu.launch") && o != launch {
						return ir.Skip // its own loops belong to its own walk
					}
					if o.Is("scf.for") && isKLoop(o) {
						loops = append(loops, o)
						return ir.Skip // transforming it rewrites the loops inside
					}
					return ir.Advance
				})
			}
		}
	}
	return loops
}

func isKLoop(loop *ir.Operation) bool {
	if loop.NumRegions() != 1 || len(loop.Region(0).Blocks()) != 1 {
		return false
	}
	// A copy must come first: in a loop this package already pipelined the
	// stores follow the compute, and running the pass again leaves it be.
	var copies, reads bool
	for _, op := range loop.Region(0).Blocks()[0].Ops() {
		if isBarrier(op) {
			continue
		}
		a := accessesOf(op)
		if a.readsWG && !copies {
			return false
		}
		copies = copies || isCopy(op, a)
		reads = reads || a.readsWG
	}
	return copies && reads
}

// HideGlobalLoadLatency software-pipelines the thread-block k loop loop
// (an scf.for with constant bounds in a gpu.launch; see
// LatencyHidingCandidates) as described above, and places the gpu.barrier
// ops the new order needs: after the prologue, and in the loop after the
// compute and after the stores. The loop's own top-level barriers are
// removed; one before the prologue and one after the epilogue are added
// only where workgroup memory is accessed around the loop (an enclosing
// loop, or accesses before or after it in the launch body) and no barrier
// is already there. On error the IR is unchanged.
func HideGlobalLoadLatency(ctx *ir.Context, loop *ir.Operation, opts LatencyHidingOptions) error {
	p, err := planShift(loop, opts)
	if err != nil {
		return err
	}
	p.apply(ctx)
	return nil
}

// memAccess summarises the memory effects of an op and its nested ops.
type memAccess struct {
	readsWG, writesWG bool
	reads, writes     []*ir.Value // non-workgroup memrefs
	writesOther       bool
	unknown           bool // an effect on unknown memory, or unknown effects
	unknownOp         *ir.Operation
}

func accessesOf(op *ir.Operation) memAccess {
	var a memAccess
	ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if isBarrier(o) {
			return ir.Advance // it orders accesses; it makes none
		}
		effects, known := ir.LocalMemoryEffects(o)
		if !known && o.IsRegistered() && o.Dialect() == "arith" {
			// Upstream declares every arith op free of memory effects; the
			// divisions, which may trap and so are not Pure, declare nothing
			// here yet, which reads as unknown effects.
			known = true
		}
		if !known {
			a.unknown, a.unknownOp = true, o
			return ir.Interrupt
		}
		for _, e := range effects {
			if e.Resource != ir.DefaultResource || (e.Kind != ir.Read && e.Kind != ir.Write) {
				continue
			}
			if e.Value == nil {
				a.unknown, a.unknownOp = true, o
				return ir.Interrupt
			}
			wg := IsWorkgroupMemRef(e.Value.Type())
			switch {
			case e.Kind == ir.Read && wg:
				a.readsWG = true
			case e.Kind == ir.Write && wg:
				a.writesWG = true
			case e.Kind == ir.Read:
				a.reads = append(a.reads, e.Value)
			default:
				a.writesOther = true
				a.writes = append(a.writes, e.Value)
			}
		}
		return ir.Advance
	})
	return a
}

// isCopy says whether a top-level op of the k loop's body is a copy into
// workgroup memory.
func isCopy(op *ir.Operation, a memAccess) bool {
	return !a.unknown && a.writesWG && !a.readsWG && !a.writesOther && op.NumResults() == 0
}

func isBarrier(op *ir.Operation) bool { return op.Is("gpu.barrier") }

// shiftPlan is everything HideGlobalLoadLatency decided before touching
// the IR.
type shiftPlan struct {
	loop     *ir.Operation
	body     *ir.Block
	iv       *ir.Value
	iterArgs []*ir.Value
	lb, step *ir.Value
	// last is the induction variable's value in the last iteration;
	// trips >= 1.
	last, trips int64
	// copies, slice and compute are in body order.
	copies, slice, compute []*ir.Operation
	yield                  *ir.Operation
	stage                  bool
	// leading and trailing say whether a barrier must precede the
	// prologue or follow the epilogue.
	leading, trailing bool
}

func planShift(loop *ir.Operation, opts LatencyHidingOptions) (*shiftPlan, error) {
	if !loop.Is("scf.for") || loop.NumRegions() != 1 || len(loop.Region(0).Blocks()) != 1 || loop.NumOperands() < 3 {
		return nil, fmt.Errorf("expected an scf.for with one block, got '%s'", loop.Name())
	}
	launch := loop.ParentOfName("gpu.launch")
	if launch == nil {
		return nil, fmt.Errorf("the loop is not inside a 'gpu.launch'")
	}
	p := &shiftPlan{loop: loop, body: loop.Region(0).Blocks()[0], lb: loop.Operand(0), step: loop.Operand(2), stage: opts.RegisterStaging}
	p.iv, p.iterArgs = p.body.Argument(0), p.body.Arguments()[1:]
	if p.yield = p.body.Terminator(); p.yield == nil || !p.yield.Is("scf.yield") {
		return nil, fmt.Errorf("the loop's body does not end in 'scf.yield'")
	}
	lb, ok1 := memref.ConstantIndex(loop.Operand(0))
	ub, ok2 := memref.ConstantIndex(loop.Operand(1))
	step, ok3 := memref.ConstantIndex(loop.Operand(2))
	if !ok1 || !ok2 || !ok3 {
		return nil, fmt.Errorf("the loop's bounds and step are not constants")
	}
	if step <= 0 {
		return nil, fmt.Errorf("the loop's step %d is not positive", step)
	}
	if ub <= lb {
		return nil, fmt.Errorf("the loop runs no iteration")
	}
	p.trips = (ub - lb + step - 1) / step
	p.last = lb + (p.trips-1)*step

	// Classify the top-level ops.
	ops := p.body.Ops()
	role := map[*ir.Operation]int{}
	const (
		roleCompute = iota
		roleCopy
		roleSlice
		roleDrop
	)
	lastCopy := -1
	for i, op := range ops {
		switch {
		case op == p.yield:
			role[op] = roleDrop
		case isBarrier(op):
			role[op] = roleDrop
		case isCopy(op, accessesOf(op)):
			role[op] = roleCopy
			p.copies = append(p.copies, op)
			lastCopy = i
		}
	}
	if len(p.copies) == 0 {
		return nil, fmt.Errorf("the loop's body has no copy into workgroup memory")
	}
	// The slice: top-level ops the copies use, transitively.
	topOf := func(v *ir.Value) *ir.Operation {
		d := v.DefiningOp()
		for d != nil && d.Block() != p.body {
			d = d.ParentOp()
		}
		return d
	}
	var sliceErr error
	var addUses func(op *ir.Operation)
	addUses = func(op *ir.Operation) {
		ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
			for _, v := range o.Operands() {
				if v.IsBlockArgument() && v.OwnerBlock() == p.body {
					if v != p.iv && sliceErr == nil {
						sliceErr = fmt.Errorf("a copy depends on the loop-carried value #%d", v.Index()-1)
					}
					continue
				}
				d := topOf(v)
				if d == nil || d == op || role[d] != roleCompute {
					continue
				}
				a := accessesOf(d)
				if a.unknown || a.writesWG || a.writesOther || a.readsWG {
					if sliceErr == nil {
						sliceErr = fmt.Errorf("a copy uses '%s', which reads workgroup memory or writes memory", d.Name())
					}
					continue
				}
				role[d] = roleSlice
				addUses(d)
			}
			return ir.Advance
		})
	}
	for _, c := range p.copies {
		addUses(c)
	}
	if sliceErr != nil {
		return nil, sliceErr
	}
	// Compute: every other op, and the slice ops that compute needs too.
	inCompute := map[*ir.Operation]bool{}
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		switch role[op] {
		case roleCompute:
			inCompute[op] = true
		case roleSlice:
			inCompute[op] = usedBy(op, p.body, func(top *ir.Operation) bool { return top == p.yield || inCompute[top] })
		}
	}
	// The copies' memory reads must not be written by compute, and compute
	// must read workgroup memory only after the copies and never write it.
	var copyReads []*ir.Value
	for _, op := range ops {
		if role[op] == roleCopy || role[op] == roleSlice {
			copyReads = append(copyReads, accessesOf(op).reads...)
		}
	}
	firstRead, lastCompute := -1, -1
	for i, op := range ops {
		if role[op] == roleSlice {
			p.slice = append(p.slice, op)
		}
		if !inCompute[op] {
			continue
		}
		p.compute = append(p.compute, op)
		lastCompute = i
		a := accessesOf(op)
		if a.readsWG && firstRead < 0 {
			firstRead = i
		}
		switch {
		case a.unknown:
			return nil, fmt.Errorf("cannot tell the memory effects of '%s'", a.unknownOp.Name())
		case a.writesWG:
			return nil, fmt.Errorf("'%s' writes workgroup memory outside the copies", op.Name())
		case a.readsWG && i < lastCopy:
			return nil, fmt.Errorf("'%s' reads workgroup memory before the last copy", op.Name())
		}
		for _, w := range a.writes {
			for _, r := range copyReads {
				if w == r {
					return nil, fmt.Errorf("'%s' writes a memref that the copies read", op.Name())
				}
			}
		}
	}
	// The top-level barriers are dropped: they ordered the copies against
	// the compute. One inside the compute may order more (its global
	// accesses), and is kept by refusing.
	for i, op := range ops {
		if isBarrier(op) && firstRead >= 0 && firstRead < i && i < lastCompute {
			return nil, fmt.Errorf("a 'gpu.barrier' inside the compute")
		}
	}
	if p.stage {
		var n int64
		for _, c := range p.copies {
			k, err := stagedStores(c)
			if err != nil {
				return nil, err
			}
			n += k
		}
		if opts.MaxStagedLoads > 0 && n > opts.MaxStagedLoads {
			return nil, fmt.Errorf("register staging needs %d values per thread, more than max-staged-loads=%d", n, opts.MaxStagedLoads)
		}
	}
	p.leading, p.trailing = accessesAround(loop, launch)
	return p, nil
}

// usedBy reports whether a result of op (a top-level op of body) is used
// by an op whose top-level ancestor in body satisfies pred.
func usedBy(op *ir.Operation, body *ir.Block, pred func(*ir.Operation) bool) bool {
	for _, r := range op.Results() {
		for _, u := range r.Users() {
			t := u
			for t != nil && t.Block() != body {
				t = t.ParentOp()
			}
			if t != nil && pred(t) {
				return true
			}
		}
	}
	return false
}

// stagedStores returns how many workgroup stores one execution of copy
// performs once fully unrolled, or why it cannot be unrolled: every
// region in it must be a constant-bound scf.for without iter_args.
func stagedStores(op *ir.Operation) (int64, error) {
	if op.NumRegions() == 0 {
		if accessesOf(op).writesWG {
			return 1, nil
		}
		return 0, nil
	}
	trips, err := unrollTrips(op)
	if err != nil {
		return 0, err
	}
	var n int64
	for _, o := range op.Region(0).Blocks()[0].Ops() {
		k, err := stagedStores(o)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return trips * n, nil
}

// unrollTrips returns the trip count of a copy loop that register staging
// unrolls.
func unrollTrips(op *ir.Operation) (int64, error) {
	if !op.Is("scf.for") || op.NumResults() != 0 || len(op.Region(0).Blocks()) != 1 {
		return 0, fmt.Errorf("cannot unroll '%s' in a copy for register staging", op.Name())
	}
	lb, ok1 := memref.ConstantIndex(op.Operand(0))
	ub, ok2 := memref.ConstantIndex(op.Operand(1))
	step, ok3 := memref.ConstantIndex(op.Operand(2))
	if !ok1 || !ok2 || !ok3 || step <= 0 {
		return 0, fmt.Errorf("a copy loop's bounds are not constants")
	}
	if ub <= lb {
		return 0, nil
	}
	return (ub - lb + step - 1) / step, nil
}

// accessesAround says whether workgroup memory may be accessed before and
// after loop within launch with no barrier in between: the prologue's
// copies then need a barrier before them, and the epilogue's reads one
// after them. Inside an enclosing loop the next iteration's prologue
// follows the epilogue, so the trailing barrier is needed unless one
// already follows the loop; it also covers the accesses that the
// enclosing loop's next iteration makes before reaching this loop.
func accessesAround(loop, launch *ir.Operation) (before, after bool) {
	wrap := false
	for op := loop; op != launch; op = op.ParentOp() {
		if p := op.ParentOp(); p != launch && p.HasTrait(ir.LoopLike) {
			wrap = true
		}
	}
	before = reaches(loop, launch, (*ir.Operation).Prev)
	after = reaches(loop, launch, (*ir.Operation).Next)
	if wrap && (loop.Next() == nil || !isBarrier(loop.Next())) {
		after = true
	}
	return before, after
}

// reaches walks from loop through its siblings and those of its ancestors
// up to launch, in the direction next gives, and reports whether an op
// touching workgroup memory comes before any gpu.barrier.
func reaches(loop, launch *ir.Operation, next func(*ir.Operation) *ir.Operation) bool {
	for op := loop; op != launch; op = op.ParentOp() {
		for o := next(op); o != nil; o = next(o) {
			if isBarrier(o) {
				return false
			}
			if touchesWorkgroup(o) {
				return true
			}
		}
	}
	return false
}

func touchesWorkgroup(op *ir.Operation) bool {
	if isBarrier(op) {
		return false
	}
	a := accessesOf(op)
	return a.unknown || a.readsWG || a.writesWG
}

func (p *shiftPlan) apply(ctx *ir.Context) {
	loop, loc := p.loop, p.loop.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(loop)
	constant := func(v int64) *ir.Value {
		return arith.BuildConstantOp(b, loc, ir.Index, ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(v)}).ResultValue()
	}
	barrier := func() { b.CreateOp("gpu.barrier", loc, nil, nil) }

	// Prologue: the copies of the first tile, as they are.
	if p.leading {
		barrier()
	}
	pro := ir.NewMapping()
	pro.Map(p.iv, p.lb)
	for _, op := range p.slice {
		b.Clone(op, pro)
	}
	for _, op := range p.copies {
		b.Clone(op, pro)
	}
	barrier()

	carried := p.loop.Operands()[3:]
	if p.trips > 1 {
		st := &ir.OperationState{Name: "scf.for", Loc: loc, Types: loop.ResultTypes(), Attrs: loop.DiscardableAttrs()}
		st.Operands = append([]*ir.Value{p.lb, constant(p.last), p.step}, carried...)
		region := st.AddRegion()
		nf := b.Create(st)
		after := b.Save()
		types := []ir.Type{ir.Index}
		for _, a := range p.iterArgs {
			types = append(types, a.Type())
		}
		blk := b.CreateBlock(region, types...)
		cur := ir.NewMapping()
		for i, a := range p.body.Arguments() {
			blk.Argument(i).SetLoc(a.Loc())
			cur.Map(a, blk.Argument(i))
		}
		next := ir.NewMapping()
		next.Map(p.iv, arith.BuildAddiOp(b, loc, blk.Argument(0), p.step, ir.Index).ResultValue())
		for _, op := range p.slice {
			b.Clone(op, next)
		}
		var stores []*ir.Operation
		if p.stage {
			for _, op := range p.copies {
				stores = p.unrollLoads(b, op, next, stores, constant)
			}
		}
		for _, op := range p.compute {
			b.Clone(op, cur)
		}
		barrier()
		if p.stage {
			for _, s := range stores {
				b.Insert(s)
			}
		} else {
			for _, op := range p.copies {
				b.Clone(op, next)
			}
		}
		barrier()
		b.Clone(p.yield, cur)
		b.Restore(after)
		carried = nf.Results()
	}

	// Epilogue: the compute of the last tile on the loop's results.
	epi := ir.NewMapping()
	epi.Map(p.iv, constant(p.last))
	for i, a := range p.iterArgs {
		epi.Map(a, carried[i])
	}
	for _, op := range p.compute {
		b.Clone(op, epi)
	}
	if p.trailing {
		barrier()
	}
	results := make([]*ir.Value, loop.NumResults())
	for i := range results {
		results[i] = epi.Lookup(p.yield.Operand(i))
	}
	loop.ReplaceAllUsesWith(results)
	loop.Erase()
}

// unrollLoads emits op (a copy, or an op nested in one) fully unrolled
// through m at b, except its workgroup stores, which are cloned detached
// and returned for the caller to insert after the compute.
func (p *shiftPlan) unrollLoads(b *ir.Builder, op *ir.Operation, m *ir.Mapping, stores []*ir.Operation, constant func(int64) *ir.Value) []*ir.Operation {
	if op.NumRegions() == 0 {
		if accessesOf(op).writesWG {
			return append(stores, op.Clone(m))
		}
		b.Clone(op, m)
		return stores
	}
	lb, _ := memref.ConstantIndex(op.Operand(0))
	ub, _ := memref.ConstantIndex(op.Operand(1))
	step, _ := memref.ConstantIndex(op.Operand(2))
	body := op.Region(0).Blocks()[0]
	for iv := lb; iv < ub; iv += step {
		m.Map(body.Argument(0), constant(iv))
		for _, o := range body.Ops() {
			if o != body.Terminator() {
				stores = p.unrollLoads(b, o, m, stores, constant)
			}
		}
	}
	return stores
}
