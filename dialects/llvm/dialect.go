package llvm

import "github.com/goopt/goopt/ir"

// Dialect returns the llvm dialect: its types, attributes and ops.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:        "llvm",
		Ops:         ops(),
		ParseType:   parseType,
		ParseAttr:   parseAttr,
		Materialize: Materialize,
	}
}

func ops() []*ir.OpDef {
	list := []*ir.OpDef{
		valueOnly("llvm.mlir.undef", "Creates an undefined value of LLVM dialect type.",
			"An undefined value.\n\n    %u = llvm.mlir.undef : !llvm.struct<(i32, f32)>"),
		valueOnly("llvm.mlir.poison", "Creates a poison value of LLVM dialect type.",
			"A poison value.\n\n    %p = llvm.mlir.poison : i32"),
		valueOnly("llvm.mlir.zero", "Creates a zero-initialized value of LLVM dialect type.",
			"The zero value of a type (null for pointers).\n\n    %z = llvm.mlir.zero : !llvm.ptr"),
		loadOp()}
	// The binary ops' summaries are upstream's "LLVM <mnemonic> operation".
	for _, m := range []string{"add", "sub", "mul", "shl"} {
		list = append(list, intBinary(m, true))
	}
	for _, m := range []string{"udiv", "sdiv", "urem", "srem", "and", "or", "xor", "lshr", "ashr"} {
		list = append(list, intBinary(m, false))
	}
	for _, m := range []string{"fadd", "fsub", "fmul", "fdiv", "frem"} {
		list = append(list, floatBinary(m))
	}
	list = append(list, icmpOp(), fcmpOp())
	list = append(list, funcOps()...)
	list = append(list, memoryOps()...)
	list = append(list, arithOps()...)
	list = append(list, castOps()...)
	list = append(list, loweringOps()...)
	for _, in := range intrinsics {
		list = append(list, intrinsicOp(in))
	}
	return list
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// Materialize builds an llvm.mlir.constant holding attr of type t (used by
// folding), or returns nil for an attribute that is not a typed constant of t.
func Materialize(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ta, ok := attr.(ir.TypedAttribute)
	if !ok || ta.Type() != t || !IsCompatibleType(t) {
		return nil
	}
	switch attr.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return nil
	}
	return b.CreateOp("llvm.mlir.constant", loc, nil, []ir.Type{t}, ir.NamedAttribute{Name: "value", Value: attr})
}
