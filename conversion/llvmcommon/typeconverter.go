package llvmcommon

import (
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are the knobs upstream's LowerToLLVMOptions gives the conversions
// to the llvm dialect.
type Options struct {
	// IndexBitwidth is the width of the integer that index becomes (0 means
	// 64). convert-gpu-to-nvvm's `index-bitwidth` option sets it.
	IndexBitwidth int
	// UseBarePtrCallConv passes a memref of static shape and strided layout
	// to and from functions as one pointer to its first element instead of
	// its expanded descriptor (`use-bare-ptr-memref-call-conv`).
	UseBarePtrCallConv bool
}

// TypeConverter is upstream's LLVMTypeConverter: builtin types to the types
// of the llvm dialect.
//
//   - integers and floats stay (they are llvm-compatible), index becomes
//     an integer of Options.IndexBitwidth;
//   - vector<NxT> becomes vector<N x T'>; a vector of rank n > 1 becomes
//     nested !llvm.array of its innermost 1-D vectors;
//   - memref<d0x..xT, s> of strided layout becomes its descriptor
//     `!llvm.struct<(ptr<s>, ptr<s>, iN, array<r x iN>, array<r x iN>)>`
//     (allocated pointer, aligned pointer, offset, sizes, strides; the two
//     arrays are absent for rank 0), s the integer memory space;
//   - llvm dialect types stay.
//
// Other types (tensors, unranked memrefs, non-strided layouts) do not
// convert, so their ops stay illegal and the conversion reports them.
// Function signatures convert with ConvertFunctionSignature under the
// calling convention of Options; dialects add their own conversions
// (gpu's mma_matrix to a struct of registers) with AddConversion.
type TypeConverter struct {
	*convert.TypeConverter
	Options
}

// NewTypeConverter returns the converter for opts.
func NewTypeConverter(opts Options) *TypeConverter {
	if opts.IndexBitwidth == 0 {
		opts.IndexBitwidth = 64
	}
	tc := &TypeConverter{TypeConverter: convert.NewTypeConverter(), Options: opts}
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) {
		switch t := t.(type) {
		case *ir.IntegerType, *ir.FloatType:
			return t, true
		case *ir.IndexType:
			return tc.IndexType(), true
		case *ir.VectorType:
			return tc.ConvertVectorType(t)
		case *ir.MemRefType:
			st, ok := tc.ConvertMemRefType(t)
			return st, ok
		}
		if llvm.IsCompatibleType(t) {
			return t, true
		}
		return nil, false
	})
	return tc
}

// IndexType returns the integer type index converts to.
func (tc *TypeConverter) IndexType() *ir.IntegerType { return ir.Integer(tc.IndexBitwidth) }

// Convert returns the single type t converts to, or false.
func (tc *TypeConverter) Convert(t ir.Type) (ir.Type, bool) {
	ts, ok := tc.ConvertType(t)
	if !ok || len(ts) != 1 {
		return nil, false
	}
	return ts[0], true
}

// ConvertVectorType converts a fixed-length vector type: its element
// converts, and dimensions outside the innermost become !llvm.array.
func (tc *TypeConverter) ConvertVectorType(t *ir.VectorType) (ir.Type, bool) {
	for _, s := range t.Scalable {
		if s {
			return nil, false
		}
	}
	elem, ok := tc.Convert(t.Elem)
	if !ok || len(t.Dims) == 0 {
		return nil, false
	}
	var res ir.Type = ir.Vector(t.Dims[len(t.Dims)-1:], elem, nil)
	for i := len(t.Dims) - 2; i >= 0; i-- {
		res = llvm.Array(t.Dims[i], res)
	}
	return res, true
}

// AddressSpace returns the LLVM address space of a memref type: its
// integer memory space, or the number a memory-space attribute such as
// `#gpu.address_space<workgroup>` (3) declares; false for any other.
func AddressSpace(t *ir.MemRefType) (int, bool) {
	switch s := t.MemorySpace.(type) {
	case nil:
		return 0, true
	case *ir.IntegerAttr:
		if v := s.Big(); !v.IsInt64() || v.Int64() < 0 || v.Int64() > 1<<24 {
			return 0, false
		}
		return int(s.Int()), true
	case interface{ MemorySpaceNumber() int64 }:
		return int(s.MemorySpaceNumber()), true
	}
	return 0, false
}

// ConvertMemRefType returns the descriptor struct of a memref type with a
// strided layout and a convertible element type.
func (tc *TypeConverter) ConvertMemRefType(t *ir.MemRefType) (*llvm.StructType, bool) {
	if _, ok := tc.Convert(t.Elem); !ok || !memref.IsStrided(t) {
		return nil, false
	}
	as, ok := AddressSpace(t)
	if !ok {
		return nil, false
	}
	ptr := llvm.Ptr(as)
	idx := tc.IndexType()
	fields := []ir.Type{ptr, ptr, idx}
	if r := int64(len(t.Dims)); r > 0 {
		arr := llvm.Array(r, idx)
		fields = append(fields, arr, arr)
	}
	return llvm.Struct(false, fields...), true
}

// CanBeBarePtr reports whether a memref type can be passed as a bare
// pointer: a static shape and a strided layout with static strides and
// offset, so that the callee can rebuild the whole descriptor from
// constants.
func CanBeBarePtr(t *ir.MemRefType) bool {
	strides, offset, ok := memref.StridesAndOffset(t)
	if !ok || offset == ir.Dynamic {
		return false
	}
	for i, d := range t.Dims {
		if d == ir.Dynamic || strides[i] == ir.Dynamic {
			return false
		}
	}
	return true
}

// ConvertCallingConventionType returns the types a value of type t is
// passed as to and from functions: a memref as its expanded descriptor
// (allocated and aligned pointers, offset, then each size and each stride)
// or, under the bare-pointer convention, as one pointer; any other type as
// its converted type.
func (tc *TypeConverter) ConvertCallingConventionType(t ir.Type) ([]ir.Type, bool) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		r, ok := tc.Convert(t)
		return []ir.Type{r}, ok
	}
	st, ok := tc.ConvertMemRefType(mt)
	if !ok {
		return nil, false
	}
	if tc.UseBarePtrCallConv {
		if !CanBeBarePtr(mt) {
			return nil, false
		}
		return st.Body[:1], true
	}
	return expandedDescriptor(st, len(mt.Dims)), true
}

// expandedDescriptor lists a descriptor's fields one scalar each.
func expandedDescriptor(st *llvm.StructType, rank int) []ir.Type {
	ts := append([]ir.Type(nil), st.Body[:3]...)
	for i := 0; i < 2*rank; i++ {
		ts = append(ts, st.Body[2])
	}
	return ts
}

// ConvertFunctionSignature converts a function type to an !llvm.func type
// under the calling convention (ConvertCallingConventionType for the
// arguments), with the entry block's signature conversion. Results pack
// into one struct when there are several, and none gives !llvm.void.
func (tc *TypeConverter) ConvertFunctionSignature(ft *ir.FunctionType, varArg bool) (*llvm.FunctionType, *convert.SignatureConversion, bool) {
	sig := convert.NewSignatureConversion(len(ft.Inputs))
	var params []ir.Type
	for i, in := range ft.Inputs {
		ts, ok := tc.ConvertCallingConventionType(in)
		if !ok {
			return nil, nil, false
		}
		sig.AddInputs(i, ts...)
		params = append(params, ts...)
	}
	res, ok := tc.PackFunctionResults(ft.Results)
	if !ok {
		return nil, nil, false
	}
	return llvm.Func(res, params, varArg), sig, true
}

// PackFunctionResults returns the single LLVM type a function returns for
// results: !llvm.void for none, the converted type for one (a memref under
// the bare-pointer convention returns its pointer), a literal struct of
// the converted types for several.
func (tc *TypeConverter) PackFunctionResults(results []ir.Type) (ir.Type, bool) {
	if len(results) == 0 {
		return llvm.Void(), true
	}
	var fields []ir.Type
	for _, r := range results {
		t, ok := tc.Convert(r)
		if !ok {
			return nil, false
		}
		if mt, isMem := r.(*ir.MemRefType); isMem && tc.UseBarePtrCallConv {
			if !CanBeBarePtr(mt) {
				return nil, false
			}
			t = t.(*llvm.StructType).Body[0]
		}
		fields = append(fields, t)
	}
	if len(fields) == 1 {
		return fields[0], true
	}
	return llvm.Struct(false, fields...), true
}
