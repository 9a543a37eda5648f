package interp

import (
	"github.com/goopt/goopt/ir"
)

// compileExit compiles a terminator that leaves its region: the parent op
// reads its operands.
func compileExit(c *Compiler, op *ir.Operation) (Compiled, error) { return Compiled{}, nil }

func compileCall(c *Compiler, op *ir.Operation) (Compiled, error) {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return Compiled{}, op.Errorf("requires a 'callee' symbol reference")
	}
	name := ref.Leaf()
	callee, err := c.m.function(name)
	if err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			return Compiled{}, d
		}
		return Compiled{}, op.Errorf("cannot call '%s': %v", name, err)
	}
	return compileCallTo(c, op, name, callee)
}

// compileCallTo compiles a call op whose operands and results are the
// callee's arguments and results (func.call, llvm.call).
func compileCallTo(c *Compiler, op *ir.Operation, name string, callee *Func) (Compiled, error) {
	m := c.m
	if callee.Body == nil || callee.collective {
		// A callee still being compiled (recursion) may reach a collective.
		c.collective = true
	}
	args, res := c.OperandSlots(op), c.ResultSlots(op)
	if len(args) != len(callee.Type.Inputs) || len(res) != len(callee.Type.Results) {
		return Compiled{}, op.Errorf("does not match the signature of '%s'", name)
	}
	kinds := make([]slotKind, len(args))
	for i, t := range callee.Type.Inputs {
		kinds[i] = kindOf(t)
	}
	rkinds := make([]slotKind, len(res))
	for i, t := range callee.Type.Results {
		rkinds[i] = kindOf(t)
	}
	return Compiled{Exec: func(fr *Frame) error {
		nf := m.newFrame(callee)
		nf.thread = fr.thread
		for i, s := range args {
			copySlotBetween(nf, callee.args[i], fr, s, kinds[i])
		}
		exit, err := nf.runFunc(callee)
		if err != nil {
			if d, ok := err.(*ir.Diagnostic); ok {
				return addCallNote(d, op)
			}
			return err
		}
		for i, s := range exit.TermOperands {
			copySlotBetween(fr, res[i], nf, s, rkinds[i])
		}
		return nil
	}}, nil
}

// addCallNote records the call site on a diagnostic raised inside a callee.
func addCallNote(d *ir.Diagnostic, call *ir.Operation) *ir.Diagnostic {
	if len(d.Notes) < 16 {
		d.AttachNote(call.Loc(), "called from here")
	}
	return d
}

func compileUnrealizedCast(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != op.NumResults() {
		return Compiled{}, unsupported(op, "casts between different numbers of values")
	}
	src, dst := c.OperandSlots(op), c.ResultSlots(op)
	// An nvgpu value that lowers to an integer (scalarObject) crosses
	// between its object slot and the integer's scalar slot.
	box := make([]int, len(src))
	for i := range src {
		from, to := kindOf(op.Operand(i).Type()), kindOf(op.Result(i).Type())
		switch {
		case from == to:
		case from == kindObject && to == kindScalar:
			box[i] = -1
		case from == kindScalar && to == kindObject:
			box[i] = 1
		default:
			return Compiled{}, unsupported(op, "cast from %s to %s", op.Operand(i).Type(), op.Result(i).Type())
		}
	}
	return Compiled{Exec: func(fr *Frame) error {
		for i, s := range src {
			switch box[i] {
			case 0:
				fr.copy(dst[i], s)
			case 1:
				fr.O[dst[i]] = scalarObject{fr.S[s]}
			default:
				bits, ok := objectBits(fr.O[s])
				if !ok {
					return unsupported(op, "cast of %v to %s", fr.O[s], op.Result(i).Type())
				}
				fr.S[dst[i]] = bits
			}
		}
		return nil
	}}, nil
}
