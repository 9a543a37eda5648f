package fn

import (
	"slices"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the func dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "func",
		Ops:  append(opTable{funcOp(), returnOp()}, dialectOps()...),
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// FunctionType returns the signature of a func.func, or nil when it has none.
func FunctionType(op *ir.Operation) *ir.FunctionType {
	if ta, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Value.(*ir.FunctionType)
		return ft
	}
	return nil
}

// IsExternal reports whether a func.func is a declaration (no body).
func IsExternal(op *ir.Operation) bool { return op.NumRegions() == 0 || op.Region(0).Empty() }

func funcOp() *ir.OpDef {
	spec := opsyntax.FuncSpec()
	return &ir.OpDef{
		Name:    "func.func",
		Summary: "An operation with a name containing a single `SSACFG` region",
		Doc: "Defines (with a body) or declares (without one) a function.\n\n" +
			"    func.func private @decl(i32) -> i32\n" +
			"    func.func @def(%arg0: i32 {llvm.noalias}) -> i32 attributes {a} {\n" +
			"      return %arg0 : i32\n" +
			"    }",
		Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.AffineScope | ir.AutomaticAllocationScope,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Attrs: []ir.AttrDef{
			ir.Attr("sym_name", ir.SymbolNameKind),
			ir.Attr("function_type", opsyntax.FunctionTypeKind),
			ir.OptAttr("sym_visibility", ir.StrAttrKind),
			ir.OptAttr("arg_attrs", opsyntax.DictArrayKind),
			ir.OptAttr("res_attrs", opsyntax.DictArrayKind),
		},
		Regions: []ir.RegionDef{{Name: "body"}},
		Verify:  verifyFunc,
		// The signature, with argument names and attributes, is too
		// irregular for a format (MLIR's function_interface_impl).
		Parse:          func(p ir.OpParser, st *ir.OperationState) error { return opsyntax.ParseFunctionOp(p, st, spec) },
		Print:          func(p ir.OpPrinter, op *ir.Operation) { opsyntax.PrintFunctionOp(p, op, spec) },
		DefaultDialect: "func",
	}
}

func verifyFunc(op *ir.Operation) error {
	ft := FunctionType(op)
	if err := verifyAttrArray(op, "arg_attrs", "argument", "arguments", len(ft.Inputs)); err != nil {
		return err
	}
	if err := verifyAttrArray(op, "res_attrs", "result", "results", len(ft.Results)); err != nil {
		return err
	}
	if IsExternal(op) {
		if ir.Visibility(op) == "public" {
			return op.Errorf("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := op.Region(0).Front()
	if entry.NumArguments() != len(ft.Inputs) {
		return op.Errorf("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Arguments() {
		if a.Type() != ft.Inputs[i] {
			return op.Errorf("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.Type(), ft.Inputs[i])
		}
	}
	return nil
}

// verifyAttrArray checks arg_attrs/res_attrs (an array of dictionaries,
// as the schema checks): one per argument (result), holding only dialect
// attributes (names with a dot).
func verifyAttrArray(op *ir.Operation, name, what, plural string, n int) error {
	arr, ok := op.Attr(name).(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	if len(arr.Elems) != n {
		return op.Errorf("expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d", what, plural, len(arr.Elems), n)
	}
	for _, e := range arr.Elems {
		for _, na := range e.(*ir.DictionaryAttr).Entries {
			if !strings.Contains(na.Name, ".") {
				return op.Errorf("%s may only have dialect attributes", plural)
			}
		}
	}
	return nil
}

func returnOp() *ir.OpDef {
	return opsyntax.ReturnLikeOp("func.return", "operands", "Function return operation",
		"Returns control and values from a func.func; operand types match the function's results.\n\n"+
			"    return %0, %1 : i32, f32", verifyReturn)
}

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || !fn.Is("func.func") {
		return op.Errorf("expects parent op 'func.func'")
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil // the function's own verifier reports it
	}
	name := ir.SymbolName(ir.SymbolNameOf(fn))
	if op.NumOperands() != len(ft.Results) {
		return op.Errorf("has %d operands, but enclosing function (%s) returns %d", op.NumOperands(), name, len(ft.Results))
	}
	for i, v := range op.Operands() {
		if v.Type() != ft.Results[i] {
			return ir.Errorf(op.Loc(), "type of return operand %d ('%s') doesn't match function result type ('%s') in function %s", i, v.Type(), ft.Results[i], name)
		}
	}
	return nil
}

// Callee returns the function a func.call refers to, or nil.
func Callee(call *ir.Operation) *ir.Operation { return opsyntax.DirectCallee(call, "func.func") }

// dialectOps is this file's part of the dialect's op table.
func dialectOps() opTable {
	return opTable{
		{
			Name:    "func.call",
			Summary: "call operation",
			Doc: "Calls a function by symbol; operand and result types match the callee's signature.\n\n" +
				"    %0:2 = call @f(%a, %b) : (i32, f32) -> (i32, f32)",
			Operands: []ir.ValueDef{ir.Var("operands", nil)},
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Attrs:    []ir.AttrDef{ir.Attr("callee", ir.FlatSymbolRefKind)},
			Verify:   verifyCall,
			Format:   "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
		},
		{
			Name:    "func.call_indirect",
			Summary: "indirect call operation",
			Doc: "Calls a function value; operand and result types match its function type.\n\n" +
				"    %0 = call_indirect %f(%a) : (i32) -> i32",
			Operands: []ir.ValueDef{
				ir.Operand("callee", ir.TypeOf("function type", func(t ir.Type) bool { _, ok := t.(*ir.FunctionType); return ok })),
				ir.Var("callee_operands", nil),
			},
			Results: []ir.ValueDef{ir.Var("results", nil)},
			Verify: func(op *ir.Operation) error {
				ft := op.Operand(0).Type().(*ir.FunctionType)
				if !slices.Equal(op.OperandTypes()[1:], ft.Inputs) {
					return op.Errorf("failed to verify that callee input types match argument types")
				}
				if !slices.Equal(op.ResultTypes(), ft.Results) {
					return op.Errorf("failed to verify that callee result types match result types")
				}
				return nil
			},
			Custom: map[string]ir.CustomDirective{"CalleeType": calleeType},
			Format: "$callee `(` $callee_operands `)` attr-dict `:` custom<CalleeType>(type($callee), type($callee_operands), type($results))",
		},
		{
			Name:    "func.constant",
			Summary: "constant",
			Doc: "Produces an SSA value of function type from a function symbol.\n\n" +
				"    %f = constant @callee : (i32) -> i32",
			Traits:   ir.Pure | ir.ConstantLike,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("result", nil)},
			Attrs:    []ir.AttrDef{ir.Attr("value", ir.FlatSymbolRefKind)},
			Verify: func(op *ir.Operation) error {
				ref := op.Attr("value").(*ir.SymbolRefAttr)
				fn := ir.LookupNearestSymbolFrom(op, ref)
				if fn == nil || !fn.Is("func.func") {
					return op.Errorf("reference to undefined function '%s'", ref.Root)
				}
				if ft := FunctionType(fn); ft != nil && ir.Type(ft) != op.Result(0).Type() {
					return op.Errorf("reference to function with mismatched type")
				}
				return nil
			},
			Format: "attr-dict $value `:` type(results)",
			Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
				return []ir.FoldResult{{Attr: op.Attr("value")}}
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "f") },
		},
	}
}

func verifyCall(op *ir.Operation) error {
	fn := Callee(op)
	if fn == nil {
		return op.Errorf("'%s' does not reference a valid function", op.Attr("callee").(*ir.SymbolRefAttr).Leaf())
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Inputs) {
		return op.Errorf("incorrect number of operands for callee")
	}
	for i, v := range op.Operands() {
		if v.Type() != ft.Inputs[i] {
			return op.Errorf("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], v.Type(), i)
		}
	}
	if op.NumResults() != len(ft.Results) {
		return op.Errorf("incorrect number of results for callee")
	}
	for i, r := range op.Results() {
		if r.Type() != ft.Results[i] {
			d := op.Errorf("result type mismatch at index %d", i)
			d.AttachNote(op.Loc(), "      op result types: %s", typeList(op.ResultTypes()))
			d.AttachNote(op.Loc(), "function result types: %s", typeList(ft.Results))
			return d
		}
	}
	return nil
}

func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "'" + t.String() + "'"
	}
	return strings.Join(parts, ", ")
}

// calleeType is the `: (inputs) -> results` of func.call_indirect: the
// callee's type, which also gives the arguments' and results' types (MLIR's
// TypesMatchWith lets its format infer them).
var calleeType = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		ft, err := ir.ParseTypeAs[*ir.FunctionType](p, "expected function type")
		if err != nil {
			return err
		}
		args[0].Types, args[1].Types, args[2].Types = []ir.Type{ft}, ft.Inputs, ft.Results
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) { p.PrintTypes(args[0].Types) },
}
