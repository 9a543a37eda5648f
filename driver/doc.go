// Package driver holds the flows behind goopt's commands, so a library
// user gets exactly what the CLI does. Opt is `goopt opt` (mlir-opt):
//
//	out, diags := driver.Opt(context.Background(), src, "in.mlir", driver.OptOptions{
//		Passes: []driver.PassFlag{{Name: "canonicalize"}, {Name: "cse"}},
//	})
//	if len(diags) > 0 {
//		driver.Sources{"in.mlir": src}.WriteDiagnostics(os.Stderr, diags)
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
