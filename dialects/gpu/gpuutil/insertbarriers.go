package gpuutil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// Barrier insertion.
//
// A gpu.barrier is needed between two accesses to workgroup memory when
// they may touch the same element from different threads and one of them
// writes while the other reads (write→read or read→write; two writes with
// no read between them are ordered by the barrier that the next read
// needs). The placement is derived from these dependences, not from the
// barriers the input had: every gpu.barrier of the launch body is
// discarded and the needed ones are placed again.
//
// The analysis is a forward walk over the structured body that carries the
// accesses made since the last barrier (the pending set). At an access that
// conflicts with a pending one a barrier goes immediately before it: the
// latest point still between the two, so that it also orders as many later
// conflicts as possible (on a straight path this greedy choice needs the
// fewest barriers). Loops are walked to a fixed point with the pending set
// of the previous iteration fed back, so that a read late in iteration k
// and a write early in iteration k+1 get a barrier too; a loop whose
// accesses conflict with what is pending on entry gets its barrier before
// the loop, where it runs once, instead of inside it. Both branches of an
// scf.if start from the same pending set and merge by union.
//
// A barrier must be reached by every thread of the block, so none is placed
// inside control flow whose condition or bounds may differ between threads
// (divergent: derived from gpu.thread_id, lane or subgroup ids, or from
// memory). Such an op is treated as one compound access; if accesses inside
// it conflict among themselves, no barrier placement can help and the
// launch is refused with an error at the op.
//
// Two accesses are independent when they name different buffers (different
// memref.global symbols or workgroup attributions) or when the index ranges
// they can cover over the whole execution are disjoint in some dimension
// (insertbarriers_ranges.go). Accesses by one thread to its own elements
// are not recognised as such: the analysis is conservative there.

// access is one read or write of workgroup memory by an op.
type access struct {
	op    *ir.Operation
	buf   bufferKey
	write bool
	// box is the index range the access may cover over the whole
	// execution, one interval per dimension of buf; nil when unknown.
	box []interval
}

// bufferKey names a workgroup buffer: a memref.global symbol or the root
// SSA value (an attribution). The zero key is an unknown buffer, which may
// be any of them.
type bufferKey struct {
	global string
	value  *ir.Value
}

func (k bufferKey) unknown() bool { return k.global == "" && k.value == nil }

func mayAlias(a, b bufferKey) bool { return a.unknown() || b.unknown() || a == b }

// conflicts reports whether a barrier must separate p (earlier) and a.
func conflicts(p, a access) bool {
	if p.write == a.write || !mayAlias(p.buf, a.buf) {
		return false
	}
	return !disjoint(p.box, a.box)
}

// pendingSet is the set of accesses made since the last barrier on some
// path, in the order they were first added (deterministic output).
type pendingSet struct {
	list []access
	seen map[accessID]bool
}

type accessID struct {
	op    *ir.Operation
	buf   bufferKey
	write bool
}

func newPendingSet() *pendingSet { return &pendingSet{seen: map[accessID]bool{}} }

func (s *pendingSet) clone() *pendingSet {
	c := &pendingSet{list: append([]access(nil), s.list...), seen: make(map[accessID]bool, len(s.seen))}
	for k := range s.seen {
		c.seen[k] = true
	}
	return c
}

// add adds accs and reports whether the set grew.
func (s *pendingSet) add(accs []access) bool {
	grew := false
	for _, a := range accs {
		id := accessID{a.op, a.buf, a.write}
		if !s.seen[id] {
			s.seen[id] = true
			s.list = append(s.list, a)
			grew = true
		}
	}
	return grew
}

// conflict returns a pending access that conflicts with one of accs.
func (s *pendingSet) conflict(accs []access) (access, access, bool) {
	for _, p := range s.list {
		for _, a := range accs {
			if conflicts(p, a) {
				return p, a, true
			}
		}
	}
	return access{}, access{}, false
}

// barrierAnalysis holds the per-launch state of InsertBarriers.
type barrierAnalysis struct {
	launch *ir.Operation
	args   gpu.LaunchBodyArgs
	// uniform memoises whether a value is the same in every thread of a block.
	uniform map[*ir.Value]bool
	ranges  *rangeAnalysis
	// marked ops get a barrier immediately before them; order keeps the
	// order in which they were found.
	marked map[*ir.Operation]bool
	order  []*ir.Operation
	accs   map[*ir.Operation][]access
	sums   map[*ir.Operation][]access
}

// InsertBarriers places the gpu.barrier ops that the workgroup-memory
// accesses of a gpu.launch body need, and only those: existing barriers
// that order no dependence are removed, and a barrier already in the right
// place is kept. It understands scf.for, scf.if and affine.for, and any op
// whose memory effects are declared (memref, affine and vector loads and
// stores, gpu.subgroup_mma_load_matrix/store_matrix). It returns a located
// error and leaves the IR unchanged when the accesses cannot be ordered
// (they conflict inside divergent control flow, or inside an op with
// regions it does not understand).
func InsertBarriers(launch *ir.Operation) error {
	if !launch.Is("gpu.launch") || launch.NumRegions() == 0 {
		return launch.Errorf("barrier insertion expects a 'gpu.launch'")
	}
	body := launch.Region(0)
	if len(body.Blocks()) != 1 {
		return launch.Errorf("barrier insertion needs a single-block launch body, got %d blocks", len(body.Blocks()))
	}
	args, ok := gpu.LaunchBody(launch)
	if !ok {
		return launch.Errorf("malformed launch body")
	}
	a := &barrierAnalysis{
		launch:  launch,
		args:    args,
		uniform: map[*ir.Value]bool{},
		marked:  map[*ir.Operation]bool{},
		accs:    map[*ir.Operation][]access{},
		sums:    map[*ir.Operation][]access{},
	}
	a.ranges = newRangeAnalysis(launch, args)
	if _, err := a.block(body.Front(), newPendingSet()); err != nil {
		return err
	}
	a.apply()
	return nil
}

// apply rewrites the barriers: an existing barrier directly before a marked
// op stays (its location is the user's), every other one goes, and marked
// ops without one get a new barrier.
func (a *barrierAnalysis) apply() {
	var existing []*ir.Operation
	ir.WalkOps(a.launch, func(op *ir.Operation) {
		if op.Is(barrierName) {
			existing = append(existing, op)
		}
	})
	kept := map[*ir.Operation]bool{}
	for _, op := range a.order {
		if p := op.Prev(); p != nil && p.Is(barrierName) {
			kept[p] = true
		}
	}
	for _, b := range existing {
		if !kept[b] {
			b.Erase()
		}
	}
	var bld *ir.Builder
	for _, op := range a.order {
		if p := op.Prev(); p != nil && p.Is(barrierName) {
			continue
		}
		if bld == nil {
			// An op carries no context; gpu.barrier needs only the gpu
			// dialect's definition.
			bld = ir.NewBuilder(ir.NewContext(gpu.Dialect()))
		}
		bld.SetInsertionPointBefore(op)
		bld.CreateOp(barrierName, op.Loc(), nil, nil)
	}
}

const barrierName = "gpu.barrier"

func (a *barrierAnalysis) mark(op *ir.Operation) bool {
	if a.marked[op] {
		return false
	}
	a.marked[op] = true
	a.order = append(a.order, op)
	return true
}

// block walks the ops of b with the pending set in and returns the pending
// set at its end.
func (a *barrierAnalysis) block(b *ir.Block, in *pendingSet) (*pendingSet, error) {
	s := in.clone()
	for _, op := range b.Ops() {
		if op.Is(barrierName) {
			continue // re-derived
		}
		if a.marked[op] {
			s = newPendingSet()
		}
		if op.NumRegions() == 0 {
			accs := a.accesses(op)
			if _, _, ok := s.conflict(accs); ok {
				a.mark(op)
				s = newPendingSet()
			}
			s.add(accs)
			continue
		}
		var err error
		if s, err = a.regionOp(op, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// regionOp walks an op with regions.
func (a *barrierAnalysis) regionOp(op *ir.Operation, s *pendingSet) (*pendingSet, error) {
	sum := a.summary(op)
	if len(sum) == 0 {
		return s, nil
	}
	switch a.controlKind(op) {
	case structuredIf:
		// The latest place for a barrier is inside the branch that needs it.
		then, err := a.block(op.Region(0).Front(), s)
		if err != nil {
			return nil, err
		}
		out := s
		if r := op.Region(1); !r.Empty() {
			if out, err = a.block(r.Front(), s); err != nil {
				return nil, err
			}
		}
		then.add(out.list)
		return then, nil
	case structuredLoop:
		if _, _, ok := s.conflict(sum); !ok {
			return a.loop(op, s)
		}
		// The loop conflicts with what is pending on entry. If the
		// barriers its own iterations need already order those conflicts,
		// nothing more is needed; otherwise one barrier before the loop,
		// run once, is better than more inside it.
		snap := len(a.order)
		if _, err := a.loop(op, newPendingSet()); err != nil {
			return nil, err
		}
		own := len(a.order)
		out, err := a.loop(op, s)
		if err != nil || len(a.order) == own {
			return out, err
		}
		a.rollback(snap)
		a.mark(op)
		return a.loop(op, newPendingSet())
	case divergentControl:
		if err := a.checkNoInternalConflict(op, sum); err != nil {
			return nil, err
		}
		if _, _, ok := s.conflict(sum); ok {
			a.mark(op)
			s = newPendingSet()
		}
		s.add(sum)
		return s, nil
	}
	return nil, op.Errorf("barrier insertion does not handle this op around workgroup memory accesses")
}

// loop walks a uniform loop entered with pending set s until neither the
// set carried around the back edge nor the barriers change, and returns
// the pending set after the loop.
func (a *barrierAnalysis) loop(op *ir.Operation, s *pendingSet) (*pendingSet, error) {
	body := op.Region(0).Front()
	carried := newPendingSet()
	for {
		in := s.clone()
		in.add(carried.list)
		before := len(a.order)
		out, err := a.block(body, in)
		if err != nil {
			return nil, err
		}
		if !carried.add(out.list) && len(a.order) == before {
			break
		}
	}
	if a.runsAtLeastOnce(op) {
		return carried, nil
	}
	out := s.clone()
	out.add(carried.list)
	return out, nil
}

// rollback forgets the barriers found after the first n.
func (a *barrierAnalysis) rollback(n int) {
	for _, op := range a.order[n:] {
		delete(a.marked, op)
	}
	a.order = a.order[:n]
}

type controlKind int

const (
	unknownControl controlKind = iota
	structuredLoop
	structuredIf
	divergentControl
)

// controlKind classifies a region op: a loop or if whose bounds or
// condition are uniform across the block, a divergent one, or an op this
// analysis does not model.
func (a *barrierAnalysis) controlKind(op *ir.Operation) controlKind {
	var kind controlKind
	var operands []*ir.Value
	switch {
	case op.Is("scf.for") && op.NumOperands() >= 3 && len(op.Region(0).Blocks()) == 1:
		kind, operands = structuredLoop, op.Operands()[:3]
	case op.Is("scf.if") && op.NumOperands() == 1 && op.NumRegions() == 2 && len(op.Region(0).Blocks()) == 1 && len(op.Region(1).Blocks()) <= 1:
		kind, operands = structuredIf, op.Operands()
	default:
		f, ok := affine.AsFor(op)
		if !ok {
			return unknownControl
		}
		kind = structuredLoop
		operands = append(f.LowerBoundOperands(), f.UpperBoundOperands()...)
	}
	for _, v := range operands {
		if !a.isUniform(v) {
			return divergentControl
		}
	}
	return kind
}

// runsAtLeastOnce reports whether a uniform loop certainly runs its body.
func (a *barrierAnalysis) runsAtLeastOnce(op *ir.Operation) bool {
	if f, ok := affine.AsFor(op); ok {
		tc, ok := f.ConstantTripCount()
		return ok && tc > 0
	}
	lb, ok1 := memref.ConstantIndex(op.Operand(0))
	ub, ok2 := memref.ConstantIndex(op.Operand(1))
	return ok1 && ok2 && lb < ub
}

// checkNoInternalConflict refuses a divergent op whose accesses would need
// a barrier among themselves: threads that skip the op, or leave its loop
// early, would never reach it.
func (a *barrierAnalysis) checkNoInternalConflict(op *ir.Operation, sum []access) error {
	for i, p := range sum {
		for _, q := range sum[i+1:] {
			if p.op != q.op && conflicts(p, q) {
				first, second := p.op, q.op
				if second.IsBeforeInBlock(first) && first.Block() == second.Block() {
					first, second = second, first
				}
				return op.Errorf("workgroup memory accesses inside divergent control flow need a barrier that not every thread would reach").
					AttachNote(first.Loc(), "access").AttachNote(second.Loc(), "conflicting access")
			}
		}
	}
	return nil
}

// summary returns every access nested in op, in walk order.
func (a *barrierAnalysis) summary(op *ir.Operation) []access {
	if s, ok := a.sums[op]; ok {
		return s
	}
	var out []access
	ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o != op && o.NumRegions() == 0 && !o.Is(barrierName) {
			out = append(out, a.accesses(o)...)
		}
		return ir.Advance
	})
	a.sums[op] = out
	return out
}

// accesses returns the workgroup-memory accesses of a region-less op, from
// its declared memory effects. An op whose effects are unknown is taken to
// read and write every workgroup memref it is given; an effect on an
// unnamed part of memory may touch any workgroup buffer.
func (a *barrierAnalysis) accesses(op *ir.Operation) []access {
	if acc, ok := a.accs[op]; ok {
		return acc
	}
	var out []access
	effects, known := ir.LocalMemoryEffects(op)
	if !known {
		for _, v := range op.Operands() {
			if isWorkgroup(v) {
				k, box := a.target(op, v)
				out = append(out, access{op, k, false, box}, access{op, k, true, box})
			}
		}
	}
	for _, e := range effects {
		if (e.Kind != ir.Read && e.Kind != ir.Write) || e.Resource != ir.DefaultResource {
			continue
		}
		w := e.Kind == ir.Write
		switch {
		case e.Value == nil:
			out = append(out, access{op: op, write: w})
		case isWorkgroup(e.Value):
			k, box := a.target(op, e.Value)
			out = append(out, access{op, k, w, box})
		}
	}
	a.accs[op] = out
	return out
}

// target returns the buffer that memref v refers to and, where v is the
// buffer itself (not a view of it), the index box op may touch.
func (a *barrierAnalysis) target(op *ir.Operation, v *ir.Value) (bufferKey, []interval) {
	k, direct := rootBuffer(v)
	if !direct {
		return k, nil
	}
	return k, a.ranges.accessBox(op, v)
}

// rootBuffer follows side-effect-free view ops (memref.subview, casts) to
// the workgroup buffer a memref value refers to; direct is false when v is
// a view of it.
func rootBuffer(v *ir.Value) (k bufferKey, direct bool) {
	direct = true
	for range 64 {
		d := v.DefiningOp()
		switch {
		case d == nil:
			return bufferKey{value: v}, direct
		case d.Is("memref.get_global"):
			if s, ok := d.Attr("name").(*ir.SymbolRefAttr); ok {
				return bufferKey{global: s.String()}, direct
			}
			return bufferKey{}, direct
		case ir.IsMemoryEffectFree(d) && d.NumOperands() > 0 && isMemRef(d.Operand(0)):
			v, direct = d.Operand(0), false
		default:
			// An allocation is its own buffer; anything else is unknown.
			if ir.IsAllocation(v) {
				return bufferKey{value: v}, direct
			}
			return bufferKey{}, direct
		}
	}
	return bufferKey{}, false
}

func isMemRef(v *ir.Value) bool {
	_, ok := v.Type().(*ir.MemRefType)
	return ok
}

// isWorkgroup reports whether v is a memref in workgroup (shared) memory.
func isWorkgroup(v *ir.Value) bool {
	t, ok := v.Type().(*ir.MemRefType)
	return ok && t.MemorySpaceInt() == gpu.WorkgroupMemorySpace
}

// threadVarying are the ops whose results differ between the threads of a
// block even when their operands do not.
var threadVarying = map[string]bool{
	"gpu.thread_id":       true,
	"gpu.global_id":       true,
	"gpu.lane_id":         true,
	"gpu.subgroup_id":     true,
	"gpu.shuffle":         true,
	"gpu.subgroup_reduce": true,
}

// isUniform reports whether v certainly has the same value in every thread
// of a block: defined outside the launch, a block id or size, or computed
// from such values by side-effect-free ops (loads are not uniform: memory
// may differ per thread).
func (a *barrierAnalysis) isUniform(v *ir.Value) bool {
	if u, ok := a.uniform[v]; ok {
		return u
	}
	a.uniform[v] = false // cycles (none in SSA dominance order) stay non-uniform
	u := a.computeUniform(v)
	a.uniform[v] = u
	return u
}

func (a *barrierAnalysis) computeUniform(v *ir.Value) bool {
	body := a.launch.Region(0)
	if !body.IsAncestor(v.ParentRegion()) {
		return true
	}
	if v.IsBlockArgument() {
		blk := v.OwnerBlock()
		if blk == body.Front() {
			for _, t := range a.args.ThreadIDs {
				if v == t {
					return false
				}
			}
			return true
		}
		// A loop's induction variable is uniform when its bounds are.
		owner := blk.ParentOp()
		if v.Index() == 0 && owner != nil && a.controlKind(owner) == structuredLoop {
			return true
		}
		return false
	}
	d := v.DefiningOp()
	if threadVarying[d.Name()] || d.NumRegions() > 0 || !ir.IsMemoryEffectFree(d) {
		return false
	}
	for _, o := range d.Operands() {
		if !a.isUniform(o) {
			return false
		}
	}
	return true
}
