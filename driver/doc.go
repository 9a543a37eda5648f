// Package driver holds the flows behind goopt's commands, so a library
// user gets exactly what the CLI does. Opt is `goopt opt` (mlir-opt):
//
//	o := driver.OptOptions{
//		Passes: []driver.PassFlag{{Name: "canonicalize"}, {Name: "cse"}},
//	}
//	out, diags := driver.Opt(context.Background(), src, "in.mlir", o)
//	if len(diags) > 0 {
//		// The input, the pipeline and the pass flags, each a buffer that
//		// diagnostics point into (a bad option: `<pass-flags>:1:20: ...`).
//		o.Sources("in.mlir", src).WriteDiagnostics(os.Stderr, diags)
//	}
//
// Run is `goopt run`: it calls a module's entry function on the reference
// interpreter with random, zero, literal or .npy arguments, or with
// CheckEquiv compares it against another module on random inputs:
//
//	res, err := driver.Run(ctx, src, "k.mlir", driver.RunOptions{Entry: "matmul", Seed: 3})
//	if err == nil {
//		res.Write(os.Stdout, false) // scalars, and a checksum line per memref
//	}
//
// Sources renders diagnostics as MLIR does (`file:line:col: error: msg`,
// the source line, a caret); WriteFileAtomic writes outputs so that a
// failed run never leaves a truncated file behind.
package driver
