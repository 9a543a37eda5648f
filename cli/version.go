package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// mlirVersion is the MLIR release whose textual IR goopt reads and writes.
const mlirVersion = "19"

func newVersionCommand(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print goopt's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintf(e.stdout, "goopt version %s\n", versionString())
			return nil
		},
	}
}

// versionString is what `goopt version` and `goopt --version` print after "goopt version".
func versionString() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	return fmt.Sprintf("%s (MLIR %s compatible, %s %s/%s)", v, mlirVersion, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
