package llvm

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// The ops that finalize-memref-to-llvm and convert-vector-to-llvm produce
// beyond plain loads and stores: stack allocation, masked vector memory
// access, memcpy, assume and the vector reductions, with upstream's names,
// attributes and syntax (those without a custom form upstream print
// generically there too).

func loweringOps() opTable {
	list := fixedLoweringOps()
	for _, r := range []string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin"} {
		list = append(list, intReductionOp(r))
	}
	for _, r := range []string{"fmax", "fmin", "fmaximum", "fminimum"} {
		list = append(list, floatReductionOp(r))
	}
	list = append(list, orderedReductionOp("fadd"), orderedReductionOp("fmul"))
	return list
}

// fixedLoweringOps are the lowering ops that are not families.
func fixedLoweringOps() opTable {
	return opTable{
		{
			Name:    "llvm.alloca",
			Summary: "LLVM alloca operation",
			Doc: "Allocates arraySize elements of elem_type on the stack of the enclosing function.\n\n" +
				"    %p = llvm.alloca %n x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr",
			Operands: []ir.ValueDef{ir.Operand("arraySize", anySignless)},
			Results:  []ir.ValueDef{ir.Operand("res", anyPtr)},
			Attrs: []ir.AttrDef{
				ir.OptAttr("alignment", i64Kind),
				ir.Attr("elem_type", typeAttrKind),
				ir.OptAttr("inalloca", ir.UnitAttrKind),
			},
			Format:  "(`inalloca` $inalloca^)? $arraySize `x` $elem_type attr-dict `:` functional-type(operands, results)",
			Effects: ir.FixedEffects(ir.OnResult(ir.Allocate, 0).In(ir.AutomaticAllocationScopeResource)),
		},
		{
			Name:    "llvm.intr.masked.load",
			Summary: "LLVM intrinsic llvm.masked.load",
			Doc: "Loads the lanes of a vector whose mask bit is set; the others come from pass_thru (undefined without it).\n\n" +
				"    %v = llvm.intr.masked.load %p, %m, %pt {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>",
			Operands: []ir.ValueDef{ir.Operand("data", anyPtr), ir.Operand("mask", i1Like), ir.Var("pass_thru", anyVector)},
			Results:  []ir.ValueDef{ir.Operand("res", anyVector)},
			Attrs:    []ir.AttrDef{ir.Attr("alignment", i32Kind), ir.OptAttr("nontemporal", ir.UnitAttrKind)},
			Format:   "$data `,` $mask (`,` $pass_thru^)? attr-dict `:` functional-type(operands, results)",
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
			Verify:   verifyMasked(0),
		},
		{
			Name:    "llvm.intr.masked.store",
			Summary: "LLVM intrinsic llvm.masked.store",
			Doc: "Stores the lanes of a vector whose mask bit is set.\n\n" +
				"    llvm.intr.masked.store %v, %p, %m {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr",
			Operands: []ir.ValueDef{ir.Operand("value", anyVector), ir.Operand("data", anyPtr), ir.Operand("mask", i1Like)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("alignment", i32Kind)},
			Format:   "$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))",
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
			Verify:   verifyMasked(-1),
		},
		{
			Name:    "llvm.intr.memcpy",
			Summary: "LLVM intrinsic llvm.memcpy",
			Doc: "Copies len bytes between non-overlapping memory.\n\n" +
				"    \"llvm.intr.memcpy\"(%dst, %src, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()",
			Operands: []ir.ValueDef{ir.Operand("dst", anyPtr), ir.Operand("src", anyPtr), ir.Operand("len", anySignless)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("isVolatile", ir.BoolAttrKind)},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 0), ir.OnOperand(ir.Read, 1)),
		},
		{
			Name:    "llvm.intr.assume",
			Summary: "LLVM intrinsic llvm.assume",
			Doc: "Tells the optimizer that cond holds.\n\n" +
				"    \"llvm.intr.assume\"(%c) : (i1) -> ()",
			Operands: []ir.ValueDef{ir.Operand("cond", ir.TypeOf("1-bit signless integer", func(t ir.Type) bool { return t == ir.I1 }))},
			Results:  ir.NoValues,
			// Upstream gives it memory effects so that it is not erased as dead.
			Effects: ir.FixedEffects(ir.OnOperand(ir.Write, -1)),
		},
	}
}

// verifyMasked checks that the mask has a lane per lane of the value (the
// result, res < 0, or operand 0) and that pass_thru has the result's type.
func verifyMasked(valueOperand int) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		var vt ir.Type
		mask := op.Operand(1)
		if valueOperand < 0 {
			vt, mask = op.Operand(0).Type(), op.Operand(2)
		} else {
			vt = op.Result(0).Type()
			if op.NumOperands() > 2 && op.Operand(2).Type() != vt {
				return op.Errorf("expected pass_thru of the result type")
			}
		}
		v, _ := vt.(*ir.VectorType)
		m, ok := mask.Type().(*ir.VectorType)
		if v == nil || !ok || len(m.Dims) != len(v.Dims) || m.Dims[0] != v.Dims[0] {
			return op.Errorf("expected a mask with one lane per vector lane")
		}
		return nil
	}
}

// verifyReduction checks that a reduction of operand in gives its element
// type (and that an ordered one starts from a value of that type).
func verifyReduction(in int) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		vt, ok := op.Operand(in).Type().(*ir.VectorType)
		if !ok || vt.Elem != op.Result(0).Type() {
			return op.Errorf("expected a result of the vector's element type")
		}
		if in == 1 && op.Operand(0).Type() != vt.Elem {
			return op.Errorf("expected a start value of the vector's element type")
		}
		return nil
	}
}

func intReductionOp(kind string) *ir.OpDef {
	return reductionOp(kind, "Reduces the lanes of an integer vector.\n\n    %%r = \"llvm.intr.%s\"(%%v) : (vector<4xi32>) -> i32",
		[]ir.ValueDef{ir.Operand("in", anyVector)}, anySignless, 0)
}

func floatReductionOp(kind string) *ir.OpDef {
	def := reductionOp(kind, "Reduces the lanes of a float vector.\n\n    %%r = llvm.intr.%s(%%v) : (vector<4xf32>) -> f32",
		[]ir.ValueDef{ir.Operand("in", anyVector)}, floatLike, 0)
	def.Attrs = []ir.AttrDef{fastMathDefault()}
	def.Format = "`(` $in `)` ` ` attr-dict ` ` `:` functional-type(operands, results)"
	return def
}

// orderedReductionOp is fadd/fmul: sequential from start_value unless the
// reassoc flag allows any order.
func orderedReductionOp(kind string) *ir.OpDef {
	def := reductionOp(kind, "Reduces the lanes of a float vector starting from start_value, in order unless reassoc is set.\n\n"+
		"    %%r = \"llvm.intr.%s\"(%%s, %%v) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32",
		[]ir.ValueDef{ir.Operand("start_value", floatLike), ir.Operand("input", anyVector)}, floatLike, 1)
	def.Attrs = []ir.AttrDef{fastMathDefault()}
	return def
}

// reductionOp declares llvm.intr.vector.reduce.<kind>, a pure reduction of
// operands to one result of type res (doc's %s is the intrinsic's name); the
// vector is operand vector.
func reductionOp(kind, doc string, operands []ir.ValueDef, res *ir.TypeConstraint, vector int) *ir.OpDef {
	name := "vector.reduce." + kind
	return &ir.OpDef{
		Name:     "llvm.intr." + name,
		Summary:  "LLVM intrinsic llvm." + name,
		Doc:      fmt.Sprintf(doc, name),
		Traits:   ir.Pure,
		Operands: operands,
		Results:  []ir.ValueDef{ir.Operand("res", res)},
		Verify:   verifyReduction(vector),
	}
}
