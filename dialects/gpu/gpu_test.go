package gpu_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func TestTypes(t *testing.T) {
	ctx := all.NewContext()
	for _, tc := range []struct {
		text string
		want ir.Type
		err  string
	}{
		{text: `!gpu.async.token`, want: gpu.AsyncToken()},
		{text: `!gpu.mma_matrix<16x16xf16, "AOp">`, want: gpu.MMAMatrix(16, 16, ir.F16, gpu.OperandA)},
		{text: `!gpu.mma_matrix<8x32xsi8, "BOp">`, want: gpu.MMAMatrix(8, 32, ir.IntegerWithSign(8, ir.Signed), gpu.OperandB)},
		{text: `!gpu.mma_matrix<16x16xf64, "COp">`, err: "MMAMatrixType elements must be SI8, UI8, I32, F16, or F32"},
		{text: `!gpu.mma_matrix<16xf16, "COp">`, err: "MMAMatrixType must have exactly two dimensions"},
		{text: `!gpu.mma_matrix<16x16xf16, "DOp">`, err: "operand expected to be one of AOp, BOp or COp"},
		{text: `!gpu.token`, want: ir.Opaque("gpu", ".token")},
	} {
		got, err := parser.ParseType(ctx, tc.text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: got %v, want error %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want || got.String() != tc.text {
			t.Errorf("%s: got %v (%v), want %v", tc.text, got, err, tc.want)
		}
	}
}

func TestAttributes(t *testing.T) {
	ctx := all.NewContext()
	for _, tc := range []struct {
		text string
		want ir.Attribute
	}{
		{`#gpu.address_space<workgroup>`, gpu.AddressSpaceOf(gpu.Workgroup)},
		{`#gpu<dim z>`, gpu.Dim("z")},
		{`#gpu<shuffle_mode down>`, gpu.Enum(gpu.ShuffleModeKind, "down")},
		{`#gpu<all_reduce_op maximumf>`, gpu.Enum(gpu.AllReduceOpKind, "maximumf")},
		{`#gpu<mma_element_wise extf>`, gpu.Enum(gpu.MMAElementwiseKind, "extf")},
		{`#gpu.thread<y>`, ir.OpaqueAttrOf("gpu", ".thread<y>", nil)},
	} {
		got, err := parser.ParseAttribute(ctx, tc.text)
		if err != nil || got != tc.want || got.String() != tc.text {
			t.Errorf("%s: got %v (%v), want %v", tc.text, got, err, tc.want)
		}
	}
	if _, err := parser.ParseAttribute(ctx, `#gpu<dim w>`); err == nil {
		t.Error("#gpu<dim w> accepted")
	}
}

// Memrefs in #gpu.address_space<workgroup> are in NVVM's shared space 3.
func TestAddressSpaceNumber(t *testing.T) {
	mt := ir.MemRef([]int64{4}, ir.F32, nil, gpu.AddressSpaceOf(gpu.Workgroup))
	if mt.MemorySpaceInt() != 3 || mt.String() != "memref<4xf32, #gpu.address_space<workgroup>>" {
		t.Errorf("%s: memory space %d", mt, mt.MemorySpaceInt())
	}
}

// The accessors see a launch's configuration and body arguments.
func TestLaunchAccessors(t *testing.T) {
	const src = `
func.func @f(%n: index, %m: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %m, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %m, %sy = %n, %sz = %n) workgroup(%w : memref<4xf32, 3>) {
    gpu.terminator
  }
  return
}`
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	var launch *ir.Operation
	ir.Walk(f.Module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "gpu.launch" {
			launch = op
		}
		return ir.Advance
	})
	fn := launch.ParentOp().Region(0).Front()
	n, m := fn.Argument(0), fn.Argument(1)
	cfg := gpu.LaunchConfigOf(launch)
	if cfg.Grid != [3]*ir.Value{n, m, n} || cfg.Block != [3]*ir.Value{m, n, n} || cfg.DynamicSharedMemory != nil {
		t.Errorf("config %+v", cfg)
	}
	body, ok := gpu.LaunchBody(launch)
	args := launch.Region(0).Front().Arguments()
	if !ok || body.ThreadIDs[0] != args[3] || body.BlockSizes[2] != args[11] {
		t.Errorf("body args %+v", body)
	}
	if wg := gpu.WorkgroupAttributions(launch); len(wg) != 1 || wg[0] != args[12] {
		t.Errorf("workgroup attributions %v", wg)
	}
	if out := printer.String(launch, printer.Options{}); !strings.Contains(out, "workgroup(%") {
		t.Errorf("printed %s", out)
	}
}
