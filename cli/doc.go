// Package cli implements the goopt command line with cobra: one file per
// command (opt.go, version.go; translate, compile, run and bench join them
// later). Commands are thin: the flows live in package driver.
//
// Main runs a whole invocation in-process, which is how tests and the lit
// runner call it:
//
//	code := cli.Main([]string{"opt", "in.mlir", "--canonicalize", "--cse"}, os.Stdin, os.Stdout, os.Stderr)
//
// Per-pass flags are registered for every pass of passes/registry and run
// in command-line order (`--canonicalize --cse` differs from `--cse
// --canonicalize`); `goopt opt --help` lists them with their options.
package cli
