// Package upstreamlit checks goopt's passes against MLIR 19's on the
// project's own lit inputs: where upstream has the pass, goopt's output must
// be accepted by mlir-opt-19 and compute what mlir-opt-19's output for the
// same flags computes.
//
// The test runs every lit file under tests/lit with the lit runner, as
// tests/equiv does, intercepting each successful `goopt opt` invocation that
// runs passes. An invocation is compared when every pass it names exists in
// mlir-opt-19 under the same name and every option it sets is one upstream
// has (the upstreamPasses table, itself checked against `mlir-opt-19
// --help`); --verify-diagnostics runs, goopt-only passes
// (affine-loop-permute) and goopt-only options (num-tiling-levels,
// copy-depth, ...) are skipped and counted. For each compared invocation,
// chunk by chunk with --split-input-file:
//
//  1. mlir-opt-19 runs the same pass flags on the same input
//     (--allow-unregistered-dialect when the RUN line had it);
//  2. mlir-opt-19 must parse and verify goopt's output;
//  3. goopt parses mlir-opt-19's output, and every function the reference
//     interpreter can run (the skip rules of tests/equiv, counted by reason)
//     must compute the same on three random seeds in both outputs
//     (interp/equiv; within a relative tolerance only where the file has an
//     `// EQUIV: rel-tol=` marker).
//
// When the two outputs differ, both are also run against the original
// input, and the failure says who is right. Where MLIR 19 itself is wrong
// (unroll-jam without a legality check, data copies that ignore affine.if
// guards or write back uninitialised elements), the function is listed in
// knownUpstreamDiffs with the reason: the difference is logged as long as
// goopt's output still agrees with the original, and an entry that no longer
// differs, or matches nothing, fails the test.
//
// mlir-opt-19 runs at most two at a time, batched one process per
// invocation and step. Without mlir-opt-19 the test is skipped, unless $CI
// is set, where that is a failure.
//
//	go test ./tests/upstreamlit/ -v   # per-file figures and the summary
package upstreamlit
