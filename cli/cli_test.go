package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const input = `func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}
`

func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPassFlagOrder(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"opt", "--cse", "-o", "-", "--symbol-dce", "--dump-pass-pipeline"}, "builtin.module(cse,symbol-dce)"},
		{[]string{"opt", "--symbol-dce", "--mlir-print-ir-before", "cse", "--cse", "--dump-pass-pipeline", "-"}, "builtin.module(symbol-dce,cse)"},
		{[]string{"opt", "--print-op-stats=json", "--strip-debuginfo", "--dump-pass-pipeline"}, "builtin.module(print-op-stats{json=true},strip-debuginfo)"},
	}
	for _, tc := range tests {
		code, _, stderr := run(t, input, tc.args...)
		if code != 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: code %d, stderr:\n%s\nwant %s", tc.args, code, stderr, tc.want)
		}
	}
}

func TestOptStdinAndOutputFile(t *testing.T) {
	code, stdout, stderr := run(t, input, "opt", "--cse")
	if code != 0 || strings.Count(stdout, "arith.addi") != 1 {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	out := filepath.Join(t.TempDir(), "o.mlir")
	if code, _, stderr := run(t, input, "opt", "-", "-o", out, "--canonicalize"); code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), "func.func @f") || strings.Count(string(data), "arith.addi") != 1 {
		t.Errorf("output file: %v\n%s", err, data)
	}
	// A failing run leaves the previous output alone.
	if code, _, _ := run(t, "func.func @f(", "opt", "-o", out); code != 1 {
		t.Errorf("bad input: code %d", code)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Errorf("output file changed by a failed run")
	}
}

func TestErrors(t *testing.T) {
	if code, _, stderr := run(t, "", "opt", "does-not-exist.mlir"); code != 1 || !strings.Contains(stderr, "could not open input file 'does-not-exist.mlir'") {
		t.Errorf("missing file: %d %s", code, stderr)
	}
	if code, _, stderr := run(t, "", "bogus"); code != 1 || !strings.Contains(stderr, `unknown command "bogus"`) {
		t.Errorf("unknown command: %d %s", code, stderr)
	}
	if code, stdout, _ := run(t, "", "version"); code != 0 || !strings.HasPrefix(stdout, "goopt version ") {
		t.Errorf("version: %d %s", code, stdout)
	}
}
