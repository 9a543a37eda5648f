//go:generate go run ../../internal/opgen -dialect builtin -out ops_gen.go

// Package builtin holds MLIR's builtin ops: builtin.module, the top-level
// container and symbol table, and builtin.unrealized_conversion_cast, the
// placeholder cast that dialect conversion leaves between type systems.
//
//	module @m attributes {gpu.container_module} {
//	  func.func private @f(i32)
//	}
//	%1 = builtin.unrealized_conversion_cast %0 : i32 to index
//
// Ops nested directly in a module print with the "builtin" default dialect,
// so `builtin.module` nests as plain `module`.
package builtin
