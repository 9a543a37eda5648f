// Package pass is goopt's pass manager: MLIR's nested, op-anchored pass
// pipelines with its textual pipeline syntax.
//
// A Pass runs on ops of one name (its Anchor) or on any op. An
// OpPassManager is a pipeline anchored on an op name; nested pipelines run
// on the ops of their anchor directly nested in the parent's op:
//
//	builtin.module(func.func(affine-loop-tile{tile-sizes=32,32 separate},cse),canonicalize)
//
// runs affine-loop-tile then cse on every func.func of the module, then
// canonicalize on the module. Options are typed struct fields tagged with
// their upstream spelling:
//
//	type Options struct {
//		TileSizes []int64 `opt:"tile-sizes" desc:"List of tile sizes for each perfect nest"`
//		Separate  bool    `opt:"separate" desc:"Separate full and partial tiles"`
//	}
//
// and print back sorted by name, so a pipeline round-trips through
// OpPassManager.String. Building a pipeline in code:
//
//	reg := registry.All() // passes/registry
//	pm := pass.New(ctx, "builtin.module")
//	if err := reg.AddPipeline(pm.OpPassManager, "func.func(cse),canonicalize"); err != nil { ... }
//	pm.Verify = ir.Verify
//	err := pm.Run(module) // an ir.DiagList naming every failure
//
// The pass manager verifies the IR after each pass, turns a panic inside a
// pass into an internal-error diagnostic naming the pass and op, and reports
// to Instrumentations (PrintIR for --mlir-print-ir-*, Timing for --mlir-timing).
// Pipeline syntax errors are diagnostics in the file "<pass-pipeline>" that
// point at the offending column.
package pass
