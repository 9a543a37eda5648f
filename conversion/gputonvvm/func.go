package gputonvvm

import (
	"fmt"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// gpu.func attributes that the llvm.func does not keep as they are: those
// of the function model and of the attributions, and the size hints, which
// move to their discardable gpu.* names.
var droppedFuncAttrs = map[string]bool{
	"sym_name": true, "function_type": true, "arg_attrs": true, "res_attrs": true,
	gpu.WorkgroupAttributionsKey: true, "workgroup_attrib_attrs": true, "private_attrib_attrs": true,
	"known_block_size": true, "known_grid_size": true,
}

// lowerFunc lowers a gpu.func to an llvm.func, as upstream's
// GPUFuncOpLowering:
//
//   - arguments follow the calling convention of tc (each memref as its
//     expanded descriptor, or as one bare pointer under
//     use-bare-ptr-memref-call-conv, from which the body rebuilds the
//     descriptor of the static shape); a TMA descriptor is one !llvm.ptr
//     parameter carrying the by-value attributes of tensorMapArgAttrs;
//   - each workgroup attribution becomes an internal
//     `llvm.mlir.global @__wg_<func>_<i>` of an array in address space 3
//     (aligned as its `llvm.align` attribution attribute says), addressed
//     through a descriptor of its static shape;
//   - each private attribution becomes an llvm.alloca in the generic space;
//   - attributes carry over but for the function model's; known_block_size
//     and known_grid_size become gpu.known_block_size and
//     gpu.known_grid_size; a kernel gets nvvm.kernel and, with a known
//     block size, nvvm.maxntid.
func lowerFunc(tc *llvmcommon.TypeConverter, op *ir.Operation, rw *convert.Rewriter) error {
	ft := gpu.FuncType(op)
	name, _ := op.Attr("sym_name").(*ir.StringAttr)
	if ft == nil || name == nil || op.NumRegions() != 1 || op.Region(0).Empty() {
		return rw.NotifyMatchFailure(op, "gpu.func without a body")
	}
	loc := op.Loc()
	oldEntry := op.Region(0).Front()
	oldArgs := oldEntry.Arguments()
	workgroup, private := gpu.WorkgroupAttributions(op), gpu.PrivateAttributions(op)

	// The signature: proper arguments by the calling convention, the
	// attributions dropped (they are rebuilt in the body).
	sig := convert.NewSignatureConversion(len(oldArgs))
	var params []ir.Type
	for i, in := range ft.Inputs {
		ts, ok := tc.ConvertCallingConventionType(in)
		if !ok {
			return ir.Errorf(loc, "cannot convert the type %s of argument #%d of '%s'%s", in, i, name.Value, callConvHint(tc, in))
		}
		sig.AddInputs(i, ts...)
		params = append(params, ts...)
	}
	res, ok := tc.PackFunctionResults(ft.Results)
	if !ok {
		return ir.Errorf(loc, "cannot convert the result types of '%s'", name.Value)
	}

	rw.SetInsertionPointBefore(op)
	// Workgroup buffers become globals of the enclosing module, before the function.
	var globals []*ir.Operation
	for i, v := range workgroup {
		mt, elem, err := attribution(tc, v, loc, "workgroup", i, name.Value)
		if err != nil {
			return err
		}
		attrs := []ir.NamedAttribute{
			{Name: "global_type", Value: ir.TypeAttrOf(llvm.Array(ir.NumElements(mt.Dims), elem))},
			{Name: "sym_name", Value: ir.Str(fmt.Sprintf("__wg_%s_%d", name.Value, i))},
			{Name: "linkage", Value: llvm.Linkage("internal")},
			{Name: "addr_space", Value: ir.IntAttr(ir.I32, workgroupSpace)},
		}
		if align := attributionAttr(op, "workgroup_attrib_attrs", i, "llvm.align"); align != nil {
			attrs = append(attrs, ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I64, align.Int())})
		}
		globals = append(globals, llvm.BuildMlirGlobalOp(rw.Builder, loc, attrs...).Operation)
	}

	// The function, with the attributes that carry over.
	var attrs []ir.NamedAttribute
	for _, a := range op.Attrs() {
		if !droppedFuncAttrs[a.Name] {
			attrs = append(attrs, a)
		}
	}
	blockSize := op.Attr("known_block_size")
	if blockSize != nil {
		attrs = append(attrs, ir.NamedAttribute{Name: "gpu.known_block_size", Value: blockSize})
	}
	if gs := op.Attr("known_grid_size"); gs != nil {
		attrs = append(attrs, ir.NamedAttribute{Name: "gpu.known_grid_size", Value: gs})
	}
	if gpu.IsKernel(op) {
		attrs = append(attrs, ir.NamedAttribute{Name: nvvm.KernelAttrName, Value: &ir.UnitAttr{}})
		if blockSize != nil {
			attrs = append(attrs, ir.NamedAttribute{Name: nvvm.MaxntidAttrName, Value: blockSize})
		}
	}
	attrs = append(attrs,
		ir.NamedAttribute{Name: "sym_name", Value: name},
		ir.NamedAttribute{Name: "function_type", Value: ir.TypeAttrOf(llvm.Func(res, params, false))},
		ir.NamedAttribute{Name: "linkage", Value: llvm.Linkage("external")},
		ir.NamedAttribute{Name: "CConv", Value: llvm.CConv("ccc")},
	)
	if argAttrs := tensorMapArgAttrs(ft.Inputs, sig, len(params)); argAttrs != nil {
		attrs = append(attrs, ir.NamedAttribute{Name: "arg_attrs", Value: argAttrs})
	}
	fn := llvm.BuildFuncOp(rw.Builder, loc, attrs...).Operation
	rw.InlineRegionBefore(op.Region(0), fn.Region(0), nil)
	entry, err := rw.ConvertRegionTypes(fn.Region(0), tc.TypeConverter, sig)
	if err != nil {
		return err
	}

	// Rebuild in the entry block the descriptors of the memref arguments
	// and of the attributions; their old block arguments now stand for them.
	rw.SetInsertionPointToStart(entry)
	for i, in := range ft.Inputs {
		mt, ok := in.(*ir.MemRefType)
		if !ok {
			continue
		}
		start, size, _, _ := sig.InputMapping(i)
		fields := entry.Arguments()[start : start+size]
		st, _ := tc.Convert(mt)
		var d llvmcommon.MemRefDescriptor
		if tc.UseBarePtrCallConv {
			if d, err = tc.DescriptorFromStaticShape(rw.Builder, loc, mt, fields[0]); err != nil {
				return ir.Errorf(loc, "%v", err)
			}
		} else {
			d = llvmcommon.PackDescriptor(rw.Builder, loc, st.(*llvm.StructType), fields)
		}
		rw.ReplaceUsesOfBlockArgument(oldArgs[i], d.Value)
	}
	for i, g := range globals {
		mt := workgroup[i].Type().(*ir.MemRefType)
		at := g.Attr("global_type").(*ir.TypeAttr).Value
		ptr := llvm.Ptr(workgroupSpace)
		addr := llvm.BuildMlirAddressofOp(rw.Builder, loc, ptr,
			ir.NamedAttribute{Name: "global_name", Value: ir.SymbolRef(g.Attr("sym_name").(*ir.StringAttr).Value)}).Result(0)
		mem := llvm.BuildGetelementptrOp(rw.Builder, loc, addr, nil, ptr,
			ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(0, 0)},
			ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(at)}).Result(0)
		d, err := tc.DescriptorFromStaticShape(rw.Builder, loc, numericSpace(mt), mem)
		if err != nil {
			return ir.Errorf(loc, "%v", err)
		}
		rw.ReplaceUsesOfBlockArgument(workgroup[i], d.Value)
	}
	for i, v := range private {
		mt, elem, err := attribution(tc, v, loc, "private", i, name.Value)
		if err != nil {
			return err
		}
		n := llvm.BuildMlirConstantOp(rw.Builder, loc, ir.I64, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.I64, ir.NumElements(mt.Dims))}).Result(0)
		p := rw.CreateOp("llvm.alloca", loc, []*ir.Value{n}, []ir.Type{llvm.Ptr(privateSpace)},
			ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(elem)}).Result(0)
		d, err := tc.DescriptorFromStaticShape(rw.Builder, loc, numericSpace(mt), p)
		if err != nil {
			return ir.Errorf(loc, "%v", err)
		}
		rw.ReplaceUsesOfBlockArgument(v, d.Value)
	}
	rw.EraseOp(op)
	return nil
}

// The attributes of a kernel parameter carrying a TMA descriptor: goopt's
// convention passes the 128-byte CUtensorMap by value, as CUDA's
// `const __grid_constant__ CUtensorMap` (the driver copies it to the
// parameter space, where TMA instructions may read it; its address may be
// taken without a local copy).
const (
	tensorMapBytes = 128
	tensorMapAlign = 64
)

// tensorMapArgAttrs returns the llvm.func arg_attrs marking the
// parameters that carry an !nvgpu.tensormap.descriptor argument
// `llvm.byval = !llvm.array<128 x i8>, llvm.align = 64, nvvm.grid_constant`
// (the other parameters get empty dictionaries), or nil when there is
// none.
func tensorMapArgAttrs(inputs []ir.Type, sig *convert.SignatureConversion, numParams int) *ir.ArrayAttr {
	dicts := make([]ir.Attribute, numParams)
	empty := ir.Dictionary(nil)
	for i := range dicts {
		dicts[i] = empty
	}
	found := false
	for i, in := range inputs {
		if _, ok := in.(*nvgpu.TensorMapDescriptorType); !ok {
			continue
		}
		start, size, _, _ := sig.InputMapping(i)
		if size != 1 {
			continue
		}
		found = true
		dicts[start] = ir.Dictionary([]ir.NamedAttribute{
			{Name: "llvm.align", Value: ir.IntAttr(ir.I64, tensorMapAlign)},
			{Name: "llvm.byval", Value: ir.TypeAttrOf(llvm.Array(tensorMapBytes, ir.I8))},
			{Name: "nvvm.grid_constant", Value: &ir.UnitAttr{}},
		})
	}
	if !found {
		return nil
	}
	return ir.Array(dicts...)
}

// numericSpace returns t with NVVM's number for its memory space.
func numericSpace(t *ir.MemRefType) *ir.MemRefType {
	if as, ok := t.MemorySpace.(*gpu.AddressSpaceAttr); ok {
		return withNumericSpace(t, as)
	}
	return t
}

// callConvHint explains why a memref cannot be passed as a bare pointer.
func callConvHint(tc *llvmcommon.TypeConverter, t ir.Type) string {
	if mt, ok := t.(*ir.MemRefType); ok && tc.UseBarePtrCallConv && !llvmcommon.CanBeBarePtr(mt) {
		return " (use-bare-ptr-memref-call-conv needs a static shape and strides)"
	}
	return ""
}

// attributionAttr returns the integer attribute key of attribution i in
// the dictionary array attribute list of op, or nil.
func attributionAttr(op *ir.Operation, list string, i int, key string) *ir.IntegerAttr {
	arr, ok := op.Attr(list).(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	d, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	a, _ := d.Get(key).(*ir.IntegerAttr)
	return a
}

// lowerReturn lowers gpu.return to llvm.return, packing several results
// attribution is the memref type and converted element type of the
// workgroup or private attribution v (number i of function fn), which
// must be a memref of static shape.
func attribution(tc *llvmcommon.TypeConverter, v *ir.Value, loc ir.Location, kind string, i int, fn string) (*ir.MemRefType, ir.Type, error) {
	mt, ok := v.Type().(*ir.MemRefType)
	elem, eok := ir.Type(nil), false
	if ok {
		elem, eok = tc.Convert(mt.Elem)
	}
	if !ok || !eok || !mt.HasStaticShape() {
		return nil, nil, ir.Errorf(loc, "%s attribution #%d of '%s' is not a memref of static shape and convertible element type", kind, i, fn)
	}
	return mt, elem, nil
}

// into the struct the function returns (upstream's GPUReturnOpLowering).
func lowerReturn(tc *llvmcommon.TypeConverter, op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vals := a.Operands()
	if len(vals) != op.NumOperands() {
		return rw.NotifyMatchFailure(op, "operands do not convert to single values")
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	var rt ir.Type
	if len(vals) > 1 {
		t, ok := tc.PackFunctionResults(op.OperandTypes())
		if !ok {
			return rw.NotifyMatchFailure(op, "cannot convert the result types")
		}
		rt = t
	}
	llvmcommon.BuildReturn(rw.Builder, loc, rt, vals)
	rw.EraseOp(op)
	return nil
}
