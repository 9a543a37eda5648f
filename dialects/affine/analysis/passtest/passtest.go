package passtest

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/printer"
)

// Seeds are the random inputs each equivalence check runs.
var Seeds = []int64{1, 2, 3}

// RelTol tolerates the reassociation of floating-point reductions
// (affine-parallelize with parallel-reductions); every other pass is
// expected to be bit-exact and is well within it.
const RelTol = 1e-5

// LitDir returns tests/lit/affine-passes of the repository.
func LitDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "tests", "lit", "affine-passes")
}

// Files returns the lit files whose base name starts with prefix.
func Files(t *testing.T, prefix string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(LitDir(), prefix+"*.mlir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files %s*.mlir in %s", prefix, LitDir())
	}
	return files
}

// reg holds only the passes under test: importing passes/registry here
// would make an import cycle once the registry lists the affine passes.
func reg(factories []pass.Factory) *pass.Registry {
	return pass.NewRegistry(factories...)
}

// Opt is a minimal `goopt opt` over the given passes: positional file, --split-input-file, --verify-diagnostics,
// --allow-unregistered-dialect, --pass-pipeline=..., --<pass>[=options].
func Opt(factories ...pass.Factory) lit.Tool {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 && args[0] == "opt" {
			args = args[1:]
		}
		o := driver.OptOptions{Registry: reg(factories), Stderr: stderr}
		var file string
		for _, a := range args {
			switch {
			case a == "--split-input-file":
				o.SplitInputFile = true
			case a == "--verify-diagnostics":
				o.VerifyDiagnostics = true
			case a == "--allow-unregistered-dialect":
				o.AllowUnregistered = true
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
		if len(diags) > 0 {
			driver.Sources{file: src}.WriteDiagnostics(stderr, diags)
		}
		for _, d := range diags {
			if d.Severity == ir.SeverityError {
				return 1
			}
		}
		return 0
	}
}

// Lit runs every lit file of the prefix.
func Lit(t *testing.T, prefix string, factories ...pass.Factory) {
	r := &lit.Runner{Tools: map[string]lit.Tool{"goopt": Opt(factories...)}}
	for _, f := range Files(t, prefix) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if res := r.RunFile(f); res.Status.Failed() {
				t.Error(res.Report())
			}
		})
	}
}

var runPass = regexp.MustCompile(`--(affine-[a-z-]+)(?:=("[^"]*"|'[^']*'|\S+))?`)

// Equivalence runs, for every RUN line of every lit file of the prefix
// that names a pass, that pass over each input chunk, and checks with the
// interpreter that every function with memref or scalar arguments
// computes the same results before and after.
func Equivalence(t *testing.T, prefix string, factories ...pass.Factory) {
	for _, file := range Files(t, prefix) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var flags []driver.PassFlag
		for _, line := range strings.Split(string(src), "\n") {
			if !strings.Contains(line, "RUN:") || strings.Contains(line, "verify-diagnostics") {
				continue
			}
			for _, m := range runPass.FindAllStringSubmatch(line, -1) {
				flags = append(flags, driver.PassFlag{Name: m[1], Options: strings.Trim(m[2], `"'`)})
			}
		}
		chunks := strings.Split(string(src), driver.SplitMarker)
		for ci, chunk := range chunks {
			for _, fl := range flags {
				checkChunk(t, file, ci, chunk, fl, factories)
			}
		}
	}
}

func checkChunk(t *testing.T, file string, ci int, chunk string, fl driver.PassFlag, factories []pass.Factory) {
	t.Helper()
	name := filepath.Base(file) + "#" + itoa(ci) + "/" + fl.Name + "{" + fl.Options + "}"
	ctx := all.NewContext()
	before, err := parser.ParseFile(ctx, file, []byte(chunk))
	if err != nil {
		t.Errorf("%s: parse: %v", name, err)
		return
	}
	after, err := parser.ParseFile(ctx, file, []byte(chunk))
	if err != nil {
		t.Fatal(err)
	}
	p, err := reg(factories).Create(fl.Name, fl.Options)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	pm := pass.New(ctx, "builtin.module")
	if err := pm.AddPass(p); err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	pm.Verify = ir.Verify
	pm.Stderr = io.Discard
	if err := pm.Run(after.Module); err != nil {
		for _, d := range ir.Diagnostics(err) {
			if d.Severity == ir.SeverityError {
				t.Errorf("%s: pass failed: %v", name, err)
				return
			}
		}
	}
	for _, fn := range funcs(before.Module) {
		if err := equiv.Check(before.Module, after.Module, fn, equiv.Options{Seeds: Seeds, RelTol: RelTol}); err != nil {
			if strings.Contains(err.Error(), "unsupported") || strings.Contains(err.Error(), "not supported") ||
				strings.Contains(err.Error(), "cannot be interpreted") {
				t.Logf("%s: @%s: skipped: %v", name, fn, err)
				continue
			}
			t.Errorf("%s: @%s: %v\nafter:\n%s", name, fn, err, printer.String(after.Module, printer.Options{}))
		}
	}
}

// funcs lists the names of the func.func ops with a body.
func funcs(m *ir.Operation) []string {
	var out []string
	for _, op := range m.Region(0).Front().Ops() {
		if op.Is("func.func") && !op.Region(0).Empty() {
			if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				out = append(out, s.Value)
			}
		}
	}
	return out
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
