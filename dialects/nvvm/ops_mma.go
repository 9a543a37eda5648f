package nvvm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// f16x2 is the register type of f16 fragments: two halves per 32-bit register.
var f16x2 = ir.Vector([]int64{2}, ir.F16, nil)

// FragmentType returns the register type and count of one lane's share of
// a WMMA fragment (MLIR's inferMMAType): f16 A/B fragments are 8 x
// vector<2xf16>, f16 C/D 4 x vector<2xf16>, f32 and s32 ones 8 registers,
// tf32 4 x i32, s8/u8 A/B 1, 2 or 4 x i32 by the fragment's parallel size.
// ok is false for a combination without registers.
func FragmentType(eltype, frag string, m, n, k int64) (ir.Type, int, bool) {
	rows, cols := m, n
	switch frag {
	case "a":
		cols = k
	case "b":
		rows = k
	}
	switch eltype {
	case "f16":
		if frag == "a" || frag == "b" {
			return f16x2, 8, true
		}
		return f16x2, 4, true
	case "f32":
		return ir.F32, 8, true
	case "tf32":
		return ir.I32, 4, true
	case "s8", "u8":
		parallel := int64(0)
		switch frag {
		case "a":
			parallel = rows
		case "b":
			parallel = cols
		}
		switch parallel {
		case 16:
			return ir.I32, 2, true
		case 8:
			return ir.I32, 1, true
		case 32:
			return ir.I32, 4, true
		}
	case "s32":
		return ir.I32, 8, true
	}
	return nil, 0, false
}

// wmmaShapes are the m x n x k geometries of the f16 and integer WMMA ops.
var wmmaShapes = [][3]int64{{16, 16, 16}, {32, 8, 16}, {8, 32, 16}}

// wmmaLoadStoreSupported reports whether LLVM has a wmma.load (frag a, b,
// c) or wmma.store (frag d, given as "c") intrinsic for the combination.
func wmmaLoadStoreSupported(m, n, k int64, eltype, frag string) bool {
	shape := [3]int64{m, n, k}
	if shape == [3]int64{16, 16, 8} {
		return eltype == "tf32" && (frag == "a" || frag == "b") || eltype == "f32" && frag == "c"
	}
	if !slices.Contains(wmmaShapes, shape) {
		return false
	}
	if frag == "a" || frag == "b" {
		return eltype == "f16" || eltype == "s8" || eltype == "u8"
	}
	return eltype == "f16" || eltype == "f32" || eltype == "s32"
}

// wmmaMmaSupported reports whether LLVM has a wmma.mma intrinsic for A/B of
// eltypeA accumulating into C/D of eltypeB.
func wmmaMmaSupported(m, n, k int64, eltypeA, eltypeB string) bool {
	shape := [3]int64{m, n, k}
	if shape == [3]int64{16, 16, 8} {
		return eltypeA == "tf32" && eltypeB == "f32"
	}
	if !slices.Contains(wmmaShapes, shape) {
		return false
	}
	switch eltypeA {
	case "f16":
		return eltypeB == "f16" || eltypeB == "f32"
	case "s8", "u8":
		return eltypeB == "s32"
	}
	return false
}

// mnk returns op's m, n and k attributes.
func mnk(op *ir.Operation) (int64, int64, int64) {
	return intAttr(op, "m"), intAttr(op, "n"), intAttr(op, "k")
}

var (
	mnkAttrs = []ir.AttrDef{ir.Attr("m", ir.I32AttrKind), ir.Attr("n", ir.I32AttrKind), ir.Attr("k", ir.I32AttrKind)}
	layout   = enumKind(MMALayoutKind)
	mmaType  = enumKind(MMATypeKind)
)

// wmmaPointerOK reports whether a WMMA access may use a pointer in space s:
// generic, global or shared.
func wmmaPointerOK(t ir.Type) bool {
	s, _ := PtrSpace(t)
	return s == GenericSpace || s == GlobalSpace || s == SharedSpace
}

// mmaOps is this file's part of the dialect's op table.
func mmaOps() opTable {
	return opTable{
		{
			Name:    "nvvm.wmma.load",
			Summary: "Warp synchronous matrix load",
			Doc: "The warp loads an m x n x k fragment (a, b or c) of eltype from ptr, rows (columns for " +
				"col layout) stride elements apart; each lane gets its registers as a struct.\n\n" +
				"    %a = nvvm.wmma.load %p, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, " +
				"layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, ...)>",
			Traits:   ir.MemRead,
			Operands: []ir.ValueDef{ir.Operand("ptr", anyPtr), ir.Operand("stride", i32Type)},
			Results:  []ir.ValueDef{ir.Operand("res", anyStruct)},
			Attrs: append(slices.Clone(mnkAttrs), ir.Attr("layout", layout), ir.Attr("eltype", mmaType),
				ir.Attr("frag", enumKind(MMAFragKind))),
			Format: "$ptr `,` $stride attr-dict `:` functional-type($ptr, $res)",
			Verify: func(op *ir.Operation) error {
				if !wmmaPointerOK(op.Operand(0).Type()) {
					return op.Errorf("expected source pointer in memory space 0, 1, 3")
				}
				m, n, k := mnk(op)
				eltype, frag := EnumValue(op, "eltype"), EnumValue(op, "frag")
				if !wmmaLoadStoreSupported(m, n, k, eltype, frag) {
					return op.Errorf("invalid attribute combination")
				}
				reg, count, _ := FragmentType(eltype, frag, m, n, k)
				if !isStructOf(op.Result(0).Type(), repeat(reg, count)...) {
					return op.Errorf("expected destination type is a structure of %d elements of type '%s'", count, reg)
				}
				return nil
			},
		},
		{
			Name:    "nvvm.wmma.store",
			Summary: "Warp synchronous matrix store",
			Doc: "The warp stores the m x n accumulator fragment whose registers each lane passes in args " +
				"to ptr, rows (columns for col layout) stride elements apart.\n\n" +
				"    nvvm.wmma.store %p, %ld, %d0, ..., %d7 {eltype = #nvvm.mma_type<f32>, k = 16 : i32, " +
				"layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, ..., f32",
			Traits:   ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("ptr", anyPtr), ir.Var("args", nil), ir.Operand("stride", i32Type)},
			Results:  ir.NoValues,
			Attrs:    append(slices.Clone(mnkAttrs), ir.Attr("layout", layout), ir.Attr("eltype", mmaType)),
			Format:   "$ptr `,` $stride `,` $args attr-dict `:` qualified(type($ptr)) `,` type($args)",
			Verify: func(op *ir.Operation) error {
				if !wmmaPointerOK(op.Operand(0).Type()) {
					return op.Errorf("expected operands to be a source pointer in memory space 0, 1, 3")
				}
				m, n, k := mnk(op)
				eltype := EnumValue(op, "eltype")
				if !wmmaLoadStoreSupported(m, n, k, eltype, "c") {
					return op.Errorf("invalid attribute combination")
				}
				reg, count, _ := FragmentType(eltype, "c", m, n, k)
				args := op.NamedOperands("args")
				if len(args) != count {
					return op.Errorf("expected %d data operands", count)
				}
				for _, a := range args {
					if a.Type() != reg {
						return op.Errorf("expected data operands of type '%s'", reg)
					}
				}
				return nil
			},
		},
		{
			Name:    "nvvm.wmma.mma",
			Summary: "Warp synchronous matrix-multiply accumulate using tensor cores",
			Doc: "The warp computes D = A * B + C; each lane passes its registers of A, B and C (in that " +
				"order) and gets its registers of D. eltypeA is the type of A and B, eltypeB that of C and D.\n\n" +
				"    %d = nvvm.wmma.mma %a0, ..., %c7 {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, " +
				"k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, " +
				"n = 16 : i32} : (vector<2xf16>, ..., f32) -> !llvm.struct<(f32, ...)>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Var("args", nil)},
			Results:  []ir.ValueDef{ir.Operand("res", anyStruct)},
			Attrs: append(slices.Clone(mnkAttrs), ir.Attr("layoutA", layout), ir.Attr("layoutB", layout),
				ir.Attr("eltypeA", mmaType), ir.Attr("eltypeB", mmaType)),
			Format: "$args attr-dict `:` functional-type($args, $res)",
			Verify: verifyWMMAMma,
		},
		{
			Name:    "nvvm.ldmatrix",
			Summary: "Cooperative matrix load",
			Doc: "The warp loads num 8x8 matrices of 16-bit elements from shared memory; each lane passes " +
				"the address of one row and gets one i32 (two elements) per matrix.\n\n" +
				"    %r = nvvm.ldmatrix %p {layout = #nvvm.mma_layout<row>, num = 4 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>",
			Traits:   ir.MemRead,
			Operands: []ir.ValueDef{ir.Operand("ptr", anyPtr)},
			Results:  []ir.ValueDef{ir.Operand("res", nil)},
			Attrs:    []ir.AttrDef{ir.Attr("num", ir.I32AttrKind), ir.Attr("layout", layout)},
			Format:   "$ptr attr-dict `:` functional-type($ptr, $res)",
			Verify: func(op *ir.Operation) error {
				if s, _ := PtrSpace(op.Operand(0).Type()); s != SharedSpace {
					return op.Errorf("expected source pointer in memory space 3")
				}
				num := intAttr(op, "num")
				if num != 1 && num != 2 && num != 4 {
					return op.Errorf("expected num attribute to be 1, 2 or 4")
				}
				t := op.Result(0).Type()
				if num == 1 && t != ir.I32 {
					return op.Errorf("expected destination type is i32")
				}
				if num > 1 && !isStructOf(t, repeat(ir.I32, int(num))...) {
					return op.Errorf("expected destination type is a structure of %d elements of type i32", num)
				}
				return nil
			},
		},
		{
			Name:    "nvvm.stmatrix",
			Summary: "Cooperative matrix store",
			Doc: "The warp stores one, two or four 8x8 matrices of 16-bit elements (one i32 source per " +
				"matrix and lane) to shared memory, each lane giving the address of one row (stmatrix); " +
				"col layout transposes.\n\n" +
				"    nvvm.stmatrix %p, %r0, %r1 {layout = #nvvm.mma_layout<row>} : !llvm.ptr<3>, i32, i32",
			Traits:   ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("ptr", sharedPtr), ir.Var("sources", i32Type)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("layout", layout)},
			Format:   "$ptr `,` $sources attr-dict `:` type(operands)",
			Verify: func(op *ir.Operation) error {
				if n := len(op.NamedOperands("sources")); n != 1 && n != 2 && n != 4 {
					return op.Errorf("expected num attribute to be 1, 2 or 4")
				}
				return nil
			},
		},
		{
			Name:    "nvvm.mma.sync",
			Summary: "cooperative matrix-multiply and accumulate",
			Doc: "The warp computes D = A * B + C for one m x n x k tile (mma.sync.aligned); each lane passes " +
				"its registers of A, B and C and gets its registers of D as a struct. The multiplicand PTX types " +
				"are inferred from the register types where they can be.\n\n" +
				"    %d = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%b0, %b1] C[%c0, %c1] {layoutA = #nvvm.mma_layout<row>, " +
				"layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, " +
				"vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Var("operandA", nil), ir.Var("operandB", nil), ir.Var("operandC", nil)},
			Results:  []ir.ValueDef{ir.Operand("res", anyStruct)},
			Attrs: []ir.AttrDef{
				ir.Attr("shape", shapeKind),
				ir.OptAttr("b1Op", enumKind(MMAB1OpKind)),
				ir.OptAttr("intOverflowBehavior", enumKind(MMAIntOverflowKind)),
				ir.Attr("layoutA", layout), ir.Attr("layoutB", layout),
				ir.OptAttr("multiplicandAPtxType", mmaType), ir.OptAttr("multiplicandBPtxType", mmaType),
			},
			Parse:  parseMmaSync,
			Print:  printMmaSync,
			Verify: verifyMmaSync,
		},
	}
}

func verifyWMMAMma(op *ir.Operation) error {
	m, n, k := mnk(op)
	ta, tc := EnumValue(op, "eltypeA"), EnumValue(op, "eltypeB")
	if !wmmaMmaSupported(m, n, k, ta, tc) {
		return op.Errorf("invalid attribute combination")
	}
	var want []ir.Type
	for _, f := range []struct{ t, frag string }{{ta, "a"}, {ta, "b"}, {tc, "c"}} {
		reg, count, _ := FragmentType(f.t, f.frag, m, n, k)
		want = append(want, repeat(reg, count)...)
	}
	if op.NumOperands() != len(want) {
		return op.Errorf("expected %d arguments", len(want))
	}
	for i, t := range want {
		if op.Operand(i).Type() != t {
			return op.Errorf("expected argument %d to be of type '%s'", i, t)
		}
	}
	reg, count, _ := FragmentType(tc, "c", m, n, k)
	if !isStructOf(op.Result(0).Type(), repeat(reg, count)...) {
		return op.Errorf("expected destination type is a structure of %d elements of type '%s'", count, reg)
	}
	return nil
}

// ---- nvvm.mma.sync ----

// mmaSyncOperandType infers the PTX type of an mma.sync operand from its
// register type (MLIR's MmaOp::inferOperandMMAType); "" when it cannot.
func mmaSyncOperandType(t ir.Type, accumulator bool) string {
	switch {
	case t == ir.F64:
		return "f64"
	case t == ir.F16 || t == f16x2:
		return "f16"
	case t == ir.F32 && accumulator:
		return "f32"
	case t == ir.F32:
		return "tf32"
	}
	if _, ok := t.(*ir.IntegerType); ok {
		if accumulator {
			return "s32"
		}
		return ""
	}
	if fields, ok := StructFields(t); ok && len(fields) > 0 {
		switch fields[0] {
		case "f64", "f16", "vector<2xf16>", "f32":
			return mmaSyncOperandType(scalarByName(fields[0]), accumulator)
		}
		if strings.HasPrefix(fields[0], "i") && accumulator {
			return "s32"
		}
	}
	return ""
}

func scalarByName(s string) ir.Type {
	switch s {
	case "f64":
		return ir.F64
	case "f16":
		return ir.F16
	case "f32":
		return ir.F32
	}
	return f16x2
}

var mmaSyncNames = [...]string{"A", "B", "C"}

func parseMmaSync(p ir.OpParser, st *ir.OperationState) error {
	var regs [3][]ir.UnresolvedOperand
	for i, name := range mmaSyncNames {
		if err := p.ParseKeyword(name); err != nil {
			return err
		}
		us, err := p.ParseOperandList(ir.DelimOptionalSquare)
		if err != nil {
			return err
		}
		regs[i] = us
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	if err := p.Parse(":"); err != nil {
		return err
	}
	if err := p.Parse("("); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if err := p.Parse(")"); err != nil {
		return err
	}
	if len(ts) != 3 {
		return ir.Errorf(loc, "expected one type for each operand segment but got %d types", len(ts))
	}
	var inferred [3]string
	groups := make([][]*ir.Value, 3)
	for i := range regs {
		vs, err := p.ResolveOperands(regs[i], repeat(ts[i], len(regs[i])))
		if err != nil {
			return err
		}
		groups[i] = vs
		// Upstream infers with isAccumulator = i < 2; kept for the same attributes.
		inferred[i] = mmaSyncOperandType(ts[i], i < 2)
	}
	if err := p.Parse("->"); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	for i, name := range []string{"multiplicandAPtxType", "multiplicandBPtxType"} {
		if st.HasAttr(name) {
			continue
		}
		if inferred[i] == "" {
			return ir.Errorf(loc, "attribute %s is not provided explicitly and cannot be inferred", name)
		}
		st.AddAttr(name, Enum(MMATypeKind, inferred[i]))
	}
	st.Types = append(st.Types, rt)
	st.SetOperandGroups(p.Context().OpDef("nvvm.mma.sync"), groups...)
	return nil
}

func printMmaSync(p ir.OpPrinter, op *ir.Operation) {
	elided := []string{ir.SegmentSizesAttr}
	var first [3]ir.Type
	for i, name := range mmaSyncNames {
		g := op.OperandGroup(i)
		if len(g) > 0 {
			first[i] = g[0].Type()
		}
		p.Print(" " + name + "[")
		p.PrintOperands(g)
		p.Print("] ")
	}
	// Upstream decides from the type of A's first register alone whether
	// the multiplicand types can be left out.
	if first[0] != nil && mmaSyncOperandType(first[0], false) != "" {
		elided = append(elided, "multiplicandAPtxType", "multiplicandBPtxType")
	}
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.Print(" : (")
	for i, t := range first {
		if i > 0 {
			p.Print(", ")
		}
		if t != nil {
			p.PrintType(t)
		}
	}
	p.Print(")")
	p.PrintArrowTypeList(op.ResultTypes())
}

// mmaSyncVariants computes the register types mma.sync allows for ptx type
// ptx at shape m (MLIR's MmaOp::verify tables).
func mmaSyncVariants(ptx string, m int64) (shapes [][3]int64, a, b, c [][]ir.Type, res []string, err string) {
	isInt := ptx == "s4" || ptx == "u4" || ptx == "s8" || ptx == "u8" || ptx == "b1"
	if m == 16 {
		switch ptx {
		case "tf32":
			res = append(res, structText(repeat(ir.F32, 4)...))
		case "f16", "bf16":
			// MLIR 19 gives bf16 the f16 registers (vector<2xf16>).
			res = append(res, structText(f16x2, f16x2), structText(repeat(ir.F32, 4)...))
		case "s4", "u4", "b1", "s8", "u8":
		default:
			return nil, nil, nil, nil, nil, "invalid shape or multiplicand type: " + ptx
		}
		kFactor, _ := mmaSyncKFactor(ptx)
		if isInt {
			res = append(res, structText(repeat(ir.I32, 4)...))
			c = append(c, repeat(ir.I32, 4))
		} else {
			c = append(c, repeat(f16x2, 2), repeat(ir.F32, 4))
		}
		// The operand shape is fixed by m; k selects one of two sizes.
		// unitA and unitB count the 8 x kFactor tiles of A and B.
		return [][3]int64{{16, 8, kFactor}, {16, 8, kFactor * 2}}, nil, nil, c, res, ""
	}
	if m == 8 {
		switch {
		case ptx == "f16":
			a = append(a, repeat(f16x2, 2))
			b = append(b, repeat(f16x2, 2))
			res = append(res, structText(repeat(f16x2, 4)...), structText(repeat(ir.F32, 8)...))
			c = append(c, repeat(f16x2, 4), repeat(ir.F32, 8))
			shapes = append(shapes, [3]int64{8, 8, 4})
		case ptx == "f64":
			a = append(a, []ir.Type{ir.F64})
			b = append(b, []ir.Type{ir.F64})
			c = append(c, repeat(ir.F64, 2))
			res = append(res, structText(repeat(ir.F64, 2)...))
			shapes = append(shapes, [3]int64{8, 8, 4})
		case isInt:
			a = append(a, []ir.Type{ir.I32})
			b = append(b, []ir.Type{ir.I32})
			c = append(c, repeat(ir.I32, 2))
			res = append(res, structText(repeat(ir.I32, 2)...))
			switch ptx {
			case "s4", "u4":
				shapes = append(shapes, [3]int64{8, 8, 32})
			case "s8", "u8":
				shapes = append(shapes, [3]int64{8, 8, 16})
			case "b1":
				shapes = append(shapes, [3]int64{8, 8, 128})
			}
		}
	}
	return shapes, a, b, c, res, ""
}

// mmaSyncKFactor is the k of one 8 x k tile of A for ptx at m = 16.
func mmaSyncKFactor(ptx string) (int64, ir.Type) {
	switch ptx {
	case "tf32":
		return 4, ir.I32
	case "f16", "bf16":
		return 8, f16x2
	case "s4", "u4":
		return 32, ir.I32
	case "b1":
		return 128, ir.I32
	}
	return 16, ir.I32
}

func verifyMmaSync(op *ir.Operation) error {
	shape, _ := op.Attr("shape").(*ShapeAttr)
	ptx := EnumValue(op, "multiplicandAPtxType")
	if shape == nil || ptx == "" {
		return op.Errorf("requires attribute 'multiplicandAPtxType'")
	}
	shapes, a, b, c, res, msg := mmaSyncVariants(ptx, shape.M)
	if msg != "" {
		return ir.Errorf(op.Loc(), "%s", msg)
	}
	if shape.M == 16 {
		kFactor, frag := mmaSyncKFactor(ptx)
		unitA := (shape.M / 8) * (shape.K / kFactor)
		unitB := (shape.N / 8) * (shape.K / kFactor)
		a = append(a, repeat(frag, int(unitA)))
		b = append(b, repeat(frag, int(unitB)))
	}
	got := [3]int64{shape.M, shape.N, shape.K}
	if len(a) == 0 || len(b) == 0 || len(c) == 0 || !slices.Contains(shapes, got) {
		return op.Errorf("unimplemented variant for MMA shape <%d, %d, %d>", got[0], got[1], got[2])
	}
	for i, allowed := range [][][]ir.Type{a, b, c} {
		seg := op.OperandGroup(i)
		types := make([]ir.Type, len(seg))
		names := make([]string, len(seg))
		for j, v := range seg {
			types[j], names[j] = v.Type(), v.Type().String()
		}
		if slices.ContainsFunc(allowed, func(ts []ir.Type) bool { return slices.Equal(ts, types) }) {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "Could not match types for the %s operands; expected one of ", mmaSyncNames[i])
		for _, ts := range allowed {
			if len(ts) > 0 {
				b.WriteString(strconv.Itoa(len(ts)) + "x" + ts[0].String() + " ")
			}
		}
		b.WriteString("but got " + strings.Join(names, ", "))
		return op.Errorf("%s", b.String())
	}
	rt := compact(op.Result(0).Type().String())
	if !slices.ContainsFunc(res, func(s string) bool { return compact(s) == rt }) {
		return op.Errorf("Could not match allowed types for the result; expected one of %s but got %s",
			strings.Join(res, ", "), op.Result(0).Type())
	}
	if ptx == "b1" && op.Attr("b1Op") == nil {
		return op.Errorf("op requires b1Op attribute")
	}
	if (ptx == "s4" || ptx == "u4" || ptx == "s8" || ptx == "u8") && op.Attr("intOverflowBehavior") == nil {
		return op.Errorf("op requires intOverflowBehavior attribute")
	}
	return nil
}
