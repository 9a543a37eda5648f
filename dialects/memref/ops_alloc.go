package memref

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/internal/segments"
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
		Effects:  allocLikeEffects(name),
		Inherent: []string{"alignment", segments.Attr},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			dims, err := p.ParseOperandList(ir.DelimParen)
			if err != nil {
				return err
			}
			syms, err := p.ParseOperandList(ir.DelimOptionalSquare)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := parseColonMemRef(p)
			if err != nil {
				return err
			}
			vs, err := resolveIndex(p, append(dims, syms...))
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, t)
			segments.Set(st, len(dims), len(syms))
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print("(")
			p.PrintOperands(segments.Group(op, 0))
			p.Print(")")
			if syms := segments.Group(op, 1); len(syms) > 0 {
				p.Print("[")
				p.PrintOperands(syms)
				p.Print("]")
			}
			p.PrintOptionalAttrDict(op.Attrs(), segments.Attr)
			p.Print(" : ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if err := segments.Check(op, 2); err != nil {
				return err
			}
			if op.NumResults() != 1 {
				return op.Errorf("requires one result")
			}
			t := asMemRef(op.Result(0).Type())
			if t == nil {
				return op.Errorf("result #0 must be memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
			if a, ok := intAttr(op, "alignment"); ok && a < 0 {
				return op.Errorf("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0")
			}
			if len(segments.Group(op, 0)) != numDynamicDims(t) {
				return op.Errorf("dimension operand count does not equal memref dynamic dimension count")
			}
			if n, want := len(segments.Group(op, 1)), layoutSymbolCount(t); n != want {
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
	dims := segments.Group(op, 0)
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
	st := &ir.OperationState{Name: op.Name(), Loc: op.Loc(), Operands: append(keep, segments.Group(op, 1)...), Types: []ir.Type{nt}}
	for _, a := range op.Attrs() {
		if a.Name != segments.Attr {
			st.AddAttr(a.Name, a.Value)
		}
	}
	segments.Set(st, len(keep), len(segments.Group(op, 1)))
	alloc := rw.Create(st)
	cast := rw.CreateOp("memref.cast", op.Loc(), alloc.Results(), []ir.Type{t})
	rw.ReplaceOp(op, cast.Results())
	return true
}

func deallocOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.dealloc",
		Summary: "memory deallocation operation",
		Doc:     "Frees a memref allocated by memref.alloc.\n\n    memref.dealloc %0 : memref<8x64xf32>",
		Traits:  ir.MemFree,
		Effects: ir.FixedEffects(ir.OnOperand(ir.Free, 0)),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || !isBaseMemRef(op.Operand(0).Type()) {
				return op.Errorf("operand #0 must be ranked or unranked memref of any type values")
			}
			return nil
		},
		Fold: foldOperandCasts,
	}
}

func reallocOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.realloc",
		Summary: "memory reallocation operation",
		Doc: "Reallocates a 1-D memref to a new size, copying the old contents.\n\n" +
			"    %1 = memref.realloc %0(%d) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>",
		Traits:   ir.MemAlloc | ir.MemFree | ir.MemRead | ir.MemWrite,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Free, 0), ir.OnResult(ir.Allocate, 0), ir.OnResult(ir.Write, 0)),
		Inherent: []string{"alignment"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			src, err := p.ParseOperand()
			if err != nil {
				return err
			}
			size, err := p.ParseOperandList(ir.DelimOptionalParen)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			st2, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if err := p.ParseKeyword("to"); err != nil {
				return err
			}
			rt, err := p.ParseType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(src, st2)
			if err != nil {
				return err
			}
			vs, err := resolveIndex(p, size)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, v), vs...)
			st.Types = append(st.Types, rt)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			if op.NumOperands() > 1 {
				p.Print("(")
				p.PrintOperands(op.Operands()[1:])
				p.Print(")")
			}
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(" to ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() < 1 || op.NumOperands() > 2 || op.NumResults() != 1 {
				return op.Errorf("expects a source operand, an optional size and one result")
			}
			src, res := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
			if src == nil || src.Rank() != 1 {
				return op.Errorf("operand #0 must be 1D memref of any type values, but got %s", quoted(op.Operand(0).Type()))
			}
			if res == nil || res.Rank() != 1 {
				return op.Errorf("result #0 must be 1D memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
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
			hasSize := op.NumOperands() == 2
			if numDynamicDims(res) > 0 && !hasSize {
				return ir.Errorf(op.Loc(), "missing dimension operand for result type %s", quoted(res))
			}
			if numDynamicDims(res) == 0 && hasSize {
				return ir.Errorf(op.Loc(), "unnecessary dimension operand for result type %s", quoted(res))
			}
			return nil
		},
	}
}

// allocaScopeOp declares memref.alloca_scope, whose allocas are freed when
// control leaves its region:
//
//	%r = memref.alloca_scope -> (f32) { ... memref.alloca_scope.return %v : f32 }
func allocaScopeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.alloca_scope",
		Summary: "explicitly delimited scope for stack allocation",
		Doc: "Frees the memory of the memref.alloca ops in its body on exit.\n\n" +
			"    %r = memref.alloca_scope -> (f32) {\n      ...\n      memref.alloca_scope.return %v : f32\n    }",
		Traits: ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects | ir.SingleBlock,
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
			if op.NumRegions() != 1 {
				return op.Errorf("requires one region")
			}
			return regions.VerifyToParent(op, op.Region(0), isReturnLike)
		},
	}
}

func allocaScopeReturnOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.alloca_scope.return",
		Summary: "terminator for alloca_scope operation",
		Doc:     "Returns values from a memref.alloca_scope; may be omitted when it returns nothing.\n\n    memref.alloca_scope.return %v : f32",
		Traits:  ir.Terminator | ir.ReturnLike | ir.Pure,
		Parse:   opsyntax.ParseOptionalOperandsColonTypes,
		Print:   opsyntax.PrintOptionalOperandsColonTypes,
		Verify: func(op *ir.Operation) error {
			if p := op.ParentOp(); p != nil && p.Name() != "memref.alloca_scope" {
				return op.Errorf("expects parent op 'memref.alloca_scope'")
			}
			return nil
		},
	}
}

// isReturnLike reports whether t returns control to the parent op.
func isReturnLike(t *ir.Operation) bool { return t.HasTrait(ir.ReturnLike) }
