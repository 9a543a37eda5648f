package rewrite

import "github.com/goopt/goopt/ir"

// Memory effects are read from op traits. An op carrying none of Pure,
// ConstantLike, RecursiveMemoryEffects and the Mem* traits has unknown
// effects and is never removed or merged, as in MLIR for ops without a
// MemoryEffectOpInterface; unregistered ops likewise.

const memTraits = ir.MemRead | ir.MemWrite | ir.MemAlloc | ir.MemFree

// IsMemoryEffectFree reports whether op and its nested ops neither read
// nor write memory (nor have unknown effects).
func IsMemoryEffectFree(op *ir.Operation) bool {
	if !op.IsRegistered() {
		return false
	}
	if op.HasTrait(ir.Pure) || op.HasTrait(ir.ConstantLike) {
		return nestedEffectFree(op)
	}
	if op.HasTrait(ir.RecursiveMemoryEffects) {
		if op.Def().Traits&memTraits != 0 {
			return false
		}
		return nestedEffectFree(op)
	}
	return false
}

// nestedEffectFree reports whether every op nested in op is effect free
// (terminators of structured ops count as effect free when registered and
// not otherwise marked).
func nestedEffectFree(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if o.HasTrait(ir.Terminator) && o.IsRegistered() && o.Def().Traits&memTraits == 0 && len(o.Successors()) == 0 {
					if !nestedEffectFree(o) {
						return false
					}
					continue
				}
				if !IsMemoryEffectFree(o) {
					return false
				}
			}
		}
	}
	return true
}

// OnlyReadsMemory reports whether op's only effects are reads: it has the
// MemRead trait and no write, allocation or free effects.
func OnlyReadsMemory(op *ir.Operation) bool {
	if !op.IsRegistered() {
		return false
	}
	t := op.Def().Traits
	return t&ir.MemRead != 0 && t&(ir.MemWrite|ir.MemAlloc|ir.MemFree) == 0 && nestedEffectFree(op)
}

// HasWriteEffects reports whether op might write or free memory, or has
// unknown effects; reads and allocations do not count.
func HasWriteEffects(op *ir.Operation) bool {
	if IsMemoryEffectFree(op) || OnlyReadsMemory(op) {
		return false
	}
	if !op.IsRegistered() {
		return true
	}
	t := op.Def().Traits
	if t&(ir.MemWrite|ir.MemFree) != 0 {
		return true
	}
	if t&memTraits != 0 {
		return !nestedEffectFree(op)
	}
	return !op.HasTrait(ir.RecursiveMemoryEffects) || !nestedEffectFree(op)
}

// WouldBeTriviallyDead reports whether op could be erased if its results
// had no uses: it is not a terminator or symbol, and its only effects are
// reads or allocations of its own results (MLIR's wouldOpBeTriviallyDead).
func WouldBeTriviallyDead(op *ir.Operation) bool {
	if op.HasTrait(ir.Terminator) || op.HasTrait(ir.Symbol) || !op.IsRegistered() {
		return false
	}
	if IsMemoryEffectFree(op) {
		return true
	}
	t := op.Def().Traits
	if t&(ir.MemWrite|ir.MemFree) != 0 || t&(ir.MemRead|ir.MemAlloc) == 0 {
		return false
	}
	return nestedEffectFree(op)
}

// IsTriviallyDead reports whether op has no used results and would be
// trivially dead.
func IsTriviallyDead(op *ir.Operation) bool {
	return op.UseEmpty() && WouldBeTriviallyDead(op)
}
