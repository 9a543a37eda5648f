package interp

import (
	"fmt"
	"math/rand/v2"

	"github.com/goopt/goopt/ir"
)

// RandomArgs returns deterministic random arguments for a function type:
// memrefs of the static shape (dynamic sizes become 16) filled by
// MemRef.FillRandom, floats in [-1, 1), integers in [-8, 8), index in [0, 8).
func RandomArgs(ft *ir.FunctionType, seed int64) ([]Value, error) {
	r := rand.New(rand.NewPCG(uint64(seed), 0x243f6a8885a308d3))
	return makeArgs(ft, func(m *MemRef) { m.FillRandom(r.Int64()) }, func(t ir.Type) uint64 { return randomScalar(r, t) })
}

// ZeroArgs returns zero-filled (initialised) arguments for a function type.
func ZeroArgs(ft *ir.FunctionType) ([]Value, error) {
	return makeArgs(ft, func(*MemRef) {}, func(ir.Type) uint64 { return 0 })
}

// DynamicSize is the size RandomArgs and ZeroArgs give dynamic dimensions.
const DynamicSize = 16

func makeArgs(ft *ir.FunctionType, fill func(*MemRef), scalar func(ir.Type) uint64) ([]Value, error) {
	var out []Value
	for i, t := range ft.Inputs {
		switch t := t.(type) {
		case *ir.MemRefType:
			shape := make([]int64, len(t.Dims))
			for k, d := range t.Dims {
				if d == ir.Dynamic {
					d = DynamicSize
				}
				shape[k] = d
			}
			m, err := allocMemRef(t, shape, nil)
			if err != nil {
				return nil, fmt.Errorf("argument %d: %v", i, err)
			}
			for k := range m.Buf.Init {
				m.Buf.Init[k] = true
			}
			fill(m)
			out = append(out, MemRefValue(m))
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			out = append(out, Value{Type: t, Bits: scalar(t)})
		default:
			return nil, fmt.Errorf("argument %d: cannot make a value of type %s", i, t)
		}
	}
	return out, nil
}

// CloneArgs deep-copies arguments so two runs do not share memory.
func CloneArgs(args []Value) []Value {
	out := make([]Value, len(args))
	for i, a := range args {
		out[i] = a
		if a.Ref != nil {
			out[i].Ref = a.Ref.Clone()
		}
		if a.Vec != nil {
			out[i].Vec = &Vector{Type: a.Vec.Type, Elems: append([]uint64(nil), a.Vec.Elems...)}
		}
	}
	return out
}

// FunctionType returns the type of the module's function name.
func (m *Machine) FunctionType(name string) (*ir.FunctionType, error) {
	_, ft, err := m.funcOp(name)
	return ft, err
}

// funcOp returns the func.func op of the module's function name and its type.
func (m *Machine) funcOp(name string) (*ir.Operation, *ir.FunctionType, error) {
	op := m.symbols[name]
	if op != nil && op.Name() == "llvm.func" {
		return llvmFuncOp(op)
	}
	if op == nil || op.Name() != "func.func" {
		return nil, nil, fmt.Errorf("interp: no function named '%s'", name)
	}
	ft, ok := funcType(op)
	if !ok {
		return nil, nil, op.Errorf("has no function type")
	}
	return op, ft, nil
}
