package gputonvvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/nvgputonvvm"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// NVVM's address spaces of the gpu dialect's memory spaces, as
// convert-gpu-to-nvvm maps them: private memory is an alloca in the
// generic space, because NVVM does not take allocas in space 5.
const (
	globalSpace    = 1
	workgroupSpace = 3
	privateSpace   = 0
)

// Populate adds to ps the patterns lowering the gpu dialect's device ops to
// the nvvm and llvm dialects (upstream's populateGpuToNVVMConversionPatterns
// and populateGpuWMMAToNVVMConversionPatterns), and to tc the conversions
// they need (AddTypeConversions). The patterns convert operand types with
// tc, so they compose with the other conversions to llvm built on it.
//
// As upstream's convert-gpu-to-nvvm, tc also learns the nvgpu types
// (nvgputonvvm.AddTypeConversions): convert-nvgpu-to-nvvm leaves nvgpu
// values where kernel arguments and block arguments meet the lowered
// code, and this conversion turns those into their llvm types. A kernel
// argument of type !nvgpu.tensormap.descriptor becomes an !llvm.ptr
// parameter passed by value (see lowerFunc).
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	AddTypeConversions(tc)
	nvgputonvvm.AddTypeConversions(tc)
	ps.Add(
		indexPattern(tc, "gpu.thread_id", "tid"),
		indexPattern(tc, "gpu.block_dim", "ntid"),
		indexPattern(tc, "gpu.block_id", "ctaid"),
		indexPattern(tc, "gpu.grid_dim", "nctaid"),
		tc.Pattern("gpu.lane_id", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
			rw.SetInsertionPointBefore(op)
			rw.ReplaceOp(op, []*ir.Value{readRegister(rw.Builder, tc, op.Loc(), "laneid")})
			return nil
		}),
		tc.Pattern("gpu.barrier", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
			rw.SetInsertionPointBefore(op)
			rw.CreateOp("nvvm.barrier0", op.Loc(), nil, nil)
			rw.EraseOp(op)
			return nil
		}),
		tc.Pattern("gpu.dynamic_shared_memory", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
			return lowerDynamicSharedMemory(tc, op, rw)
		}),
		tc.Pattern("gpu.shuffle", lowerShuffle),
		tc.Pattern("gpu.func", func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
			return lowerFunc(tc, op, rw)
		}),
		tc.Pattern("gpu.return", func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			return lowerReturn(tc, op, a, rw)
		}),
	)
	populateWMMA(tc, ps)
}

// AddTypeConversions teaches tc the gpu dialect's types: `!gpu.mma_matrix`
// becomes the literal struct of the registers one lane holds of the
// fragment (what nvvm.wmma.load returns), and memrefs in a
// `#gpu.address_space<...>` take NVVM's address space of it (global 1,
// workgroup 3, private 0).
func AddTypeConversions(tc *llvmcommon.TypeConverter) {
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) {
		switch t := t.(type) {
		case *gpu.MMAMatrixType:
			st, err := ConvertMMAType(t)
			if err != nil {
				return nil, false
			}
			return st, true
		case *ir.MemRefType:
			as, ok := t.MemorySpace.(*gpu.AddressSpaceAttr)
			if !ok {
				return nil, false
			}
			return tc.Convert(withNumericSpace(t, as))
		}
		return nil, false
	})
}

// withNumericSpace returns t with its gpu address space replaced by NVVM's
// number for it.
func withNumericSpace(t *ir.MemRefType, as *gpu.AddressSpaceAttr) *ir.MemRefType {
	n := int64(globalSpace)
	switch as.Space {
	case gpu.Workgroup:
		n = workgroupSpace
	case gpu.Private:
		n = privateSpace
	}
	var space ir.Attribute
	if n != 0 {
		space = ir.IntAttr(ir.I64, n)
	}
	return ir.MemRef(t.Dims, t.Elem, t.Layout, space)
}

// ConfigureLegality sets what convert-gpu-to-nvvm must produce (upstream's
// configureGpuToNVVMConversionLegality): the llvm and nvvm dialects, no gpu
// ops but gpu.module and its terminator (and gpu.yield, which only lives
// in the regions of ops that are converted with them), no func.func, and
// none of the llvm math intrinsics NVPTX has no instruction for (upstream
// calls libdevice's __nv_* functions instead; goopt does not yet, so such
// math ops fail to lower).
func ConfigureLegality(t *convert.Target) {
	t.AddLegalDialect("llvm", "nvvm")
	t.AddIllegalDialect("gpu")
	t.AddIllegalOp("func.func")
	t.AddIllegalOp("llvm.intr.cos", "llvm.intr.exp", "llvm.intr.exp2", "llvm.intr.fabs", "llvm.intr.ceil",
		"llvm.intr.floor", "llvm.frem", "llvm.intr.log", "llvm.intr.log10", "llvm.intr.log2", "llvm.intr.pow",
		"llvm.intr.sin", "llvm.intr.sqrt")
	t.AddLegalOp("gpu.module", "gpu.module_end", "gpu.yield")
}
