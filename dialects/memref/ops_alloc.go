package memref

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// allocLike declares memref.alloc and memref.alloca:
// `memref.alloc(%d)[%s] {alignment = 16 : i64} : memref<?x4xf32, #map>`.
func allocLike(name, short, summary string, traits ir.Trait) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc: "Allocates a memref; one `index` operand per dynamic dimension in parentheses, " +
			"one per layout-map symbol in brackets.\n\n" +
			"    %0 = " + name + "(%d)[%s] {alignment = 16 : i64} : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>",
		Traits:   traits,
		Operands: []ir.ValueDef{ir.Var("dynamicSizes", ir.IndexConstraint), ir.Var("symbolOperands", ir.IndexConstraint)},
		Effects:  allocLikeEffects(name),
		Results:  []ir.ValueDef{ir.Operand("memref", anyMemRef)},
		Attrs:    []ir.AttrDef{ir.OptAttr("alignment", alignmentKind)},
		Format:   "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
		Verify: func(op *ir.Operation) error {
			t := asMemRef(op.Result(0).Type())
			if len(op.OperandGroup(0)) != numDynamicDims(t) {
				return op.Errorf("dimension operand count does not equal memref dynamic dimension count")
			}
			if n, want := len(op.OperandGroup(1)), layoutSymbolCount(t); n != want {
				return op.Errorf("symbol operand count does not equal memref symbol count: expected %d, got %d", want, n)
			}
			if name == "memref.alloca" && op.ParentOp() != nil {
				for p := op.ParentOp(); ; p = p.ParentOp() {
					if p == nil {
						return op.Errorf("requires an ancestor op with AutomaticAllocationScope trait")
					}
					if p.HasTrait(ir.AutomaticAllocationScope) || !p.IsRegistered() {
						break
					}
				}
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), short) },
		Canonicalize: []ir.Pattern{
			ir.PatternFunc{Root: name, Fn: simplifyAllocConst},
		},
	}
}

// simplifyAllocConst folds constant dynamic sizes of an alloc/alloca into its
// type and casts back to the original type (MLIR's SimplifyAllocConst).
func simplifyAllocConst(op *ir.Operation, rw *ir.Rewriter) bool {
	t := asMemRef(op.Result(0).Type())
	dims, syms := op.OperandGroup(0), op.OperandGroup(1)
	if t == nil || len(dims) != numDynamicDims(t) || layoutSymbolCount(t) != 0 {
		return false
	}
	shape := append([]int64(nil), t.Dims...)
	var keep []*ir.Value
	k, changed := 0, false
	for i, d := range t.Dims {
		if d != ir.Dynamic {
			continue
		}
		if c, ok := ConstantIndex(dims[k]); ok && c >= 0 {
			shape[i] = c
			changed = true
		} else {
			keep = append(keep, dims[k])
		}
		k++
	}
	if !changed {
		return false
	}
	nt := ir.MemRef(shape, t.Elem, t.Layout, t.MemorySpace)
	rw.SetInsertionPointBefore(op)
	st := &ir.OperationState{Name: op.Name(), Loc: op.Loc(), Types: []ir.Type{nt}}
	for _, a := range op.Attrs() {
		if a.Name != ir.SegmentSizesAttr {
			st.AddAttr(a.Name, a.Value)
		}
	}
	st.SetOperandGroups(op.Def(), keep, syms)
	alloc := rw.Create(st)
	cast := rw.CreateOp("memref.cast", op.Loc(), alloc.Results(), []ir.Type{t})
	rw.ReplaceOp(op, cast.Results())
	return true
}

// allocOps is this file's part of the dialect's op table.
func allocOps() opTable {
	return opTable{
		{
			Name:     "memref.dealloc",
			Summary:  "memory deallocation operation",
			Doc:      "Frees a memref allocated by memref.alloc.\n\n    memref.dealloc %0 : memref<8x64xf32>",
			Traits:   ir.MemFree,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Free, 0)),
			Operands: []ir.ValueDef{ir.Operand("memref", anyBaseMemRef)},
			Results:  ir.NoValues,
			Format:   "$memref attr-dict `:` type($memref)",
			Fold:     foldOperandCasts,
		},
		{
			Name:    "memref.realloc",
			Summary: "memory reallocation operation",
			Doc: "Reallocates a 1-D memref to a new size, copying the old contents.\n\n" +
				"    %1 = memref.realloc %0(%d) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>",
			Traits:   ir.MemAlloc | ir.MemFree | ir.MemRead | ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("source", memRef1D), ir.Opt("dynamicResultSize", ir.IndexConstraint)},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Free, 0), ir.OnResult(ir.Allocate, 0), ir.OnResult(ir.Write, 0)),
			Results:  []ir.ValueDef{ir.Operand("result", memRef1D)},
			Attrs:    []ir.AttrDef{ir.OptAttr("alignment", alignmentKind)},
			Format:   "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)",
			Verify: func(op *ir.Operation) error {
				src, res := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
				if src.Layout != nil {
					return ir.Errorf(op.Loc(), "unsupported layout for source memref type %s", quoted(src))
				}
				if res.Layout != nil {
					return ir.Errorf(op.Loc(), "unsupported layout for result memref type %s", quoted(res))
				}
				if src.MemorySpace != res.MemorySpace {
					return ir.Errorf(op.Loc(), "different memory spaces specified for source memref type %s and result memref type %s", quoted(src), quoted(res))
				}
				if src.Elem != res.Elem {
					return ir.Errorf(op.Loc(), "different element types specified for source memref type %s and result memref type %s", quoted(src), quoted(res))
				}
				hasSize := op.NamedOperand("dynamicResultSize") != nil
				if numDynamicDims(res) > 0 && !hasSize {
					return ir.Errorf(op.Loc(), "missing dimension operand for result type %s", quoted(res))
				}
				if numDynamicDims(res) == 0 && hasSize {
					return ir.Errorf(op.Loc(), "unnecessary dimension operand for result type %s", quoted(res))
				}
				return nil
			},
		},
		// allocaScopeOp declares memref.alloca_scope, whose allocas are freed when
		// control leaves its region:
		//
		//	%r = memref.alloca_scope -> (f32) { ... memref.alloca_scope.return %v : f32 }
		{
			Name:    "memref.alloca_scope",
			Summary: "explicitly delimited scope for stack allocation",
			Doc: "Frees the memory of the memref.alloca ops in its body on exit.\n\n" +
				"    %r = memref.alloca_scope -> (f32) {\n      ...\n      memref.alloca_scope.return %v : f32\n    }",
			Traits:   ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects | ir.SingleBlock,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Regions:  []ir.RegionDef{{Name: "bodyRegion"}},
			// MLIR's hand-written syntax: the region's implicit terminator.
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				ts, err := p.ParseOptionalArrowTypeList()
				if err != nil {
					return err
				}
				st.Types = append(st.Types, ts...)
				r := st.AddRegion()
				if err := p.ParseRegion(r, nil); err != nil {
					return err
				}
				regions.EnsureTerminator(p.Context(), r, "memref.alloca_scope.return", st.Loc)
				return p.ParseOptionalAttrDict(st)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				if op.NumResults() > 0 {
					p.Print(" -> (")
					p.PrintTypes(op.ResultTypes())
					p.Print(")")
				}
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, op.NumResults() > 0)
				p.PrintOptionalAttrDict(op.Attrs())
			},
			Verify: func(op *ir.Operation) error {
				return regions.VerifyToParent(op, op.Region(0), isReturnLike)
			},
		},
	}
}

func allocaScopeReturnOp() *ir.OpDef {
	return opsyntax.ReturnLikeOp("memref.alloca_scope.return", "results", "terminator for alloca_scope operation",
		"Returns values from a memref.alloca_scope; may be omitted when it returns nothing.\n\n    memref.alloca_scope.return %v : f32",
		func(op *ir.Operation) error { return opsyntax.VerifyParentIfAttached(op, "memref.alloca_scope") })
}

// isReturnLike reports whether t returns control to the parent op.
func isReturnLike(t *ir.Operation) bool { return t.HasTrait(ir.ReturnLike) }
