// Package functollvm holds the conversion patterns from the func dialect
// to the llvm dialect (upstream's FuncToLLVM): func.func becomes an
// llvm.func of the signature TypeConverter.ConvertFunctionSignature gives
// under the calling convention (each memref expanded to its descriptor's
// fields, or one bare pointer), its entry block re-packing each memref
// argument's descriptor; func.return returns its converted operands
// (several packed into a struct); func.call calls with the same
// convention and unpacks the results; func.constant becomes
// llvm.mlir.addressof. `llvm.emit_c_interface` (C wrappers) is not
// supported and gives an error.
//
//	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{UseBarePtrCallConv: true})
//	ps := convert.NewPatternSet()
//	functollvm.Populate(tc, ps)
//	// func.func @f(%m: memref<4xf32>) becomes llvm.func @f(%arg0: !llvm.ptr)
package functollvm
