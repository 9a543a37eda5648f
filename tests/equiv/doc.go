// Package equiv is goopt's project-wide guarantee that every pass is checked
// by execution. Its test runs every lit file under tests/lit with the lit
// runner, intercepting each successful `goopt opt` invocation that runs passes
// (per-pass flags or --pass-pipeline, without --verify-diagnostics). For each
// such invocation it takes the input and the output, chunk by chunk with
// --split-input-file, and checks with interp/equiv (three seeds) that every
// function the interpreter can run computes the same before and after. The
// machinery (recording, markers, skip rules) is internal/passtest's.
//
// Functions that cannot be checked are skipped and counted by reason:
// external declarations, signatures other than memrefs and scalars, ops the
// interpreter does not support, and functions that already fail at runtime
// before the pass on random inputs (say, an index argument used as a memref
// index). A file whose pass invocations leave no function checked fails
// unless it says why, on a line of its own:
//
//	// EQUIV: none (only unregistered ops)
//
// Outputs must match bit for bit. A file whose passes legitimately
// reassociate floating-point arithmetic (parallel reductions) may allow a
// relative tolerance instead:
//
//	// EQUIV: rel-tol=1e-5
//
// A difference, or a runtime failure introduced by the pass, is a bug in the
// pass and fails the test with the file, chunk, function and pipeline.
//
//	go test ./tests/equiv/ -v   # per-file counts of checked and skipped functions
package equiv
