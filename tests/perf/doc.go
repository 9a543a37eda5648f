// Package perf holds goopt's whole-tool benchmarks: parse + verify + print
// of a large generated function, timed beside mlir-opt-19 on the same file
// so the ratio comes from one run on one machine.
//
// TestVsMlirOpt (run only with GOOPT_VS_MLIR_OPT=<rounds>) times the goopt
// binary and mlir-opt-19 as processes on the four shapes of issue 12 item 14
// — parse + print of VariedModule, --canonicalize --cse on it, tiling +
// lower-affine + canonicalize + cse on it, parse + print of ChainFunction —
// interleaved, and prints the medians of the children's CPU time:
//
//	GOOPT_VS_MLIR_OPT=7 go test ./tests/perf -run VsMlirOpt -v -timeout 30m
//
// BenchmarkShapes runs the same shapes in process, for -cpuprofile.
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
