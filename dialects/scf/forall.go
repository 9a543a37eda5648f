package scf

import (
	"slices"

	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// anyRankedTensor is ODS's AnyRankedTensor.
var anyRankedTensor = ir.TypeOf("variadic of ranked tensor of any type values", func(t ir.Type) bool {
	_, ok := t.(*ir.RankedTensorType)
	return ok
})

// forallOps is this file's part of the dialect's op table.
func forallOps() opTable {
	return opTable{
		{
			Name:    "scf.forall",
			Summary: "evaluate a block multiple times in parallel",
			Doc: "A multi-dimensional parallel loop with mixed static/dynamic bounds; shared_outs are tensors " +
				"the iterations write into through scf.forall.in_parallel.\n\n" +
				"    %r = scf.forall (%i, %j) in (%n, 4) shared_outs(%o = %t) -> (tensor<8xf32>) {\n" +
				"      scf.forall.in_parallel {\n        tensor.parallel_insert_slice ...\n      }\n" +
				"    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}\n" +
				"    scf.forall (%i) = (0) to (%n) step (2) {\n    }",
			Traits: ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects | ir.SingleBlock | ir.LoopLike | ir.HasParallelRegion,
			Operands: []ir.ValueDef{
				ir.Var("dynamicLowerBound", ir.IndexConstraint),
				ir.Var("dynamicUpperBound", ir.IndexConstraint),
				ir.Var("dynamicStep", ir.IndexConstraint),
				ir.Var("outputs", anyRankedTensor),
			},
			Attrs: []ir.AttrDef{
				ir.Attr("staticLowerBound", ir.DenseI64ArrayKind),
				ir.Attr("staticUpperBound", ir.DenseI64ArrayKind),
				ir.Attr("staticStep", ir.DenseI64ArrayKind),
				ir.OptAttr("mapping", ir.ArrayAttrKind),
			},
			Results: []ir.ValueDef{ir.Var("results", nil)},
			Regions: []ir.RegionDef{{Name: "region"}},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				ivs, err := p.ParseArgumentList(ir.DelimParen, false)
				if err != nil {
					return err
				}
				n := len(ivs)
				var lbs, ubs, steps []ir.UnresolvedOperand
				var slb, sub, sstep []int64
				if p.ParseOptionalKeyword("in") {
					if ubs, sub, err = opsyntax.ParseDynamicIndexList(p, ir.DelimParen); err != nil {
						return err
					}
					slb, sstep = make([]int64, n), make([]int64, n)
					for i := range sstep {
						sstep[i] = 1
					}
				} else {
					if err := p.Parse("="); err != nil {
						return err
					}
					if lbs, slb, err = opsyntax.ParseDynamicIndexList(p, ir.DelimParen); err != nil {
						return err
					}
					if err := p.ParseKeyword("to"); err != nil {
						return err
					}
					if ubs, sub, err = opsyntax.ParseDynamicIndexList(p, ir.DelimParen); err != nil {
						return err
					}
					if err := p.ParseKeyword("step"); err != nil {
						return err
					}
					if steps, sstep, err = opsyntax.ParseDynamicIndexList(p, ir.DelimParen); err != nil {
						return err
					}
				}
				groups := make([][]*ir.Value, 4)
				for i, us := range [][]ir.UnresolvedOperand{lbs, ubs, steps} {
					if len(us) == 0 {
						continue
					}
					if groups[i], err = p.ResolveOperands(us, []ir.Type{ir.Index}); err != nil {
						return err
					}
				}
				var outArgs []ir.Argument
				if p.ParseOptionalKeyword("shared_outs") {
					var outs []ir.UnresolvedOperand
					if outArgs, outs, err = opsyntax.ParseAssignmentList(p); err != nil {
						return err
					}
					ts, err := p.ParseOptionalArrowTypeList()
					if err != nil {
						return err
					}
					if len(ts) != len(outs) {
						return p.Errorf("mismatch between out operands and types")
					}
					st.Types = append(st.Types, ts...)
					if len(outs) > 0 {
						if groups[3], err = p.ResolveOperands(outs, ts); err != nil {
							return err
						}
					}
				}
				args := make([]ir.Argument, 0, n+len(outArgs))
				argTys := make([]ir.Type, 0, n+len(outArgs))
				for _, iv := range ivs {
					iv.Type = ir.Index
					args = append(args, iv)
					argTys = append(argTys, ir.Index)
				}
				for i, a := range outArgs {
					a.Type = st.Types[i]
					args = append(args, a)
					argTys = append(argTys, a.Type)
				}
				body := st.AddRegion()
				if err := p.ParseRegion(body, args); err != nil {
					return err
				}
				ensureInParallel(p.Context(), body, st.Loc, argTys)
				if err := p.ParseOptionalAttrDict(st); err != nil {
					return err
				}
				st.AddAttr("staticLowerBound", ir.DenseI64Array(slb...))
				st.AddAttr("staticUpperBound", ir.DenseI64Array(sub...))
				st.AddAttr("staticStep", ir.DenseI64Array(sstep...))
				st.SetOperandGroups(p.Context().OpDef("scf.forall"), groups...)
				return nil
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				body := op.Region(0).Front()
				rank := len(denseI64(op, "staticUpperBound"))
				args := body.Arguments()
				if rank > len(args) {
					rank = len(args)
				}
				p.Print(" (")
				p.PrintOperands(args[:rank])
				if forallNormalized(op) {
					p.Print(") in ")
					opsyntax.PrintDynamicIndexList(p, op.OperandGroup(1), denseI64(op, "staticUpperBound"), ir.DelimParen)
				} else {
					p.Print(") = ")
					opsyntax.PrintDynamicIndexList(p, op.OperandGroup(0), denseI64(op, "staticLowerBound"), ir.DelimParen)
					p.Print(" to ")
					opsyntax.PrintDynamicIndexList(p, op.OperandGroup(1), denseI64(op, "staticUpperBound"), ir.DelimParen)
					p.Print(" step ")
					opsyntax.PrintDynamicIndexList(p, op.OperandGroup(2), denseI64(op, "staticStep"), ir.DelimParen)
				}
				printInitializationList(p, args[rank:], op.OperandGroup(3), " shared_outs")
				p.Print(" ")
				if op.NumResults() > 0 {
					p.Print("-> (")
					p.PrintTypes(op.ResultTypes())
					p.Print(") ")
				}
				p.PrintRegion(op.Region(0), false, op.NumResults() > 0)
				p.PrintOptionalAttrDict(op.Attrs(), ir.SegmentSizesAttr, "staticLowerBound", "staticUpperBound", "staticStep")
			},
			Verify: verifyForall,
		},
		{
			Name:    "scf.forall.in_parallel",
			Summary: "terminates a `forall` block",
			Doc: "Ends an scf.forall body; its region holds the parallel inserts into the shared outputs.\n\n" +
				"    scf.forall.in_parallel {\n      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>\n    }",
			Traits:   ir.Terminator | ir.Pure | ir.SingleBlock | ir.NoTerminator,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Regions:  []ir.RegionDef{{Name: "region"}},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				r := st.AddRegion()
				if err := p.ParseRegion(r, nil); err != nil {
					return err
				}
				if r.Empty() {
					r.AppendBlock(ir.NewBlock())
				}
				return p.ParseOptionalAttrDict(st)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, false)
				p.PrintOptionalAttrDict(op.Attrs())
			},
			Verify: func(op *ir.Operation) error {
				parent := op.ParentOp()
				if parent == nil {
					return nil
				}
				if parent.Name() != "scf.forall" {
					return op.Errorf("expected forall op parent")
				}
				b := op.Region(0).Front()
				if b == nil {
					return nil
				}
				rank := len(denseI64(parent, "staticUpperBound"))
				pb := parent.Region(0).Front()
				outArgs := pb.Arguments()[min(rank, pb.NumArguments()):]
				for _, o := range b.Ops() {
					if o.Name() != "tensor.parallel_insert_slice" {
						return op.Errorf("expected only tensor.parallel_insert_slice ops")
					}
					if o.NumOperands() < 2 || !slices.Contains(outArgs, o.Operand(1)) {
						return o.Errorf("may only insert into an output block argument")
					}
				}
				return nil
			},
		},
	}
}

// forallNormalized reports whether all lower bounds are 0 and all steps 1
// (statically or through constants), so the loop prints in its `in` form.
func forallNormalized(op *ir.Operation) bool {
	is := func(static []int64, dyn []*ir.Value, want int64) bool {
		for _, m := range memref.MixedValues(static, dyn) {
			v := m.Static
			if !m.IsStatic() {
				c, ok := constantInt(m.Value)
				if !ok {
					return false
				}
				v = c
			}
			if v != want {
				return false
			}
		}
		return true
	}
	return is(denseI64(op, "staticLowerBound"), op.OperandGroup(0), 0) && is(denseI64(op, "staticStep"), op.OperandGroup(2), 1)
}

func verifyForall(op *ir.Operation) error {
	rank := len(denseI64(op, "staticUpperBound"))
	outs := op.OperandGroup(3)
	if op.NumResults() != len(outs) {
		return op.Errorf("produces %d results, but has only %d outputs", op.NumResults(), len(outs))
	}
	body := op.Region(0).Front()
	if body == nil || body.NumArguments() != rank+len(outs) {
		return op.Errorf("region expects %d arguments", rank)
	}
	for i := 0; i < rank; i++ {
		if body.Argument(i).Type() != ir.Index {
			return op.Errorf("expects %d-th block argument to be an index", i)
		}
	}
	for i, o := range outs {
		if body.Argument(rank+i).Type() != o.Type() {
			return op.Errorf("type mismatch between %d-th output and corresponding block argument", i)
		}
	}
	if m, ok := op.Attr("mapping").(*ir.ArrayAttr); ok && len(m.Elems) > 0 && len(m.Elems) != rank {
		return op.Errorf("mapping attribute size must match op rank")
	}
	for i, l := range []struct {
		name, static string
	}{{"lower bound", "staticLowerBound"}, {"upper bound", "staticUpperBound"}, {"step", "staticStep"}} {
		static := denseI64(op, l.static)
		if len(static) != rank {
			return op.Errorf("expected %d %s values, got %d", rank, l.name, len(static))
		}
		n := 0
		for _, s := range static {
			if s == ir.Dynamic {
				n++
			}
		}
		if n != len(op.OperandGroup(i)) {
			return op.Errorf("expected %d dynamic %s values", n, l.name)
		}
	}
	if _, err := verifyAndGetTerminator(op, op.Region(0), "scf.forall.in_parallel", "expects body to terminate with 'scf.forall.in_parallel'"); err != nil {
		return err
	}
	return nil
}

// ensureInParallel gives a forall body its scf.forall.in_parallel terminator.
func ensureInParallel(ctx *ir.Context, r *ir.Region, loc ir.Location, argTypes []ir.Type) {
	if r.Empty() {
		r.AppendBlock(ir.NewBlock(argTypes...))
	}
	b := r.Front()
	if b.Last() != nil && b.Last().HasTrait(ir.Terminator) {
		return
	}
	st := &ir.OperationState{Name: "scf.forall.in_parallel", Loc: loc}
	st.AddRegion().AppendBlock(ir.NewBlock())
	b.Append(ctx.NewOperation(st))
}
