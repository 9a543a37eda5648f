package gpu

import "github.com/goopt/goopt/ir"

// asyncOpEffects gives the memory effects of the ops declared by asyncOp,
// whose memrefs follow a variadic list of async dependencies and so are
// counted from the last operand (upstream's MemFree, MemWriteAt and
// MemReadAt on the named arguments). gpu.wait declares none upstream; it
// keeps its traits (reads and writes of any memory), as it orders device
// work that this IR does not otherwise show.
//
// gpu.barrier likewise has no hook: upstream declares no effects for it, and
// its traits make it read and write all memory, so nothing is merged,
// hoisted or erased across or with it.
func asyncOpEffects(name string) func(op *ir.Operation) []ir.EffectInstance {
	switch name {
	case "gpu.dealloc":
		return ir.FixedEffects(ir.OnOperand(ir.Free, -1))
	case "gpu.memcpy":
		return ir.FixedEffects(ir.OnOperand(ir.Write, -2), ir.OnOperand(ir.Read, -1))
	case "gpu.memset":
		return ir.FixedEffects(ir.OnOperand(ir.Write, -2))
	}
	return nil
}
