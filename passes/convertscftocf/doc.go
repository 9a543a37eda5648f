// Package convertscftocf is upstream's convert-scf-to-cf pass, thin over
// conversion/scftocf (see it for what each scf op becomes). It runs on any
// op; like upstream it is a partial conversion that fails, with a located
// error and the IR unchanged, when an scf op cannot be lowered.
//
//	goopt opt k.mlir --convert-scf-to-cf
//
// turns
//
//	scf.if %c {
//	  memref.store %v, %m[] : memref<i32>
//	}
//	return
//
// into
//
//	  cf.cond_br %c, ^bb1, ^bb2
//	^bb1:  // pred: ^bb0
//	  memref.store %v, %m[] : memref<i32>
//	  cf.br ^bb2
//	^bb2:  // 2 preds: ^bb0, ^bb1
//	  return
package convertscftocf
