// Package determinism checks that goopt prints the same bytes for the same
// input and flags. Its test runs every lit file under tests/lit with the
// lit runner and runs each `goopt opt` and `goopt run` invocation of their
// RUN lines five times in-process (cli.Main, so through driver exactly as
// the CLI does), with the same arguments and stdin. Every run must give
// the same exit status, stdout, stderr and -o output file as the first;
// the first run's output is what the RUN line's FileCheck sees.
//
// Go randomises the order of map iteration on every range statement, so a
// pass, analysis or printer whose output depends on that order gives
// different outputs across the runs within one process; five runs catch an
// order that varies between two candidates with probability 15/16.
//
// The one exception is stderr under --mlir-timing, which holds wall-clock
// times; stdout and the output file of such runs are still compared.
//
//	go test ./tests/determinism/ -v   # per-file count of repeated invocations
package determinism
