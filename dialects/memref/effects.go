package memref

import "github.com/goopt/goopt/ir"

// allocLikeEffects gives memref.alloc an allocation of its result on the
// heap and memref.alloca one on the stack of the enclosing automatic
// allocation scope, as upstream's MemAlloc<DefaultResource> and
// MemAlloc<AutomaticAllocationScopeResource>.
func allocLikeEffects(name string) func(op *ir.Operation) []ir.EffectInstance {
	res := ir.DefaultResource
	if name == "memref.alloca" {
		res = ir.AutomaticAllocationScopeResource
	}
	return ir.FixedEffects(ir.OnResult(ir.Allocate, 0).In(res))
}
