package nvvm

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// asyncOps is this file's part of the dialect's op table.
func asyncOps() opTable {
	return opTable{
		{
			Name:    "nvvm.cp.async.shared.global",
			Summary: "Asynchronous copy from global to shared memory",
			Doc: "Starts a copy of size bytes (4, 8 or 16) from src to dst that completes at the next " +
				"cp.async.wait.group covering its group; cpSize, when given, is the number of source bytes " +
				"read (the rest is zero-filled).\n\n" +
				"    nvvm.cp.async.shared.global %dst, %src, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>",
			Traits:   sync,
			Operands: []ir.ValueDef{ir.Operand("dst", sharedPtr), ir.Operand("src", globalPtr), ir.Opt("cpSize", nil)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("size", ir.I32AttrKind), ir.Attr("modifier", enumKind(LoadCacheKind))},
			Format: "$dst `,` $src `,` $size `,` `cache` `=` $modifier (`,` $cpSize^)? attr-dict `:` type($dst) `,` " +
				"type($src) (`,` type($cpSize)^)?",
			Verify: func(op *ir.Operation) error {
				mod, size := EnumValue(op, "modifier"), intAttr(op, "size")
				switch {
				case mod != "cg" && mod != "ca":
					return ir.Errorf(op.Loc(), "Only CG and CA cache modifiers are supported.")
				case size != 4 && size != 8 && size != 16:
					return ir.Errorf(op.Loc(), "expected byte size to be either 4, 8 or 16.")
				case mod == "cg" && size != 16:
					return ir.Errorf(op.Loc(), "CG cache modifier is only support for 16 bytes copy.")
				}
				return nil
			},
		},
		{
			Name:    "nvvm.cp.async.wait.group",
			Summary: "Wait for cp.async groups",
			Doc: "Waits until at most n of the thread's most recent cp.async groups are pending.\n\n" +
				"    nvvm.cp.async.wait.group 0",
			Traits:   sync,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("n", ir.I32AttrKind)},
			Format:   "$n attr-dict",
		},
		{
			Name:    "nvvm.cp.async.bulk.tensor.shared.cluster.global",
			Summary: "Async bulk tensor copy from global to shared memory (TMA load)",
			Doc: "Copies the box at coordinates of the tensor tmaDescriptor describes into dstMem, " +
				"completing on the mbarrier mbar; im2col offsets, a cluster multicast mask, an L2 cache hint " +
				"and a predicate are optional.\n\n" +
				"    nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %desc, %bar, box[%x, %y] : <3>, !llvm.ptr",
			Traits: sync,
			Operands: []ir.ValueDef{
				ir.Operand("dstMem", sharedPtr), ir.Operand("tmaDescriptor", anyPtr),
				ir.Var("coordinates", i32Type), ir.Operand("mbar", sharedPtr),
				ir.Var("im2colOffsets", i16Type), ir.Opt("multicastMask", i16Type),
				ir.Opt("l2CacheHint", i64Type), predicate,
			},
			Results: ir.NoValues,
			// mbar's type is not spelled: like dstMem it is a shared pointer.
			TypesMatchWith: []ir.TypeMatch{{From: "dstMem", To: "mbar", Desc: "mbar is a shared pointer",
				Transform: func(t ir.Type) ir.Type { return t }}},
			Custom: map[string]ir.CustomDirective{"LLVMPtr": ptrTypeDirective},
			Format: "$dstMem `,` $tmaDescriptor `,` $mbar `,` `box` `[` $coordinates `]` " +
				"(`im2col` `[` $im2colOffsets^ `]`)? (`multicast_mask` `=` $multicastMask^)? " +
				"(`l2_cache_hint` `=` $l2CacheHint^)? (`predicate` `=` $predicate^)? attr-dict `:` " +
				"custom<LLVMPtr>(type($dstMem)) `,` type($tmaDescriptor)",
			Verify: func(op *ir.Operation) error {
				coords, offsets := len(op.NamedOperands("coordinates")), len(op.NamedOperands("im2colOffsets"))
				if coords == 0 || coords > 5 {
					return ir.Errorf(op.Loc(), "expects coordinates between 1 to 5 dimension")
				}
				if offsets > 0 {
					if coords < 3 {
						return ir.Errorf(op.Loc(), "to use im2col mode, the tensor has to be at least 3-dimensional")
					}
					if coords != offsets+2 {
						return ir.Errorf(op.Loc(), "im2col offsets must be 2 less than number of coordinates")
					}
				}
				return nil
			},
		},
		{
			Name:    "nvvm.cp.async.bulk.tensor.global.shared.cta",
			Summary: "Async bulk tensor copy from shared to global memory (TMA store)",
			Doc: "Copies srcMem to the box at coordinates of the tensor tmaDescriptor describes.\n\n" +
				"    nvvm.cp.async.bulk.tensor.global.shared.cta %desc, %src, box[%x, %y] : !llvm.ptr, !llvm.ptr<3>, i32, i32",
			Traits: sync,
			Operands: []ir.ValueDef{
				ir.Operand("tmaDescriptor", anyPtr), ir.Operand("srcMem", sharedPtr),
				ir.Var("coordinates", i32Type), predicate,
			},
			Results: ir.NoValues,
			Format: "$tmaDescriptor `,` $srcMem `,` `box` `[` $coordinates `]` (`,` `predicate` `=` $predicate^)? " +
				"attr-dict `:` type(operands)",
			Verify: func(op *ir.Operation) error {
				if len(op.NamedOperands("coordinates")) > 5 {
					return ir.Errorf(op.Loc(), "Maximum 5 coordinates and dimension is supported.")
				}
				return nil
			},
		},
		{
			Name:    "nvvm.wgmma.wait.group.sync.aligned",
			Summary: "Wait for wgmma groups",
			Doc: "Waits until at most group of the warpgroup's most recent wgmma groups are pending.\n\n" +
				"    nvvm.wgmma.wait.group.sync.aligned 0",
			Traits:   sync,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("group", ir.I32AttrKind)},
			Format:   "attr-dict $group",
		},
		{
			Name:    "nvvm.prefetch.tensormap",
			Summary: "Prefetch a TMA descriptor",
			Doc: "Brings the tensor map at tmaDescriptor into the cache for later cp.async.bulk.tensor " +
				"ops; predicate, when given, guards it.\n\n    nvvm.prefetch.tensormap %desc : !llvm.ptr",
			Traits:   sync,
			Operands: []ir.ValueDef{ir.Operand("tmaDescriptor", anyPtr), predicate},
			Results:  ir.NoValues,
			Format:   "$tmaDescriptor (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)",
		},
	}
}

// mbarrierOps declares an mbarrier op and its `.shared` twin, which takes
// a shared-memory (address space 3) pointer instead of any pointer.
func mbarrierOps(name, summary, doc string, rest []ir.ValueDef, result *ir.ValueDef, format string) []*ir.OpDef {
	var defs []*ir.OpDef
	for _, shared := range []bool{false, true} {
		ptr, n := anyPtr, name
		if shared {
			ptr, n = sharedPtr, name+".shared"
		}
		d := &ir.OpDef{
			Name:     n,
			Summary:  summary,
			Doc:      doc,
			Traits:   sync,
			Operands: append([]ir.ValueDef{ir.Operand("addr", ptr)}, rest...),
			Results:  ir.NoValues,
			Format:   format,
		}
		if result != nil {
			d.Results = []ir.ValueDef{*result}
		}
		defs = append(defs, d)
	}
	return defs
}

var predicate = ir.Opt("predicate", i1Type)

func mbarrierAllOps() opTable {
	state := ir.Operand("res", nil)
	done := ir.Operand("res", nil)
	var defs []*ir.OpDef
	defs = append(defs, mbarrierOps("nvvm.mbarrier.init", "Initialize an mbarrier",
		"Initialises the mbarrier object at addr to phase 0 expecting count arrivals; predicate, when "+
			"given, guards the operation.\n\n    nvvm.mbarrier.init %bar, %count : !llvm.ptr, i32",
		[]ir.ValueDef{ir.Operand("count", i32Type), predicate}, nil,
		"$addr `,` $count (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.arrive", "Arrive on an mbarrier",
		"Counts the thread's arrival at the mbarrier and returns an opaque state of the phase it "+
			"arrived in.\n\n    %s = nvvm.mbarrier.arrive %bar : !llvm.ptr -> i64",
		nil, &state, "$addr attr-dict `:` type($addr) `->` type($res)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.arrive.nocomplete", "Arrive on an mbarrier without completing the phase",
		"Counts count arrivals at the mbarrier, which must not complete its current phase, and "+
			"returns the state of that phase.\n\n    %s = nvvm.mbarrier.arrive.nocomplete %bar, %n : !llvm.ptr, i32 -> i64",
		[]ir.ValueDef{ir.Operand("count", i32Type)}, &state,
		"$addr `,` $count attr-dict `:` type(operands) `->` type($res)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.inval", "Invalidate an mbarrier",
		"Invalidates the mbarrier object at addr so that its memory may be reused.\n\n"+
			"    nvvm.mbarrier.inval %bar : !llvm.ptr",
		nil, nil, "$addr attr-dict `:` type(operands)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.arrive.expect_tx", "Arrive on an mbarrier expecting bytes",
		"Raises the mbarrier's expected transaction count by txcount bytes, then arrives.\n\n"+
			"    nvvm.mbarrier.arrive.expect_tx %bar, %bytes : !llvm.ptr, i32",
		[]ir.ValueDef{ir.Operand("txcount", i32Type), predicate}, nil,
		"$addr `,` $txcount (`,` `predicate` `=` $predicate^)? attr-dict `:` type(operands)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.try_wait.parity", "Wait for an mbarrier phase by parity",
		"Waits (suspending up to ticks ns at a time) until the mbarrier phase of parity phase has "+
			"completed.\n\n    nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr, i32, i32",
		[]ir.ValueDef{ir.Operand("phase", i32Type), ir.Operand("ticks", i32Type)}, nil,
		"$addr `,` $phase `,` $ticks attr-dict `:` type(operands)")...)
	defs = append(defs, mbarrierOps("nvvm.mbarrier.test.wait", "Test an mbarrier phase",
		"Returns whether the phase state names (from mbarrier.arrive) has completed, without waiting.\n\n"+
			"    %done = nvvm.mbarrier.test.wait %bar, %s : !llvm.ptr, i64 -> i1",
		[]ir.ValueDef{ir.Operand("state", nil)}, &done,
		"$addr `,` $state attr-dict `:` type(operands) `->` type($res)")...)
	return defs
}

func wgmmaMmaAsyncOp() *ir.OpDef {
	wt, in := enumKind(WGMMATypeKind), enumKind(WGMMAScaleInKind)
	return &ir.OpDef{
		Name:    "nvvm.wgmma.mma_async",
		Summary: "Warpgroup matrix multiply-accumulate (wgmma.mma_async)",
		Doc: "The warpgroup starts D = A * B + D (scaleD zero: D = A * B) for one 64 x n x k tile whose " +
			"A and B live in shared memory, described by descriptorA and descriptorB; inouts holds the " +
			"thread's accumulator registers.\n\n" +
			"    %d = nvvm.wgmma.mma_async %da, %db, %acc, <m = 64, n = 32, k = 16>, D[<f32>, <one>], " +
			"A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, ...)> -> !llvm.struct<(f32, ...)>",
		Traits: sync,
		Operands: []ir.ValueDef{ir.Operand("inouts", anyStruct), ir.Operand("descriptorA", i64Type),
			ir.Operand("descriptorB", i64Type)},
		Results: []ir.ValueDef{ir.Operand("results", anyStruct)},
		Attrs: []ir.AttrDef{
			ir.Attr("shape", shapeKind), ir.Attr("typeA", wt), ir.Attr("typeB", wt), ir.Attr("typeD", wt),
			ir.Attr("scaleD", enumKind(WGMMAScaleOutKind)), ir.Attr("scaleA", in), ir.Attr("scaleB", in),
			ir.Attr("layoutA", layout), ir.Attr("layoutB", layout),
			ir.OptAttr("satfinite", enumKind(MMAIntOverflowKind)),
		},
		Format: "$descriptorA `,` $descriptorB `,` $inouts `,` $shape `,` " +
			"`D` `[` $typeD `,` $scaleD (`,` $satfinite^)? `]` `,` " +
			"`A` `[` $typeA `,` $scaleA `,` $layoutA `]` `,` " +
			"`B` `[` $typeB `,` $scaleB `,` $layoutB `]` " +
			"attr-dict `:` type($inouts) `->` type($results)",
		Verify: verifyWgmma,
	}
}

// wgmmaDataTypeOK reports whether D += A * B is a wgmma type combination.
func wgmmaDataTypeOK(d, a, b string) bool {
	f32or16 := d == "f32" || d == "f16"
	switch a {
	case "f16":
		return f32or16 && b == "f16"
	case "tf32":
		return d == "f32" && b == "tf32"
	case "u8", "s8":
		return d == "s32" && (b == "u8" || b == "s8")
	case "b1":
		return d == "s32" && b == "b1"
	case "bf16":
		return f32or16 && b == "bf16"
	case "e4m3", "e5m2":
		return f32or16 && (b == "e4m3" || b == "e5m2")
	}
	return false
}

// wgmmaK is the k of a wgmma with A of type a.
func wgmmaK(a string) int64 {
	switch a {
	case "f16", "bf16":
		return 16
	case "tf32":
		return 8
	case "u8", "s8", "e4m3", "e5m2":
		return 32
	case "b1":
		return 256
	}
	return 0
}

// wgmmaNOK reports whether n is a wgmma width for A of type a.
func wgmmaNOK(n int64, a string) bool {
	switch a {
	case "u8", "s8", "b1":
		return slices.Contains([]int64{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256}, n)
	}
	return n >= 8 && n <= 256 && n%8 == 0
}

func verifyWgmma(op *ir.Operation) error {
	fields, _ := StructFields(op.Result(0).Type())
	for _, f := range fields {
		if f != fields[0] {
			return op.Errorf("all elements in struct must be same type but there is '%s'", f)
		}
	}
	d, a, b := EnumValue(op, "typeD"), EnumValue(op, "typeA"), EnumValue(op, "typeB")
	if d != "f32" && d != "f16" && d != "s32" {
		return op.Errorf("does not support the given output type %s", d)
	}
	if d == "s32" && (EnumValue(op, "scaleA") == "neg" || EnumValue(op, "scaleB") == "neg") {
		return op.Errorf("has s32 output, scaleA and scaleB cannot be neg")
	}
	if !wgmmaDataTypeOK(d, a, b) {
		return op.Errorf("%s += %s * %s, it is not supported.", d, a, b)
	}
	shape, _ := op.Attr("shape").(*ShapeAttr)
	if shape.M != 64 {
		return op.Errorf("shape 'm' must be 64")
	}
	if k := wgmmaK(a); k != shape.K {
		return op.Errorf("shape 'k' must be %d for input type %s", k, a)
	}
	if !wgmmaNOK(shape.N, a) {
		return op.Errorf("has input type %s n is set to %d, it is not supported.", a, shape.N)
	}
	la, lb := EnumValue(op, "layoutA"), EnumValue(op, "layoutB")
	if a != "f16" && a != "bf16" && (la == "col" || lb == "row") {
		return op.Errorf("given layouts layout_a = %s and layout_b = %s for input types %s and %s requires "+
			"transpose. However, this is only supported for: f16 and bf16", la, lb, a, b)
	}
	want := shape.N / 2
	if d == "f16" {
		want = shape.N / 4
	}
	if int64(len(fields)) != want {
		return op.Errorf("results %d, however output struct has %d elements", want, len(fields))
	}
	if d != "s32" && EnumValue(op, "satfinite") == "satfinite" {
		return op.Errorf(" `satfinite` can be only used with s32 accumulator, however the current accumulator is %s", d)
	}
	return nil
}

// cpAsyncMbarrierArriveOps are cp.async.mbarrier.arrive(.shared): the
// mbarrier gets an arrival when the thread's prior cp.async ops complete;
// noinc keeps the pending count (the arrival was counted in init).
func cpAsyncMbarrierArriveOps() opTable {
	defs := mbarrierOps("nvvm.cp.async.mbarrier.arrive", "Arrive on an mbarrier when cp.async ops complete",
		"Makes the mbarrier at addr track the completion of the thread's prior cp.async operations: "+
			"it gets an arrival when they complete; with noinc the arrival is not added to the "+
			"expected count first.\n\n    nvvm.cp.async.mbarrier.arrive %bar {noinc = true} : !llvm.ptr",
		nil, nil, "$addr attr-dict `:` type(operands)")
	for _, d := range defs {
		d.Attrs = []ir.AttrDef{ir.DefaultAttr("noinc", ir.BoolAttrKind, ir.BoolAttr(false))}
	}
	return defs
}

// nonNegI32 is ConfinedAttr<I32Attr, [IntMinValue<0>]>.
var nonNegI32 = &ir.AttrConstraint{
	Desc: "32-bit signless integer attribute whose minimum value is 0",
	Type: ir.I32,
	Check: func(a ir.Attribute) bool {
		v, ok := a.(*ir.IntegerAttr)
		return ok && ir.I32AttrKind.Check(a) && v.Int() >= 0
	},
}

func bulkAsyncGroupOps() opTable {
	return opTable{
		bareOp("nvvm.cp.async.bulk.commit.group", "Commit the pending bulk async ops as a group",
			"Groups the thread's cp.async.bulk operations (TMA stores) issued since the last commit "+
				"into a bulk async-group.\n\n    nvvm.cp.async.bulk.commit.group", sync),
		{
			Name:    "nvvm.cp.async.bulk.wait_group",
			Summary: "Wait for bulk async groups",
			Doc: "Waits until at most group of the thread's most recent bulk async-groups are pending; " +
				"with read, until their source reads are done (the shared memory may be reused) rather " +
				"than their writes.\n\n    nvvm.cp.async.bulk.wait_group 0 {read}",
			Traits:   sync,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("group", nonNegI32), ir.OptAttr("read", ir.UnitAttrKind)},
			Format:   "$group attr-dict",
		},
	}
}
