package interp

import (
	"github.com/goopt/goopt/ir"
)

func compileScfFor(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 3 {
		return Compiled{}, op.Errorf("malformed loop")
	}
	lb, ub, st := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2))
	w, err := intWidth(op, op.Operand(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	signed := !op.HasAttr("unsignedCmp")
	body, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	blk := body.Single()
	if blk == nil || len(blk.Args) != op.NumOperands()-2 {
		return Compiled{}, op.Errorf("requires a single-block body with the induction variable and iter_args")
	}
	if w < 64 {
		// Narrow induction variables: run in 64 bits on sign- (or zero-)
		// extended bounds; the iv never leaves the range [lb, ub).
		return loop(c, op, blk, c.Slots(op.Operands()[3:]), func(fr *Frame) (int64, int64, error) {
			if signed {
				return signExtend(fr.S[lb], w), signExtend(fr.S[ub], w), nil
			}
			return int64(fr.S[lb]), int64(fr.S[ub]), nil
		}, func(fr *Frame) int64 { return signExtend(fr.S[st], w) }, true, widthMask(w))
	}
	return loop(c, op, blk, c.Slots(op.Operands()[3:]), func(fr *Frame) (int64, int64, error) {
		return int64(fr.S[lb]), int64(fr.S[ub]), nil
	}, func(fr *Frame) int64 { return int64(fr.S[st]) }, signed, ^uint64(0))
}

func compileScfIf(c *Compiler, op *ir.Operation) (Compiled, error) {
	cond := c.Slot(op.Operand(0))
	return ifLike(c, op, func(fr *Frame) (bool, error) { return fr.S[cond] != 0, nil })
}

func compileScfWhile(c *Compiler, op *ir.Operation) (Compiled, error) {
	before, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	after, err := c.Region(op.Region(1))
	if err != nil {
		return Compiled{}, err
	}
	inits, res := c.OperandSlots(op), c.ResultSlots(op)
	bargs, aargs := before.Blocks[0].Args, after.Blocks[0].Args
	return Compiled{Exec: func(fr *Frame) error {
		fr.Move(inits, bargs)
		for {
			exit, err := fr.RunRegion(before)
			if err != nil {
				return err
			}
			ops := exit.TermOperands
			if exit.Term == nil || exit.Term.Name() != "scf.condition" || len(ops) < 1 {
				return runtimeError(op, "'before' region must end in 'scf.condition'")
			}
			if fr.S[ops[0]] == 0 {
				fr.Move(ops[1:], res)
				return nil
			}
			fr.Move(ops[1:], aargs)
			exit, err = fr.RunRegion(after)
			if err != nil {
				return err
			}
			fr.Move(exit.TermOperands, bargs)
			if err := fr.Step(op); err != nil {
				return err
			}
		}
	}}, nil
}

// nest runs body over the iteration space [lo, hi) with steps st in
// lexicographic order, setting the induction variables ivs each time.
func nest(fr *Frame, op *ir.Operation, lo, hi, st []int64, ivs []int, body func() error) error {
	n := len(lo)
	for d := 0; d < n; d++ {
		if st[d] <= 0 {
			return runtimeError(op, "loop step %d is not positive", st[d])
		}
		if lo[d] >= hi[d] {
			return nil
		}
	}
	iv := append([]int64(nil), lo...)
	for {
		for d, s := range ivs {
			fr.S[s] = uint64(iv[d])
		}
		if err := body(); err != nil {
			return err
		}
		if err := fr.Step(op); err != nil {
			return err
		}
		d := n - 1
		for ; d >= 0; d-- {
			iv[d] += st[d]
			if iv[d] < hi[d] {
				break
			}
			iv[d] = lo[d]
		}
		if d < 0 {
			return nil
		}
	}
}

func compileScfParallel(c *Compiler, op *ir.Operation) (Compiled, error) {
	segs, err := segmentsN(op, 4)
	if err != nil {
		return Compiled{}, err
	}
	lbs, ubs, sts, inits := c.Slots(segs[0]), c.Slots(segs[1]), c.Slots(segs[2]), c.Slots(segs[3])
	body, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	blk := body.Single()
	if blk == nil || len(blk.Args) != len(lbs) {
		return Compiled{}, op.Errorf("malformed body")
	}
	red := blk.Term
	if red == nil || red.Name() != "scf.reduce" || red.NumRegions() != len(inits) || len(blk.TermOperands) != len(inits) {
		return Compiled{}, op.Errorf("body must end in 'scf.reduce' with one region per result")
	}
	combiners := make([]*Block, len(inits))
	for i := range combiners {
		r, err := c.Region(red.Region(i))
		if err != nil {
			return Compiled{}, err
		}
		if combiners[i] = r.Single(); combiners[i] == nil || len(combiners[i].Args) != 2 || len(combiners[i].TermOperands) != 1 {
			return Compiled{}, red.Errorf("reduction region %d must take two values and return one", i)
		}
	}
	res := c.ResultSlots(op)
	return Compiled{Exec: func(fr *Frame) error {
		read := func(ss []int) []int64 {
			out := make([]int64, len(ss))
			for i, s := range ss {
				out[i] = int64(fr.S[s])
			}
			return out
		}
		fr.Move(inits, res)
		return nest(fr, op, read(lbs), read(ubs), read(sts), blk.Args, func() error {
			if err := fr.RunBlockOps(blk); err != nil {
				return err
			}
			for i, cb := range combiners {
				fr.Move([]int{res[i], blk.TermOperands[i]}, cb.Args)
				if err := fr.RunBlockOps(cb); err != nil {
					return err
				}
				fr.copy(res[i], cb.TermOperands[0])
			}
			return nil
		})
	}}, nil
}

func compileScfForall(c *Compiler, op *ir.Operation) (Compiled, error) {
	segs, err := segmentsN(op, 4)
	if err != nil {
		return Compiled{}, err
	}
	if len(segs[3]) != 0 || op.NumResults() != 0 {
		return Compiled{}, unsupported(op, "shared outputs (tensors)")
	}
	lo, err := mixedOf(c, op, "staticLowerBound", segs[0])
	if err != nil {
		return Compiled{}, err
	}
	hi, err := mixedOf(c, op, "staticUpperBound", segs[1])
	if err != nil {
		return Compiled{}, err
	}
	st, err := mixedOf(c, op, "staticStep", segs[2])
	if err != nil {
		return Compiled{}, err
	}
	body, err := c.Region(op.Region(0))
	if err != nil {
		return Compiled{}, err
	}
	blk := body.Single()
	if blk == nil || len(blk.Args) != len(hi.static) {
		return Compiled{}, op.Errorf("malformed body")
	}
	return Compiled{Exec: func(fr *Frame) error {
		return nest(fr, op, lo.values(fr), hi.values(fr), st.values(fr), blk.Args, func() error {
			return fr.RunBlockOps(blk)
		})
	}}, nil
}

// compileRegionOp compiles an op that runs its region once and yields
// its results: scf.execute_region and, scoped, memref.alloca_scope, whose
// allocas die when the region ends.
func compileRegionOp(scoped bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		body, err := c.Region(op.Region(0))
		if err != nil {
			return Compiled{}, err
		}
		res := c.ResultSlots(op)
		return Compiled{Exec: func(fr *Frame) error {
			if !scoped {
				return fr.runRegionInto(body, res)
			}
			mark := len(fr.allocas)
			err := fr.runRegionInto(body, res)
			for _, b := range fr.allocas[mark:] {
				b.free()
			}
			fr.allocas = fr.allocas[:mark]
			return err
		}}, nil
	}
}

// runRegionInto runs r and moves what its terminator yields into res.
func (fr *Frame) runRegionInto(r *Region, res []int) error {
	exit, err := fr.RunRegion(r)
	if err != nil {
		return err
	}
	fr.Move(exit.TermOperands, res)
	return nil
}

func compileIndexSwitch(c *Compiler, op *ir.Operation) (Compiled, error) {
	ca, ok := op.Attr("cases").(*ir.DenseArrayAttr)
	if !ok || op.NumRegions() != len(ca.Ints)+1 {
		return Compiled{}, op.Errorf("malformed cases")
	}
	regions := make([]*Region, op.NumRegions())
	for i := range regions {
		r, err := c.Region(op.Region(i))
		if err != nil {
			return Compiled{}, err
		}
		regions[i] = r
	}
	arg, res := c.Slot(op.Operand(0)), c.ResultSlots(op)
	cases := ca.Ints
	return Compiled{Exec: func(fr *Frame) error {
		v := int64(fr.S[arg])
		r := regions[0]
		for i, cv := range cases {
			if cv == v {
				r = regions[i+1]
				break
			}
		}
		return fr.runRegionInto(r, res)
	}}, nil
}
