package affinescalrep

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite"
)

// Pass is the affine-scalrep pass.
type Pass struct{ pass.Base }

// New returns the pass.
func New() pass.Pass {
	return &Pass{pass.Base{Arg: "affine-scalrep", Desc: "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads", On: "func.func", Display: "AffineScalarReplacement"}}
}

// Run replaces accesses in the function.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	ScalarReplace(op)
	return nil
}

// ScalarReplace runs the replacement over op's regions.
func ScalarReplace(op *ir.Operation) {
	s := &state{}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			s.block(b, map[string]entry{})
		}
	}
	for _, o := range s.erase {
		o.Erase()
	}
	eraseStoreOnlyAllocs(op)
}

type entry struct {
	memref *ir.Value
	value  *ir.Value
}

type state struct {
	erase []*ir.Operation
}

// key identifies the element an affine.load/store accesses.
func key(a *analysis.MemRefAccess) string {
	m, ops := affine.CanonicalizeMapAndOperands(a.Map, a.Operands)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%p|%s", a.MemRef, m)
	for _, v := range ops {
		fmt.Fprintf(&sb, "|%p", v)
	}
	return sb.String()
}

// isLocalAlloc reports whether v is the result of a local allocation.
func isLocalAlloc(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && (d.Is("memref.alloc") || d.Is("memref.alloca"))
}

// mayAlias reports whether two memref values may share memory.
func mayAlias(a, b *ir.Value) bool {
	if a == b {
		return true
	}
	return !(isLocalAlloc(a) || isLocalAlloc(b))
}

// effects summarises what an op (with its nested ops) may write and read.
type effects struct {
	writes, reads []*ir.Value
	unknownWrite  bool
	unknownRead   bool
}

func effectsOf(op *ir.Operation) effects {
	var e effects
	ir.WalkOps(op, func(o *ir.Operation) {
		if o.HasTrait(ir.Terminator) && o.IsRegistered() {
			return
		}
		if a, ok := analysis.NewMemRefAccess(o); ok {
			if a.IsStore {
				e.writes = append(e.writes, a.MemRef)
			} else {
				e.reads = append(e.reads, a.MemRef)
			}
			return
		}
		if o.NumRegions() > 0 && (o.Is(affine.ForName) || o.Is(affine.IfName) || o.Is(affine.ParallelName) || o.HasTrait(ir.RecursiveMemoryEffects)) {
			return // nested ops are visited
		}
		if rewrite.IsMemoryEffectFree(o) || o.Is("memref.alloc") || o.Is("memref.alloca") || o.Is("memref.dim") {
			return
		}
		if rewrite.OnlyReadsMemory(o) {
			e.unknownRead = true
			return
		}
		e.unknownWrite, e.unknownRead = true, true
	})
	return e
}

func (e effects) mayWrite(m *ir.Value) bool {
	if e.unknownWrite {
		return true
	}
	for _, w := range e.writes {
		if mayAlias(w, m) {
			return true
		}
	}
	return false
}

func (e effects) mayRead(m *ir.Value) bool {
	if e.unknownRead {
		return true
	}
	for _, r := range e.reads {
		if mayAlias(r, m) {
			return true
		}
	}
	return false
}

// block processes the ops of b in order with the values known on entry.
func (s *state) block(b *ir.Block, known map[string]entry) {
	pending := map[string]*ir.Operation{} // stores not yet read
	invalidate := func(e effects) {
		for k, en := range known {
			if e.mayWrite(en.memref) {
				delete(known, k)
			}
		}
		for k, st := range pending {
			m := st.Operand(1)
			if e.mayRead(m) || e.unknownWrite {
				delete(pending, k)
			}
		}
	}
	for _, op := range b.Ops() {
		if a, ok := analysis.NewMemRefAccess(op); ok && (op.Is(affine.LoadName) || op.Is(affine.StoreName)) {
			k := key(a)
			if op.Is(affine.LoadName) {
				if en, ok := known[k]; ok && en.value.Type() == op.Result(0).Type() {
					op.Result(0).ReplaceAllUsesWith(en.value)
					s.erase = append(s.erase, op)
					continue
				}
				known[k] = entry{a.MemRef, op.Result(0)}
				for pk, st := range pending {
					if mayAlias(st.Operand(1), a.MemRef) {
						delete(pending, pk)
					}
				}
				continue
			}
			// Store: an earlier unread store to the same element is dead.
			if prev, ok := pending[k]; ok {
				s.erase = append(s.erase, prev)
			}
			invalidate(effects{writes: []*ir.Value{a.MemRef}})
			known[k] = entry{a.MemRef, op.Operand(0)}
			pending[k] = op
			continue
		}
		e := effectsOf(op)
		if op.NumRegions() > 0 {
			// Values known before the op stay known inside its regions
			// only if nothing inside may overwrite them (loops iterate).
			inner := map[string]entry{}
			for k, en := range known {
				if !e.mayWrite(en.memref) {
					inner[k] = en
				}
			}
			for _, r := range op.Regions() {
				for _, blk := range r.Blocks() {
					cp := make(map[string]entry, len(inner))
					for k, v := range inner {
						cp[k] = v
					}
					s.block(blk, cp)
				}
			}
		}
		invalidate(e)
	}
}

// eraseStoreOnlyAllocs removes memref.alloc results only stored to (and
// deallocated), with their stores.
func eraseStoreOnlyAllocs(op *ir.Operation) {
	var allocs []*ir.Operation
	ir.WalkOps(op, func(o *ir.Operation) {
		if o.Is("memref.alloc") || o.Is("memref.alloca") {
			allocs = append(allocs, o)
		}
	})
	for _, al := range allocs {
		m := al.Result(0)
		ok := true
		for _, u := range m.Uses() {
			o := u.Owner()
			isStoreTarget := o.Is(affine.StoreName) && u.Index() == 1
			if !isStoreTarget && !o.Is("memref.dealloc") {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for _, u := range m.Users() {
			u.Erase()
		}
		al.Erase()
	}
}
