package functollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Ops lists the func ops Populate lowers.
func Ops() []string {
	return []string{"func.func", "func.return", "func.call", "func.constant"}
}

// emitCInterface is the unit attribute asking upstream for a C wrapper.
const emitCInterface = "llvm.emit_c_interface"

// Populate adds the func-to-llvm patterns (upstream's
// populateFuncToLLVMConversionPatterns) under tc's calling convention.
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	pat := func(root string, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) {
		ps.Add(tc.Pattern(root, fn))
	}
	pat("func.func", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error { return lowerFunc(tc, op, rw) })
	pat("func.return", func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		return lowerReturn(tc, op, a, rw)
	})
	pat("func.call", func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error { return lowerCall(tc, op, a, rw) })
	pat("func.constant", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		if _, ok := op.Result(0).Type().(*ir.FunctionType); !ok {
			return rw.NotifyMatchFailure(op, "expected a function type")
		}
		rw.SetInsertionPointBefore(op)
		a := llvm.BuildMlirAddressofOp(rw.Builder, op.Loc(), llvm.Ptr(0), ir.NamedAttribute{Name: "global_name", Value: op.Attr("value")})
		rw.ReplaceOp(op, a.Results())
		return nil
	})
}

// funcAttrsDropped are the func.func attributes the llvm.func gets in
// another form (or not at all, as upstream's filterFuncAttributes).
var funcAttrsDropped = map[string]bool{"sym_name": true, "function_type": true, "arg_attrs": true, "res_attrs": true}

// lowerFunc replaces a func.func by an llvm.func of the converted
// signature holding the same body: the entry block takes the arguments of
// the calling convention, and each memref argument is re-packed into its
// descriptor at the top of the entry block (from its expanded fields, or
// from the bare pointer and the static shape), which the body then uses.
func lowerFunc(tc *llvmcommon.TypeConverter, op *ir.Operation, rw *convert.Rewriter) error {
	if op.Attr(emitCInterface) != nil {
		return op.Errorf("'%s' is not supported by goopt's convert-func-to-llvm", emitCInterface)
	}
	ft, ok := op.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return rw.NotifyMatchFailure(op, "expected a function type")
	}
	fnType, ok := ft.Value.(*ir.FunctionType)
	if !ok {
		return rw.NotifyMatchFailure(op, "expected a function type")
	}
	lt, sig, ok := tc.ConvertFunctionSignature(fnType, false)
	if !ok {
		return rw.NotifyMatchFailure(op, "failed to convert function signature")
	}
	st := &ir.OperationState{Name: "llvm.func", Loc: op.Loc()}
	st.AddAttr("sym_name", op.Attr("sym_name"))
	st.AddAttr("function_type", ir.TypeAttrOf(lt))
	for _, na := range op.Attrs() {
		if !funcAttrsDropped[na.Name] {
			st.AddAttr(na.Name, na.Value)
		}
	}
	st.AddRegion()
	rw.SetInsertionPointBefore(op)
	nf := rw.Create(st)
	body := op.Region(0)
	if body.Empty() {
		rw.EraseOp(op)
		return nil
	}
	oldArgs := append([]*ir.Value(nil), body.Front().Arguments()...)
	rw.InlineRegionBefore(body, nf.Region(0), nil)
	entry, err := rw.ConvertRegionTypes(nf.Region(0), tc.TypeConverter, sig)
	if err != nil {
		return err
	}
	rw.SetInsertionPointToStart(entry)
	for i, a := range oldArgs {
		mt, isMem := a.Type().(*ir.MemRefType)
		if !isMem {
			continue
		}
		start, size, _, _ := sig.InputMapping(i)
		fields := entry.Arguments()[start : start+size]
		var d llvmcommon.MemRefDescriptor
		if tc.UseBarePtrCallConv {
			var err error
			if d, err = tc.DescriptorFromStaticShape(rw.Builder, a.Loc(), mt, fields[0]); err != nil {
				return err
			}
		} else {
			st, _ := tc.ConvertMemRefType(mt)
			d = llvmcommon.PackDescriptor(rw.Builder, a.Loc(), st, fields)
		}
		rw.ReplaceUsesOfBlockArgument(a, d.Value)
	}
	rw.EraseOp(op)
	return nil
}

// lowerReturn returns the converted operands, several packed into a
// struct; under the bare-pointer convention a memref returns the
// allocated pointer of its descriptor, as upstream.
func lowerReturn(tc *llvmcommon.TypeConverter, op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rt, ok := tc.PackFunctionResults(op.OperandTypes())
	if !ok {
		return rw.NotifyMatchFailure(op, "unable to convert the returned types")
	}
	rw.SetInsertionPointBefore(op)
	b, loc := rw.Builder, op.Loc()
	vals := make([]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		if vals[i] = a.Operand(i); vals[i] == nil {
			return rw.NotifyMatchFailure(op, "operand #%d does not convert to one value", i)
		}
		if _, isMem := v.Type().(*ir.MemRefType); isMem && tc.UseBarePtrCallConv {
			d := llvmcommon.NewDescriptor(vals[i])
			vals[i] = d.AllocatedPtr(b, loc)
		}
	}
	llvmcommon.BuildReturn(b, loc, rt, vals)
	rw.EraseOp(op)
	return nil
}

// lowerCall passes each memref operand under the calling convention (its
// descriptor's fields, or its aligned pointer) and unpacks the results:
// several come back in a struct, and a memref returned as a bare pointer
// is rebuilt into a descriptor from its static shape.
func lowerCall(tc *llvmcommon.TypeConverter, op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	results := op.ResultTypes()
	rt, ok := tc.PackFunctionResults(results)
	if !ok {
		return rw.NotifyMatchFailure(op, "unable to convert the result types")
	}
	rw.SetInsertionPointBefore(op)
	b, loc := rw.Builder, op.Loc()
	var args []*ir.Value
	for i, v := range op.Operands() {
		cv := a.Operand(i)
		if cv == nil {
			return rw.NotifyMatchFailure(op, "operand #%d does not convert to one value", i)
		}
		mt, isMem := v.Type().(*ir.MemRefType)
		switch {
		case !isMem:
			args = append(args, cv)
		case tc.UseBarePtrCallConv:
			if !llvmcommon.CanBeBarePtr(mt) {
				return rw.NotifyMatchFailure(op, "memref operand #%d cannot be passed as a bare pointer", i)
			}
			d := llvmcommon.NewDescriptor(cv)
			args = append(args, d.AlignedPtr(b, loc))
		default:
			d := llvmcommon.NewDescriptor(cv)
			args = append(args, d.Unpack(b, loc)...)
		}
	}
	var resTypes []ir.Type
	if len(results) > 0 {
		resTypes = []ir.Type{rt}
	}
	st := &ir.OperationState{Name: "llvm.call", Loc: loc, Operands: args, Types: resTypes}
	st.AddAttr("callee", op.Attr("callee"))
	call := rw.Create(st)
	vals := make([]*ir.Value, len(results))
	for i := range results {
		if len(results) == 1 {
			vals[i] = call.Result(0)
		} else {
			ft := rt.(*llvm.StructType).Body[i]
			vals[i] = llvm.BuildExtractvalueOp(b, loc, call.Result(0), ft, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(int64(i))}).Result(0)
		}
		if mt, isMem := results[i].(*ir.MemRefType); isMem && tc.UseBarePtrCallConv {
			d, err := tc.DescriptorFromStaticShape(b, loc, mt, vals[i])
			if err != nil {
				return err
			}
			vals[i] = d.Value
		}
	}
	rw.ReplaceOp(op, vals)
	return nil
}
