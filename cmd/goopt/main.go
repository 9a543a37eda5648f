// Command goopt is the goopt toolchain's command line; see package cli.
package main

import (
	"os"

	"github.com/goopt/goopt/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
