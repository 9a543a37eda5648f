//go:generate go run ../../internal/opgen -dialect func -out ops_gen.go

// Package fn is MLIR's func dialect (named fn because func is a Go
// keyword; its ops are still `func.*`): function definitions and
// declarations, returns, direct and indirect calls, and function constants.
//
//	func.func private @callee(i32) -> i32
//	func.func @caller(%a: i32 {llvm.noalias}) -> i32 attributes {fn.attr} {
//	  %0 = call @callee(%a) : (i32) -> i32
//	  return %0 : i32
//	}
//
// func.func sets DefaultDialect "func", so nested func ops print without
// their prefix. Calls are verified against their callee through the nearest
// symbol table.
package fn
