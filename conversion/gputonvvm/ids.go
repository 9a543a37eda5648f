package gputonvvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// warpSize is the number of lanes shfl.sync spans.
const warpSize = 32

// indexPattern lowers a gpu id or dimension op (gpu.thread_id x) to the
// PTX special register reg along its dimension (%tid.x), as upstream's
// GPUIndexIntrinsicOpLowering. MLIR 19 puts no range on the register read
// and ignores `upper_bound`.
func indexPattern(tc *llvmcommon.TypeConverter, root, reg string) convert.Pattern {
	return tc.Pattern(root, func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		dim := gpu.EnumValue(op, "dimension")
		if dim != "x" && dim != "y" && dim != "z" {
			return rw.NotifyMatchFailure(op, "unknown dimension")
		}
		rw.SetInsertionPointBefore(op)
		rw.ReplaceOp(op, []*ir.Value{readRegister(rw.Builder, tc, op.Loc(), reg+"."+dim)})
		return nil
	})
}

// readRegister reads the 32-bit special register reg and brings it to the
// index width: sign-extended when wider, truncated when narrower.
func readRegister(b *ir.Builder, tc *llvmcommon.TypeConverter, loc ir.Location, reg string) *ir.Value {
	v := b.CreateOp(nvvm.SregPrefix+reg, loc, nil, []ir.Type{ir.I32}).Result(0)
	it := tc.IndexType()
	switch {
	case it.Width > 32:
		v = llvm.BuildSextOp(b, loc, v, it).Result(0)
	case it.Width < 32:
		v = llvm.BuildTruncOp(b, loc, v, it).Result(0)
	}
	return v
}

// i32Constant builds `llvm.mlir.constant(v : i32) : i32`.
func i32Constant(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return llvm.BuildMlirConstantOp(b, loc, ir.I32, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.I32, v)}).Result(0)
}

// shflKinds maps gpu.shuffle's modes to nvvm.shfl.sync's kinds.
var shflKinds = map[string]string{"xor": "bfly", "up": "up", "down": "down", "idx": "idx"}

// lowerShuffle lowers gpu.shuffle as upstream's GPUShuffleOpLowering: the
// width becomes the mask of the active lanes, `-1 >> (32 - width)`, and
// the clamp operand, `32 - width` for up (the lowest lane of a segment)
// and `width - 1` for the others (the highest); nvvm.shfl.sync returns the
// value and, when the flag is used, whether the source lane was in range.
//
//	%one = llvm.mlir.constant(1 : i32) : i32
//	%minus_one = llvm.mlir.constant(-1 : i32) : i32
//	%thirty_two = llvm.mlir.constant(32 : i32) : i32
//	%num_lanes = llvm.sub %thirty_two, %width : i32
//	%active_mask = llvm.lshr %minus_one, %num_lanes : i32
//	%mask_and_clamp = llvm.sub %width, %one : i32
//	%shfl = nvvm.shfl.sync bfly %active_mask, %value, %offset, %mask_and_clamp
//	    {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
//	%shfl_value = llvm.extractvalue %shfl[0] : !llvm.struct<(f32, i1)>
//	%shfl_pred = llvm.extractvalue %shfl[1] : !llvm.struct<(f32, i1)>
func lowerShuffle(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	kind, ok := shflKinds[gpu.EnumValue(op, "mode")]
	if !ok || a.Len() != 3 {
		return rw.NotifyMatchFailure(op, "unknown shuffle mode")
	}
	value, offset, width := a.Operand(0), a.Operand(1), a.Operand(2)
	if value == nil || offset == nil || width == nil {
		return rw.NotifyMatchFailure(op, "operands do not convert to single values")
	}
	b, loc := rw.Builder, op.Loc()
	b.SetInsertionPointBefore(op)
	one := i32Constant(b, loc, 1)
	minusOne := i32Constant(b, loc, -1)
	thirtyTwo := i32Constant(b, loc, warpSize)
	numLeadInactive := llvm.BuildSubOp(b, loc, thirtyTwo, width, ir.I32).Result(0)
	activeMask := llvm.BuildLshrOp(b, loc, minusOne, numLeadInactive, ir.I32).Result(0)
	maskAndClamp := numLeadInactive
	if kind != "up" {
		maskAndClamp = llvm.BuildSubOp(b, loc, width, one, ir.I32).Result(0)
	}
	if !op.Result(1).HasUses() {
		// MLIR 19 asks for the valid flag only when it is used.
		shfl := nvvm.BuildShflSyncOp(b, loc, activeMask, value, offset, maskAndClamp, value.Type(),
			ir.NamedAttribute{Name: "kind", Value: nvvm.Enum(nvvm.ShflKindKind, kind)}).Result(0)
		rw.ReplaceOpWithMultiple(op, [][]*ir.Value{{shfl}, nil})
		return nil
	}
	resTy := llvm.Struct(false, value.Type(), ir.I1)
	shfl := nvvm.BuildShflSyncOp(b, loc, activeMask, value, offset, maskAndClamp, resTy,
		ir.NamedAttribute{Name: "kind", Value: nvvm.Enum(nvvm.ShflKindKind, kind)},
		ir.NamedAttribute{Name: "return_value_and_is_valid", Value: &ir.UnitAttr{}}).Result(0)
	v := extract(b, loc, shfl, value.Type(), 0)
	valid := extract(b, loc, shfl, ir.I1, 1)
	rw.ReplaceOp(op, []*ir.Value{v, valid})
	return nil
}

// extract builds `llvm.extractvalue %agg[pos...]` of type t.
func extract(b *ir.Builder, loc ir.Location, agg *ir.Value, t ir.Type, pos ...int64) *ir.Value {
	return llvm.BuildExtractvalueOp(b, loc, agg, t, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}).Result(0)
}

// insert builds `llvm.insertvalue %v, %agg[pos...]`.
func insert(b *ir.Builder, loc ir.Location, agg, v *ir.Value, pos ...int64) *ir.Value {
	return llvm.BuildInsertvalueOp(b, loc, agg, v, agg.Type(), ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}).Result(0)
}
