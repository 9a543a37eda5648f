package nvvm_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// parseFunc parses src (with unregistered llvm types allowed) and returns
// the first op of its first function.
func parseFunc(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fn := f.Module.Region(0).Front().First()
	return fn.Region(0).Front().First()
}

func TestPtrSpaceAndStructFields(t *testing.T) {
	op := parseFunc(t, `func.func @f(%p: !llvm.ptr<3>, %q: !llvm.ptr, %s: !llvm.struct<(f32,  vector<2xf16>)>) {
  "test.use"(%p, %q, %s) : (!llvm.ptr<3>, !llvm.ptr, !llvm.struct<(f32,  vector<2xf16>)>) -> ()
  return
}`)
	if s, ok := nvvm.PtrSpace(op.Operand(0).Type()); !ok || s != 3 {
		t.Errorf("PtrSpace(!llvm.ptr<3>) = %d, %v", s, ok)
	}
	if s, ok := nvvm.PtrSpace(op.Operand(1).Type()); !ok || s != 0 {
		t.Errorf("PtrSpace(!llvm.ptr) = %d, %v", s, ok)
	}
	if _, ok := nvvm.PtrSpace(ir.F32); ok {
		t.Error("PtrSpace(f32) is ok")
	}
	fields, ok := nvvm.StructFields(op.Operand(2).Type())
	if !ok || strings.Join(fields, ";") != "f32;vector<2xf16>" {
		t.Errorf("StructFields = %q, %v", fields, ok)
	}
}

func TestFragmentType(t *testing.T) {
	for _, c := range []struct {
		eltype, frag string
		m, n, k      int64
		want         string
		count        int
	}{
		{"f16", "a", 16, 16, 16, "vector<2xf16>", 8},
		{"f16", "c", 16, 16, 16, "vector<2xf16>", 4},
		{"f32", "c", 16, 16, 16, "f32", 8},
		{"tf32", "a", 16, 16, 8, "i32", 4},
		{"s8", "a", 32, 8, 16, "i32", 4},
		{"s8", "b", 32, 8, 16, "i32", 1},
	} {
		ty, n, ok := nvvm.FragmentType(c.eltype, c.frag, c.m, c.n, c.k)
		if !ok || ty.String() != c.want || n != c.count {
			t.Errorf("FragmentType(%s, %s, %dx%dx%d) = %v x %d, want %s x %d", c.eltype, c.frag, c.m, c.n, c.k, ty, n, c.want, c.count)
		}
	}
}

func TestFunctionAttributes(t *testing.T) {
	op := parseFunc(t, `func.func @f() {
  "test.k"() {nvvm.kernel, nvvm.maxntid = array<i32: 128, 2>, nvvm.reqntid = array<i32: 1, 2, 3, 4>, nvvm.minctasm = "x",
    nvvm.cluster_dim = array<i32: 2, 1>, nvvm.cluster_max_blocks = array<i32: 8>} : () -> ()
  return
}`)
	if !nvvm.IsKernel(op) {
		t.Error("IsKernel = false")
	}
	if d, ok := nvvm.ThreadBounds(op, nvvm.MaxntidAttrName); !ok || d != [3]int64{128, 2, 1} {
		t.Errorf("ThreadBounds(maxntid) = %v, %v", d, ok)
	}
	for name, want := range map[string]string{
		nvvm.KernelAttrName:           "'nvvm.kernel' attribute attached to unexpected op",
		nvvm.ReqntidAttrName:          `'"nvvm.reqntid"' attribute must be integer array with maximum 3 index`,
		nvvm.MinctasmAttrName:         `'"nvvm.minctasm"' attribute must be integer constant`,
		nvvm.MaxntidAttrName:          "",
		nvvm.ClusterDimAttrName:       "",
		nvvm.ClusterMaxBlocksAttrName: `'"nvvm.cluster_max_blocks"' attribute must be integer constant`,
	} {
		err := nvvm.VerifyAttribute(op, name, op.Attr(name))
		if got := ""; err != nil {
			got = err.Error()
			if !strings.Contains(got, want) || want == "" {
				t.Errorf("VerifyAttribute(%s) = %q, want %q", name, got, want)
			}
		} else if want != "" {
			t.Errorf("VerifyAttribute(%s) = nil, want %q", name, want)
		}
	}
}

// TestGridConstant checks nvvm.grid_constant's argument attribute rules.
func TestGridConstant(t *testing.T) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(`llvm.func @k(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}, %b: !llvm.ptr {nvvm.grid_constant}, %c: i32 {nvvm.grid_constant = 1 : i32}) attributes {nvvm.kernel} {
  llvm.return
}
llvm.func @d(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}) {
  llvm.return
}`))
	if err != nil {
		t.Fatal(err)
	}
	k, d := f.Module.Region(0).Front().First(), f.Module.Region(0).Front().Last()
	for _, c := range []struct {
		fn   *ir.Operation
		arg  int
		want string
	}{
		{k, 0, ""},
		{k, 1, "attribute requires the argument to also have attribute 'llvm.byval'"},
		{k, 2, "must be a unit attribute"},
		{d, 0, "attribute must be present only on kernel arguments"},
	} {
		a := nvvm.ArgAttr(c.fn, c.arg, nvvm.GridConstantAttrName)
		if a == nil {
			t.Fatalf("ArgAttr(%d) = nil", c.arg)
		}
		err := nvvm.VerifyArgAttribute(c.fn, c.arg, nvvm.GridConstantAttrName, a)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("arg %d: %v", c.arg, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("arg %d: %v, want %q", c.arg, err, c.want)
		}
	}
	if nvvm.ArgAttr(k, 5, nvvm.GridConstantAttrName) != nil {
		t.Error("ArgAttr out of range is not nil")
	}
}

func TestTargetAttr(t *testing.T) {
	if got := nvvm.Target("sm_90", "+ptx80").String(); got != `#nvvm.target<chip = "sm_90", features = "+ptx80">` {
		t.Errorf("Target = %s", got)
	}
	if got := nvvm.Target(nvvm.DefaultChip, "").String(); got != "#nvvm.target" {
		t.Errorf("default Target = %s", got)
	}
}
