package filecheck

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// crossCases is shared by TestAgainstFileCheck19 (which compares Check with
// LLVM's FileCheck) and TestCrossCasesStable (which pins the expected verdict
// so the suite is meaningful without LLVM installed). want is the exit status
// of FileCheck-19: 0 pass, 1 check failure, 2 invalid checks or usage.
var crossCases = []struct {
	name  string
	check string
	input string
	args  []string
	want  int
}{
	// Plain CHECK.
	{"plain-pass", "CHECK: foo\n", "xx foo yy\n", nil, 0},
	{"plain-fail", "CHECK: foo\n", "bar\n", nil, 1},
	{"plain-order-fail", "CHECK: b\nCHECK: a\n", "a\nb\n", nil, 1},
	{"plain-same-line-twice", "CHECK: a\nCHECK: b\n", "a b\n", nil, 0},
	{"plain-trailing-ws-ignored", "CHECK: foo   \n", "foo\n", nil, 0},
	// CHECK-NEXT.
	{"next-pass", "CHECK: a\nCHECK-NEXT: b\n", "a\nb\n", nil, 0},
	{"next-gap-fail", "CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n", nil, 1},
	{"next-same-line-fail", "CHECK: a\nCHECK-NEXT: b\n", "a b\n", nil, 1},
	{"next-without-previous", "CHECK-NEXT: b\n", "b\n", nil, 2},
	{"next-after-not-only", "CHECK-NOT: x\nCHECK-NEXT: b\n", "b\n", nil, 2},
	// CHECK-SAME.
	{"same-pass", "CHECK: a\nCHECK-SAME: b\n", "a b\n", nil, 0},
	{"same-fail", "CHECK: a\nCHECK-SAME: b\n", "a\nb\n", nil, 1},
	{"same-chain", "CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\nCHECK-NEXT: d\n", "a b c\nd\n", nil, 0},
	// CHECK-NOT.
	{"not-pass", "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\ny\nb\n", nil, 0},
	{"not-fail-between", "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\nx\nb\n", nil, 1},
	{"not-fail-at-end", "CHECK: a\nCHECK-NOT: x\n", "a\nx\n", nil, 1},
	{"not-fail-at-start", "CHECK-NOT: x\nCHECK: a\n", "x\na\n", nil, 1},
	{"not-after-range-ok", "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\nb\nx\n", nil, 0},
	{"not-only-pass", "CHECK-NOT: bar\n", "foo\n", nil, 0},
	{"not-regex-fail", "CHECK: a\nCHECK-NOT: {{x[0-9]}}\nCHECK: b\n", "a\nx7\nb\n", nil, 1},
	{"not-multiple", "CHECK: a\nCHECK-NOT: x\nCHECK-NOT: y\nCHECK: b\n", "a\ny\nb\n", nil, 1},
	{"not-combo-bad", "CHECK-NOT-DAG: x\n", "a\n", nil, 2},
	// CHECK-DAG.
	{"dag-any-order", "CHECK-DAG: a\nCHECK-DAG: b\n", "b\na\n", nil, 0},
	{"dag-missing", "CHECK-DAG: a\nCHECK-DAG: b\n", "a\n", nil, 1},
	{"dag-overlap-fail", "CHECK-DAG: a\nCHECK-DAG: a\n", "a\n", nil, 1},
	{"dag-overlap-two", "CHECK-DAG: a\nCHECK-DAG: a\n", "a\na\n", nil, 0},
	{"dag-then-check-order", "CHECK-DAG: a\nCHECK-DAG: b\nCHECK: c\n", "c\na\nb\n", nil, 1},
	{"dag-then-check-pass", "CHECK-DAG: a\nCHECK-DAG: b\nCHECK: c\n", "b\na\nc\n", nil, 0},
	{"dag-groups-by-not-pass", "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", "a\nb\n", nil, 0},
	{"dag-groups-by-not-x", "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", "a\nx\nb\n", nil, 1},
	{"dag-groups-order", "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n", "b\na\n", nil, 1},
	{"dag-not-between-groups", "CHECK-DAG: a\nCHECK-DAG: b\nCHECK-NOT: x\nCHECK-DAG: c\n", "b\na\nc\n", nil, 0},
	{"dag-not-between-groups-fail", "CHECK-DAG: a\nCHECK-DAG: b\nCHECK-NOT: x\nCHECK-DAG: c\n", "b\na\nx\nc\n", nil, 1},
	{"dag-vars", "CHECK-DAG: [[A:%[0-9]+]] = foo\nCHECK-DAG: [[B:%[0-9]+]] = bar\nCHECK: use [[A]], [[B]]\n", "%2 = bar\n%1 = foo\nuse %1, %2\n", nil, 0},
	{"dag-then-same", "CHECK: a\nCHECK-DAG: c\nCHECK-SAME: d\n", "a c d\n", nil, 0},
	// CHECK-LABEL.
	{"label-pass", "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", "f1\na\nf2\nb\n", nil, 0},
	{"label-partition-fail", "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", "f1\nf2\na\nb\n", nil, 1},
	{"label-missing", "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f3\n", "f1\na\nf2\n", nil, 1},
	{"label-with-var", "CHECK-LABEL: [[X:f]]\n", "f\n", nil, 2},
	{"label-not-before", "CHECK-LABEL: f1\nCHECK-NOT: bad\nCHECK-LABEL: f2\n", "f1\nbad\nf2\n", nil, 1},
	{"label-recovers-after-failure", "CHECK-LABEL: f1\nCHECK: zz\nCHECK-LABEL: f2\nCHECK: b\n", "f1\na\nf2\nb\n", nil, 1},
	// CHECK-EMPTY.
	{"empty-pass", "CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", "a\n\nb\n", nil, 0},
	{"empty-fail", "CHECK: a\nCHECK-EMPTY:\n", "a\nb\n", nil, 1},
	{"empty-at-eof-newline", "CHECK: foo\nCHECK-EMPTY:\n", "foo\n", nil, 0},
	{"empty-at-eof-nonl", "CHECK: foo\nCHECK-EMPTY:\n", "foo", nil, 1},
	{"empty-nonempty-pattern", "CHECK: foo\nCHECK-EMPTY: x\n", "foo\n", nil, 2},
	{"empty-skips-lines-fail", "CHECK: a\nCHECK-EMPTY:\n", "a\nb\n\n", nil, 1},
	// CHECK-COUNT-n.
	{"count-pass", "CHECK-COUNT-3: x\n", "x\nx\nx\n", nil, 0},
	{"count-fail", "CHECK-COUNT-3: x\n", "x\nx\n", nil, 1},
	{"count-same-line", "CHECK-COUNT-3: x\n", "xxx\n", nil, 0},
	{"count-then-next", "CHECK-COUNT-2: x\nCHECK-NEXT: y\n", "x\nx\ny\n", nil, 0},
	{"count-zero-bad", "CHECK-COUNT-0: x\n", "x\n", nil, 2},
	// Prefixes.
	{"prefix-custom", "FOO: a\nCHECK: zzz\n", "a\n", []string{"--check-prefix=FOO"}, 0},
	{"prefix-custom-space", "FOO: a\n", "b\n", []string{"--check-prefix", "FOO"}, 1},
	{"prefixes-both", "A: a\nB: b\n", "a\nb\n", []string{"-check-prefixes=A,B"}, 0},
	{"prefixes-unused", "A: a\n", "a\n", []string{"--check-prefixes=A,B"}, 2},
	{"prefixes-unused-allowed", "A: a\n", "a\n", []string{"--check-prefixes=A,B", "--allow-unused-prefixes"}, 0},
	{"no-check-strings", "FOO: a\n", "a\n", nil, 2},
	{"prefix-inside-word", "XCHECK: nothere\nCHECK: a\n", "a\n", nil, 0},
	{"prefix-longest-wins", "A-B: x\nA: y\n", "x\ny\n", []string{"--check-prefixes=A,A-B"}, 0},
	{"prefix-multiple-per-line", "CHECK: a CHECK: zz\n", "a CHECK: zz\n", nil, 0},
	{"misspelled", "CHECK_NEXT: foo\n", "foo\n", nil, 2},
	{"com-ignored", "COM: CHECK: nothere\nCHECK: a\n", "a\n", nil, 0},
	{"run-ignored", "// RUN: FileCheck %s\n// CHECK: a\n", "a\n", nil, 0},
	// Regular expressions.
	{"regex-pass", "CHECK: a{{[0-9]+}}b\n", "a123b\n", nil, 0},
	{"regex-fail", "CHECK: a{{[0-9]+}}b\n", "ab\n", nil, 1},
	{"regex-backslash-d-is-d", "CHECK: {{\\d}}\n", "1\n", nil, 1},
	{"regex-backslash-d-literal", "CHECK: {{\\d}}\n", "d\n", nil, 0},
	{"regex-alternation", "CHECK: x{{a|b}}y\n", "xby\n", nil, 0},
	{"regex-posix-class", "CHECK: {{[[:digit:]]+}}z\n", "12z\n", nil, 0},
	{"regex-dot-no-newline", "CHECK: a{{.*}}b\n", "a\nb\n", nil, 1},
	{"regex-negclass-no-newline", "CHECK: a{{[^x]*}}b\n", "a\nb\n", nil, 1},
	{"regex-bracket-backslash", "CHECK: a{{[^\\n]}}b\n", "anb\n", nil, 1},
	{"regex-bracket-backslash-ok", "CHECK: a{{[^\\n]}}b\n", "azb\n", nil, 0},
	{"regex-bounds", "CHECK: {{^x{2,3}$}}\n", "xxx\n", nil, 0},
	{"regex-anchor-mid", "CHECK: {{^}}b\n", "a b\n", nil, 1},
	{"regex-unterminated", "CHECK: {{abc\n", "abc\n", nil, 2},
	{"regex-invalid", "CHECK: {{a(}}\n", "a\n", nil, 2},
	{"regex-literal-brace", "CHECK: a{{\\{}}b\n", "a{b\n", nil, 0},
	{"regex-leftmost-longest", "CHECK: x[[V:a|ab]]\nCHECK: [[V]]end\n", "xabc\nabend\n", nil, 0},
	{"literal-modifier", "CHECK{LITERAL}: [[x]] {{y}}\n", "[[x]] {{y}}\n", nil, 0},
	{"triple-bracket", "CHECK: [[[X:[0-9]]]]\n", "[7]\n", nil, 0},
	// String variables.
	{"var-def-use", "CHECK: [[X:[a-z]+]] =\nCHECK: use [[X]]\n", "foo =\nuse foo\n", nil, 0},
	{"var-def-use-fail", "CHECK: [[X:[a-z]+]] =\nCHECK: use [[X]]\n", "foo =\nuse bar\n", nil, 1},
	{"var-backref", "CHECK: [[X:[a-z]+]] [[X]]\n", "ab ab\n", nil, 0},
	{"var-backref-fail", "CHECK: [[X:[a-z]+]] [[X]]x\n", "ab cdx\n", nil, 1},
	{"var-backref-search", "CHECK: [[X:[a-z]+]]=[[X]];\n", "ab=cd; ef=ef;\n", nil, 0},
	{"var-undefined", "CHECK: [[X]]\n", "a\n", nil, 1},
	{"var-value-escaped", "CHECK: [[X:a.c]]\nCHECK: [[X]]\n", "a.c\naxc\n", nil, 1},
	{"var-empty-regex", "CHECK: a[[X:]]b\nCHECK: c[[X]]d\n", "ab\ncd\n", nil, 0},
	{"var-scope-default-kept", "CHECK: [[X:a]]\nCHECK-LABEL: lab\nCHECK: [[X]]\n", "a\nlab\na\n", nil, 0},
	{"var-scope-cleared", "CHECK: [[X:a]]\nCHECK-LABEL: lab\nCHECK: [[X]]\n", "a\nlab\na\n", []string{"--enable-var-scope"}, 1},
	{"var-scope-global", "CHECK: [[$X:a]]\nCHECK-LABEL: lab\nCHECK: [[$X]]\n", "a\nlab\na\n", []string{"--enable-var-scope"}, 0},
	{"var-cmdline", "CHECK: [[FOO]]\n", "bar\n", []string{"-DFOO=bar"}, 0},
	{"var-cmdline-space", "CHECK: x[[FOO]]\n", "xbaz\n", []string{"-D", "FOO=bar"}, 1},
	{"var-whitespace-bad", "CHECK: [[X :a]]\n", "a\n", nil, 2},
	// Numeric variables.
	{"num-def-use", "CHECK: [[#X:]]\nCHECK: [[#X+1]]\n", "5\n6\n", nil, 0},
	{"num-def-use-fail", "CHECK: [[#X:]]\nCHECK: x[[#X+1]]\n", "5\nx7\n", nil, 1},
	{"num-same-line-bad", "CHECK: [[#X:]] [[#X+1]]\n", "3 4\n", nil, 2},
	{"num-hex", "CHECK: [[#%x,X:]]\nCHECK: [[#X+1]]\n", "ff\n100\n", nil, 0},
	{"num-spaces", "CHECK: [[#X:]]\nCHECK: v[[# X - 2 ]]\n", "10\nv8\n", nil, 0},
	{"num-expr-def", "CHECK: [[#X:]]\nCHECK: [[#Y:X+1]] [[#Y]]z\n", "1\n2 2z\n", nil, 2},
	{"num-func", "CHECK: [[#X:]]\nCHECK: v[[#mul(X,3)]]\n", "4\nv12\n", nil, 0},
	{"num-line", "CHECK: line [[#@LINE]]\n", "line 1\n", nil, 0},
	{"num-legacy-line", "\nCHECK: line [[@LINE-1]]\n", "line 1\n", nil, 0},
	{"num-cmdline", "CHECK: n=[[#N+1]]\n", "n=4\n", []string{"-D#N=3"}, 0},
	{"num-leading-zero", "CHECK: [[#X:]]\nCHECK: v[[#X]]\n", "007\nv7\n", nil, 0},
	{"num-precision", "CHECK: [[#%.3u,X:]]\nCHECK: v[[#X+1]]\n", "007\nv008\n", nil, 0},
	// --implicit-check-not.
	{"implicit-not-pass", "CHECK: a\nCHECK: b\n", "a\nb\n", []string{"--implicit-check-not=bad"}, 0},
	{"implicit-not-fail", "CHECK: a\nCHECK: c\n", "a\nbad\nc\n", []string{"--implicit-check-not=bad"}, 1},
	{"implicit-not-fail-end", "CHECK: a\n", "a\nbad\n", []string{"--implicit-check-not", "bad"}, 1},
	{"implicit-not-matched-ok", "CHECK: bad\n", "bad\n", []string{"--implicit-check-not=bad"}, 0},
	{"implicit-not-regex", "CHECK: a\n", "a\nx42\n", []string{"--implicit-check-not={{x[0-9]+}}"}, 1},
	{"implicit-not-no-checks", "COM: nothing\n", "a\n", []string{"--implicit-check-not=b"}, 0},
	// --match-full-lines.
	{"full-lines-pass", "CHECK: foo bar\n", "  foo bar  \n", []string{"--match-full-lines"}, 0},
	{"full-lines-fail", "CHECK: foo\n", "foo bar\n", []string{"--match-full-lines"}, 1},
	{"full-lines-not-unanchored", "CHECK: a\nCHECK-NOT: x\n", "a\nyxy\n", []string{"--match-full-lines"}, 1},
	{"full-lines-strict", "CHECK:foo\n", " foo\n", []string{"--match-full-lines", "--strict-whitespace"}, 1},
	{"full-lines-strict-leading-space-kept", "CHECK: foo\n", " foo\n", []string{"--match-full-lines", "--strict-whitespace"}, 0},
	{"full-lines-regex", "CHECK: a{{.*}}\nCHECK: b{{[0-9]}}\n", "abc\nb12\n", []string{"--match-full-lines"}, 1},
	// Whitespace.
	{"ws-canonical", "CHECK: a b\n", "a\t\t b\n", nil, 0},
	{"ws-required", "CHECK: a b\n", "ab\n", nil, 1},
	{"ws-strict-fail", "CHECK: a  b\n", "a b\n", []string{"--strict-whitespace"}, 1},
	{"ws-collapse-check", "CHECK: a    b\n", "a b\n", nil, 0},
	{"crlf-input", "CHECK: a\nCHECK-NEXT: b\n", "a\r\nb\r\n", nil, 0},
	// Empty input.
	{"empty-input", "CHECK-NOT: a\n", "", nil, 2},
	{"empty-input-allowed", "CHECK-NOT: a\n", "", []string{"--allow-empty"}, 0},
	// Other options.
	{"ignore-case", "CHECK: HeLLo {{W}}orld\n", "hello world\n", []string{"--ignore-case"}, 0},
	{"dump-input-ignored", "CHECK: a\n", "a\n", []string{"--dump-input=never"}, 0},
	// Edge cases of directive recognition and matching.
	{"prefix-after-dash-word", "FOO-CHECK: nothere\nCHECK: a\n", "a\n", nil, 0},
	{"prefix-space-before-colon", "CHECK : a\n", "a\n", nil, 2},
	{"crlf-check-file", "CHECK: a\r\nCHECK-NEXT: b\r\n", "a\nb\n", nil, 0},
	{"regex-empty-braces", "CHECK: a{{}}b\n", "ab\n", nil, 2},
	{"num-undefined", "CHECK: [[#Y]]\n", "1\n", nil, 1},
	{"not-undefined-var", "CHECK-NOT: [[U]]\nCHECK: a\n", "a\n", nil, 1},
	{"label-dag", "CHECK-LABEL: f\nCHECK-DAG: b\nCHECK-DAG: a\nCHECK-LABEL: g\n", "f\na\nb\ng\n", nil, 0},
	{"label-dag-outside-region", "CHECK-LABEL: f\nCHECK-DAG: b\nCHECK-LABEL: g\n", "f\ng\nb\n", nil, 1},
	{"var-redefined", "CHECK: [[X:a]]\nCHECK: [[X:b]]\nCHECK: [[X]]\n", "a\nb\nb\n", nil, 0},
	{"same-after-count", "CHECK-COUNT-2: x\nCHECK-SAME: y\n", "x x y\n", nil, 0},
}

func TestAgainstFileCheck19(t *testing.T) {
	bin := os.Getenv("FILECHECK19")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("FileCheck-19"); err != nil {
			if _, err := os.Stat("/usr/bin/FileCheck-19"); err != nil {
				t.Skip("FileCheck-19 not installed")
			}
			bin = "/usr/bin/FileCheck-19"
		}
	}
	if len(crossCases) < 60 {
		t.Fatalf("only %d cross-check cases", len(crossCases))
	}
	dir := t.TempDir()
	for i, tc := range crossCases {
		t.Run(tc.name, func(t *testing.T) {
			checkPath := filepath.Join(dir, strings.ReplaceAll(tc.name, "/", "_")+".txt")
			if err := os.WriteFile(checkPath, []byte(tc.check), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(append([]string(nil), tc.args...), checkPath)
			cmd := exec.Command(bin, args...)
			cmd.Stdin = strings.NewReader(tc.input)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			ref := 0
			if err := cmd.Run(); err != nil {
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Fatalf("running %s: %v", bin, err)
				}
				ref = ee.ExitCode()
			}
			got, diag := runCheck(t, args, tc.check, tc.input)
			if (got == 0) != (ref == 0) || got != ref {
				t.Errorf("case %d %q: Check status %d, FileCheck-19 status %d\ncheck:\n%s\ninput:\n%q\nours:\n%s\ntheirs:\n%s",
					i, tc.name, got, ref, tc.check, tc.input, diag, stderr.String())
			}
			if ref != tc.want {
				t.Errorf("case %q: table says %d but FileCheck-19 says %d", tc.name, tc.want, ref)
			}
		})
	}
}

// TestCrossCasesStable checks Check against the expected statuses recorded in
// the table, so regressions are caught even where FileCheck-19 is absent.
func TestCrossCasesStable(t *testing.T) {
	for _, tc := range crossCases {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string(nil), tc.args...), "check.txt")
			if got, diag := runCheck(t, args, tc.check, tc.input); got != tc.want {
				t.Errorf("status %d, want %d\n%s", got, tc.want, diag)
			}
		})
	}
}

// runCheck runs Check the way the FileCheck binary would and returns the
// exit status and diagnostics.
func runCheck(t *testing.T, args []string, check, input string) (int, string) {
	t.Helper()
	opts, file, err := ParseArgs(args)
	if err != nil {
		return 2, err.Error()
	}
	err = Check(file, check, input, opts)
	if err == nil {
		return 0, ""
	}
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("Check returned %T, want *Error", err)
	}
	return fe.Status, fe.Diagnostics
}
