// Package dialecttest holds test helpers that the dialect packages share.
//
// RoundTripCorpus checks a corpus of .mlir files: each must parse, verify,
// print in custom form and parse back to the same generic form; when
// mlir-opt-19 is installed, goopt's output must also be accepted by it and
// print the same generic form as the original file does there. Contexts
// builds the contexts it parses in.
//
//	func TestRoundTripCorpus(t *testing.T) {
//		dialecttest.RoundTripCorpus(t, "../../tests/roundtrip/scf_*.mlir", dialecttest.Contexts(memref.Dialect(), scf.Dialect()))
//	}
package dialecttest
