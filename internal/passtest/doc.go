// Package passtest is goopt's harness for checking passes through their
// lit tests. It sits above every layer it uses (driver, interp, the pass
// registry), so that nothing under ir/, dialects/, rewrite/ or pass/ needs
// a test-support package that imports them. It replays the `goopt opt`
// invocations of lit files in-process and checks, with the reference
// interpreter (interp/equiv), that every function that can be run computes
// the same before and after. tests/equiv (every lit file, every pass),
// tests/upstreamlit (goopt against mlir-opt-19) and tests/determinism
// (same bytes on every run) are users of its recording; the affine passes'
// own tests use its per-pass entry points:
//
//   - Lit runs the lit files of tests/lit/affine-passes with a given prefix
//     through a goopt holding only the passes under test;
//   - Equivalence replays the same files' pass invocations with those
//     passes and checks them by execution (Seeds);
//   - CheckLitFiles is the stricter check of loop transformations: every
//     registered pass available, StrictSeeds, and every function with a
//     body must be checked.
//
// A pass's tests are then one line each:
//
//	func TestLit(t *testing.T)         { passtest.Lit(t, "copy", affinedatacopy.New) }
//	func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "copy", affinedatacopy.New) }
//	func TestLitEquivalence(t *testing.T) {
//		passtest.CheckLitFiles(t, "../../tests/lit/affine-passes/tile*.mlir", affinelooptile.New)
//	}
//
// The pieces, in the order a harness uses them:
//
//   - Recorder (or RecordFile) is the `goopt` tool of a lit.Runner: it runs
//     a real goopt (cli.Main, or OptTool over a registry of the passes under
//     test) and keeps the input and output of every successful `opt`
//     invocation that runs passes, read from files where -o or a positional
//     input named them. ParseInvocation says what of opt's flags matters.
//   - ReadMarkers reads a file's `// EQUIV: none (reason)` and
//     `// EQUIV: rel-tol=X` lines.
//   - Chunks and ParseChunk split and parse inputs and outputs the way
//     --split-input-file does, keeping line numbers.
//   - Functions enumerates the functions of an input and says which can be
//     checked, with the skip rules every harness shares: external
//     declarations, signatures other than memrefs and scalars, functions
//     removed by the pass, and ops the interpreter does not support, before
//     or after. CheckPair adds the execution check and its last skip rule,
//     functions that already fail at runtime before the pass.
//   - CheckRun does all of it for one recorded invocation, chunk by chunk,
//     counting into a Tally and returning the failures. Options.Tolerate
//     says which skips a harness accepts; the others fail.
//
// A harness that checks one pass over its lit files:
//
//	func TestEquivalence(t *testing.T) {
//		reg := pass.NewRegistry(affinescalrep.New)
//		isPass := passtest.IsPassIn(reg)
//		var tl passtest.Tally
//		for _, run := range passtest.RecordFile(t, "../../tests/lit/affine-passes/scalrep.mlir", passtest.OptTool(reg), isPass) {
//			if run.VerifyDiagnostics {
//				continue
//			}
//			opts := passtest.Options{Seeds: passtest.Seeds, RelTol: 1e-5}
//			for _, f := range passtest.CheckRun("scalrep.mlir", run, opts, &tl, t.Logf) {
//				t.Error(f)
//			}
//		}
//		t.Log(tl.String()) // 6 checked, 0 skipped
//	}
package passtest
