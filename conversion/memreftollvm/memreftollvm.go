package memreftollvm

import (
	"fmt"
	"math/bits"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are the allocation knobs of finalize-memref-to-llvm.
type Options struct {
	// UseAlignedAlloc allocates with aligned_alloc(alignment, size) instead
	// of malloc plus manual alignment (`use-aligned-alloc`).
	UseAlignedAlloc bool
	// UseGenericFunctions calls _mlir_memref_to_llvm_alloc,
	// _mlir_memref_to_llvm_aligned_alloc and _mlir_memref_to_llvm_free
	// instead of malloc, aligned_alloc and free (`use-generic-functions`).
	UseGenericFunctions bool
}

// minAlignedAllocAlignment is upstream's kMinAlignedAllocAlignment: the
// alignment aligned_alloc gets when the op asks for none.
const minAlignedAllocAlignment = 16

// workgroupAddressSpace is NVVM's shared memory; workgroupMinAlignment is
// the alignment goopt gives its globals so that 128-bit vector accesses
// (ld.shared.v4) into them are legal.
const (
	workgroupAddressSpace = 3
	workgroupMinAlignment = 16
)

// deadBeef is the allocated pointer of a memref.get_global descriptor, a
// known-bad value should it ever be freed (as upstream).
const deadBeef = 0xdeadbeef

// Populate adds the memref-to-llvm patterns with the default Options.
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) { Options{}.Populate(tc, ps) }

// Populate adds the memref-to-llvm patterns (upstream's
// populateFinalizeMemRefToLLVMConversionPatterns) under opts.
//
// As a method value (opts.Populate) it is what llvmcommon.ApplyPartial
// takes, so a pass binds its options without a closure.
func (opts Options) Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	l := &lowering{tc: tc, opts: opts}
	pat := tc.Pattern
	ps.Add(
		pat("memref.load", l.load),
		pat("memref.store", l.store),
		pat("memref.alloc", l.alloc),
		pat("memref.alloca", l.alloca),
		pat("memref.dealloc", l.dealloc),
		pat("memref.global", l.global),
		pat("memref.get_global", l.getGlobal),
		pat("memref.dim", l.dim),
		pat("memref.rank", l.rank),
		pat("memref.cast", l.cast),
		pat("memref.memory_space_cast", l.memorySpaceCast),
		pat("memref.reinterpret_cast", l.reinterpretCast),
		pat("memref.view", l.view),
		pat("memref.extract_strided_metadata", l.extractStridedMetadata),
		pat("memref.extract_aligned_pointer_as_index", l.extractAlignedPointer),
		pat("memref.assume_alignment", l.assumeAlignment),
		pat("memref.copy", l.copy),
		pat("memref.atomic_rmw", l.atomicRMW),
	)
}

type lowering struct {
	tc   *llvmcommon.TypeConverter
	opts Options
}

// memrefType returns the memref type of v and its descriptor type, or a
// match failure naming why it has none.
func (l *lowering) memrefType(op *ir.Operation, rw *convert.Rewriter, t ir.Type) (*ir.MemRefType, *llvm.StructType, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, nil, rw.NotifyMatchFailure(op, "unranked memrefs are not supported")
	}
	st, ok := l.tc.ConvertMemRefType(mt)
	if !ok {
		if !memref.IsStrided(mt) {
			return nil, nil, rw.NotifyMatchFailure(op, "memref type '%s' has no strided layout", mt)
		}
		if _, ok := llvmcommon.AddressSpace(mt); !ok {
			return nil, nil, rw.NotifyMatchFailure(op, "memory space of '%s' cannot be converted to an integer address space", mt)
		}
		return nil, nil, rw.NotifyMatchFailure(op, "cannot convert memref type '%s'", mt)
	}
	return mt, st, nil
}

// viewTypes converts the memref types of op's source (operand 0) and
// result (result 0), the two sides of a view-like op.
func (l *lowering) viewTypes(op *ir.Operation, rw *convert.Rewriter) (src, res *ir.MemRefType, srcSt, resSt *llvm.StructType, err error) {
	if src, srcSt, err = l.memrefType(op, rw, op.Operand(0).Type()); err != nil {
		return
	}
	res, resSt, err = l.memrefType(op, rw, op.Result(0).Type())
	return
}

func (l *lowering) elemType(t *ir.MemRefType) ir.Type {
	e, _ := l.tc.Convert(t.Elem) // ConvertMemRefType checked it
	return e
}

func (l *lowering) ptrType(t *ir.MemRefType) *llvm.PointerType {
	as, _ := llvmcommon.AddressSpace(t)
	return llvm.Ptr(as)
}

// ---- load / store ----

func (l *lowering) load(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	mt, p, attrs, err := l.access(op, a, rw, 0)
	if err != nil {
		return err
	}
	v := llvm.BuildLoadOp(rw.Builder, op.Loc(), p, l.elemType(mt), attrs...).Result(0)
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

func (l *lowering) store(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, p, attrs, err := l.access(op, a, rw, 1)
	if err != nil {
		return err
	}
	llvm.BuildStoreOp(rw.Builder, op.Loc(), a.Operand(0), p, attrs...)
	rw.EraseOp(op)
	return nil
}

// access is the addressing load and store share: the memref operand at
// index mem is followed by the indices, and the element pointer and the
// nontemporal hint (as an llvm unit attribute) come out.
func (l *lowering) access(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter, mem int) (*ir.MemRefType, *ir.Value, []ir.NamedAttribute, error) {
	mt, _, err := l.memrefType(op, rw, op.Operand(mem).Type())
	if err != nil {
		return nil, nil, nil, err
	}
	p, err := l.tc.StridedElementPtr(rw.Builder, op.Loc(), mt, llvmcommon.NewDescriptor(a.Operand(mem)), a.Operands()[mem+1:])
	if err != nil {
		return nil, nil, nil, err
	}
	var attrs []ir.NamedAttribute
	if op.Attr("nontemporal") != nil && op.Attr("nontemporal") != ir.BoolAttr(false) {
		attrs = append(attrs, ir.NamedAttribute{Name: "nontemporal", Value: ir.Unit})
	}
	return mt, p, attrs, nil
}

// ---- allocation ----

// descriptorSizes is upstream's getMemRefDescriptorSizes: the sizes of t
// (static ones as constants, dynamic ones from dyn in order), its
// row-major strides, and the total size in elements or, with inBytes, in
// bytes (a getelementptr from null, so that the target's data layout
// decides the element size).
func (l *lowering) descriptorSizes(b *ir.Builder, loc ir.Location, t *ir.MemRefType, dyn []*ir.Value, inBytes bool) (sizes, strides []*ir.Value, size *ir.Value) {
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			sizes = append(sizes, dyn[0])
			dyn = dyn[1:]
		} else {
			sizes = append(sizes, l.tc.IndexConstant(b, loc, d))
		}
	}
	it := l.tc.IndexType()
	strides = make([]*ir.Value, len(t.Dims))
	stride := int64(1)
	running := l.tc.IndexConstant(b, loc, 1)
	for i := len(t.Dims) - 1; i >= 0; i-- {
		strides[i] = running
		useSizeAsStride := stride == 1
		if t.Dims[i] == ir.Dynamic {
			stride = ir.Dynamic
		}
		if stride != ir.Dynamic {
			stride *= t.Dims[i]
		}
		switch {
		case useSizeAsStride:
			running = sizes[i]
		case stride == ir.Dynamic:
			running = llvm.BuildMulOp(b, loc, running, sizes[i], it).Result(0)
		default:
			running = l.tc.IndexConstant(b, loc, stride)
		}
	}
	if !inBytes {
		return sizes, strides, running
	}
	return sizes, strides, l.sizeInBytes(b, loc, l.ptrType(t), l.elemType(t), running)
}

// sizeInBytes is n elements of elem in bytes, computed as
// `ptrtoint (getelementptr null[n])` (upstream's getSizeInBytes).
func (l *lowering) sizeInBytes(b *ir.Builder, loc ir.Location, ptr *llvm.PointerType, elem ir.Type, n *ir.Value) *ir.Value {
	null := llvm.BuildMlirZeroOp(b, loc, ptr).Result(0)
	var gep *ir.Value
	if n == nil {
		gep = llvm.BuildGetelementptrOp(b, loc, null, nil, ptr,
			ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(1)},
			ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(elem)}).Result(0)
	} else {
		gep = llvm.BuildGetelementptrOp(b, loc, null, []*ir.Value{n}, ptr,
			ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(llvm.DynamicIndex)},
			ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(elem)}).Result(0)
	}
	return llvm.BuildPtrtointOp(b, loc, gep, l.tc.IndexType()).Result(0)
}

// buildDescriptor is upstream's createMemRefDescriptor: the two pointers,
// a zero offset, then every size and every stride.
func (l *lowering) buildDescriptor(b *ir.Builder, loc ir.Location, st *llvm.StructType, allocated, aligned *ir.Value, sizes, strides []*ir.Value) *ir.Value {
	d := llvmcommon.UndefDescriptor(b, loc, st)
	d.SetAllocatedPtr(b, loc, allocated)
	d.SetAlignedPtr(b, loc, aligned)
	d.SetOffset(b, loc, l.tc.IndexConstant(b, loc, 0))
	for i, s := range sizes {
		d.SetSize(b, loc, i, s)
	}
	for i, s := range strides {
		d.SetStride(b, loc, i, s)
	}
	return d.Value
}

// alignmentAttr returns an alloc-like op's `alignment`, 0 when absent.
func alignmentAttr(op *ir.Operation) int64 {
	if ia, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
		return ia.Int()
	}
	return 0
}

// isScalar reports whether t is a signless integer, index or float (the
// element types malloc's own alignment suits).
func isScalar(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.IsSignless()
	case *ir.IndexType, *ir.FloatType:
		return true
	}
	return false
}

// elemBytes is the allocation size of an element type (bit width rounded
// up to a power-of-two number of bytes, vectors their lanes times that), 0
// when unknown.
func (l *lowering) elemBytes(t ir.Type) int64 {
	switch t := t.(type) {
	case *ir.IntegerType:
		return pow2Bytes(t.Width)
	case *ir.IndexType:
		return pow2Bytes(l.tc.IndexBitwidth)
	case *ir.FloatType:
		return pow2Bytes(t.Width())
	case *ir.VectorType:
		n := l.elemBytes(t.Elem)
		for _, d := range t.Dims {
			n *= d
		}
		return n
	}
	return 0
}

func pow2Bytes(bitWidth int) int64 {
	n := int64((bitWidth + 7) / 8)
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len64(uint64(n-1))
}

// createAligned rounds input up to a multiple of alignment:
// (input + alignment - 1) - (input + alignment - 1) urem alignment.
func (l *lowering) createAligned(b *ir.Builder, loc ir.Location, input, alignment *ir.Value) *ir.Value {
	it := l.tc.IndexType()
	one := l.tc.IndexConstant(b, loc, 1)
	bump := llvm.BuildSubOp(b, loc, alignment, one, it).Result(0)
	bumped := llvm.BuildAddOp(b, loc, input, bump, it).Result(0)
	mod := llvm.BuildUremOp(b, loc, bumped, alignment, it).Result(0)
	return llvm.BuildSubOp(b, loc, bumped, mod, it).Result(0)
}

// allocFunc names and types the runtime functions allocation calls.
func (l *lowering) allocFunc(aligned bool) (string, *llvm.FunctionType) {
	it := l.tc.IndexType()
	ptr := llvm.Ptr(0)
	switch {
	case aligned && l.opts.UseGenericFunctions:
		return "_mlir_memref_to_llvm_aligned_alloc", llvm.Func(ptr, []ir.Type{it, it}, false)
	case aligned:
		return "aligned_alloc", llvm.Func(ptr, []ir.Type{it, it}, false)
	case l.opts.UseGenericFunctions:
		return "_mlir_memref_to_llvm_alloc", llvm.Func(ptr, []ir.Type{it}, false)
	}
	return "malloc", llvm.Func(ptr, []ir.Type{it}, false)
}

func (l *lowering) freeFunc() (string, *llvm.FunctionType) {
	name := "free"
	if l.opts.UseGenericFunctions {
		name = "_mlir_memref_to_llvm_free"
	}
	return name, llvm.Func(llvm.Void(), []ir.Type{llvm.Ptr(0)}, false)
}

// declareFunc finds the function name in the symbol table around op or
// declares it there, first in its body, as upstream's
// LLVM::lookupOrCreateFn; a symbol of that name with another type is an
// error.
func declareFunc(op *ir.Operation, rw *convert.Rewriter, name string, ft *llvm.FunctionType) (*ir.Operation, error) {
	table := ir.NearestSymbolTable(op.ParentOp())
	if table == nil {
		return nil, op.Errorf("no symbol table to declare '%s' in", name)
	}
	if f := ir.NewSymbolTable(table).Lookup(name); f != nil {
		if f.Name() != "llvm.func" || llvm.FuncType(f) != ft {
			return nil, op.Errorf("'%s' is already defined with another type than %s", name, ft)
		}
		return f, nil
	}
	ip := rw.Save()
	defer rw.Restore(ip)
	rw.SetInsertionPointToStart(table.Region(0).Front())
	f := llvm.BuildFuncOp(rw.Builder, table.Loc(),
		ir.NamedAttribute{Name: "sym_name", Value: ir.Str(name)},
		ir.NamedAttribute{Name: "function_type", Value: ir.TypeAttrOf(ft)},
		ir.NamedAttribute{Name: "linkage", Value: llvm.Linkage("external")},
		ir.NamedAttribute{Name: "CConv", Value: llvm.CConv("ccc")})
	return f.Operation, nil
}

// call calls the declared function f.
func call(b *ir.Builder, loc ir.Location, f *ir.Operation, args ...*ir.Value) *ir.Value {
	ft := llvm.FuncType(f)
	var res ir.Type
	if _, void := ft.Result.(*llvm.VoidType); !void {
		res = ft.Result
	}
	callee := ir.NamedAttribute{Name: "callee", Value: ir.SymbolRef(ir.SymbolNameOf(f))}
	if res == nil {
		// BuildCallOp always gives a result; a void call has none.
		b.BuildOp("llvm.call", loc, [][]*ir.Value{args}, nil, 0, nil, []ir.NamedAttribute{callee})
		return nil
	}
	c := llvm.BuildCallOp(b, loc, args, res, callee)
	return c.Result(0)
}

// castToSpace moves a pointer to address space as (allocation functions
// return generic pointers).
func castToSpace(b *ir.Builder, loc ir.Location, p *ir.Value, to *llvm.PointerType) *ir.Value {
	if p.Type() == ir.Type(to) {
		return p
	}
	return llvm.BuildAddrspacecastOp(b, loc, p, to).Result(0)
}

// identityResult converts the memref type of op's result, which must have
// the identity layout; what ends the match-failure note ("are allocated").
func (l *lowering) identityResult(op *ir.Operation, rw *convert.Rewriter, what string) (*ir.MemRefType, *llvm.StructType, error) {
	mt, st, err := l.memrefType(op, rw, op.Result(0).Type())
	if err != nil {
		return nil, nil, err
	}
	if !memref.HasIdentityLayout(mt) {
		return nil, nil, rw.NotifyMatchFailure(op, "only memrefs of identity layout %s", what)
	}
	return mt, st, nil
}

func (l *lowering) alloc(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	mt, st, err := l.identityResult(op, rw, "are allocated")
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	it := l.tc.IndexType()
	sizes, strides, size := l.descriptorSizes(b, loc, mt, a.Operands(), true)
	ptr := l.ptrType(mt)
	var allocated, aligned *ir.Value
	if l.opts.UseAlignedAlloc {
		align := alignmentAttr(op)
		if align == 0 {
			align = max(minAlignedAllocAlignment, pow2Bytes(int(8*l.elemBytes(mt.Elem))))
		}
		alignment := l.tc.IndexConstant(b, loc, align)
		if !sizeMultipleOf(mt, l.elemBytes(mt.Elem), align) {
			size = l.createAligned(b, loc, size, alignment)
		}
		name, ft := l.allocFunc(true)
		f, err := declareFunc(op, rw, name, ft)
		if err != nil {
			return err
		}
		allocated = castToSpace(b, loc, call(b, loc, f, alignment, size), ptr)
		aligned = allocated
	} else {
		var alignment *ir.Value
		if align := alignmentAttr(op); align != 0 {
			alignment = l.tc.IndexConstant(b, loc, align)
		} else if !isScalar(mt.Elem) {
			// malloc aligns for the largest scalar only; other elements
			// (vectors) get their own size as alignment, as upstream.
			alignment = l.sizeInBytes(b, loc, ptr, l.elemType(mt), nil)
		}
		if alignment != nil {
			size = llvm.BuildAddOp(b, loc, size, alignment, it).Result(0)
		}
		name, ft := l.allocFunc(false)
		f, err := declareFunc(op, rw, name, ft)
		if err != nil {
			return err
		}
		allocated = castToSpace(b, loc, call(b, loc, f, size), ptr)
		aligned = allocated
		if alignment != nil {
			asInt := llvm.BuildPtrtointOp(b, loc, allocated, it).Result(0)
			aligned = llvm.BuildInttoptrOp(b, loc, l.createAligned(b, loc, asInt, alignment), ptr).Result(0)
		}
	}
	rw.ReplaceOp(op, []*ir.Value{l.buildDescriptor(b, loc, st, allocated, aligned, sizes, strides)})
	return nil
}

// sizeMultipleOf reports whether a memref of static shape takes a
// multiple of align bytes (so aligned_alloc needs no rounding).
func sizeMultipleOf(t *ir.MemRefType, elemBytes, align int64) bool {
	n := elemBytes
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			return false
		}
		n *= d
	}
	return n%align == 0
}

func (l *lowering) alloca(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	mt, st, err := l.identityResult(op, rw, "are allocated")
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	sizes, strides, n := l.descriptorSizes(b, loc, mt, a.Operands(), false)
	attrs := []ir.NamedAttribute{{Name: "elem_type", Value: ir.TypeAttrOf(l.elemType(mt))}}
	if align := alignmentAttr(op); align != 0 {
		attrs = append(attrs, ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I64, align)})
	}
	p := llvm.BuildAllocaOp(b, loc, n, l.ptrType(mt), attrs...).Result(0)
	rw.ReplaceOp(op, []*ir.Value{l.buildDescriptor(b, loc, st, p, p, sizes, strides)})
	return nil
}

func (l *lowering) dealloc(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if _, _, err := l.memrefType(op, rw, op.Operand(0).Type()); err != nil {
		return err
	}
	name, ft := l.freeFunc()
	f, err := declareFunc(op, rw, name, ft)
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	d := llvmcommon.NewDescriptor(a.Operand(0))
	// free takes a generic pointer; upstream passes the typed one and gives
	// invalid IR for other address spaces.
	p := castToSpace(b, loc, d.AllocatedPtr(b, loc), llvm.Ptr(0))
	call(b, loc, f, p)
	rw.EraseOp(op)
	return nil
}

// ---- globals ----

// globalType is the LLVM type of a memref.global's storage: nested arrays
// of the element type, the element itself for rank 0.
func (l *lowering) globalType(t *ir.MemRefType) ir.Type {
	res := l.elemType(t)
	for i := len(t.Dims) - 1; i >= 0; i-- {
		res = llvm.Array(t.Dims[i], res)
	}
	return res
}

func (l *lowering) global(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	g, _ := memref.AsGlobalOp(op)
	ta, _ := g.Type().(*ir.TypeAttr)
	if ta == nil {
		return rw.NotifyMatchFailure(op, "expected a memref type")
	}
	mt, _, err := l.memrefType(op, rw, ta.Value)
	if err != nil {
		return err
	}
	if !memref.HasIdentityLayout(mt) || !staticShape(mt) {
		return rw.NotifyMatchFailure(op, "only statically shaped memrefs of identity layout become globals")
	}
	as, _ := llvmcommon.AddressSpace(mt)
	arrayTy := l.globalType(mt)
	linkage := "private"
	if vis, ok := g.SymVisibility().(*ir.StringAttr); !ok || vis.Value == "public" {
		linkage = "external"
	}
	attrs := []ir.NamedAttribute{
		{Name: "sym_name", Value: g.SymName()},
		{Name: "global_type", Value: ir.TypeAttrOf(arrayTy)},
		{Name: "linkage", Value: llvm.Linkage(linkage)},
		{Name: "addr_space", Value: ir.IntAttr(ir.I32, int64(as))},
	}
	if g.Constant() != nil {
		attrs = append(attrs, ir.NamedAttribute{Name: "constant", Value: ir.Unit})
	}
	align := alignmentAttr(op)
	if as == workgroupAddressSpace && align < workgroupMinAlignment {
		align = workgroupMinAlignment
	}
	if align != 0 {
		attrs = append(attrs, ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I64, align)})
	}
	init := g.InitialValue()
	_, uninitialized := init.(*ir.UnitAttr)
	if init != nil && !uninitialized {
		de, ok := init.(*ir.DenseElementsAttr)
		if !ok {
			return rw.NotifyMatchFailure(op, "expected a dense initial value")
		}
		var v ir.Attribute = de
		if len(mt.Dims) == 0 {
			// A rank-0 global is a scalar: its one element.
			if len(de.Elements) == 0 {
				return rw.NotifyMatchFailure(op, "expected an initial value with one element")
			}
			v = de.Elements[0]
		}
		attrs = append(attrs, ir.NamedAttribute{Name: "value", Value: v})
	}
	b, loc := rw.Builder, op.Loc()
	ng := llvm.BuildMlirGlobalOp(b, loc, attrs...)
	if uninitialized {
		// Uninitialized storage: an undef initializer, as upstream.
		blk := rw.CreateBlock(ng.Region(0), nil)
		ip := b.Save()
		b.SetInsertionPointToEnd(blk)
		u := llvm.BuildMlirUndefOp(b, loc, arrayTy).Result(0)
		llvm.BuildReturnOp(b, loc, u)
		b.Restore(ip)
	}
	rw.EraseOp(op)
	return nil
}

func staticShape(t *ir.MemRefType) bool {
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

func (l *lowering) getGlobal(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	mt, st, err := l.identityResult(op, rw, "come from globals")
	if err != nil {
		return err
	}
	gg, _ := memref.AsGetGlobalOp(op)
	name, _ := gg.NameAttr().(*ir.SymbolRefAttr)
	if name == nil {
		return rw.NotifyMatchFailure(op, "expected a symbol name")
	}
	b, loc := rw.Builder, op.Loc()
	sizes, strides, _ := l.descriptorSizes(b, loc, mt, nil, false)
	ptr := l.ptrType(mt)
	addr := llvm.BuildMlirAddressofOp(b, loc, ptr, ir.NamedAttribute{Name: "global_name", Value: name}).Result(0)
	zeros := make([]int32, len(mt.Dims)+1)
	first := llvm.BuildGetelementptrOp(b, loc, addr, nil, ptr,
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(zeros...)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(l.globalType(mt))}).Result(0)
	bad := llvm.BuildInttoptrOp(b, loc, l.tc.IndexConstant(b, loc, deadBeef), ptr).Result(0)
	rw.ReplaceOp(op, []*ir.Value{l.buildDescriptor(b, loc, st, bad, first, sizes, strides)})
	return nil
}

// ---- metadata ----

func (l *lowering) dim(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	mt, _, err := l.memrefType(op, rw, op.Operand(0).Type())
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	if i, ok := ir.ConstantInt(op.Operand(1)); ok {
		if i < 0 || i >= int64(len(mt.Dims)) {
			return rw.NotifyMatchFailure(op, "dimension index %d out of range", i)
		}
		if d := mt.Dims[i]; d != ir.Dynamic {
			rw.ReplaceOp(op, []*ir.Value{l.tc.IndexConstant(b, loc, d)})
			return nil
		}
		d := llvmcommon.NewDescriptor(a.Operand(0))
		rw.ReplaceOp(op, []*ir.Value{d.Size(b, loc, int(i))})
		return nil
	}
	if len(mt.Dims) == 0 {
		return rw.NotifyMatchFailure(op, "no dimension in a rank-0 memref")
	}
	// A dynamic index: spill the sizes array and load the entry, as upstream.
	d := llvmcommon.NewDescriptor(a.Operand(0))
	it := l.tc.IndexType()
	arr := llvm.Array(int64(len(mt.Dims)), it)
	sizes := llvm.BuildExtractvalueOp(b, loc, d.Value, arr, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(3)}).Result(0)
	ptr := l.ptrType(mt)
	slot := llvm.BuildAllocaOp(b, loc, l.tc.IndexConstant(b, loc, 1), llvm.Ptr(0),
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(arr)}).Result(0)
	_ = ptr
	llvm.BuildStoreOp(b, loc, sizes, slot)
	p := llvm.BuildGetelementptrOp(b, loc, slot, []*ir.Value{a.Operand(1)}, llvm.Ptr(0),
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(0, llvm.DynamicIndex)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(arr)}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{llvm.BuildLoadOp(b, loc, p, it).Result(0)})
	return nil
}

func (l *lowering) rank(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	mt, _, err := l.memrefType(op, rw, op.Operand(0).Type())
	if err != nil {
		return err
	}
	rw.ReplaceOp(op, []*ir.Value{l.tc.IndexConstant(rw.Builder, op.Loc(), int64(len(mt.Dims)))})
	return nil
}

// cast between ranked memrefs changes no descriptor field: the descriptor
// types agree, and the static information the cast adds is only asserted.
func (l *lowering) cast(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, _, src, dst, err := l.viewTypes(op, rw)
	if err != nil {
		return err
	}
	if src != dst {
		return rw.NotifyMatchFailure(op, "casts between descriptor types are not supported")
	}
	rw.ReplaceOp(op, []*ir.Value{a.Operand(0)})
	return nil
}

func (l *lowering) memorySpaceCast(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	src, dt, _, dst, err := l.viewTypes(op, rw)
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	sd := llvmcommon.NewDescriptor(a.Operand(0))
	to := l.ptrType(dt)
	d := llvmcommon.UndefDescriptor(b, loc, dst)
	d.SetAllocatedPtr(b, loc, castToSpace(b, loc, sd.AllocatedPtr(b, loc), to))
	d.SetAlignedPtr(b, loc, castToSpace(b, loc, sd.AlignedPtr(b, loc), to))
	d.SetOffset(b, loc, sd.Offset(b, loc))
	for i := range src.Dims {
		d.SetSize(b, loc, i, sd.Size(b, loc, i))
		d.SetStride(b, loc, i, sd.Stride(b, loc, i))
	}
	rw.ReplaceOp(op, []*ir.Value{d.Value})
	return nil
}

// mixed returns static entries as index constants and dynamic ones from dyn.
func (l *lowering) mixed(b *ir.Builder, loc ir.Location, static []int64, dyn []*ir.Value) []*ir.Value {
	out := make([]*ir.Value, len(static))
	for i, s := range static {
		if s == ir.Dynamic {
			out[i], dyn = dyn[0], dyn[1:]
		} else {
			out[i] = l.tc.IndexConstant(b, loc, s)
		}
	}
	return out
}

func denseI64(op *ir.Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

func (l *lowering) reinterpretCast(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, mt, _, st, err := l.viewTypes(op, rw)
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	rc, _ := memref.AsReinterpretCastOp(op)
	nOff, nSizes := len(rc.Offsets()), len(rc.Sizes())
	dyn := a.Operands()[1:]
	offsets := l.mixed(b, loc, denseI64(op, "static_offsets"), dyn[:nOff])
	sizes := l.mixed(b, loc, denseI64(op, "static_sizes"), dyn[nOff:nOff+nSizes])
	strides := l.mixed(b, loc, denseI64(op, "static_strides"), dyn[nOff+nSizes:])
	if len(offsets) != 1 || len(sizes) != len(mt.Dims) || len(strides) != len(mt.Dims) {
		return rw.NotifyMatchFailure(op, "malformed offsets, sizes or strides")
	}
	src := llvmcommon.NewDescriptor(a.Operand(0))
	d := llvmcommon.UndefDescriptor(b, loc, st)
	d.SetAllocatedPtr(b, loc, src.AllocatedPtr(b, loc))
	d.SetAlignedPtr(b, loc, src.AlignedPtr(b, loc))
	d.SetOffset(b, loc, offsets[0])
	for i := range sizes {
		d.SetSize(b, loc, i, sizes[i])
		d.SetStride(b, loc, i, strides[i])
	}
	rw.ReplaceOp(op, []*ir.Value{d.Value})
	return nil
}

func (l *lowering) extractStridedMetadata(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	mt, _, _, baseSt, err := l.viewTypes(op, rw)
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	src := llvmcommon.NewDescriptor(a.Operand(0))
	base := llvmcommon.UndefDescriptor(b, loc, baseSt)
	base.SetAllocatedPtr(b, loc, src.AllocatedPtr(b, loc))
	base.SetAlignedPtr(b, loc, src.AlignedPtr(b, loc))
	base.SetOffset(b, loc, l.tc.IndexConstant(b, loc, 0))
	res := []*ir.Value{base.Value, src.Offset(b, loc)}
	for i := range mt.Dims {
		res = append(res, src.Size(b, loc, i))
	}
	for i := range mt.Dims {
		res = append(res, src.Stride(b, loc, i))
	}
	rw.ReplaceOp(op, res)
	return nil
}

func (l *lowering) extractAlignedPointer(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if _, _, err := l.memrefType(op, rw, op.Operand(0).Type()); err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	d := llvmcommon.NewDescriptor(a.Operand(0))
	rw.ReplaceOp(op, []*ir.Value{llvm.BuildPtrtointOp(b, loc, d.AlignedPtr(b, loc), l.tc.IndexType()).Result(0)})
	return nil
}

// assumeAlignment tells LLVM that the aligned pointer is a multiple of the
// alignment: assume((ptrtoint p & (align-1)) == 0).
func (l *lowering) assumeAlignment(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if _, _, err := l.memrefType(op, rw, op.Operand(0).Type()); err != nil {
		return err
	}
	align := alignmentAttr(op)
	b, loc := rw.Builder, op.Loc()
	it := l.tc.IndexType()
	d := llvmcommon.NewDescriptor(a.Operand(0))
	p := d.AlignedPtr(b, loc)
	zero := l.tc.IndexConstant(b, loc, 0)
	mask := l.tc.IndexConstant(b, loc, align-1)
	asInt := llvm.BuildPtrtointOp(b, loc, p, it).Result(0)
	and := llvm.BuildAndOp(b, loc, asInt, mask, it).Result(0)
	eq := llvm.BuildIcmpOp(b, loc, and, zero, ir.I1, ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, icmpEQ)}).Result(0)
	llvm.BuildIntrAssumeOp(b, loc, eq)
	rw.EraseOp(op)
	return nil
}

// icmpEQ is LLVM's ICmpPredicate::eq.
const icmpEQ = 0

// contiguous reports whether a memref's elements are dense in row-major
// order from its offset (identity layout, or static shape with canonical
// strides), so that a copy is one memcpy.
func contiguous(t *ir.MemRefType) bool {
	if memref.HasIdentityLayout(t) {
		return true
	}
	if !staticShape(t) {
		return false
	}
	strides, _, ok := memref.StridesAndOffset(t)
	if !ok {
		return false
	}
	want := memref.CanonicalStrides(t.Dims)
	for i, s := range strides {
		if t.Dims[i] != 1 && s != want[i] {
			return false
		}
	}
	return true
}

func (l *lowering) copy(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	src, _, err := l.memrefType(op, rw, op.Operand(0).Type())
	if err != nil {
		return err
	}
	dst, _, err := l.memrefType(op, rw, op.Operand(1).Type())
	if err != nil {
		return err
	}
	if !contiguous(src) || !contiguous(dst) {
		// Upstream calls the memrefCopy runtime function here, which goopt
		// does not provide.
		return rw.NotifyMatchFailure(op, "only copies between contiguous memrefs are supported (upstream calls the 'memrefCopy' runtime function)")
	}
	b, loc := rw.Builder, op.Loc()
	it := l.tc.IndexType()
	sd := llvmcommon.NewDescriptor(a.Operand(0))
	dd := llvmcommon.NewDescriptor(a.Operand(1))
	n := l.tc.IndexConstant(b, loc, 1)
	for i := range src.Dims {
		n = llvm.BuildMulOp(b, loc, n, sd.Size(b, loc, i), it).Result(0)
	}
	elem := l.elemType(src)
	bytes := llvm.BuildMulOp(b, loc, n, l.sizeInBytes(b, loc, l.ptrType(src), elem, nil), it).Result(0)
	at := func(d llvmcommon.MemRefDescriptor) *ir.Value {
		base := d.AlignedPtr(b, loc)
		return llvm.BuildGetelementptrOp(b, loc, base, []*ir.Value{d.Offset(b, loc)}, base.Type(),
			ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(llvm.DynamicIndex)},
			ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(elem)}).Result(0)
	}
	sp := at(sd)
	dp := at(dd)
	llvm.BuildIntrMemcpyOp(b, loc, dp, sp, bytes, ir.NamedAttribute{Name: "isVolatile", Value: ir.BoolAttr(false)})
	rw.EraseOp(op)
	return nil
}

// atomicBinOps maps memref.atomic_rmw kinds to llvm.atomicrmw bin_ops.
var atomicBinOps = map[arith.AtomicRMWKind]string{
	arith.AtomicAddF: "fadd", arith.AtomicAddI: "add", arith.AtomicAssign: "xchg",
	arith.AtomicMaximumF: "fmax", arith.AtomicMaxS: "max", arith.AtomicMaxU: "umax",
	arith.AtomicMinimumF: "fmin", arith.AtomicMinS: "min", arith.AtomicMinU: "umin",
	arith.AtomicOrI: "_or", arith.AtomicAndI: "_and",
}

// acqRel is LLVM's AtomicOrdering::acq_rel.
const acqRel = 6

func (l *lowering) atomicRMW(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	ao, _ := memref.AsAtomicRmwOp(op)
	mt, _, err := l.memrefType(op, rw, ao.Memref().Type())
	if err != nil {
		return err
	}
	var kind arith.AtomicRMWKind = -1
	if ia, ok := ao.Kind().(*ir.IntegerAttr); ok {
		kind = arith.AtomicRMWKind(ia.Int())
	}
	bin, ok := atomicBinOps[kind]
	if !ok {
		return rw.NotifyMatchFailure(op, "atomic kind '%s' has no llvm.atomicrmw", kind)
	}
	binIdx := -1
	for i := int64(0); i < 32; i++ {
		if llvm.AtomicBinOp(i) == bin {
			binIdx = int(i)
			break
		}
	}
	if binIdx < 0 {
		return fmt.Errorf("llvm dialect lacks atomic bin_op %s", bin)
	}
	b, loc := rw.Builder, op.Loc()
	p, err := l.tc.StridedElementPtr(b, loc, mt, llvmcommon.NewDescriptor(a.Operand(1)), a.Operands()[2:])
	if err != nil {
		return err
	}
	v := llvm.BuildAtomicrmwOp(b, loc, p, a.Operand(0), a.Operand(0).Type(),
		ir.NamedAttribute{Name: "bin_op", Value: ir.IntAttr(ir.I64, int64(binIdx))},
		ir.NamedAttribute{Name: "ordering", Value: ir.IntAttr(ir.I64, acqRel)}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}
