// Command goopt is the command-line front end of the goopt compiler: a thin
// main over package cli, which holds the cobra commands (`opt`, `run`,
// `version`) over the flows in package driver.
//
//	goopt opt in.mlir --canonicalize --cse -o out.mlir
//	goopt run kernel.mlir --entry=matmul --args=random
package main
