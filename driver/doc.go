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
// Sources renders diagnostics as MLIR does (`file:line:col: error: msg`,
// the source line, a caret); WriteFileAtomic writes outputs so that a
// failed run never leaves a truncated file behind.
package driver
