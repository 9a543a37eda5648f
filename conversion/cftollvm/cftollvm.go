package cftollvm

import (
	"fmt"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Ops lists the cf ops Populate lowers.
func Ops() []string { return []string{"cf.br", "cf.cond_br", "cf.switch", "cf.assert"} }

// Populate adds the cf-to-llvm patterns (upstream's
// populateControlFlowToLLVMConversionPatterns and
// populateAssertToLLVMConversionPattern with abort-on-failure).
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	pat := func(root string, fn func(*ir.Operation, []*ir.Value, *convert.Rewriter) error) {
		ps.Add(&convert.OpPattern{Root: root, Converter: tc.TypeConverter, Rewrite: func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			vals := make([]*ir.Value, op.NumOperands())
			for i := range vals {
				if vals[i] = a.Operand(i); vals[i] == nil {
					return rw.NotifyMatchFailure(op, "operand #%d does not convert to one value", i)
				}
			}
			return fn(op, vals, rw)
		}})
	}
	pat("cf.br", func(op *ir.Operation, vals []*ir.Value, rw *convert.Rewriter) error {
		dest, err := convertedBlock(rw, tc, op, op.Successor(0))
		if err != nil {
			return err
		}
		rw.SetInsertionPointBefore(op)
		llvm.BuildBrOp(rw.Builder, op.Loc(), vals, dest)
		rw.EraseOp(op)
		return nil
	})
	pat("cf.cond_br", func(op *ir.Operation, vals []*ir.Value, rw *convert.Rewriter) error {
		c := cf.CondBrOp{Operation: op}
		t, err := convertedBlock(rw, tc, op, c.TrueDest())
		if err != nil {
			return err
		}
		f, err := convertedBlock(rw, tc, op, c.FalseDest())
		if err != nil {
			return err
		}
		nt := len(c.TrueDestOperands())
		var attrs []ir.NamedAttribute
		if w := op.Attr("branch_weights"); w != nil {
			attrs = append(attrs, ir.NamedAttribute{Name: "branch_weights", Value: w})
		}
		rw.SetInsertionPointBefore(op)
		llvm.BuildCondBrOp(rw.Builder, op.Loc(), vals[0], vals[1:1+nt], vals[1+nt:], t, f, attrs...)
		rw.EraseOp(op)
		return nil
	})
	pat("cf.switch", func(op *ir.Operation, vals []*ir.Value, rw *convert.Rewriter) error {
		s := cf.SwitchOp{Operation: op}
		dests := make([]*ir.Block, len(op.Successors()))
		for i, b := range op.Successors() {
			d, err := convertedBlock(rw, tc, op, b)
			if err != nil {
				return err
			}
			dests[i] = d
		}
		nd := len(s.DefaultOperands())
		attrs := []ir.NamedAttribute{{Name: "case_operand_segments", Value: s.CaseOperandSegments()}}
		if cv := s.CaseValues(); cv != nil {
			attrs = append(attrs, ir.NamedAttribute{Name: "case_values", Value: cv})
		}
		if w := op.Attr("branch_weights"); w != nil {
			attrs = append(attrs, ir.NamedAttribute{Name: "branch_weights", Value: w})
		}
		rw.SetInsertionPointBefore(op)
		llvm.BuildSwitchOp(rw.Builder, op.Loc(), vals[0], vals[1:1+nd], vals[1+nd:], dests[0], dests[1:], attrs...)
		rw.EraseOp(op)
		return nil
	})
	pat("cf.assert", func(op *ir.Operation, vals []*ir.Value, rw *convert.Rewriter) error {
		return lowerAssert(rw, tc, op, vals[0])
	})
}

// convertedBlock returns dest with its argument types converted, applying
// the signature conversion the first time a branch to it is lowered (so
// that the branch's converted operands match); later versions of
// upstream's branch patterns do the same, MLIR 19's leave branches to
// blocks with unconverted argument types to convert-func-to-llvm.
func convertedBlock(rw *convert.Rewriter, tc *llvmcommon.TypeConverter, op *ir.Operation, dest *ir.Block) (*ir.Block, error) {
	types := make([]ir.Type, dest.NumArguments())
	for i, a := range dest.Arguments() {
		types[i] = a.Type()
	}
	if tc.AreLegalTypes(types) {
		return dest, nil
	}
	if dest.Parent() != nil && dest.Parent().Front() == dest {
		return nil, rw.NotifyMatchFailure(op, "cannot convert the signature of an entry block")
	}
	conv, ok := tc.ConvertBlockSignature(dest)
	if !ok || len(conv.ConvertedTypes()) != len(types) {
		return nil, rw.NotifyMatchFailure(op, "failed to convert the argument types of a successor block")
	}
	return rw.ApplySignatureConversion(dest, conv, tc.TypeConverter), nil
}

// lowerAssert splits the block after the assert: the condition branches
// to the rest of the block, or to a new block at the end of the region
// that prints the message with puts and calls abort, as upstream.
func lowerAssert(rw *convert.Rewriter, tc *llvmcommon.TypeConverter, op *ir.Operation, cond *ir.Value) error {
	module := op.ParentOp()
	for module != nil && module.Name() != "builtin.module" {
		module = module.ParentOp()
	}
	if module == nil {
		return rw.NotifyMatchFailure(op, "no enclosing module to declare puts and abort in")
	}
	msg := ""
	if s, ok := (cf.AssertOp{Operation: op}).Msg().(*ir.StringAttr); ok {
		msg = s.Value
	}
	loc := op.Loc()
	body := module.Region(0).Front()
	global := declareString(rw, body, loc, uniqueSymbol(body, "assert_msg"), msg)
	declareFunc(rw, body, loc, "puts", []ir.Type{llvm.Ptr(0)})
	declareFunc(rw, body, loc, "abort", nil)

	blk := op.Block()
	cont := rw.SplitBlock(blk, op.Next())
	failure := rw.CreateBlock(blk.Parent(), nil)
	b := rw.Builder
	addr := llvm.BuildMlirAddressofOp(b, loc, llvm.Ptr(0), ir.NamedAttribute{Name: "global_name", Value: ir.SymbolRef(global)}).Result(0)
	gep := llvm.BuildGetelementptrOp(b, loc, addr, nil, llvm.Ptr(0),
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(0)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(llvm.Array(int64(len(msg)+1), ir.I8))}).Result(0)
	call(b, loc, "puts", gep)
	call(b, loc, "abort")
	llvm.BuildUnreachableOp(b, loc)
	rw.SetInsertionPointBefore(op)
	llvm.BuildCondBrOp(b, loc, cond, nil, nil, cont, failure)
	rw.EraseOp(op)
	return nil
}

func call(b *ir.Builder, loc ir.Location, callee string, args ...*ir.Value) {
	b.CreateOp("llvm.call", loc, args, nil, ir.NamedAttribute{Name: "callee", Value: ir.SymbolRef(callee)})
}

// uniqueSymbol returns base, or base_N for the first N that no op of the
// module body names (upstream's ensureSymbolNameIsUnique).
func uniqueSymbol(body *ir.Block, base string) string {
	taken := map[string]bool{}
	for _, o := range body.Ops() {
		if s, ok := o.Attr("sym_name").(*ir.StringAttr); ok {
			taken[s.Value] = true
		}
	}
	name := base
	for i := 0; taken[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	return name
}

// declareString adds at the start of the module a private constant global
// holding msg and a NUL, as upstream's createPrintStrCall does.
func declareString(rw *convert.Rewriter, body *ir.Block, loc ir.Location, name, msg string) string {
	elems := make([]ir.Attribute, len(msg)+1)
	for i := 0; i < len(msg); i++ {
		elems[i] = ir.IntAttr(ir.I8, int64(msg[i]))
	}
	elems[len(msg)] = ir.IntAttr(ir.I8, 0)
	n := int64(len(elems))
	rw.SetInsertionPointToStart(body)
	llvm.BuildMlirGlobalOp(rw.Builder, loc,
		ir.NamedAttribute{Name: "sym_name", Value: ir.Str(name)},
		ir.NamedAttribute{Name: "global_type", Value: ir.TypeAttrOf(llvm.Array(n, ir.I8))},
		ir.NamedAttribute{Name: "constant", Value: &ir.UnitAttr{}},
		ir.NamedAttribute{Name: "linkage", Value: llvm.Linkage("private")},
		ir.NamedAttribute{Name: "value", Value: ir.Dense(ir.RankedTensor([]int64{n}, ir.I8, nil), elems)},
		ir.NamedAttribute{Name: "addr_space", Value: ir.IntAttr(ir.I32, 0)})
	return name
}

// declareFunc adds `llvm.func @name(params)` returning void at the start
// of the module unless the module has a symbol of that name.
func declareFunc(rw *convert.Rewriter, body *ir.Block, loc ir.Location, name string, params []ir.Type) {
	for _, o := range body.Ops() {
		if s, ok := o.Attr("sym_name").(*ir.StringAttr); ok && s.Value == name {
			return
		}
	}
	rw.SetInsertionPointToStart(body)
	llvm.BuildFuncOp(rw.Builder, loc,
		ir.NamedAttribute{Name: "sym_name", Value: ir.Str(name)},
		ir.NamedAttribute{Name: "function_type", Value: ir.TypeAttrOf(llvm.Func(llvm.Void(), params, false))})
}
