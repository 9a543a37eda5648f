package lit

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// echoTool is a synthetic tool: it prints its arguments, one line.
func echoTool(args []string, _ io.Reader, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, strings.Join(args, " "))
	return 0
}

// failTool writes a diagnostic and exits with the status in args[0].
func failTool(args []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "error: fail-tool failed")
	if len(args) > 0 && args[0] == "0" {
		return 0
	}
	return 3
}

// upperTool copies stdin to stdout in upper case.
func upperTool(_ []string, stdin io.Reader, stdout, _ io.Writer) int {
	data, _ := io.ReadAll(stdin)
	stdout.Write([]byte(strings.ToUpper(string(data))))
	return 0
}

func newRunner(t *testing.T) *Runner {
	return &Runner{
		Tools:    map[string]Tool{"echo-tool": echoTool, "fail-tool": failTool, "upper": upperTool},
		TempDir:  t.TempDir(),
		Features: map[string]bool{"asserts": true, "linux": true},
	}
}

func TestRunFileTestdata(t *testing.T) {
	tests := []struct {
		file   string
		status Status
		reason string // substring of Reason
	}{
		{"pass.mlir", Pass, ""},
		{"fail.mlir", Fail, "RUN at line 1: exit status 1"},
		{"xfail.mlir", XFail, ""},
		{"xpass.mlir", XPass, "marked XFAIL"},
		{"requires.mlir", Pass, ""},
		{"sub/unsupported.mlir", Unsupported, "UNSUPPORTED"},
		{"sub/temp.mlir", Pass, ""},
		{"norun.mlir", Fail, "no RUN lines"},
	}
	r := newRunner(t)
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res := r.RunFile(filepath.Join("testdata", tc.file))
			if res.Status != tc.status || !strings.Contains(res.Reason, tc.reason) {
				t.Fatalf("status %v (%q), want %v (%q)\n%s", res.Status, res.Reason, tc.status, tc.reason, res.Report())
			}
		})
	}
}

func TestRequiresUnmetIsSkipped(t *testing.T) {
	r := newRunner(t)
	r.Features = nil
	res := r.RunFile("testdata/requires.mlir")
	if res.Status != Unsupported || res.Status.Failed() || !strings.Contains(res.Reason, "asserts") {
		t.Fatalf("got %v %q", res.Status, res.Reason)
	}
	if len(res.Commands) != 0 {
		t.Fatalf("commands ran for a skipped test")
	}
}

func TestFailureReport(t *testing.T) {
	res := newRunner(t).RunFile("testdata/fail.mlir")
	rep := res.Report()
	for _, want := range []string{
		"FAIL: testdata/fail.mlir",
		"RUN: at line 1: echo-tool goodbye | FileCheck ",
		"$ FileCheck ",
		"error: CHECK: expected string not found in input",
		"<stdin>:1:1: note: scanning from here",
		"command exit status 1",
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

func TestDiscover(t *testing.T) {
	got, err := Discover("testdata")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"testdata/fail.mlir", "testdata/pass.mlir", "testdata/requires.mlir",
		"testdata/sub/temp.mlir", "testdata/sub/unsupported.mlir",
		"testdata/xfail.mlir", "testdata/xpass.mlir",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Discover = %q\nwant %q", got, want)
	}
}

// writeTest writes a test file into a temp dir and runs it.
func runText(t *testing.T, r *Runner, text string) Result {
	t.Helper()
	p := filepath.Join(t.TempDir(), "t.mlir")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return r.RunFile(p)
}

func TestRunLines(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		status Status
		check  func(t *testing.T, res Result)
	}{
		{"pipe", "// RUN: echo-tool abc | upper | FileCheck %s\n// CHECK: ABC\n", Pass, nil},
		{"not-inverts-failure", "// RUN: not fail-tool\n", Pass, nil},
		{"not-inverts-success", "// RUN: not fail-tool 0\n", Fail, nil},
		{"exit-status", "// RUN: fail-tool\n", Fail, func(t *testing.T, res Result) {
			if c := res.Commands[0]; c.ExitCode != 3 || !strings.Contains(c.Stderr, "fail-tool failed") {
				t.Errorf("command = %+v", c)
			}
		}},
		{"pipefail", "// RUN: fail-tool | echo-tool x\n", Fail, nil},
		{"and-stops", "// RUN: false && echo-tool never\n", Fail, func(t *testing.T, res Result) {
			if len(res.Commands[0].Stages) != 1 {
				t.Errorf("stages = %+v", res.Commands[0].Stages)
			}
		}},
		{"or", "// RUN: false || true\n", Pass, nil},
		{"semicolon", "// RUN: false ; true\n", Pass, nil},
		{"stops-at-first-failing-line", "// RUN: false\n// RUN: true\n", Fail, func(t *testing.T, res Result) {
			if len(res.Commands) != 1 {
				t.Errorf("ran %d commands", len(res.Commands))
			}
		}},
		{"stderr-redirect", "// RUN: fail-tool 0 2>&1 | FileCheck %s\n// CHECK: fail-tool failed\n", Pass, nil},
		{"stderr-not-piped", "// RUN: fail-tool 0 | not FileCheck %s\n// CHECK: fail-tool failed\n", Pass, nil},
		{"stderr-to-file", "// RUN: fail-tool 0 2> %t.err && FileCheck %s --input-file %t.err\n// CHECK: failed\n", Pass, nil},
		{"stdin-redirect", "// RUN: echo-tool zzz > %t && FileCheck %s < %t\n// CHECK: zzz\n", Pass, nil},
		{"quotes", "// RUN: echo-tool 'a  b' \"c \\\"d\\\"\" e\\ f | FileCheck %s --strict-whitespace\n// CHECK: a  b c \"d\" e f\n", Pass, nil},
		{"builtin-echo", "// RUN: echo -n x | count 1\n// RUN: echo a b | FileCheck %s\n// CHECK: a b\n", Pass, nil},
		{"count-mismatch", "// RUN: echo a | count 2\n", Fail, nil},
		{"mkdir-rm", "// RUN: mkdir -p %t/d/e && echo x > %t/d/e/f && cat %t/d/e/f | count 1 && rm -rf %t/d && not cat %t/d/e/f\n", Pass, nil},
		{"percent", "// RUN: echo-tool 100%% | FileCheck %s\n// CHECK: 100%{{$}}\n", Pass, nil},
		{"subst-dirs", "// RUN: echo-tool %S %p %T | FileCheck %s -DDIR=%S\n// CHECK: [[DIR]] [[DIR]] {{.+}}\n", Pass, nil},
		{"unknown-tool", "// RUN: not no-such-tool\n", Fail, func(t *testing.T, res Result) {
			if !strings.Contains(res.Reason, "unknown command \"no-such-tool\"") {
				t.Errorf("reason = %q", res.Reason)
			}
		}},
		{"not-crash-rejected", "// RUN: not --crash fail-tool\n", Fail, nil},
		{"syntax-error", "// RUN: echo-tool a |\n", Fail, nil},
		{"unterminated-quote", "// RUN: echo-tool 'a\n", Fail, nil},
		{"dangling-continuation", "// RUN: echo-tool a \\\n// CHECK: x\n", Fail, nil},
		{"semicolon-comment-style", "; RUN: echo-tool x | FileCheck %s\n; CHECK: x\n", Pass, nil},
		{"xfail-feature", "// XFAIL: linux\n// RUN: false\n", XFail, nil},
		{"xfail-other-feature", "// XFAIL: windows\n// RUN: false\n", Fail, nil},
		{"unsupported-expr", "// UNSUPPORTED: !asserts\n// RUN: true\n", Pass, nil},
		{"requires-expr", "// REQUIRES: (asserts || x86) && linux\n// RUN: true\n", Pass, nil},
		{"requires-bad-expr", "// REQUIRES: asserts &&\n// RUN: true\n", Fail, nil},
		{"filecheck-bad-args", "// RUN: echo-tool x | FileCheck\n", Fail, nil},
		{"tool-overrides-builtin", "// RUN: cat | FileCheck %s\n// CHECK: from-tool\n", Pass, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t)
			if tc.name == "tool-overrides-builtin" {
				r.Tools["cat"] = func(_ []string, _ io.Reader, stdout, _ io.Writer) int {
					io.WriteString(stdout, "from-tool\n")
					return 0
				}
			}
			res := runText(t, r, tc.text)
			if res.Status != tc.status {
				t.Fatalf("status %v, want %v\n%s", res.Status, tc.status, res.Report())
			}
			if tc.check != nil {
				tc.check(t, res)
			}
		})
	}
}

func TestExternalCommands(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	r := newRunner(t)
	text := "// RUN: sh -c 'echo ext' | FileCheck %s\n// CHECK: ext\n"
	if res := runText(t, r, text); res.Status != Fail {
		t.Fatalf("external command ran without AllowExternal: %v", res.Report())
	}
	r.AllowExternal = true
	if res := runText(t, r, text); res.Status != Pass {
		t.Fatalf("status %v\n%s", res.Status, res.Report())
	}
}

func TestCrossCheck(t *testing.T) {
	r := newRunner(t)
	r.CrossCheck = true
	if _, err := r.externalFileCheck(); err != nil {
		t.Skip(err)
	}
	res := r.RunFile("testdata/pass.mlir")
	if res.Status != Pass {
		t.Fatalf("%s", res.Report())
	}
	if cc := res.Commands[0].Stages[1].CrossCheck; !strings.Contains(cc, "agrees") {
		t.Errorf("cross-check note = %q", cc)
	}
	// A failing FileCheck must fail in both implementations; `not` makes the
	// test pass and the verdicts still agree.
	if res := runText(t, r, "// RUN: echo-tool a | not FileCheck %s\n// CHECK: b\n"); res.Status != Pass {
		t.Fatalf("%s", res.Report())
	}
	// A disagreement is reported even under `not`: fake the external tool
	// with one that always succeeds.
	r.FileCheckPath = "/bin/true"
	if _, err := os.Stat(r.FileCheckPath); err != nil {
		t.Skip("no /bin/true")
	}
	res = runText(t, r, "// RUN: echo-tool a | not FileCheck %s\n// CHECK: b\n")
	if res.Status != Fail || !strings.Contains(res.Reason, "cross-check mismatch") {
		t.Fatalf("status %v reason %q", res.Status, res.Reason)
	}
}

func TestParseScript(t *testing.T) {
	tests := []struct {
		in   string
		want string // rendered as pipelines of commands; "ERR" for errors
	}{
		{"a b | c", "[a b] | [c]"},
		{"a 'b c' \"d\\\"e\"", "[a 'b c' 'd\"e']"},
		{"a > f 2>&1", "[a >f 2>&1]"},
		{"a 2> e >> o < i", "[a 2>e >>o <i]"},
		{"a &> f", "[a >f 2>&1]"},
		{"a && b || c ; d", "[a] && [b] || [c] ; [d]"},
		{"a ;", "[a]"},
		{"a |", "ERR"},
		{"| a", "ERR"},
		{"a >", "ERR"},
		{"a & b", "ERR"},
		{"a 'b", "ERR"},
	}
	for _, tc := range tests {
		sc, err := parseScript(tc.in)
		got := "ERR"
		if err == nil {
			got = renderScript(sc)
		}
		if got != tc.want {
			t.Errorf("parseScript(%q) = %s, want %s (err %v)", tc.in, got, tc.want, err)
		}
	}
}

func renderScript(sc *script) string {
	var b strings.Builder
	for i, pl := range sc.pipes {
		if i > 0 {
			fmt.Fprintf(&b, " %s ", sc.ops[i-1])
		}
		for j, c := range pl.cmds {
			if j > 0 {
				b.WriteString(" | ")
			}
			parts := []string{quoteArgs(c.args)}
			for _, r := range c.redirs {
				fd := ""
				if r.fd == 2 || (r.fd == 1 && r.op == ">&") {
					fd = fmt.Sprint(r.fd)
				}
				parts = append(parts, fd+r.op+r.target)
			}
			b.WriteString("[" + strings.Join(parts, " ") + "]")
		}
	}
	return b.String()
}

func TestParseTestFile(t *testing.T) {
	tf, err := parseTestFile("// RUN: a \\\n// RUN:   b\n# RUN: c\nfoo RUN: not-a-run-line\n// CHECK: RUN: no\n// REQUIRES: x, y\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []runLine{{1, "a    b"}, {3, "c"}}
	if !reflect.DeepEqual(tf.runs, want) || !reflect.DeepEqual(tf.requires, []string{"x", "y"}) {
		t.Fatalf("runs %+v requires %q", tf.runs, tf.requires)
	}
}

func TestSubstitutions(t *testing.T) {
	m := map[string]string{"%s": "/f.mlir", "%t": "/tmp/x", "%%": "%", "%mlir_opt": "opt"}
	tests := []struct{ in, want string }{
		{"%s %t", "/f.mlir /tmp/x"},
		{"100%%s", "100%s"},
		{"%mlir_opt %s", "opt /f.mlir"},
		{"-D#%x,N=1", "-D#%x,N=1"},
		{"%t.err", "/tmp/x.err"},
	}
	for _, tc := range tests {
		if got := applySubstitutions(tc.in, m); got != tc.want {
			t.Errorf("applySubstitutions(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
