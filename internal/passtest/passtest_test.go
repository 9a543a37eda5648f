package passtest

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseInvocation pins down which invocations are recorded.
func TestParseInvocation(t *testing.T) {
	isPass := func(name string) bool { return name == "cse" || name == "canonicalize" }
	for _, tc := range []struct {
		args string
		want Invocation
	}{
		{"in.mlir --canonicalize -o out.mlir", Invocation{Input: "in.mlir", Output: "out.mlir", PassFlags: []string{"--canonicalize"}}},
		{"--split-input-file in.mlir --pass-pipeline=builtin.module(cse)", Invocation{Input: "in.mlir", PassFlags: []string{"--pass-pipeline=builtin.module(cse)"}, Split: true}},
		{"in.mlir --split-input-file --verify-diagnostics --cse", Invocation{Input: "in.mlir", PassFlags: []string{"--cse"}, Split: true, VerifyDiagnostics: true}},
		{"in.mlir --mlir-print-op-generic", Invocation{Input: "in.mlir"}},
		{"--allow-unregistered-dialect --output=o.mlir -", Invocation{Input: "-", Output: "o.mlir", AllowUnregistered: true}},
		{"--help", Invocation{Help: true}},
	} {
		if got := ParseInvocation(strings.Fields(tc.args), isPass); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", tc.want) {
			t.Errorf("ParseInvocation(%q) = %+v, want %+v", tc.args, got, tc.want)
		}
	}
}

func TestReadMarkers(t *testing.T) {
	for _, tc := range []struct {
		src, want, err string
	}{
		{"// RUN: x\n", "{None:false NoneReason: RelTol:0}", ""},
		{"  // EQUIV: none (only unregistered ops)\n", "{None:true NoneReason:only unregistered ops RelTol:0}", ""},
		{"// EQUIV: rel-tol=1e-5\n", "{None:false NoneReason: RelTol:1e-05}", ""},
		{"// EQUIV: rel-tol=-1\n", "{None:false NoneReason: RelTol:-1}", "bad `EQUIV: rel-tol=-1` marker"},
		{"// not a marker: EQUIV: none (x)\n", "{None:false NoneReason: RelTol:0}", ""},
	} {
		m, err := ReadMarkers([]byte(tc.src))
		if got := fmt.Sprintf("%+v", m); got != tc.want || fmt.Sprint(err) != map[bool]string{true: "<nil>", false: tc.err}[tc.err == ""] {
			t.Errorf("ReadMarkers(%q) = %s, %v; want %s, %q", tc.src, got, err, tc.want, tc.err)
		}
	}
}

func TestTally(t *testing.T) {
	var a, b Tally
	a.Checked = 2
	a.Skip(SkipExternal)
	b.Checked = 1
	b.Skip(SkipUnsupported)
	b.Skip(SkipExternal)
	a.Add(b)
	if got, want := a.String(), "3 checked, 3 skipped; external declaration: 2; unsupported by the interpreter: 1"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestToleratedSkips checks that a skip the harness does not accept fails.
func TestToleratedSkips(t *testing.T) {
	const src = `
func.func private @ext(i32) -> i32
func.func @uses_unregistered(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}
`
	ch := Chunks([]byte(src), false)[0]
	only := func(reason string) bool { return reason == SkipExternal }
	var tl Tally
	got := CheckChunk("t", ch, ch, true, Options{Seeds: Seeds, Tolerate: only}, &tl, t.Logf)
	if len(got) != 1 || !strings.Contains(got[0], "@uses_unregistered cannot be checked: unsupported by the interpreter") {
		t.Errorf("failures = %q", got)
	}
	if tl.String() != "0 checked, 1 skipped; external declaration: 1" {
		t.Errorf("tally = %s", tl.String())
	}
}
