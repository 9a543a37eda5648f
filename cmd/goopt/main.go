// Command goopt is the goopt toolchain's command line; see package cli.
package main

import (
	"os"
	"runtime/debug"

	"github.com/goopt/goopt/cli"
)

// gcPercent is the collector's target heap growth for a goopt process. A
// compiler run is short and its IR stays live until the output is written,
// so the default (100) collects the same live graph many times over: on the
// 2.5 MB parse+print benchmark (tests/perf TestVsMlirOpt) the collector took
// about a fifth of the CPU time. 700 trades a larger peak heap (tens of MB
// at that size) for most of that time. GOGC in the environment still wins.
const gcPercent = 700

func main() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
