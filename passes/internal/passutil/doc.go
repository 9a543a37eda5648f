// Package passutil holds the candidate collection the passes share: the
// outermost ops of a kind under a function, gathered before any is
// transformed so that a rewrite never disturbs the walk that found it.
//
// Example, the body of a pass over every outermost affine.for nest:
//
//	for _, root := range passutil.OutermostFors(fn) {
//		if err := transform(root); err != nil {
//			am.Emit(root.Remarkf("loop nest not transformed: %v", err))
//		}
//	}
//
// It also declares the to-llvm passes whose one option is the index
// width (DefineToLLVM), so that each is its description and its patterns:
//
//	var New = passutil.DefineToLLVM(pass.Base{Arg: "convert-cf-to-llvm"}, cftollvm.Ops(), cftollvm.Populate)
//
// and the passes that are one call of an exported entry point
// (DefineConversion, DefineLowering), which library users call without a
// pass manager:
//
//	var New = passutil.DefineLowering(pass.Base{Arg: "convert-scf-to-cf"}, scftocf.Convert)
package passutil
