package nvgpu

import "github.com/goopt/goopt/ir"

// onNamed is an Effects hook: each effect on the single operand it names,
// for ops whose memref follows a variadic group.
func onNamed(specs ...effectOn) func(op *ir.Operation) []ir.EffectInstance {
	return func(op *ir.Operation) []ir.EffectInstance {
		out := make([]ir.EffectInstance, len(specs))
		for i, s := range specs {
			var v *ir.Value
			if vs := op.NamedOperands(s.name); len(vs) == 1 {
				v = vs[0]
			}
			out[i] = ir.EffectInstance{Kind: s.kind, Value: v, Resource: ir.DefaultResource}
		}
		return out
	}
}

// effectOn is one effect of an onNamed hook.
type effectOn struct {
	kind ir.EffectKind
	name string
}

// asyncOps is this file's part of the dialect's op table.
func asyncOps() opTable {
	return opTable{
		{
			Name:    "nvgpu.device_async_copy",
			Verify:  verifyDeviceAsyncCopy,
			Summary: "device-side asynchronous copy",
			Doc: "Starts a copy of dstElements elements from src (global memory) at srcIndices to dst (shared " +
				"memory) at dstIndices without blocking the thread (cp.async); srcElements, when given, is the " +
				"number of elements read, the rest of the destination being zero-filled; bypassL1 hints that the " +
				"copy skip L1. The returned token is grouped by nvgpu.device_async_create_group and waited on " +
				"by nvgpu.device_async_wait.\n\n" +
				"    %0 = nvgpu.device_async_copy %src[%c0, %c0], %dst[%c0, %c0, %c0], 4 :\n" +
				"      memref<4x5xf32> to memref<2x7x5xf32, 3>",
			Operands: []ir.ValueDef{
				ir.Operand("dst", anyMemRef), ir.Var("dstIndices", indexType),
				ir.Operand("src", anyMemRef), ir.Var("srcIndices", indexType),
				ir.Opt("srcElements", indexType),
			},
			Results: []ir.ValueDef{ir.Operand("asyncToken", deviceAsyncToken)},
			Attrs:   []ir.AttrDef{ir.Attr("dstElements", ir.IndexAttrKind), ir.OptAttr("bypassL1", ir.UnitAttrKind)},
			Format: "$src `[` $srcIndices `]` `,` $dst `[` $dstIndices `]` `,` $dstElements (`,` $srcElements^)? " +
				"attr-dict `:` type($src) `to` type($dst)",
			Effects: onNamed(effectOn{ir.Write, "dst"}, effectOn{ir.Read, "src"}),
		},
		{
			Name:    "nvgpu.device_async_create_group",
			Summary: "device side asynchronous create group operation",
			Doc: "Groups the pending nvgpu.device_async_copy operations whose tokens it takes (cp.async." +
				"commit_group) and returns a token for the group; groups complete in creation order.\n\n" +
				"    %g = nvgpu.device_async_create_group %cp1, %cp2",
			Operands: []ir.ValueDef{ir.Var("inputTokens", deviceAsyncToken)},
			Results:  []ir.ValueDef{ir.Operand("asyncToken", deviceAsyncToken)},
			Format:   "$inputTokens attr-dict",
		},
		{
			Name:    "nvgpu.device_async_wait",
			Summary: "Wait for async gpu ops to complete.",
			Doc: "Blocks the thread until the group of asyncDependencies has completed; with numGroups, " +
				"until at most numGroups groups are still in flight (cp.async.wait_group).\n\n" +
				"    nvgpu.device_async_wait %g {numGroups = 1 : i32}",
			Operands: []ir.ValueDef{ir.Operand("asyncDependencies", deviceAsyncToken)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.OptAttr("numGroups", ir.I32AttrKind)},
			Format:   "$asyncDependencies attr-dict",
		},
	}
}
