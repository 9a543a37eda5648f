package affinescalrep

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "affine-scalrep", Desc: "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads", On: "func.func", Display: "AffineScalarReplacement"}, run)

// run replaces accesses in the function.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
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
func isLocalAlloc(v *ir.Value) bool { return ir.IsAllocation(v) }

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

// effectsOf summarises op's effects with those of every op nested in it.
// Nested ops count even under an op without recursive effects: a region
// may run in the middle of op.
func effectsOf(op *ir.Operation) effects {
	var e effects
	ir.WalkOps(op, func(o *ir.Operation) {
		effs, known := ir.LocalMemoryEffects(o)
		if !known {
			e.unknownWrite, e.unknownRead = true, true
			return
		}
		for _, f := range effs {
			if f.Resource != ir.DefaultResource {
				continue
			}
			switch {
			case f.Kind == ir.Read && f.Value == nil:
				e.unknownRead = true
			case f.Kind == ir.Read:
				e.reads = append(e.reads, f.Value)
			case f.Kind == ir.Allocate:
			case f.Value == nil:
				e.unknownWrite = true
			default:
				e.writes = append(e.writes, f.Value)
			}
		}
	})
	return e
}

func (e effects) mayWrite(m *ir.Value) bool { return e.unknownWrite || aliasesAny(e.writes, m) }

func (e effects) mayRead(m *ir.Value) bool { return e.unknownRead || aliasesAny(e.reads, m) }

// aliasesAny reports whether m may alias one of vs.
func aliasesAny(vs []*ir.Value, m *ir.Value) bool {
	return slices.ContainsFunc(vs, func(v *ir.Value) bool { return mayAlias(v, m) })
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

// eraseStoreOnlyAllocs removes local allocations only stored to (and
// freed), with their stores and frees, as upstream does after forwarding.
func eraseStoreOnlyAllocs(op *ir.Operation) {
	var allocs []*ir.Operation
	ir.WalkOps(op, func(o *ir.Operation) {
		if o.NumResults() == 1 && ir.IsAllocation(o.Result(0)) {
			allocs = append(allocs, o)
		}
	})
	for _, al := range allocs {
		m := al.Result(0)
		ok := true
		for _, u := range m.Uses() {
			if !storesTo(u) && !onlyFrees(u.Owner(), m) {
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

// storesTo reports whether use u is the memref operand of an affine store
// (operand 0, the value stored, would let the memref escape).
func storesTo(u *ir.OpOperand) bool {
	a, ok := analysis.NewMemRefAccess(u.Owner())
	return ok && a.IsStore && u.Index() != 0 && a.MemRef == u.Value()
}

// onlyFrees reports whether o's only effect is freeing m, and o has no
// results that erasing it would leave dangling.
func onlyFrees(o *ir.Operation, m *ir.Value) bool {
	effects, known := ir.LocalMemoryEffects(o)
	if !known || len(effects) == 0 || o.NumResults() != 0 || o.NumRegions() != 0 {
		return false
	}
	for _, e := range effects {
		if e.Kind != ir.Free || e.Value != m {
			return false
		}
	}
	return true
}
