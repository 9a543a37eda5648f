package memreftollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// view lowers memref.view of a byte buffer to a result of static shape
// and identity layout (upstream's ViewOpLowering, for the tiles a kernel
// carves out of gpu.dynamic_shared_memory): the aligned pointer advanced
// by the byte shift, the allocated pointer kept, offset 0, the result's
// sizes and row-major strides.
func (l *lowering) view(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, mt, _, _, err := l.viewTypes(op, rw)
	if err != nil {
		return err
	}
	if op.NumOperands() != 2 {
		return rw.NotifyMatchFailure(op, "dynamic sizes are not supported")
	}
	b, loc := rw.Builder, op.Loc()
	src := llvmcommon.NewDescriptor(a.Operand(0))
	base := src.AlignedPtr(b, loc)
	shifted := llvm.BuildGetelementptrOp(b, loc, base, []*ir.Value{a.Operand(1)}, base.Type(),
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(llvm.DynamicIndex)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(ir.I8)}).Result(0)
	d, err := l.tc.DescriptorFromStaticShape(b, loc, mt, shifted)
	if err != nil {
		return rw.NotifyMatchFailure(op, "%v", err)
	}
	d.SetAllocatedPtr(b, loc, src.AllocatedPtr(b, loc))
	rw.ReplaceOp(op, []*ir.Value{d.Value})
	return nil
}
