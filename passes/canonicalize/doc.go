// Package canonicalize implements the canonicalize pass: it folds ops,
// applies every registered op's canonicalization patterns and erases dead
// ops with the greedy rewrite driver until a fixed point, and cleans up
// the CFG (unreachable blocks, trivial branches).
//
//	func.func @f(%a: i32) -> i32 {
//	  %c0 = arith.constant 0 : i32
//	  %0 = arith.addi %a, %c0 : i32
//	  return %0 : i32
//	}
//
// becomes, with `goopt opt --canonicalize`,
//
//	func.func @f(%arg0: i32) -> i32 {
//	  return %arg0 : i32
//	}
//
// Options (upstream's): top-down, region-simplify=disabled|normal|aggressive,
// max-iterations, max-num-rewrites, test-convergence, disable-patterns,
// enable-patterns.
package canonicalize
