package interp

import (
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// Aggregate and vector element ops of the llvm dialect. Aggregates are
// immutable (insertvalue copies the path it changes); vectors are copied
// on insertion, so no SSA value changes after it is defined.

func compileExtractValue(c *Compiler, op *ir.Operation) (Compiled, error) {
	pos := llvm.Position(op)
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		agg, ok := fr.O[src].(*Aggregate)
		if !ok {
			return runtimeError(op, "operand is not an aggregate value")
		}
		if err := agg.checkReadable(op); err != nil {
			return err
		}
		v, err := agg.Field(pos)
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		fr.setValue(r, v)
		return nil
	}}, nil
}

func compileInsertValue(c *Compiler, op *ir.Operation) (Compiled, error) {
	pos := llvm.Position(op)
	t := op.Operand(1).Type()
	src, val, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		agg, ok := fr.O[src].(*Aggregate)
		if !ok {
			return runtimeError(op, "operand is not an aggregate value")
		}
		n, err := agg.With(pos, fr.value(val, t))
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		fr.O[r] = n
		return nil
	}}, nil
}

// vectorOperand checks that v is a vector of scalars (vectors of pointers
// are not modelled: vector lanes are registers).
func vectorOperand(op *ir.Operation, v *ir.Value) (*ir.VectorType, error) {
	vt, ok := v.Type().(*ir.VectorType)
	if !ok || kindOf(vt.Elem) != kindScalar {
		return nil, unsupported(op, "vectors of %s", v.Type())
	}
	return vt, nil
}

func compileExtractElement(c *Compiler, op *ir.Operation) (Compiled, error) {
	at, err := elementAccess(c, op, 1)
	if err != nil {
		return Compiled{}, err
	}
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		v, i, err := at(fr)
		if err != nil {
			return err
		}
		fr.S[r] = v.Elems[i]
		return nil
	}}, nil
}

func compileInsertElement(c *Compiler, op *ir.Operation) (Compiled, error) {
	vt, err := vectorOperand(op, op.Operand(0))
	if err != nil {
		return Compiled{}, err
	}
	at, err := elementAccess(c, op, 2)
	if err != nil {
		return Compiled{}, err
	}
	es, r := c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		v, i, err := at(fr)
		if err != nil {
			return err
		}
		out := &Vector{Type: vt, Elems: append([]uint64(nil), v.Elems...)}
		out.Elems[i] = fr.S[es]
		fr.O[r] = out
		return nil
	}}, nil
}

// elementAccess compiles the vector operand 0 and the index operand pos
// of extractelement and insertelement: at returns the vector and the
// index, checked against its length.
func elementAccess(c *Compiler, op *ir.Operation, pos int) (at func(fr *Frame) (*Vector, uint64, error), err error) {
	if _, err := vectorOperand(op, op.Operand(0)); err != nil {
		return nil, err
	}
	w, err := intWidth(op, op.Operand(pos).Type())
	if err != nil {
		return nil, err
	}
	vs, ps := c.Slot(op.Operand(0)), c.Slot(op.Operand(pos))
	return func(fr *Frame) (*Vector, uint64, error) {
		v, err := vec(fr, op, vs)
		if err != nil {
			return nil, 0, err
		}
		i := fr.S[ps] & widthMask(w)
		if i >= uint64(len(v.Elems)) {
			return nil, 0, runtimeError(op, "element index %d out of range for %s", i, v.Type)
		}
		return v, i, nil
	}, nil
}

// compileShuffleVector picks lanes of the concatenation of two vectors; a
// mask entry of -1 (a poison lane) gives zero bits.
func compileShuffleVector(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, err := vectorOperand(op, op.Operand(0)); err != nil {
		return Compiled{}, err
	}
	rt, _ := op.Result(0).Type().(*ir.VectorType)
	mask := llvm.ShuffleMask(op)
	a, b, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		xy, err := vecs(fr, op, a, b)
		if err != nil {
			return err
		}
		x, y := xy[0], xy[1]
		n := int64(len(x.Elems))
		out := &Vector{Type: rt, Elems: make([]uint64, len(mask))}
		for i, m := range mask {
			switch {
			case m < 0:
			case m < n:
				out.Elems[i] = x.Elems[m]
			case m < 2*n:
				out.Elems[i] = y.Elems[m-n]
			default:
				return runtimeError(op, "mask index %d out of range for two vectors of %d elements", m, n)
			}
		}
		fr.O[r] = out
		return nil
	}}, nil
}
