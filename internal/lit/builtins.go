package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/goopt/goopt/internal/filecheck"
)

// builtin is a command implemented by the runner itself. Relative paths are
// resolved against cwd (the test's %T directory).
type builtin func(args []string, stdin []byte, stdout, stderr io.Writer, cwd string) int

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		"true":  func([]string, []byte, io.Writer, io.Writer, string) int { return 0 },
		"false": func([]string, []byte, io.Writer, io.Writer, string) int { return 1 },
		"echo":  echoCmd,
		"cat":   catCmd,
		"count": countCmd,
		"rm":    rmCmd,
		"mkdir": mkdirCmd,
	}
}

func echoCmd(args []string, _ []byte, stdout, _ io.Writer, _ string) int {
	newline := true
	for len(args) > 0 && (args[0] == "-n" || args[0] == "-e") {
		if args[0] == "-n" {
			newline = false
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if newline {
		s += "\n"
	}
	io.WriteString(stdout, s)
	return 0
}

func catCmd(args []string, stdin []byte, stdout, stderr io.Writer, cwd string) int {
	if len(args) == 0 {
		stdout.Write(stdin)
		return 0
	}
	status := 0
	for _, a := range args {
		if a == "-" {
			stdout.Write(stdin)
			continue
		}
		data, err := os.ReadFile(resolve(cwd, a))
		if err != nil {
			fmt.Fprintf(stderr, "cat: %v\n", err)
			status = 1
			continue
		}
		stdout.Write(data)
	}
	return status
}

// countCmd implements LLVM's `count N`: succeed iff stdin has exactly N lines.
func countCmd(args []string, stdin []byte, _, stderr io.Writer, _ string) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: count <expected line count>")
		return 2
	}
	want, err := strconv.Atoi(args[0])
	if err != nil || want < 0 {
		fmt.Fprintf(stderr, "count: invalid line count %q\n", args[0])
		return 2
	}
	got := bytes.Count(stdin, []byte("\n"))
	if len(stdin) > 0 && stdin[len(stdin)-1] != '\n' {
		got++
	}
	if got != want {
		fmt.Fprintf(stderr, "Expected %d lines, got %d.\n", want, got)
		return 1
	}
	return 0
}

func rmCmd(args []string, _ []byte, _, stderr io.Writer, cwd string) int {
	force, recursive := false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		for _, c := range args[0][1:] {
			switch c {
			case 'f':
				force = true
			case 'r', 'R':
				recursive = true
			default:
				fmt.Fprintf(stderr, "rm: unsupported option %q\n", args[0])
				return 1
			}
		}
		args = args[1:]
	}
	status := 0
	for _, a := range args {
		p := resolve(cwd, a)
		var err error
		if recursive {
			if _, serr := os.Lstat(p); serr != nil {
				err = serr
			} else {
				err = os.RemoveAll(p)
			}
		} else {
			err = os.Remove(p)
		}
		if err != nil && !(force && errors.Is(err, os.ErrNotExist)) {
			fmt.Fprintf(stderr, "rm: %v\n", err)
			status = 1
		}
	}
	return status
}

func mkdirCmd(args []string, _ []byte, _, stderr io.Writer, cwd string) int {
	parents := false
	for len(args) > 0 && args[0] == "-p" {
		parents, args = true, args[1:]
	}
	status := 0
	for _, a := range args {
		var err error
		if parents {
			err = os.MkdirAll(resolve(cwd, a), 0o755)
		} else {
			err = os.Mkdir(resolve(cwd, a), 0o755)
		}
		if err != nil {
			fmt.Fprintf(stderr, "mkdir: %v\n", err)
			status = 1
		}
	}
	return status
}

// fileCheckTool is the builtin FileCheck, backed by internal/filecheck.
func fileCheckTool(args []string, stdin io.Reader, _, stderr io.Writer, cwd string) int {
	opts, checkFile, err := filecheck.ParseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	checkText, err := os.ReadFile(resolve(cwd, checkFile))
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %v\n", checkFile, err)
		return 2
	}
	var input []byte
	if opts.InputFile != "" && opts.InputFile != "-" {
		input, err = os.ReadFile(resolve(cwd, opts.InputFile))
	} else {
		input, err = io.ReadAll(stdin)
	}
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %v\n", opts.InputFile, err)
		return 2
	}
	if err := filecheck.Check(checkFile, string(checkText), string(input), opts); err != nil {
		fmt.Fprintln(stderr, err)
		var fe *filecheck.Error
		if errors.As(err, &fe) {
			return fe.Status
		}
		return 2
	}
	return 0
}
