// Package perf holds goopt's whole-tool benchmarks: parse + verify + print
// of a large generated function, timed beside mlir-opt-19 on the same file
// so the ratio comes from one run on one machine.
//
//	go test ./tests/perf -run '^$' -bench . -benchtime 5x
package perf
