package ir

import "slices"

// Memory effects, after MLIR's MemoryEffectOpInterface: an op describes what
// it does to memory as a list of effect instances (read, write, allocate,
// free), each on a resource and, where it is known, on the SSA value that
// names the memory (the memref operand or result). Passes ask these
// questions instead of testing op names or traits, so a new dialect's ops
// take part by declaring OpDef.Effects.
//
// Where an op declares no Effects hook, its traits answer: the Mem* traits
// give effects on an unknown value of the default resource, Pure and
// ConstantLike give none, RecursiveMemoryEffects adds the effects of the
// nested ops, and anything else (including unregistered ops) has unknown
// effects and is never moved, merged or erased.

// EffectKind is what an effect does to a resource.
type EffectKind uint8

const (
	// Read observes memory.
	Read EffectKind = iota
	// Write changes memory.
	Write
	// Allocate creates memory (a fresh memref) that nothing else refers to yet.
	Allocate
	// Free releases memory; later accesses to it are undefined.
	Free
)

// String returns the effect's MLIR name.
func (k EffectKind) String() string {
	switch k {
	case Read:
		return "Read"
	case Write:
		return "Write"
	case Allocate:
		return "Allocate"
	case Free:
		return "Free"
	}
	return "EffectKind(?)"
}

// Resource names a part of the machine state that effects act on. Effects
// on different resources never interfere. Memref values refer to memory of
// DefaultResource; dialects may name others.
type Resource string

const (
	// DefaultResource is memory as a whole: every memref refers to it.
	DefaultResource Resource = "<Default>"
	// AutomaticAllocationScopeResource is the stack of the nearest op with
	// the AutomaticAllocationScope trait, where memref.alloca allocates.
	AutomaticAllocationScopeResource Resource = "AutomaticAllocationScope"
	// CacheResource is state that hints change (memref.prefetch,
	// affine.prefetch): no load or store observes it, yet an op writing it
	// is not dead, so a prefetch is kept without ordering it against the
	// accesses of the memref it names.
	CacheResource Resource = "Cache"
)

// EffectInstance is one effect of an op.
type EffectInstance struct {
	Kind EffectKind
	// Value is the memref whose memory is affected, or nil when the effect may
	// touch any memory of the resource.
	Value    *Value
	Resource Resource
}

// EffectSpec describes one effect on a fixed operand or result of an op;
// FixedEffects turns a list of them into an OpDef.Effects hook, so that most
// ops declare their effects in one line (`Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0))`).
type EffectSpec struct {
	kind     EffectKind
	result   bool
	index    int
	resource Resource
}

// OnOperand is effect k on operand i of DefaultResource; a negative i counts
// from the last operand (-1 is the last), for ops whose memrefs follow a
// variadic list.
func OnOperand(k EffectKind, i int) EffectSpec {
	return EffectSpec{kind: k, index: i, resource: DefaultResource}
}

// OnResult is effect k on result i of DefaultResource.
func OnResult(k EffectKind, i int) EffectSpec {
	return EffectSpec{kind: k, result: true, index: i, resource: DefaultResource}
}

// In returns s acting on resource r.
func (s EffectSpec) In(r Resource) EffectSpec {
	s.resource = r
	return s
}

// FixedEffects returns an Effects hook giving the listed effects. An
// operand or result that the op lacks (IR not yet verified) gives an effect
// on an unknown value rather than a panic, which is conservative.
func FixedEffects(specs ...EffectSpec) func(op *Operation) []EffectInstance {
	return func(op *Operation) []EffectInstance {
		out := make([]EffectInstance, len(specs))
		for i, s := range specs {
			out[i] = EffectInstance{Kind: s.kind, Value: s.value(op), Resource: s.resource}
		}
		return out
	}
}

func (s EffectSpec) value(op *Operation) *Value {
	n := op.NumOperands()
	if s.result {
		n = op.NumResults()
	}
	i := s.index
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return nil
	}
	if s.result {
		return op.Result(i)
	}
	return op.Operand(i)
}

const memTraits = MemRead | MemWrite | MemAlloc | MemFree

// LocalMemoryEffects returns the effects of op itself, leaving out those of
// ops nested in its regions; known is false when they cannot be told (no
// Effects hook, no Mem*, Pure, ConstantLike or RecursiveMemoryEffects
// trait, or an unregistered op). Walks that visit every nested op use this
// to count each effect once.
func LocalMemoryEffects(op *Operation) (effects []EffectInstance, known bool) {
	return appendLocal(nil, op)
}

func appendLocal(dst []EffectInstance, op *Operation) ([]EffectInstance, bool) {
	d := op.Def()
	if d == nil {
		return dst, false
	}
	if d.Effects != nil {
		return append(dst, d.Effects(op)...), true
	}
	if t := d.Traits & memTraits; t != 0 {
		for _, k := range [...]struct {
			trait Trait
			kind  EffectKind
		}{{MemRead, Read}, {MemWrite, Write}, {MemAlloc, Allocate}, {MemFree, Free}} {
			if t&k.trait != 0 {
				dst = append(dst, EffectInstance{Kind: k.kind, Resource: DefaultResource})
			}
		}
		return dst, true
	}
	return dst, d.Traits&(Pure|ConstantLike|RecursiveMemoryEffects) != 0
}

// MemoryEffects returns the effects of op and, when it has the
// RecursiveMemoryEffects trait, of every op nested in it (recursively, as
// MLIR's getEffectsRecursively). known is false when any of them is unknown;
// effects then holds what was found before giving up and must not be
// treated as complete.
func MemoryEffects(op *Operation) (effects []EffectInstance, known bool) {
	return appendRecursive(nil, op)
}

func appendRecursive(dst []EffectInstance, op *Operation) ([]EffectInstance, bool) {
	dst, known := appendLocal(dst, op)
	if !known || !op.HasTrait(RecursiveMemoryEffects) {
		return dst, known
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if dst, known = appendRecursive(dst, o); !known {
					return dst, false
				}
			}
		}
	}
	return dst, true
}

// IsMemoryEffectFree reports whether op (with its nested ops, where its
// effects are recursive) has no memory effects at all.
func IsMemoryEffectFree(op *Operation) bool {
	// Stops at the first effect, without collecting the nested ones.
	effects, known := LocalMemoryEffects(op)
	if !known || len(effects) != 0 {
		return false
	}
	return nestedAll(op, IsMemoryEffectFree)
}

// nestedAll reports whether every op in op's regions (not the ones nested
// deeper) satisfies pred where op's effects include theirs
// (RecursiveMemoryEffects); it is true for any other op.
func nestedAll(op *Operation, pred func(*Operation) bool) bool {
	if !op.HasTrait(RecursiveMemoryEffects) {
		return true
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if !pred(o) {
					return false
				}
			}
		}
	}
	return true
}

// OnlyReadsMemory reports whether every effect of op (with its nested ops,
// where its effects are recursive) is a read; an effect-free op qualifies.
// Such an op may be merged with an equal one when nothing in between writes.
func OnlyReadsMemory(op *Operation) bool {
	return !mayHaveEffect(op, func(e EffectInstance) bool { return e.Kind != Read })
}

// HasWriteEffects reports whether op (with its nested ops, where its effects
// are recursive) may write or free memory of any resource, or has unknown
// effects; reads and allocations do not count.
func HasWriteEffects(op *Operation) bool {
	return mayHaveEffect(op, func(e EffectInstance) bool { return kindMatches(e.Kind, Write) })
}

// mayHaveEffect reports whether op's effects (with its nested ops, where
// its effects are recursive) are unknown or include one that satisfies is.
func mayHaveEffect(op *Operation, is func(EffectInstance) bool) bool {
	effects, known := MemoryEffects(op)
	if !known {
		return true
	}
	return slices.ContainsFunc(effects, is)
}

// MayRead reports whether op (with its nested ops, where its effects are
// recursive) may read the memory of memref v: its effects are unknown, or
// it reads v itself or an unknown value of DefaultResource. There is no
// alias analysis here: a read through another value that aliases v (a
// view of it, a second function argument) is not seen, so callers compare
// the values of ValuesRead themselves where aliasing is possible.
func MayRead(op *Operation, v *Value) bool {
	return mayAccess(op, v, Read)
}

// MayWrite reports whether op (with its nested ops, where its effects are
// recursive) may write or free the memory of memref v: its effects are
// unknown, or it writes or frees v itself or an unknown value of
// DefaultResource. Like MayRead it does no alias analysis.
func MayWrite(op *Operation, v *Value) bool {
	return mayAccess(op, v, Write)
}

func mayAccess(op *Operation, v *Value, k EffectKind) bool {
	return mayHaveEffect(op, func(e EffectInstance) bool {
		return e.Resource == DefaultResource && kindMatches(e.Kind, k) && (e.Value == nil || e.Value == v)
	})
}

// kindMatches counts frees as writes: both end what a later read could see.
func kindMatches(have, want EffectKind) bool {
	return have == want || want == Write && have == Free
}

// ValuesRead returns the memrefs op (with its nested ops, where its effects
// are recursive) reads, in effect order with repeats removed; unknown is
// true when it may also read memory not named by a value (unknown effects,
// or a read of an unknown value of DefaultResource).
func ValuesRead(op *Operation) (values []*Value, unknown bool) {
	return accessedValues(op, Read)
}

// ValuesWritten is ValuesRead for writes and frees.
func ValuesWritten(op *Operation) (values []*Value, unknown bool) {
	return accessedValues(op, Write)
}

func accessedValues(op *Operation, k EffectKind) ([]*Value, bool) {
	effects, known := MemoryEffects(op)
	if !known {
		return nil, true
	}
	var vals []*Value
	unknown := false
	for _, e := range effects {
		if e.Resource != DefaultResource || !kindMatches(e.Kind, k) {
			continue
		}
		if e.Value == nil {
			unknown = true
			continue
		}
		seen := false
		for _, w := range vals {
			seen = seen || w == e.Value
		}
		if !seen {
			vals = append(vals, e.Value)
		}
	}
	return vals, unknown
}

// IsAllocation reports whether v is freshly allocated by the op defining it:
// that op's only effects on v are Allocate effects (MLIR's
// hasSingleEffect<MemoryEffects::Allocate>(defOp, v)).
func IsAllocation(v *Value) bool {
	def := v.DefiningOp()
	if def == nil {
		return false
	}
	effects, known := LocalMemoryEffects(def)
	if !known {
		return false
	}
	found := false
	for _, e := range effects {
		if e.Value != v {
			continue
		}
		if e.Kind != Allocate {
			return false
		}
		found = true
	}
	return found
}

// WouldBeTriviallyDead reports whether op could be erased if its results had
// no uses (MLIR's wouldOpBeTriviallyDead): it is not a terminator or a
// symbol, and the only effects of op and of the ops nested in it (where
// effects are recursive) are reads, allocations, and effects on memory
// that the same op allocates as one of its results.
func WouldBeTriviallyDead(op *Operation) bool {
	if op.HasTrait(Terminator) || op.HasTrait(Symbol) {
		return false
	}
	return deadIgnoringUses(op)
}

func deadIgnoringUses(op *Operation) bool {
	effects, known := LocalMemoryEffects(op)
	if !known {
		return false
	}
	for _, e := range effects {
		switch {
		case e.Kind == Read, e.Kind == Allocate && (e.Value == nil || e.Value.DefiningOp() == op):
		case e.Value != nil && e.Value.DefiningOp() == op && allocates(effects, e.Value):
		default:
			return false
		}
	}
	return nestedAll(op, deadIgnoringUses)
}

// allocates reports whether effects allocate v.
func allocates(effects []EffectInstance, v *Value) bool {
	for _, e := range effects {
		if e.Kind == Allocate && e.Value == v {
			return true
		}
	}
	return false
}

// IsTriviallyDead reports whether op has no used results and would be
// trivially dead.
func IsTriviallyDead(op *Operation) bool {
	return op.UseEmpty() && WouldBeTriviallyDead(op)
}
