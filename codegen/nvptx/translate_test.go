package nvptx_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

var update = flag.Bool("update", false, "rewrite the golden .ll files")

// translateFile parses, verifies and translates an MLIR file to LLVM IR text.
func translateFile(t *testing.T, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, err := translateSource(path, string(src))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return text
}

func translateSource(name, src string) (string, error) {
	f, err := parser.ParseFile(all.NewContext(), name, []byte(src))
	if err != nil {
		return "", err
	}
	if err := ir.Verify(f.Module); err != nil {
		return "", err
	}
	m, err := nvptx.Translate(f.Module, nvptx.TranslateOptions{})
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed", name)
	}
	return p
}

func inputs(t *testing.T) []string {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/*.mlir")
	}
	return files
}

// TestGolden compares each input's LLVM IR with its golden .ll file.
func TestGolden(t *testing.T) {
	for _, in := range inputs(t) {
		got := translateFile(t, in)
		golden := strings.TrimSuffix(in, ".mlir") + ".ll"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s: LLVM IR differs from %s (go test -update rewrites it):\n%s", in, golden, got)
		}
	}
}

// TestLLVMAccepts runs every produced module through opt-19's verifier and
// llc-19's NVPTX backend.
func TestLLVMAccepts(t *testing.T) {
	opt := tool(t, "opt-19")
	llc := tool(t, "llc-19")
	// The lit test of goopt translate that succeeds, too.
	for _, in := range append(inputs(t), "../../tests/lit/translate/kernel.mlir") {
		ll := filepath.Join(t.TempDir(), "out.ll")
		if err := os.WriteFile(ll, []byte(translateFile(t, in)), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(opt, "-passes=verify", "-disable-output", ll).CombinedOutput(); err != nil {
			t.Errorf("%s: opt-19 -passes=verify: %v\n%s", in, err, out)
		}
		if out, err := exec.Command(llc, "-march=nvptx64", "-mcpu=sm_90", "-mattr=+ptx80", ll, "-o", os.DevNull).CombinedOutput(); err != nil {
			t.Errorf("%s: llc-19: %v\n%s", in, err, out)
		}
	}
}

func ptxOf(t *testing.T, in string) string {
	t.Helper()
	ptx, err := nvptx.PTX(context.Background(), translateFile(t, in), nvptx.Options{LLC: tool(t, "llc-19")})
	if err != nil {
		t.Fatal(err)
	}
	return ptx
}

// TestPTX checks what the paper pipeline relies on in the PTX llc-19
// writes: tensor-core instructions, barriers, launch bounds and aligned
// shared buffers.
func TestPTX(t *testing.T) {
	cases := map[string][]string{
		"testdata/wmma.mlir": {
			".entry wmma", ".maxntid 32, 1, 1",
			"wmma.load.a.sync.aligned.row.m16n16k16", "wmma.load.b.sync.aligned.col.m16n16k16",
			"wmma.load.c.sync.aligned.row.m16n16k16.global.f32",
			"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32",
			"wmma.store.d.sync.aligned.row.m16n16k16.global.f32",
			".shared .align 16 .b8 a_tile[512]",
		},
		"testdata/shared.mlir":      {".entry reverse", ".reqntid 256, 1, 1", "bar.sync", ".shared .align 16 .b8 tile[1024]"},
		"testdata/vecadd.mlir":      {".entry vecadd", ".maxntid 256, 1, 1", "%tid.x", "%ctaid.x", "add.rn.f32"},
		"testdata/controlflow.mlir": {".func  (.param .b32 func_retval0) sum", "max.s32"},
	}
	for in, wants := range cases {
		ptx := ptxOf(t, in)
		for _, w := range wants {
			if !strings.Contains(ptx, w) {
				t.Errorf("%s: PTX lacks %q:\n%s", in, w, ptx)
			}
		}
	}
}

var (
	calledIntrinsic = regexp.MustCompile(`call [^@]*@(llvm\.[\w.]+)\(`)
	ptxInstr        = regexp.MustCompile(`\b(wmma\.[\w.]+|bar\.sync|mov\.u32\s+%r\d+, %(tid|ctaid|ntid)\.x)`)
)

func matches(re *regexp.Regexp, s string, group int) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		x := regexp.MustCompile(`%r\d+`).ReplaceAllString(m[group], "%r")
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// TestMatchesMLIRTranslate compares goopt with mlir-translate-19 on the
// same inputs: the same intrinsics are called, and llc-19 makes the same
// tensor-core, barrier and special-register instructions of both.
func TestMatchesMLIRTranslate(t *testing.T) {
	translate := tool(t, "mlir-translate-19")
	for _, in := range inputs(t) {
		if strings.Contains(in, "vecadd") {
			continue // a gpu.module: mlir-translate-19 drops it without serializing
		}
		out, err := exec.Command(translate, "--mlir-to-llvmir", in).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: mlir-translate-19: %v\n%s", in, err, out)
		}
		upstream := string(out)
		ours := translateFile(t, in)
		if a, b := matches(calledIntrinsic, ours, 1), matches(calledIntrinsic, upstream, 1); !slices.Equal(a, b) {
			t.Errorf("%s: intrinsics called: goopt %v, mlir-translate-19 %v", in, a, b)
		}
		// Upstream's module has no target: give it NVPTX's.
		upstream = "target triple = \"" + nvptx.Triple + "\"\n" + upstream
		up, err := nvptx.PTX(context.Background(), upstream, nvptx.Options{LLC: tool(t, "llc-19")})
		if err != nil {
			t.Fatalf("%s: llc-19 on mlir-translate-19's output: %v", in, err)
		}
		if a, b := matches(ptxInstr, ptxOf(t, in), 0), matches(ptxInstr, up, 0); !slices.Equal(a, b) {
			t.Errorf("%s: PTX instructions: goopt %v, mlir-translate-19 %v", in, a, b)
		}
	}
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	return f.Module
}
