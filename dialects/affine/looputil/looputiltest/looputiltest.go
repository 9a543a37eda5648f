package looputiltest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// Seeds are the random inputs every function is checked on.
var Seeds = []int64{1, 2, 3, 7, 42}

// maxSteps bounds interpreted loop iterations per call.
const maxSteps = 1 << 26

// CheckLitFiles replays the RUN lines of the files matching glob with the
// passes made by factories (plus every registered pass) and checks each
// function computes the same results before and after.
func CheckLitFiles(t *testing.T, glob string, factories ...pass.Factory) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no lit files match %s", glob)
	}
	// The passes under test replace registered passes of the same name.
	mine := map[string]bool{}
	for _, f := range factories {
		mine[f().Name()] = true
	}
	all := factories
	for _, f := range registry.Factories() {
		if !mine[f().Name()] {
			all = append(all, f)
		}
	}
	reg := pass.NewRegistry(all...)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range runLines(string(src)) {
			o, ok := optOptions(run)
			if !ok {
				continue
			}
			o.Registry = reg
			t.Run(filepath.Base(file)+"/"+run, func(t *testing.T) {
				CheckChunks(t, src, o)
			})
		}
	}
}

// CheckChunks runs o over each chunk of src (split at `// -----` when
// o.SplitInputFile) and checks every function before and after.
func CheckChunks(t *testing.T, src []byte, o driver.OptOptions) {
	t.Helper()
	chunks := []parser.Chunk{{Text: src}}
	if o.SplitInputFile {
		chunks = parser.SplitInputFile(src)
	}
	o.SplitInputFile = false
	for _, ch := range chunks {
		out, diags := driver.Opt(context.Background(), ch.Text, "input.mlir", o)
		failed := false
		for _, d := range diags {
			if d.Severity == ir.SeverityError {
				failed = true
			}
		}
		if failed {
			// Invalid-option and invalid-input cases are lit's business.
			continue
		}
		ctx := all.NewContext()
		before, err := parser.ParseFile(ctx, "before.mlir", ch.Text)
		if err != nil {
			t.Fatalf("parsing input: %v", err)
		}
		after, err := parser.ParseFile(ctx, "after.mlir", out)
		if err != nil {
			t.Fatalf("parsing output: %v\n%s", err, out)
		}
		for _, fn := range Functions(before.Module) {
			opts := equiv.Options{Seeds: Seeds, RelTol: 1e-5, Interp: interp.Options{MaxSteps: maxSteps}}
			if err := equiv.Check(before.Module, after.Module, fn, opts); err != nil {
				t.Errorf("@%s: %v\n--- output ---\n%s", fn, err, out)
			}
		}
	}
}

// Functions returns the names of the func.func ops with a body in module.
func Functions(module *ir.Operation) []string {
	var names []string
	for _, op := range module.Region(0).Front().Ops() {
		if op.Is("func.func") && op.NumRegions() > 0 && !op.Region(0).Empty() {
			if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				names = append(names, s.Value)
			}
		}
	}
	return names
}

// runLines returns the commands of the file's RUN lines (continuations joined).
func runLines(src string) []string {
	var out []string
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		i := strings.Index(line, "RUN:")
		if !strings.HasPrefix(line, "//") || i < 0 {
			continue
		}
		cmd := strings.TrimSpace(line[i+len("RUN:"):])
		if strings.HasSuffix(cmd, "\\") {
			cur += strings.TrimSuffix(cmd, "\\") + " "
			continue
		}
		out = append(out, cur+cmd)
		cur = ""
	}
	return out
}

// optOptions turns `goopt opt %s flags... | FileCheck ...` into driver
// options; it reports false for other commands and negative runs.
func optOptions(run string) (driver.OptOptions, bool) {
	var o driver.OptOptions
	cmd, _, _ := strings.Cut(run, "|")
	args := splitArgs(cmd)
	if len(args) < 2 || args[0] != "goopt" || args[1] != "opt" {
		return o, false
	}
	for _, a := range args[2:] {
		if !strings.HasPrefix(a, "--") {
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		switch name {
		case "split-input-file":
			o.SplitInputFile = true
		case "verify-diagnostics":
			return o, false
		case "allow-unregistered-dialect":
			o.AllowUnregistered = true
		case "pass-pipeline":
			o.Pipeline = val
		case "mlir-print-op-generic", "mlir-print-debuginfo", "verify-each":
		default:
			if !hasVal {
				val = ""
			}
			o.Passes = append(o.Passes, driver.PassFlag{Name: name, Options: val})
		}
	}
	return o, true
}

// splitArgs splits a shell command at spaces outside quotes, removing the quotes.
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	in := false
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}
