// Package looputiltest checks loop transformations by execution: for each
// lit file of a pass, every `goopt opt` RUN line (negative
// --verify-diagnostics runs excepted) is replayed in-process with the
// pass under test, and every function of every input chunk is run by the
// reference interpreter before and after (interp/equiv) on several random
// inputs. The recording of invocations and the execution check are
// internal/passcheck's; here every function with a body must be checked.
//
//	func TestEquivalence(t *testing.T) {
//		looputiltest.CheckLitFiles(t, "../../tests/lit/affine-passes/tile*.mlir", affinelooptile.New)
//	}
package looputiltest
