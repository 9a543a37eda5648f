package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// env carries the process streams, so commands run in-process in tests.
type env struct {
	args           []string // the raw arguments, for flags whose order matters
	stdin          io.Reader
	stdout, stderr io.Writer
}

// exitError carries a non-zero exit status that needs no further message
// (the diagnostics were already printed).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// NewRootCommand builds the goopt command tree for args (without the
// program name). Every call returns a fresh tree: there is no
// package-level state.
func NewRootCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	e := &env{args: args, stdin: stdin, stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "goopt",
		Short: "goopt is a pure-Go, MLIR-19-compatible multi-level IR toolchain",
		Long: "goopt reads MLIR 19 textual IR, runs MLIR-style passes over it and prints it back.\n" +
			"Commands mirror the MLIR tools: `goopt opt` is mlir-opt; `goopt run` executes a function.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.CompletionOptions.DisableDefaultCmd = true
	root.Version = versionString()
	root.SetVersionTemplate("goopt version {{.Version}}\n")
	root.SetFlagErrorFunc(suggestFlag)
	root.AddCommand(newOptCommand(e), newCompileCommand(e), newRunCommand(e), newTranslateCommand(e), newBenchCommand(e), newVersionCommand(e))
	return root
}

// Main runs goopt with args (without the program name) and returns the
// process exit status: 0 on success, 1 on any error.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := NewRootCommand(args, stdin, stdout, stderr)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	fmt.Fprintf(stderr, "goopt: error: %v\n", err)
	return 1
}
