// Package passcheck is the shared machinery of goopt's execution checks of
// passes: it replays the `goopt opt` invocations of lit files in-process and
// checks, with the reference interpreter (interp/equiv), that every function
// that can be run computes the same before and after. tests/equiv (every lit
// file, every pass), tests/upstreamlit (goopt against mlir-opt-19), and the
// per-pass helpers dialects/affine/analysis/passtest and
// dialects/affine/looputil/looputiltest are thin users of it.
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
//		isPass := passcheck.IsPassIn(reg)
//		var tl passcheck.Tally
//		for _, run := range passcheck.RecordFile(t, "../../tests/lit/affine-passes/scalrep.mlir", passcheck.OptTool(reg), isPass) {
//			if run.VerifyDiagnostics {
//				continue
//			}
//			opts := passcheck.Options{Seeds: passcheck.Seeds, RelTol: 1e-5}
//			for _, f := range passcheck.CheckRun("scalrep.mlir", run, opts, &tl, t.Logf) {
//				t.Error(f)
//			}
//		}
//		t.Log(tl.String()) // 6 checked, 0 skipped
//	}
package passcheck
