package driver_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

var update = flag.Bool("update", false, "rewrite the golden files of compile tests")

func parseModule(t testing.TB, name, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	return f.Module
}

// TestCompileEquivalence runs the paper's matmul before goopt compile and
// after it, down to the llvm and nvvm dialects (the kernel an llvm.func
// launched by gpu.launch_func), on the interpreter with race checks, for
// both kernel calling conventions and index widths.
func TestCompileEquivalence(t *testing.T) {
	sizes := [][3]int{{128, 128, 64}, {256, 128, 128}}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, s := range sizes {
		src := testutil.PaperMatmul(s[0], s[1], s[2])
		for _, o := range []driver.CompileOptions{
			{Emit: driver.EmitMLIR},
			{Emit: driver.EmitMLIR, DescriptorArgs: true, IndexBitwidth: 32},
		} {
			name := fmt.Sprintf("%dx%dx%d/descriptors=%t/index=%d", s[0], s[1], s[2], o.DescriptorArgs, o.IndexBitwidth)
			t.Run(name, func(t *testing.T) {
				res, diags := driver.Compile(context.Background(), []byte(src), "matmul.mlir", o)
				if len(diags) > 0 {
					t.Fatal(diags)
				}
				out := string(res.Output)
				for _, op := range []string{"affine.", "scf.", "gpu.subgroup_mma", "cf.", "memref.", "builtin.unrealized_conversion_cast"} {
					if i := strings.Index(out[strings.Index(out, "gpu.module"):], op); i >= 0 {
						t.Errorf("the kernel module still holds %q", op)
					}
				}
				after := parseModule(t, "compiled.mlir", out)
				before := parseModule(t, "matmul.mlir", src)
				if err := equiv.Check(before, after, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestCompileGolden checks the LLVM IR and PTX of a small matmul against
// golden files (go test ./driver -run Golden -update rewrites them), and
// that the PTX has the paper's ingredients.
func TestCompileGolden(t *testing.T) {
	if !testutil.HaveLLC() {
		t.Skip("llc-19 is not installed")
	}
	src := testutil.PaperMatmul(256, 256, 128)
	for _, emit := range []string{driver.EmitLLVM, driver.EmitPTX} {
		res, diags := driver.Compile(context.Background(), []byte(src), "matmul.mlir", driver.CompileOptions{Emit: emit, Pipeline: driver.PaperMappingPipeline})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		golden := filepath.Join("testdata", "matmul256."+map[string]string{driver.EmitLLVM: "ll", driver.EmitPTX: "ptx"}[emit])
		if *update {
			if err := os.WriteFile(golden, res.Output, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != string(res.Output) {
			line, x, y, _ := testutil.FirstDiff(string(want), string(res.Output))
			t.Errorf("%s differs at line %d:\n want %s\n got  %s\n(run with -update if the change is intended)", golden, line, x, y)
		}
		if emit == driver.EmitLLVM {
			// The LLVM IR is valid for LLVM 19's verifier.
			if opt, err := exec.LookPath("opt-19"); err == nil {
				cmd := exec.Command(opt, "-passes=verify", "-disable-output")
				cmd.Stdin = strings.NewReader(string(res.Output))
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("opt-19 -passes=verify rejects the LLVM IR: %v\n%s", err, out)
				}
			}
			continue
		}
		ptx := string(res.Output)
		for _, want := range []string{
			".entry matmul_kernel(", ".maxntid 256, 1, 1",
			"wmma.load.a.sync.aligned.row.m16n16k16.shared.f16",
			"wmma.load.b.sync.aligned.row.m16n16k16.shared.f16",
			"wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32",
			"wmma.store.d.sync.aligned.row.m16n16k16",
			"bar.sync",
			".shared .align 16 .b8 matmul_smem_a[18432]",
			".shared .align 16 .b8 matmul_smem_b[17408]",
		} {
			if !strings.Contains(ptx, want) {
				t.Errorf("PTX lacks %q", want)
			}
		}
		k := res.Kernels.Kernels
		if len(k) != 1 || k[0].Grid != [3]int64{2, 2, 1} || k[0].Block != [3]int64{256, 1, 1} || k[0].StaticSharedBytes != 35840 || len(k[0].Params) != 3 {
			t.Errorf("manifest = %+v", res.Kernels)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	src := []byte(testutil.PaperMatmul(128, 128, 64))
	cases := []struct {
		name string
		src  []byte
		o    driver.CompileOptions
		want string
	}{
		{"emit", src, driver.CompileOptions{Emit: "obj"}, "invalid --emit value 'obj'"},
		{"index", src, driver.CompileOptions{IndexBitwidth: 16}, "invalid index bitwidth 16"},
		{"pipeline", src, driver.CompileOptions{Pipeline: "no-such-pass"}, "no-such-pass"},
		{"syntax", []byte("func.func @f() {\n  return\n"), driver.CompileOptions{}, "matmul.mlir:2:9: error"},
		{"nothing", []byte("func.func @f() {\n  return\n}\n"), driver.CompileOptions{}, "nothing to compile"},
		{"llc", src, driver.CompileOptions{Codegen: nvptxLLC("/nonexistent/llc")}, "'/nonexistent/llc' not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, diags := driver.Compile(context.Background(), c.src, "matmul.mlir", c.o)
			if res != nil || len(diags) == 0 {
				t.Fatalf("compiled; want an error containing %q", c.want)
			}
			var sb strings.Builder
			driver.Sources{"matmul.mlir": c.src}.WriteDiagnostics(&sb, diags)
			if !strings.Contains(sb.String(), c.want) {
				t.Errorf("got %q, want %q", sb.String(), c.want)
			}
		})
	}
}

// BenchmarkCompile8192 is goopt compile of the paper's 8192 matmul to PTX
// (llc included), the "under 1 s here".
func BenchmarkCompile8192(b *testing.B) {
	if !testutil.HaveLLC() {
		b.Skip("llc-19 is not installed")
	}
	src, err := os.ReadFile("../examples/matmul.mlir")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, diags := driver.Compile(context.Background(), src, "matmul.mlir", driver.CompileOptions{}); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

func nvptxLLC(path string) nvptx.Options { return nvptx.Options{LLC: path} }
