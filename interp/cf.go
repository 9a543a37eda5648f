package interp

import (
	"github.com/goopt/goopt/ir"
)

func compileBr(c *Compiler, op *ir.Operation) (Compiled, error) {
	if len(op.Successors()) != 1 {
		return Compiled{}, op.Errorf("expected one successor")
	}
	return Compiled{
		Branch:            func(*Frame) (int, error) { return 0, nil },
		SuccessorOperands: [][]*ir.Value{op.Operands()},
	}, nil
}

// segments splits op's operands by its operandSegmentSizes property.
// segmentsN returns op's n operand segments, or an error at op.
func segmentsN(op *ir.Operation, n int) ([][]*ir.Value, error) {
	segs, ok := segments(op)
	if !ok || len(segs) != n {
		return nil, op.Errorf("malformed operand segments")
	}
	return segs, nil
}

func segments(op *ir.Operation) ([][]*ir.Value, bool) {
	a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	sizes := denseInts(a)
	all := op.Operands()
	var out [][]*ir.Value
	pos := 0
	for _, n := range sizes {
		if pos+int(n) > len(all) {
			return nil, false
		}
		out = append(out, all[pos:pos+int(n)])
		pos += int(n)
	}
	return out, pos == len(all)
}

func compileCondBr(c *Compiler, op *ir.Operation) (Compiled, error) {
	segs, ok := segments(op)
	if !ok || len(segs) != 3 || len(segs[0]) != 1 || len(op.Successors()) != 2 {
		return Compiled{}, op.Errorf("malformed conditional branch")
	}
	cond := c.Slot(segs[0][0])
	return Compiled{
		Branch: func(fr *Frame) (int, error) {
			if fr.S[cond] != 0 {
				return 0, nil
			}
			return 1, nil
		},
		SuccessorOperands: [][]*ir.Value{segs[1], segs[2]},
	}, nil
}

func compileSwitch(c *Compiler, op *ir.Operation) (Compiled, error) {
	segs, ok := segments(op)
	if !ok || len(segs) != 3 || len(segs[0]) != 1 {
		return Compiled{}, op.Errorf("malformed switch")
	}
	flag := c.Slot(segs[0][0])
	w, err := intWidth(op, segs[0][0].Type())
	if err != nil {
		return Compiled{}, err
	}
	var cases []uint64
	if d, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok {
		bits, err := denseBits(op, d, int64(len(d.Elements)))
		if err != nil {
			return Compiled{}, err
		}
		if d.Splat {
			bits, err = denseBits(op, d, ir.NumElements(d.ShapedType().Shape()))
			if err != nil {
				return Compiled{}, err
			}
		}
		cases = bits
	}
	if len(op.Successors()) != len(cases)+1 {
		return Compiled{}, op.Errorf("has %d successors for %d cases", len(op.Successors()), len(cases))
	}
	succOps := [][]*ir.Value{segs[1]}
	caseOps := segs[2]
	if len(cases) > 0 {
		sizes := []int64{}
		if a, ok := op.Attr("case_operand_segments").(*ir.DenseArrayAttr); ok {
			sizes = denseInts(a)
		}
		if len(sizes) != len(cases) {
			return Compiled{}, op.Errorf("malformed case operand segments")
		}
		pos := 0
		for _, n := range sizes {
			if pos+int(n) > len(caseOps) {
				return Compiled{}, op.Errorf("malformed case operand segments")
			}
			succOps = append(succOps, caseOps[pos:pos+int(n)])
			pos += int(n)
		}
	}
	m := widthMask(w)
	return Compiled{
		Branch: func(fr *Frame) (int, error) {
			v := fr.S[flag] & m
			for i, cv := range cases {
				if cv&m == v {
					return i + 1, nil
				}
			}
			return 0, nil
		},
		SuccessorOperands: succOps,
	}, nil
}

func compileAssert(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 1 {
		return Compiled{}, op.Errorf("expected one operand")
	}
	cond := c.Slot(op.Operand(0))
	msg := ""
	if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
		msg = s.Value
	}
	return Compiled{Exec: func(fr *Frame) error {
		if fr.S[cond] == 0 {
			return runtimeError(op, "assertion failed: %s", msg)
		}
		return nil
	}}, nil
}

// denseInts returns the integer elements of a dense array attribute.
func denseInts(a *ir.DenseArrayAttr) []int64 { return a.Ints }
