// Package perf holds goopt's whole-tool benchmarks: parse + verify + print
// of a large generated function, timed beside mlir-opt-19 on the same file
// so the ratio comes from one run on one machine.
//
//	go test ./tests/perf -run '^$' -bench . -benchtime 5x
//
// BenchmarkParse, BenchmarkVerify, BenchmarkPrint and BenchmarkTotal time
// the phases one at a time (with CPU time per op beside wall time);
// compare.sh runs them interleaved against another checkout, e.g. the
// commit before the op-schema refactor:
//
//	git worktree add /tmp/base 23c72ef
//	ROUNDS=6 BENCHTIME=3x tests/perf/compare.sh /tmp/base
package perf
