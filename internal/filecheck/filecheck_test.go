package filecheck

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args []string
		want Options
		file string
		err  bool
	}{
		{[]string{"t.mlir"}, Options{}, "t.mlir", false},
		{[]string{"t.mlir", "--check-prefix=FOO"}, Options{Prefixes: []string{"FOO"}}, "t.mlir", false},
		{[]string{"-check-prefix", "FOO", "t.mlir"}, Options{Prefixes: []string{"FOO"}}, "t.mlir", false},
		{[]string{"t", "-check-prefixes=A,B", "--check-prefix", "C"}, Options{Prefixes: []string{"A", "B", "C"}}, "t", false},
		{[]string{"t", "--implicit-check-not=bar", "--implicit-check-not", "baz"}, Options{ImplicitCheckNot: []string{"bar", "baz"}}, "t", false},
		{[]string{"t", "--match-full-lines", "--strict-whitespace", "--allow-empty", "--enable-var-scope", "--ignore-case", "--allow-unused-prefixes"},
			Options{MatchFullLines: true, StrictWhitespace: true, AllowEmpty: true, EnableVarScope: true, IgnoreCase: true, AllowUnusedPrefixes: true}, "t", false},
		{[]string{"t", "--input-file=in.txt"}, Options{InputFile: "in.txt"}, "t", false},
		{[]string{"t", "--input-file", "in.txt"}, Options{InputFile: "in.txt"}, "t", false},
		{[]string{"t", "-DVAR=VAL", "-D", "X=a=b", "-D#N=3"}, Options{Vars: map[string]string{"VAR": "VAL", "X": "a=b", "#N": "3"}}, "t", false},
		{[]string{"t", "--dump-input=never", "--dump-input", "fail", "-v", "--color"}, Options{}, "t", false},
		{[]string{"t", "--comment-prefixes=X,Y"}, Options{CommentPrefixes: []string{"X", "Y"}}, "t", false},
		{[]string{"t", "--match-full-lines=false"}, Options{}, "t", false},
		{[]string{}, Options{}, "", true},
		{[]string{"a", "b"}, Options{}, "", true},
		{[]string{"t", "--bogus"}, Options{}, "", true},
		{[]string{"t", "--check-prefix"}, Options{}, "", true},
		{[]string{"t", "-DNOEQUALS"}, Options{}, "", true},
	}
	for _, tc := range tests {
		opts, file, err := ParseArgs(tc.args)
		if (err != nil) != tc.err {
			t.Errorf("ParseArgs(%q) error = %v, want error %v", tc.args, err, tc.err)
			continue
		}
		if tc.err {
			continue
		}
		if file != tc.file || !reflect.DeepEqual(opts, tc.want) {
			t.Errorf("ParseArgs(%q) = %+v, %q; want %+v, %q", tc.args, opts, file, tc.want, tc.file)
		}
	}
}

func TestRegexDialect(t *testing.T) {
	tests := []struct {
		re, in string
		want   string // matched text, or "<nil>"
		err    bool
	}{
		{`a[0-9]+`, "xa123y", "a123", false},
		{`\d`, "1d", "d", false},
		{`[\n]+`, `a\nn`, `\nn`, false},
		{`[^a]*`, "bc\nd", "bc", false},
		{`.*`, "ab\ncd", "ab", false},
		{`a|ab`, "abc", "ab", false}, // leftmost-longest
		{`(a|ab)(c|bcd)`, "abcd", "abcd", false},
		{`x{2,3}`, "xxxx", "xxx", false},
		{`^b`, "a\nb", "b", false},
		{`a$`, "a\nb", "a", false},
		{`[[:alpha:]]+`, "12ab3", "ab", false},
		{`[]a]+`, "x]a]", "]a]", false},
		{`[a-]+`, "x-a-", "-a-", false},
		{`a{b`, "a{b", "a{b", false},
		{`(a+)-\1`, "aa-a aa-aa", "a-a", false},
		{`x(a+)-\1y`, "xaa-ay xaa-aay", "xaa-aay", false},
		{`é+`, "éé", "é", false}, // byte-oriented: + applies to the last byte
		{`(`, "", "", true},
		{`a)`, "", "", true},
		{`*a`, "", "", true},
		{`a**`, "", "", true},
		{`a|`, "", "", true},
		{`[b-a]`, "", "", true},
		{`[[:nope:]]`, "", "", true},
		{`\1(a)`, "", "", true},
		{`a{1`, "", "", true},
		{`a{256}`, "", "", true},
	}
	for _, tc := range tests {
		cr, err := compileRegex(tc.re, false)
		if (err != nil) != tc.err {
			t.Errorf("compileRegex(%q) error = %v, want error %v", tc.re, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		got := "<nil>"
		if m := cr.find(tc.in); m != nil {
			got = tc.in[m[0]:m[1]]
		}
		if got != tc.want {
			t.Errorf("%q on %q = %q, want %q (go=%v)", tc.re, tc.in, got, tc.want, cr.goRE != nil)
		}
		// The backtracker must agree with RE2 wherever both apply.
		if cr.goRE != nil {
			bt := "<nil>"
			if m := backtrackFind(cr.root, cr.ngroups, tc.in); m != nil {
				bt = tc.in[m[0]:m[1]]
			}
			if bt != got {
				t.Errorf("%q on %q: backtracker %q, RE2 %q", tc.re, tc.in, bt, got)
			}
		}
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name, check, input string
		opts               Options
		status             int
		want               []string
	}{
		{"not-found", "// CHECK: foo\n// CHECK: bar\n", "foo\n  baz\n", Options{}, 1, []string{
			"t.mlir:2:11: error: CHECK: expected string not found in input\n// CHECK: bar\n          ^\n",
			"<stdin>:1:4: note: scanning from here\nfoo\n   ^\n",
		}},
		{"input-file-name", "CHECK: x\n", "y\n", Options{InputFile: "out.txt"}, 1, []string{"out.txt:1:1: note: scanning from here"}},
		{"next-wrong-line", "CHECK: a\nCHECK-NEXT: b\n", "a\n\nb\n", Options{}, 1, []string{
			"t.mlir:2:13: error: CHECK-NEXT: is not on the line after the previous match",
			"<stdin>:3:1: note: 'next' match was here",
			"<stdin>:1:2: note: previous match ended here",
		}},
		{"same-wrong-line", "CHECK: a\nCHECK-SAME: b\n", "a\nb\n", Options{}, 1, []string{"CHECK-SAME: is not on the same line as the previous match"}},
		{"not-found-here", "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\n x\nb\n", Options{}, 1, []string{
			"t.mlir:2:12: error: CHECK-NOT: excluded string found in input",
			"<stdin>:2:2: note: found here",
		}},
		{"implicit-not", "CHECK: a\n", "a\nbad\n", Options{ImplicitCheckNot: []string{"bad"}}, 1, []string{
			"command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input\n-implicit-check-not='bad'\n",
		}},
		{"var-note", "CHECK: [[X:[a-z]+]]\nCHECK: use [[X]]\n", "foo\nuse bar\n", Options{}, 1, []string{
			`t.mlir:2:14: note: with "X" equal to "foo"`,
		}},
		{"undefined-var", "CHECK: [[X]]\n", "a\n", Options{}, 1, []string{"t.mlir:1:10: error: undefined variable: X"}},
		{"count", "CHECK-COUNT-3: x\n", "x\nx\n", Options{}, 1, []string{"CHECK-COUNT: expected string not found in input (3 out of 3)"}},
		{"empty-input", "CHECK: x\n", "", Options{}, 2, []string{"FileCheck error: '<stdin>' is empty."}},
		{"no-prefix", "FOO: x\n", "x\n", Options{}, 2, []string{"error: no check strings found with prefix 'CHECK:'"}},
		{"bad-prefix", "CHECK: x\n", "x\n", Options{Prefixes: []string{"A B"}}, 2, []string{"supplied check prefix must start with a letter"}},
		{"label-var", "CHECK-LABEL: [[X]]\n", "x\n", Options{}, 2, []string{"t.mlir:1:1: error: found 'CHECK-LABEL:' with variable definition or use"}},
		{"bad-regex", "CHECK: {{a(}}\n", "x\n", Options{}, 2, []string{"t.mlir:1:10: error: invalid regex: parentheses not balanced"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Check("t.mlir", tc.check, tc.input, tc.opts)
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("Check = %v, want *Error", err)
			}
			if fe.Status != tc.status {
				t.Errorf("status %d, want %d", fe.Status, tc.status)
			}
			for _, w := range tc.want {
				if !strings.Contains(fe.Diagnostics, w) {
					t.Errorf("diagnostics lack %q:\n%s", w, fe.Diagnostics)
				}
			}
		})
	}
}

func TestVarsAndPasses(t *testing.T) {
	tests := []struct {
		name, check, input string
		opts               Options
	}{
		{"cmdline-string", "CHECK: [[V]]\n", "hello\n", Options{Vars: map[string]string{"V": "hello"}}},
		{"cmdline-numeric-hex", "CHECK: [[#N+1]]\n", "11\n", Options{Vars: map[string]string{"#%x,N": "0x10"}}},
		{"numeric-signed", "CHECK: [[#%d,X:]]\nCHECK: [[#X+1]]\n", "-5\n-4\n", Options{}},
		{"numeric-alt-hex", "CHECK: [[#%#x,A:]]\nCHECK: [[#A+1]]\n", "0xfe\n0xff\n", Options{}},
		{"numeric-min-max", "CHECK: [[#X:]] [[#Y:]]\nCHECK: [[#max(X,Y)]] [[#min(X,Y)-1]]\n", "3 9\n9 2\n", Options{}},
		{"backref-three", "CHECK: [[A:[a-z]]][[B:[a-z]]][[B]][[A]]\n", "xy abba\n", Options{}},
		{"comment-prefix-custom", "MYCOM: CHECK: nope\nCHECK: a\n", "a\n", Options{CommentPrefixes: []string{"MYCOM"}}},
		{"global-var-survives", "CHECK: [[$G:x]]\nCHECK-LABEL: L\nCHECK: [[$G]]\n", "x\nL\nx\n", Options{EnableVarScope: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := Check("t", tc.check, tc.input, tc.opts); err != nil {
				t.Fatal(err)
			}
		})
	}
}
