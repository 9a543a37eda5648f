package passtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
)

// Run is one successful `goopt opt` invocation that ran passes.
type Run struct {
	// Args are the tool's arguments, "opt" first.
	Args []string
	Invocation
	// Before is the input, After the output, as read from stdin/stdout or
	// the files the command line named.
	Before, After []byte
}

// Chunks returns the input and output split as --split-input-file does
// when the invocation had it, else one chunk each.
func (r Run) Chunks() (before, after []parser.Chunk) {
	return Chunks(r.Before, r.Split), Chunks(r.After, r.Split)
}

// Recorder is the `goopt` tool of a lit file: it runs Tool and keeps the
// input and output of every successful `opt` invocation that runs passes.
// It is safe for concurrent use.
type Recorder struct {
	// Tool is the goopt being recorded (cli.Main, or OptTool).
	Tool lit.Tool
	// IsPass says whether a flag name is a pass or pass pipeline.
	IsPass func(string) bool

	mu   sync.Mutex
	runs []Run
	errs []string
}

// Goopt is the lit.Tool to register as "goopt".
func (r *Recorder) Goopt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var out bytes.Buffer
	code := r.Tool(args, bytes.NewReader(in), io.MultiWriter(stdout, &out), stderr)
	if code != 0 || len(args) == 0 || args[0] != "opt" {
		return code
	}
	inv := ParseInvocation(args[1:], r.IsPass)
	if len(inv.PassFlags) == 0 || inv.Help {
		return code
	}
	run := Run{Args: args, Invocation: inv, Before: in, After: out.Bytes()}
	if inv.Input != "" && inv.Input != "-" {
		if run.Before, err = os.ReadFile(inv.Input); err != nil {
			r.fail("reading %s: %v", inv.Input, err)
			return code
		}
	}
	if inv.Output != "" && inv.Output != "-" {
		if run.After, err = os.ReadFile(inv.Output); err != nil {
			r.fail("reading %s: %v", inv.Output, err)
			return code
		}
	}
	r.mu.Lock()
	r.runs = append(r.runs, run)
	r.mu.Unlock()
	return code
}

func (r *Recorder) fail(format string, args ...any) {
	r.mu.Lock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

// Runs returns the recorded invocations in the order they ran.
func (r *Recorder) Runs() []Run {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Run(nil), r.runs...)
}

// Errs returns the recording failures (an output file that could not be
// read).
func (r *Recorder) Errs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errs...)
}

// RecordFile runs the lit file at path with tool as `goopt` and returns
// the recorded invocations. A failing lit test is only logged: the lit
// suite reports it, and whatever ran is still worth checking. A recording
// failure fails t.
func RecordFile(t testing.TB, path string, tool lit.Tool, isPass func(string) bool) []Run {
	t.Helper()
	rec := &Recorder{Tool: tool, IsPass: isPass}
	runner := &lit.Runner{Tools: map[string]lit.Tool{"goopt": rec.Goopt}, TempDir: t.TempDir()}
	if res := runner.RunFile(path); res.Status.Failed() {
		t.Logf("lit test fails (not this test's concern): %s", res.Reason)
	}
	for _, e := range rec.Errs() {
		t.Error(e)
	}
	return rec.Runs()
}

// OptTool is a minimal `goopt opt` over the passes of reg, for packages
// that cannot import cli (which registers every pass): a positional input
// file, --split-input-file, --verify-diagnostics,
// --allow-unregistered-dialect, --pass-pipeline=... and --<pass>[=options].
func OptTool(reg *pass.Registry) lit.Tool {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 && args[0] == "opt" {
			args = args[1:]
		}
		o := driver.OptOptions{Registry: reg, Stderr: stderr}
		var file string
		printRemarks := false
		for _, a := range args {
			switch {
			case a == "--split-input-file":
				o.SplitInputFile = true
			case a == "--verify-diagnostics":
				o.VerifyDiagnostics = true
			case a == "--allow-unregistered-dialect":
				o.AllowUnregistered = true
			case a == "--mlir-print-remarks":
				printRemarks = true
			case strings.HasPrefix(a, "--pass-pipeline="):
				o.Pipeline = strings.Trim(strings.TrimPrefix(a, "--pass-pipeline="), `"'`)
			case strings.HasPrefix(a, "--"):
				name, opts, _ := strings.Cut(a[2:], "=")
				o.Passes = append(o.Passes, driver.PassFlag{Name: name, Options: strings.Trim(opts, `"'`)})
			default:
				file = a
			}
		}
		src, err := os.ReadFile(file)
		if err != nil {
			io.WriteString(stderr, err.Error()+"\n")
			return 1
		}
		out, diags := driver.Opt(context.Background(), src, file, o)
		stdout.Write(out)
		printed := diags
		if !printRemarks { // as goopt opt: remarks only on request
			printed = nil
			for _, d := range diags {
				if d.Severity != ir.SeverityRemark {
					printed = append(printed, d)
				}
			}
		}
		if len(printed) > 0 {
			driver.Sources{file: src}.WriteDiagnostics(stderr, printed)
		}
		for _, d := range diags {
			if d.Severity == ir.SeverityError {
				return 1
			}
		}
		return 0
	}
}

// IsPassIn returns the IsPass of a Recorder over reg: a flag names a pass
// or a pass pipeline of reg.
func IsPassIn(reg *pass.Registry) func(string) bool {
	return func(name string) bool {
		return reg.Lookup(name) != nil || reg.LookupPipeline(name) != nil
	}
}

// ForEachFile runs check on every lit file under root, each in a parallel
// subtest of the subtest "lit", named by its path relative to root
// (slash-separated, as rel), and returns the number of files. No file at
// all fails t.
func ForEachFile(t *testing.T, root string, check func(t *testing.T, path, rel string)) int {
	t.Helper()
	files, err := lit.Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	t.Run("lit", func(t *testing.T) {
		for _, f := range files {
			rel, _ := filepath.Rel(root, f)
			rel = filepath.ToSlash(rel)
			t.Run(rel, func(t *testing.T) {
				t.Parallel()
				check(t, f, rel)
			})
		}
	})
	return len(files)
}
