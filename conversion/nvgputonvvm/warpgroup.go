package nvgputonvvm

import (
	"fmt"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// The wgmma shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor
// Format"): a 64-bit word whose address fields drop their 4 low bits.
const (
	exclude4LSB      = 4
	swizzleBit       = 62 // [62,64) layout: 1 = 128B, 2 = 64B, 3 = 32B swizzle, 0 none
	baseOffsetBit    = 49 // [49,52) base offset (0: buffers aligned to the swizzle pattern)
	strideBit        = 32 // [32,46) stride byte offset >> 4
	leadingBit       = 16 // [16,30) leading byte offset >> 4
	startAddressBit  = 0  // [0,14) start address >> 4
	addressLowShift  = 46 // shl then lshr by 50 keeps bits [4,18) of the address
	addressHighShift = 50
)

// swizzleFields returns the descriptor's layout code of a TMA swizzle and
// the swizzle span in bytes (1 for none), as upstream computes them.
func swizzleFields(s nvgpu.Swizzle) (code, span int64) {
	switch s.Bytes() {
	case 128:
		return 1, 128
	case 64:
		return 2, 64
	case 32:
		return 3, 32
	}
	return 0, 1
}

// generateDescriptor lowers nvgpu.warpgroup.generate.descriptor to the
// 64-bit wgmma matrix descriptor of the tensor's shared-memory buffer, as
// upstream: stride byte offset = 8 rows of the swizzle span, leading byte
// offset = (dim 0 of the tensor map's box) * span, both >> 4, base offset
// 0, and bits [4,18) of the buffer's address as the start address.
func (l *lowering) generateDescriptor(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	tm, ok := operandType(op, "tensorMap").(*nvgpu.TensorMapDescriptorType)
	if !ok {
		return rw.NotifyMatchFailure(op, "expected a tensor map descriptor")
	}
	box, ok := tm.Tensor.(*ir.MemRefType)
	if !ok || len(box.Dims) == 0 {
		return rw.NotifyMatchFailure(op, "tensor map has no ranked box")
	}
	code, span := swizzleFields(tm.Swizzle)
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	c := func(v int64) *ir.Value { return constant(b, loc, ir.I64, ir.I64, v) }
	shl := func(v *ir.Value, n int64) *ir.Value { return llvm.BuildShlOp(b, loc, v, c(n), ir.I64).Result(0) }
	insertBits := func(desc, v *ir.Value, start int64) *ir.Value {
		return llvm.BuildOrOp(b, loc, desc, shl(v, start), ir.I64).Result(0)
	}
	stride := c((span << 3) >> exclude4LSB)
	lead := c((box.Dims[0] * span) >> exclude4LSB)
	base, err := l.elementPtr(op, rw, operandType(op, "tensor"), operand(op, a, "tensor"), nil)
	if err != nil {
		return err
	}
	addr := llvm.BuildPtrtointOp(b, loc, base, ir.I64).Result(0)
	addr14 := llvm.BuildLshrOp(b, loc, shl(addr, addressLowShift), c(addressHighShift), ir.I64).Result(0)
	desc := c(0)
	desc = insertBits(desc, c(code), swizzleBit)
	desc = insertBits(desc, c(0), baseOffsetBit)
	desc = insertBits(desc, stride, strideBit)
	desc = insertBits(desc, lead, leadingBit)
	desc = insertBits(desc, addr14, startAddressBit)
	rw.ReplaceOp(op, []*ir.Value{desc})
	return nil
}

// wgmmaK returns the k of one wgmma for A's element type (PTX ISA,
// "Matrix Shape").
func wgmmaK(t ir.Type) (int64, bool) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.KindTF32:
			return 8, true
		case ir.KindF16, ir.KindBF16:
			return 16, true
		case ir.KindF8E4M3FN, ir.KindF8E5M2:
			return 32, true
		}
	case *ir.IntegerType:
		switch t.Width {
		case 1:
			return 256, true
		case 8, 16:
			return 32, true
		}
	}
	return 0, false
}

// wgmmaType returns nvvm's wgmma type of an element type; accumulator
// selects f32 (rather than tf32) for f32 and s32 for i32.
func wgmmaType(t ir.Type, accumulator bool) (string, bool) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.KindF32, ir.KindTF32:
			if accumulator {
				return "f32", true
			}
			return "tf32", true
		case ir.KindF16:
			return "f16", true
		case ir.KindBF16:
			return "bf16", true
		case ir.KindF8E4M3FN:
			return "e4m3", true
		case ir.KindF8E5M2:
			return "e5m2", true
		}
	case *ir.IntegerType:
		switch {
		case t.Width == 1:
			return "b1", true
		case t.Width == 8 && t.Signedness == ir.Unsigned:
			return "u8", true
		case t.Width == 8:
			return "s8", true
		case t.Width == 32 && accumulator:
			return "s32", true
		}
	}
	return "", false
}

// defaultWaitGroup is nvgpu.warpgroup.mma's waitGroup when absent.
const defaultWaitGroup = 1

// warpgroupMma lowers nvgpu.warpgroup.mma to upstream's group of wgmma
// instructions: a wgmma.fence, then for each 64-row tile i of the
// accumulator and each k step of A's columns one nvvm.wgmma.mma_async
// (m64 x N x k) chained through the tile's registers, with the
// descriptors advanced to the step's A and B sub-matrices, then
// wgmma.commit_group and wgmma.wait_group(waitGroup).
//
// The descriptor increments are upstream's, in 16-byte units: A
// (row-major M x K) moves wgmmaK columns per k step and 64 rows per tile,
// ((wgmmaK*k) + totalK*dim1(A)*i) * bytes >> 4 (upstream's tile step,
// which is 64 rows when K = 64); B moves dim0(B) * wgmmaK * k * bytes >> 4.
// A zero increment adds nothing.
func (l *lowering) warpgroupMma(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	da, okA := operandType(op, "descriptorA").(*nvgpu.WarpgroupMatrixDescriptorType)
	db, okB := operandType(op, "descriptorB").(*nvgpu.WarpgroupMatrixDescriptorType)
	acc, okC := operandType(op, "matrixC").(*nvgpu.WarpgroupAccumulatorType)
	if !okA || !okB || !okC {
		return rw.NotifyMatchFailure(op, "expected warpgroup descriptors and accumulator")
	}
	ta, okA := da.Tensor.(*ir.MemRefType)
	tb, okB := db.Tensor.(*ir.MemRefType)
	fc, okC := acc.Fragmented.(*ir.VectorType)
	if !okA || !okB || !okC || len(ta.Dims) != 2 || len(tb.Dims) != 2 {
		return rw.NotifyMatchFailure(op, "expected 2-D descriptor tensors")
	}
	descA, descB, matC := operand(op, a, "descriptorA"), operand(op, a, "descriptorB"), operand(op, a, "matrixC")
	if !converted(descA, descB, matC) {
		return rw.NotifyMatchFailure(op, "operands do not convert")
	}
	cst, ok := matC.Type().(*llvm.StructType)
	if !ok {
		return rw.NotifyMatchFailure(op, "accumulator does not convert to a struct")
	}
	totalM, totalN, totalK := ta.Dims[0], tb.Dims[1], ta.Dims[1]
	k, okK := wgmmaK(ta.Elem)
	typeA, okTA := wgmmaType(ta.Elem, false)
	typeB, okTB := wgmmaType(tb.Elem, false)
	typeD, okTD := wgmmaType(fc.Elem, true)
	if !okK || !okTA || !okTB || !okTD {
		return rw.NotifyMatchFailure(op, "unsupported wgmma element types %s, %s -> %s", ta.Elem, tb.Elem, fc.Elem)
	}
	iterM, iterK := totalM/wgmmaM, totalK/k
	if int64(len(cst.Body)) != iterM {
		return rw.NotifyMatchFailure(op, "accumulator holds %d tiles of 64 rows, A has %d", len(cst.Body), iterM)
	}
	bytesA, bytesB := int64(widthOf(ta.Elem)/8), int64(widthOf(tb.Elem)/8)
	layoutA, layoutB := "row", "col"
	if op.Attr("transposeA") != nil {
		layoutA = "col"
	}
	// MLIR 19 passes !transposeB: a transposed (K-major, column-major) B
	// is wgmma's row layout, the operand as given.
	if op.Attr("transposeB") != nil {
		layoutB = "row"
	}
	wait := int64(defaultWaitGroup)
	if w, ok := op.Attr("waitGroup").(*ir.IntegerAttr); ok {
		wait = w.Int()
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	advance := func(desc *ir.Value, inc int64) *ir.Value {
		inc >>= exclude4LSB
		if inc == 0 {
			return desc
		}
		return llvm.BuildAddOp(b, loc, desc, constant(b, loc, ir.I64, ir.I32, inc), ir.I64).Result(0)
	}
	attrs := []ir.NamedAttribute{
		{Name: "shape", Value: nvvm.Shape(wgmmaM, totalN, k)},
		{Name: "typeA", Value: nvvm.Enum(nvvm.WGMMATypeKind, typeA)},
		{Name: "typeB", Value: nvvm.Enum(nvvm.WGMMATypeKind, typeB)},
		{Name: "typeD", Value: nvvm.Enum(nvvm.WGMMATypeKind, typeD)},
		{Name: "scaleD", Value: nvvm.Enum(nvvm.WGMMAScaleOutKind, "one")},
		{Name: "scaleA", Value: nvvm.Enum(nvvm.WGMMAScaleInKind, "one")},
		{Name: "scaleB", Value: nvvm.Enum(nvvm.WGMMAScaleInKind, "one")},
		{Name: "layoutA", Value: nvvm.Enum(nvvm.MMALayoutKind, layoutA)},
		{Name: "layoutB", Value: nvvm.Enum(nvvm.MMALayoutKind, layoutB)},
		{Name: "satfinite", Value: nvvm.Enum(nvvm.MMAIntOverflowKind, "wrapped")},
	}
	rw.CreateOp("nvvm.wgmma.fence.aligned", loc, nil, nil)
	res := llvm.BuildMlirUndefOp(b, loc, cst).Result(0)
	var tiles []*ir.Value
	for i := int64(0); i < iterM; i++ {
		d := extract(b, loc, matC, i)
		for kk := int64(0); kk < iterK; kk++ {
			ai := advance(descA, ((k*kk)+totalK*ta.Dims[1]*i)*bytesA)
			bi := advance(descB, tb.Dims[0]*k*kk*bytesB)
			d = rw.CreateOp("nvvm.wgmma.mma_async", loc, []*ir.Value{d, ai, bi}, []ir.Type{d.Type()}, attrs...).Result(0)
		}
		tiles = append(tiles, d)
	}
	for i, t := range tiles {
		res = insert(b, loc, res, t, int64(i))
	}
	rw.CreateOp("nvvm.wgmma.commit.group.sync.aligned", loc, nil, nil)
	rw.CreateOp("nvvm.wgmma.wait.group.sync.aligned", loc, nil, nil,
		ir.NamedAttribute{Name: "group", Value: ir.IntAttr(ir.I32, wait)})
	rw.ReplaceOp(op, []*ir.Value{res})
	return nil
}

// widthOf returns the bit width of an integer or float type (0 otherwise).
func widthOf(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	}
	return 0
}

// Thread layout of a wgmma accumulator tile (PTX ISA, "Register Fragments"
// of wgmma .m64nNk16): warp w of the warpgroup owns rows [16w, 16w+16);
// lane l holds, for each 8-column block j, the pairs at row l/4 and
// l/4 + 8, columns 8j + 2(l%4) and +1.
const (
	warpSize          = 32
	rowsPerWarp       = 16
	lanesPerRow       = 4
	stackedMatrices   = 2 // 8-row halves of a warp's 16 rows
	adjacentRegisters = 2 // consecutive columns per register pair
	blockSize         = 8
)

// warpgroupMmaStore lowers nvgpu.warpgroup.mma.store to the memref.stores
// of each thread's accumulator registers at their (row, column) of the
// destination, upstream's storeFragmentedMatrix for each 64-row tile.
//
// Upstream offsets tile i by the number of registers of the tiles before
// it, which is 64 rows only for f32 accumulators 128 wide; goopt offsets
// by 64 rows per tile, the layout wgmma uses.
func (l *lowering) warpgroupMmaStore(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	d := operand(op, a, "matrixD")
	dst := op.NamedOperand("dstMemref")
	if d == nil || dst == nil {
		return rw.NotifyMatchFailure(op, "accumulator does not convert")
	}
	st, ok := d.Type().(*llvm.StructType)
	if !ok {
		return rw.NotifyMatchFailure(op, "accumulator does not convert to a struct")
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	for i := range st.Body {
		tile := extract(b, loc, d, int64(i))
		if err := storeTile(rw, loc, tile, dst, int64(i)*wgmmaM); err != nil {
			return err
		}
	}
	rw.EraseOp(op)
	return nil
}

// storeTile stores one thread's registers of a 64-row accumulator tile
// at row offset rowOffset of dst.
func storeTile(rw *convert.Rewriter, loc ir.Location, tile, dst *ir.Value, rowOffset int64) error {
	b := rw.Builder
	st, ok := tile.Type().(*llvm.StructType)
	if !ok || len(st.Body)%(stackedMatrices*adjacentRegisters) != 0 {
		return fmt.Errorf("accumulator tile %s is not whole register quads", tile.Type())
	}
	c := func(v int64) *ir.Value { return constant(b, loc, ir.I32, ir.I32, v) }
	mul := func(x, y *ir.Value) *ir.Value { return llvm.BuildMulOp(b, loc, x, y, ir.I32).Result(0) }
	add := func(x, y *ir.Value) *ir.Value { return llvm.BuildAddOp(b, loc, x, y, ir.I32).Result(0) }
	c1, c2, c4, c8, c16, cw := c(1), c(adjacentRegisters), c(lanesPerRow), c(blockSize), c(rowsPerWarp), c(warpSize)
	tid := rw.CreateOp(nvvm.SregPrefix+"tid.x", loc, nil, []ir.Type{ir.I32}).Result(0)
	lane := llvm.BuildUremOp(b, loc, tid, cw, ir.I32).Result(0)
	warp := llvm.BuildUdivOp(b, loc, tid, cw, ir.I32).Result(0)
	laneRow := llvm.BuildUdivOp(b, loc, lane, c4, ir.I32).Result(0)
	laneCol := llvm.BuildUremOp(b, loc, lane, c4, ir.I32).Result(0)
	tj := mul(laneCol, c2)
	ti := add(laneRow, mul(warp, c16))
	if rowOffset != 0 {
		ti = add(ti, c(rowOffset))
	}
	store := func(pos int64, x, y *ir.Value) {
		idx := arith.BuildIndexCastOp(b, loc, x, ir.Index).Result(0)
		idy0 := arith.BuildIndexCastOp(b, loc, y, ir.Index).Result(0)
		idy1 := arith.BuildIndexCastOp(b, loc, add(y, c1), ir.Index).Result(0)
		d0 := extract(b, loc, tile, pos)
		d1 := extract(b, loc, tile, pos+1)
		memref.BuildStoreOp(b, loc, d0, dst, []*ir.Value{idx, idy0})
		memref.BuildStoreOp(b, loc, d1, dst, []*ir.Value{idx, idy1})
	}
	stores := int64(len(st.Body)) / (stackedMatrices * adjacentRegisters)
	for i := int64(0); i < stackedMatrices; i++ {
		x := add(ti, mul(c(i), c8))
		for j := int64(0); j < stores; j++ {
			y := add(tj, mul(c(j), c8))
			store(i*adjacentRegisters+j*stackedMatrices*adjacentRegisters, x, y)
		}
	}
	return nil
}

// warpgroupInitAccumulator lowers nvgpu.warpgroup.mma.init.accumulator to
// the accumulator struct with every register zero.
func (l *lowering) warpgroupInitAccumulator(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	t, ok := l.tc.Convert(op.Result(0).Type())
	st, sok := t.(*llvm.StructType)
	if !ok || !sok || len(st.Body) == 0 {
		return rw.NotifyMatchFailure(op, "accumulator does not convert to a struct")
	}
	inner, ok := st.Body[0].(*llvm.StructType)
	if !ok || len(inner.Body) == 0 {
		return rw.NotifyMatchFailure(op, "accumulator tiles are not structs")
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	zero := llvm.BuildMlirConstantOp(b, loc, inner.Body[0], ir.NamedAttribute{Name: "value", Value: zeroAttr(inner.Body[0])}).Result(0)
	pack := llvm.BuildMlirUndefOp(b, loc, st).Result(0)
	var tiles []*ir.Value
	for i, s := range st.Body {
		v := extract(b, loc, pack, int64(i))
		for j := range s.(*llvm.StructType).Body {
			v = insert(b, loc, v, zero, int64(j))
		}
		tiles = append(tiles, v)
	}
	for i, v := range tiles {
		pack = insert(b, loc, pack, v, int64(i))
	}
	rw.ReplaceOp(op, []*ir.Value{pack})
	return nil
}

// zeroAttr is the zero of an integer or float type.
func zeroAttr(t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		return ir.FloatAttrOf(ft, 0)
	}
	return ir.IntAttr(t, 0)
}
