package fn

import (
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the func dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "func",
		Ops:  []*ir.OpDef{funcOp(), returnOp(), callOp(), callIndirectOp(), constantOp()},
	}
}

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
		Traits:         ir.IsolatedFromAbove | ir.Symbol | ir.AffineScope | ir.AutomaticAllocationScope,
		Inherent:       []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"},
		Verify:         verifyFunc,
		Parse:          func(p ir.OpParser, st *ir.OperationState) error { return opsyntax.ParseFunctionOp(p, st, spec) },
		Print:          func(p ir.OpPrinter, op *ir.Operation) { opsyntax.PrintFunctionOp(p, op, spec) },
		DefaultDialect: "func",
	}
}

func verifyFunc(op *ir.Operation) error {
	if _, ok := op.Attr("sym_name").(*ir.StringAttr); !ok {
		return op.Errorf("requires attribute 'sym_name'")
	}
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return op.Errorf("requires attribute 'function_type'")
	}
	ft, ok := ta.Value.(*ir.FunctionType)
	if !ok {
		return op.Errorf("attribute 'function_type' failed to satisfy constraint: type attribute of function type")
	}
	if v := op.Attr("sym_visibility"); v != nil {
		if _, ok := v.(*ir.StringAttr); !ok {
			return op.Errorf("attribute 'sym_visibility' failed to satisfy constraint: string attribute")
		}
	}
	if op.NumRegions() != 1 {
		return op.Errorf("requires one region")
	}
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

// verifyAttrArray checks arg_attrs/res_attrs: an array of dictionaries, one
// per argument (result), holding only dialect attributes (names with a dot).
func verifyAttrArray(op *ir.Operation, name, what, plural string, n int) error {
	a := op.Attr(name)
	if a == nil {
		return nil
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return op.Errorf("attribute '%s' failed to satisfy constraint: Array of dictionary attributes", name)
	}
	if len(arr.Elems) != n {
		return op.Errorf("expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d", what, plural, len(arr.Elems), n)
	}
	for _, e := range arr.Elems {
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			return op.Errorf("expects %s attribute dictionary", what)
		}
		for _, na := range d.Entries {
			if !strings.Contains(na.Name, ".") {
				return op.Errorf("%s may only have dialect attributes", plural)
			}
		}
	}
	return nil
}

func returnOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "func.return",
		Summary: "Function return operation",
		Doc: "Returns control and values from a func.func; operand types match the function's results.\n\n" +
			"    return %0, %1 : i32, f32",
		Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
		Verify: verifyReturn,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			ops, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			if len(ops) == 0 {
				return nil
			}
			return opsyntax.ParseColonOperandTypes(p, st, ops)
		},
		Print: opsyntax.PrintOptionalOperandsColonTypes,
	}
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
func Callee(call *ir.Operation) *ir.Operation {
	ref, ok := call.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	if f := ir.LookupNearestSymbolFrom(call, ref); f != nil && f.Is("func.func") {
		return f
	}
	return nil
}

func callOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "func.call",
		Summary: "call operation",
		Doc: "Calls a function by symbol; operand and result types match the callee's signature.\n\n" +
			"    %0:2 = call @f(%a, %b) : (i32, f32) -> (i32, f32)",
		Inherent: []string{"callee"},
		Verify:   verifyCall,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("callee", ir.SymbolRef(name))
			ops, err := p.ParseOperandList(ir.DelimParen)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			ft, err := parseColonFunctionType(p)
			if err != nil {
				return err
			}
			vs, err := resolveAll(p, ops, ft.Inputs)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, ft.Results...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintAttributeWithoutType(op.Attr("callee"))
			p.Print("(")
			p.PrintOperands(op.Operands())
			p.Print(")")
			p.PrintOptionalAttrDict(op.Attrs(), "callee")
			p.Print(" : ")
			p.PrintType(ir.Function(op.OperandTypes(), op.ResultTypes()))
		},
	}
}

func parseColonFunctionType(p ir.OpParser) (*ir.FunctionType, error) {
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, ir.Errorf(loc, "expected function type")
	}
	return ft, nil
}

func resolveAll(p ir.OpParser, ops []ir.UnresolvedOperand, ts []ir.Type) ([]*ir.Value, error) {
	if len(ops) != len(ts) {
		return nil, p.Errorf("%d operands present, but expected %d", len(ops), len(ts))
	}
	if len(ops) == 0 {
		return nil, nil
	}
	return p.ResolveOperands(ops, ts)
}

func verifyCall(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return op.Errorf("requires attribute 'callee'")
	}
	fn := Callee(op)
	if fn == nil {
		return op.Errorf("'%s' does not reference a valid function", ref.Leaf())
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

func callIndirectOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "func.call_indirect",
		Summary: "indirect call operation",
		Doc: "Calls a function value; operand and result types match its function type.\n\n" +
			"    %0 = call_indirect %f(%a) : (i32) -> i32",
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() < 1 {
				return op.Errorf("expected 1 or more operands, but found 0")
			}
			ft, ok := op.Operand(0).Type().(*ir.FunctionType)
			if !ok {
				return op.Errorf("operand #0 must be function type, but got '%s'", op.Operand(0).Type())
			}
			args := op.OperandTypes()[1:]
			if !sameTypes(args, ft.Inputs) {
				return op.Errorf("failed to verify that callee input types match argument types")
			}
			if !sameTypes(op.ResultTypes(), ft.Results) {
				return op.Errorf("failed to verify that callee result types match result types")
			}
			return nil
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			callee, err := p.ParseOperand()
			if err != nil {
				return err
			}
			ops, err := p.ParseOperandList(ir.DelimParen)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			ft, err := parseColonFunctionType(p)
			if err != nil {
				return err
			}
			cv, err := p.ResolveOperand(callee, ft)
			if err != nil {
				return err
			}
			vs, err := resolveAll(p, ops, ft.Inputs)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, cv), vs...)
			st.Types = append(st.Types, ft.Results...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print("(")
			p.PrintOperands(op.Operands()[1:])
			p.Print(")")
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
	}
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func constantOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "func.constant",
		Summary: "constant",
		Doc: "Produces an SSA value of function type from a function symbol.\n\n" +
			"    %f = constant @callee : (i32) -> i32",
		Traits:   ir.Pure | ir.ConstantLike,
		Inherent: []string{"value"},
		Verify: func(op *ir.Operation) error {
			ref, ok := op.Attr("value").(*ir.SymbolRefAttr)
			if !ok || len(ref.Nested) > 0 {
				return op.Errorf("requires attribute 'value'")
			}
			if op.NumResults() != 1 {
				return op.Errorf("requires one result")
			}
			fn := ir.LookupNearestSymbolFrom(op, ref)
			if fn == nil || !fn.Is("func.func") {
				return op.Errorf("reference to undefined function '%s'", ref.Root)
			}
			if ft := FunctionType(fn); ft != nil && ir.Type(ft) != op.Result(0).Type() {
				return op.Errorf("reference to function with mismatched type")
			}
			return nil
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("value", ir.SymbolRef(name))
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			st.Types = append(st.Types, t)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintAttributeWithoutType(op.Attr("value"))
			p.PrintOptionalAttrDict(op.Attrs(), "value")
			p.Print(" : ")
			p.PrintType(op.Result(0).Type())
		},
		Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
			return []ir.FoldResult{{Attr: op.Attr("value")}}
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "f") },
	}
}
