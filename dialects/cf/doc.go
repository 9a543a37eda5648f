//go:generate go run ../../internal/opgen -dialect cf -out ops_gen.go

// Package cf is MLIR's control-flow dialect: unstructured branches between
// blocks (cf.br, cf.cond_br, cf.switch) and runtime assertions (cf.assert).
//
//	cf.cond_br %c, ^bb1(%a : i32), ^bb2
//	cf.switch %flag : i32, [
//	  default: ^bb3,
//	  42: ^bb1(%a : i32)
//	]
//
// Branch operands are checked against the successor blocks' arguments.
// cond_br canonicalizes to br when its condition is constant or both
// successors and their operands are the same.
package cf
