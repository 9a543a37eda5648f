package driver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

func TestOptPassesAndDiagnostics(t *testing.T) {
	src := []byte(`func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
// -----
func.func @g(%a: i32) -> i64 {
  return %a : i32
}
`)
	out, diags := Opt(context.Background(), src, "t.mlir", OptOptions{SplitInputFile: true, Passes: []PassFlag{{Name: "cse"}}})
	if got := strings.Count(string(out), "arith.addi"); got != 1 {
		t.Errorf("cse did not run:\n%s", out)
	}
	if !strings.Contains(string(out), SplitMarker) {
		t.Errorf("split marker missing:\n%s", out)
	}
	if len(diags) != 1 {
		t.Fatalf("diags = %v", diags)
	}
	var b strings.Builder
	Sources{"t.mlir": src}.WriteDiagnostics(&b, diags)
	want := "t.mlir:9:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @g\n  return %a : i32\n  ^\n"
	if !strings.HasPrefix(b.String(), want) {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestOptPipelineErrors(t *testing.T) {
	_, diags := Opt(context.Background(), nil, "t.mlir", OptOptions{Pipeline: "builtin.module(cse,nope)"})
	if len(diags) != 1 || diags[0].Error() != "<pass-pipeline>:1:20: error: 'nope' does not refer to a registered pass or pass pipeline" {
		t.Errorf("diags = %v", diags)
	}
	_, diags = Opt(context.Background(), nil, "t.mlir", OptOptions{Pipeline: "builtin.module(cse)", Passes: []PassFlag{{Name: "cse"}}})
	if len(diags) != 1 {
		t.Errorf("mixing pipeline and flags: %v", diags)
	}
}

// A library caller's per-pass flags get the CLI's located errors, one for
// each bad flag, and Sources quotes the flag under them. A value that
// spans lines (a newline inside the shell's quotes) moves the later flags
// down.
func TestOptPassFlagErrors(t *testing.T) {
	o := OptOptions{Passes: []PassFlag{
		{Name: "cse", Options: "bogus"},
		{Name: "affine-loop-tile", Options: "tile-sizes=4\nseparate=maybe"},
		{Name: "canonicalize", Options: "max-iterations=x"},
	}}
	_, diags := Opt(context.Background(), nil, "t.mlir", o)
	var b strings.Builder
	o.Sources("t.mlir", nil).WriteDiagnostics(&b, diags)
	want := `<pass-flags>:1:7: error: no such option 'bogus' for pass 'cse'
--cse=bogus
      ^
<pass-flags>:3:10: error: invalid value 'maybe' for option 'separate': expected 'true' or 'false' for pass 'affine-loop-tile'
separate=maybe
         ^
<pass-flags>:4:31: error: invalid value 'x' for option 'max-iterations': expected an integer for pass 'canonicalize'
--canonicalize=max-iterations=x
                              ^
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestVerifyDiagnostics(t *testing.T) {
	src := []byte(`// -----
func.func @g(%a: i32) -> i64 {
  // expected-error @+1 {{doesn't match function result type}}
  return %a : i32
}
// -----
func.func @h() {
  // expected-error @+1 {{never produced}}
  return
}
`)
	_, diags := Opt(context.Background(), src, "t.mlir", OptOptions{SplitInputFile: true, VerifyDiagnostics: true})
	if len(diags) != 1 || !strings.Contains(diags[0].Msg, `expected error "never produced" was not produced`) {
		t.Fatalf("diags = %v", diags)
	}
	if f, ok := ir.FileLineCol(diags[0].Loc); !ok || f.Line != 8 {
		t.Errorf("mismatch not located at line 8: %v", diags[0])
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(data) != "new" || st.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v", data, st.Mode())
	}
	if err := WriteFileAtomic(filepath.Join(dir, "missing", "x"), nil); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
	if err := WriteFileAtomic(os.DevNull, []byte("x")); err != nil {
		t.Errorf("writing to %s: %v", os.DevNull, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// OptOptions.Pipeline takes the spellings AddPipeline takes; the CLI's
// RequireAnchoredPipeline keeps mlir-opt's rule.
func TestOptPipelineSpellings(t *testing.T) {
	src := []byte("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n")
	for _, p := range []string{"func.func(cse),canonicalize", "builtin.module(func.func(cse),canonicalize)"} {
		out, diags := Opt(context.Background(), src, "t.mlir", OptOptions{Pipeline: p})
		if len(diags) != 0 || strings.Count(string(out), "arith.addi") != 1 {
			t.Errorf("%s: diags %v, output\n%s", p, diags, out)
		}
	}
	_, diags := Opt(context.Background(), src, "t.mlir", OptOptions{Pipeline: "cse", RequireAnchoredPipeline: true})
	if len(diags) != 1 || !strings.Contains(diags[0].Error(), "wrapped with the anchor operation type") {
		t.Errorf("unanchored pipeline with RequireAnchoredPipeline: %v", diags)
	}
}
