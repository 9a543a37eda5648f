// Package roundtrip holds the interoperability corpus: MLIR files of the
// project's own that must survive a trip through goopt and through
// upstream's mlir-opt-19 in both directions.
//
// For every tests/roundtrip/*.mlir file F the suite checks
//
//	goopt opt F | mlir-opt-19 --mlir-print-op-generic  ==  mlir-opt-19 --mlir-print-op-generic F
//	goopt opt G | mlir-opt-19 --mlir-print-op-generic  ==  G   where G is mlir-opt-19's generic form of F
//	goopt opt --mlir-print-op-generic F | mlir-opt-19 --mlir-print-op-generic  ==  the same
//
// Locations are not printed, so they do not take part in the comparison.
// Files are named `<dialect>_<topic>.mlir`.
package roundtrip
