package gputonvvm

import (
	"strconv"
	"strings"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// dynamicSharedPrefix names the zero-sized shared globals that stand for
// a kernel's dynamic shared memory (upstream's name).
const dynamicSharedPrefix = "__dynamic_shmem__"

// dynamicSharedAlignment is the alignment upstream gives the global.
const dynamicSharedAlignment = 16

// lowerDynamicSharedMemory lowers gpu.dynamic_shared_memory as upstream's
// GPUDynamicSharedMemoryOpLowering: one `!llvm.array<0 x i8>` global in
// address space 3 per gpu.module (PTX places a kernel's dynamic shared
// memory at such an unsized extern array), and the memref<?xi8>
// descriptor of its address with size 0 and stride 1.
func lowerDynamicSharedMemory(tc *llvmcommon.TypeConverter, op *ir.Operation, rw *convert.Rewriter) error {
	mt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return rw.NotifyMatchFailure(op, "expected a memref result")
	}
	st, ok := tc.ConvertMemRefType(mt)
	if !ok {
		return rw.NotifyMatchFailure(op, "cannot convert '%s'", mt)
	}
	module := op.ParentOfName("gpu.module")
	if module == nil || module.Region(0).Empty() {
		return rw.NotifyMatchFailure(op, "not inside a gpu.module")
	}
	arr := llvm.Array(0, ir.I8)
	body := module.Region(0).Front()
	name := ""
	taken := map[string]bool{}
	for _, o := range body.Ops() {
		s, ok := o.Attr("sym_name").(*ir.StringAttr)
		if !ok {
			continue
		}
		taken[s.Value] = true
		if o.Is("llvm.mlir.global") && strings.HasPrefix(s.Value, dynamicSharedPrefix) && name == "" {
			name = s.Value
		}
	}
	loc := op.Loc()
	if name == "" {
		for i := 0; ; i++ {
			if n := dynamicSharedPrefix + strconv.Itoa(i); !taken[n] {
				name = n
				break
			}
		}
		ip := rw.Builder.Save()
		rw.SetInsertionPointToStart(body)
		llvm.BuildMlirGlobalOp(rw.Builder, loc,
			ir.NamedAttribute{Name: "global_type", Value: ir.TypeAttrOf(arr)},
			ir.NamedAttribute{Name: "sym_name", Value: ir.Str(name)},
			ir.NamedAttribute{Name: "linkage", Value: llvm.Linkage("internal")},
			ir.NamedAttribute{Name: "addr_space", Value: ir.IntAttr(ir.I32, workgroupSpace)},
			ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I64, dynamicSharedAlignment)})
		rw.Builder.Restore(ip)
	}
	rw.SetInsertionPointBefore(op)
	b := rw.Builder
	ptr := llvm.Ptr(workgroupSpace)
	addr := llvm.BuildMlirAddressofOp(b, loc, ptr, ir.NamedAttribute{Name: "global_name", Value: ir.SymbolRef(name)}).Result(0)
	base := llvm.BuildGetelementptrOp(b, loc, addr, nil, ptr,
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(0)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(ir.I8)}).Result(0)
	d := llvmcommon.UndefDescriptor(b, loc, st)
	d.SetAllocatedPtr(b, loc, base)
	d.SetAlignedPtr(b, loc, base)
	d.SetOffset(b, loc, tc.IndexConstant(b, loc, 0))
	d.SetSize(b, loc, 0, tc.IndexConstant(b, loc, 0))
	d.SetStride(b, loc, 0, tc.IndexConstant(b, loc, 1))
	rw.ReplaceOp(op, []*ir.Value{d.Value})
	return nil
}
