package llvm

import (
	"math/big"
	"slices"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// FuncType returns the signature of an llvm.func, or nil.
func FuncType(op *ir.Operation) *FunctionType {
	if ta, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Value.(*FunctionType)
		return ft
	}
	return nil
}

// LinkageOf returns the linkage keyword of an llvm.func or llvm.mlir.global
// ("external" when absent).
func LinkageOf(op *ir.Operation) string {
	if a, ok := op.Attr("linkage").(*LinkageAttr); ok {
		return a.Kind
	}
	return "external"
}

// funcSpec stores the signature as an `!llvm.func` type.
var funcSpec = opsyntax.FunctionOpSpec{
	TypeAttr: "function_type", ArgAttrs: "arg_attrs", ResAttrs: "res_attrs", AllowVariadic: true,
	Signature: func(op *ir.Operation) ([]ir.Type, []ir.Type, bool) {
		if ft := FuncType(op); ft != nil {
			return ft.Params, ft.Results(), ft.VarArg
		}
		return nil, nil, false
	},
}

// parseKeywordEnum reads an optional keyword of kws (skipping empty
// entries), returning its index or def.
func parseKeywordEnum(p ir.OpParser, kws []string, def int) int {
	var list []string
	for _, k := range kws {
		if k != "" {
			list = append(list, k)
		}
	}
	if kw, ok := p.ParseOptionalKeywordOf(list...); ok {
		return slices.Index(kws, kw)
	}
	return def
}

func intAttrValue(op *ir.Operation, name string) int64 {
	if ia, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return ia.Int()
	}
	return 0
}

func enumKeyword(kws []string, v int64) string {
	if v >= 0 && v < int64(len(kws)) {
		return kws[v]
	}
	return ""
}

// funcInherent are llvm.func's attributes that are properties upstream.
var funcInherent = []string{"passthrough", "dso_local", "section", "personality", "garbageCollector",
	"alignment", "comdat", "memory", "target_cpu", "target_features", "arm_streaming", "no_inline",
	"always_inline", "no_unwind", "will_return", "optimize_none", "frame_pointer", "tune_cpu",
	"unsafe_fp_math", "no_infs_fp_math", "no_nans_fp_math", "approx_func_fp_math", "no_signed_zeros_fp_math",
	"denormal_fp_math", "denormal_fp_math_f32", "fp_contract", "vscale_range", "convergent"}

// funcOps is this file's part of the dialect's op table.
func funcOps() opTable {
	return opTable{
		{
			Name:    "llvm.func",
			Summary: "LLVM dialect function.",
			Doc: "Defines or declares an LLVM function, with its linkage, visibility, unnamed_addr and calling " +
				"convention as keywords before the name.\n\n" +
				"    llvm.func @decl(i32, !llvm.ptr) -> f32\n" +
				"    llvm.func internal ptx_kernelcc @k(%arg0: !llvm.ptr {llvm.noalias}) {\n" +
				"      llvm.return\n" +
				"    }",
			Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
			Inherent: funcInherent,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{
				ir.Attr("sym_name", ir.SymbolNameKind),
				ir.OptAttr("sym_visibility", ir.StrAttrKind),
				ir.Attr("function_type", funcTypeKind),
				ir.DefaultAttr("linkage", linkageKind, Linkage("external")),
				ir.DefaultAttr("CConv", cconvKind, CConv("ccc")),
				ir.DefaultAttr("visibility_", visibilityKind, ir.IntAttr(ir.I64, 0)),
				ir.OptAttr("unnamed_addr", unnamedAddrKind),
				ir.OptAttr("arg_attrs", dictArrayKind),
				ir.OptAttr("res_attrs", dictArrayKind),
			},
			Regions: []ir.RegionDef{{Name: "body"}},
			Parse:   parseFunc,
			Print:   printFunc,
			Verify:  verifyFunc,
		},
		{
			Name:     "llvm.return",
			Summary:  "LLVM dialect return operation.",
			Doc:      "Returns from an llvm.func (or ends a global's initializer).\n\n    llvm.return %0 : i32",
			Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
			Operands: []ir.ValueDef{ir.Opt("arg", anyLLVMType)},
			Results:  ir.NoValues,
			Format:   "attr-dict ($arg^ `:` type($arg))?",
			Verify: func(op *ir.Operation) error {
				fn := op.ParentOp()
				if fn == nil || !fn.Is("llvm.func") {
					return nil
				}
				ft := FuncType(fn)
				if ft == nil {
					return nil
				}
				_, void := ft.Result.(*VoidType)
				switch {
				case void && op.NumOperands() > 0:
					return op.Errorf("expected no operands")
				case void:
					return nil
				case op.NumOperands() == 0:
					return op.Errorf("expected 1 operand")
				case op.Operand(0).Type() != ft.Result:
					return op.Errorf("mismatching result types")
				}
				return nil
			},
		},
		{
			Name:    "llvm.call",
			Summary: "Call to an LLVM function.",
			Doc: "Calls a function directly by symbol or indirectly through a pointer.\n\n" +
				"    %r = llvm.call @f(%a) : (i32) -> f32\n" +
				"    %s = llvm.call %fp(%a) : !llvm.ptr, (i32) -> f32\n" +
				"    %v = llvm.call @printf(%fmt, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32",
			Inherent: []string{"branch_weights", "memory", "access_groups", "alias_scopes", "noalias_scopes",
				"tbaa", "convergent", "no_unwind", "will_return"},
			Operands: []ir.ValueDef{ir.Var("callee_operands", anyLLVMType)},
			Results:  []ir.ValueDef{ir.Opt("result", anyLLVMType)},
			Attrs: []ir.AttrDef{
				ir.OptAttr("callee", ir.FlatSymbolRefKind),
				ir.OptAttr("var_callee_type", funcTypeKind),
				ir.DefaultAttr("CConv", cconvKind, CConv("ccc")),
				ir.DefaultAttr("TailCallKind", tailCallKind, TailCallKind("none")),
				fastMathDefault(),
			},
			Parse:  parseCall,
			Print:  printCall,
			Verify: verifyCall,
		},
		{
			Name:    "llvm.call_intrinsic",
			Summary: "Call to an LLVM intrinsic function.",
			Doc: "Calls an LLVM intrinsic by name, for intrinsics without an op of their own.\n\n" +
				"    %t = llvm.call_intrinsic \"llvm.nvvm.read.ptx.sreg.tid.x\"() : () -> i32",
			Operands: []ir.ValueDef{ir.Var("args", anyLLVMType)},
			Results:  []ir.ValueDef{ir.Opt("results", anyLLVMType)},
			Attrs:    []ir.AttrDef{ir.Attr("intrin", plainStrKind), fastMathDefault()},
			Format:   "$intrin `(` $args `)` `:` functional-type($args, $results) attr-dict",
		},
		{
			Name:    "llvm.mlir.global",
			Summary: "LLVM dialect global.",
			Doc: "Defines a global variable: a constant value, an initializer region, or neither (a " +
				"declaration or zero-initialised storage), in an address space.\n\n" +
				"    llvm.mlir.global internal constant @cst(dense<1.0> : tensor<4xf32>) : !llvm.array<4 x f32>\n" +
				"    llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>",
			Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.SingleBlock,
			Inherent: globalInherent,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{
				ir.Attr("global_type", ir.TypeAttrKind),
				ir.OptAttr("constant", ir.UnitAttrKind),
				ir.Attr("sym_name", ir.SymbolNameKind),
				ir.Attr("linkage", linkageKind),
				ir.OptAttr("thread_local_", ir.UnitAttrKind),
				ir.OptAttr("value", nil),
				ir.OptAttr("alignment", i64Kind),
				ir.DefaultAttr("addr_space", i32Kind, ir.IntAttr(ir.I32, 0)),
				ir.OptAttr("unnamed_addr", unnamedAddrKind),
				ir.DefaultAttr("visibility_", visibilityKind, ir.IntAttr(ir.I64, 0)),
			},
			Regions: []ir.RegionDef{{Name: "initializer"}},
			Parse:   parseGlobal,
			Print:   printGlobal,
			Verify:  verifyGlobal,
		},
		{
			Name:     "llvm.mlir.addressof",
			Summary:  "Creates a pointer pointing to a global or a function",
			Doc:      "The address of a global or function.\n\n    %p = llvm.mlir.addressof @cst : !llvm.ptr",
			Traits:   ir.Pure,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("res", anyPtr)},
			Attrs:    []ir.AttrDef{ir.Attr("global_name", ir.FlatSymbolRefKind)},
			Format:   "$global_name attr-dict `:` qualified(type($res))",
			Verify: func(op *ir.Operation) error {
				ref := op.Attr("global_name").(*ir.SymbolRefAttr)
				sym := ir.LookupNearestSymbolFrom(op, ref)
				if sym == nil || !sym.Is("llvm.mlir.global") && !sym.Is("llvm.func") && !sym.Is("llvm.mlir.alias") {
					return op.Errorf("must reference a global defined by 'llvm.mlir.global' or 'llvm.func'")
				}
				if sym.Is("llvm.mlir.global") && AddrSpace(sym) != op.Result(0).Type().(*PointerType).AddrSpace {
					return op.Errorf("pointer address space must match address space of the referenced global")
				}
				return nil
			},
		},
		{
			Name:    "llvm.mlir.constant",
			Summary: "Defines a constant of LLVM type.",
			Doc: "A scalar, vector or aggregate constant from its attribute.\n\n" +
				"    %c = llvm.mlir.constant(42 : i32) : i32\n" +
				"    %v = llvm.mlir.constant(dense<1.0> : vector<4xf32>) : vector<4xf32>",
			Traits:   ir.Pure | ir.ConstantLike,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("res", anyLLVMType)},
			Attrs:    []ir.AttrDef{ir.Attr("value", nil)},
			Format:   "`(` $value `)` attr-dict `:` type($res)",
			Verify:   verifyConstant,
			Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
				return []ir.FoldResult{{Attr: op.Attr("value")}}
			},
		},
		{
			Name:    "llvm.inline_asm",
			Summary: "Inline assembly",
			Doc: "Target assembly (PTX on NVIDIA GPUs) with LLVM's constraint string; not executable by the interpreter.\n\n" +
				"    %t = llvm.inline_asm has_side_effects \"mov.u32 $0, %tid.x;\", \"=r\" : () -> i32",
			Operands: []ir.ValueDef{ir.Var("operands", anyLLVMType)},
			Results:  []ir.ValueDef{ir.Opt("res", anyLLVMType)},
			Attrs: []ir.AttrDef{
				ir.Attr("asm_string", plainStrKind),
				ir.Attr("constraints", plainStrKind),
				ir.OptAttr("has_side_effects", ir.UnitAttrKind),
				ir.OptAttr("is_align_stack", ir.UnitAttrKind),
				ir.OptAttr("asm_dialect", asmDialectKind),
				ir.OptAttr("operand_attrs", ir.ArrayAttrKind),
			},
			Format: "(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? " +
				"(`asm_dialect` `=` $asm_dialect^)? (`operand_attrs` `=` $operand_attrs^)? attr-dict " +
				"$asm_string `,` $constraints $operands `:` functional-type($operands, results)",
		},
		{
			Name:     "llvm.unreachable",
			Summary:  "LLVM unreachable operation",
			Doc:      "Marks a point control never reaches.\n\n    llvm.unreachable",
			Traits:   ir.Terminator,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Format:   "attr-dict",
		},
		{
			Name:       "llvm.br",
			Summary:    "LLVM branch operation",
			Doc:        "Jumps to a block, passing its arguments.\n\n    llvm.br ^bb1(%a : i32)",
			Traits:     ir.Pure | ir.Terminator,
			Inherent:   []string{"loop_annotation"},
			Operands:   []ir.ValueDef{ir.Var("destOperands", anyLLVMType)},
			Results:    ir.NoValues,
			Successors: []ir.SuccessorDef{{Name: "dest"}},
			Format:     opsyntax.DestFormat("dest", "destOperands") + " attr-dict",
		},
		{
			Name:    "llvm.cond_br",
			Summary: "LLVM conditional branch operation",
			Doc:     "Jumps to the first block when the i1 holds, else to the second.\n\n    llvm.cond_br %c, ^bb1(%a : i32), ^bb2",
			Traits:  ir.Pure | ir.Terminator,
			Operands: []ir.ValueDef{
				ir.Operand("condition", ir.I1Constraint),
				ir.Var("trueDestOperands", anyLLVMType),
				ir.Var("falseDestOperands", anyLLVMType),
			},
			Results:    ir.NoValues,
			Attrs:      []ir.AttrDef{ir.OptAttr("branch_weights", bracketI32ArrayKind)},
			Inherent:   []string{"loop_annotation"},
			Successors: []ir.SuccessorDef{{Name: "trueDest"}, {Name: "falseDest"}},
			Format: "$condition (`weights` `(` $branch_weights^ `)`)? `,` " + opsyntax.DestFormat("trueDest", "trueDestOperands") + " `,` " +
				opsyntax.DestFormat("falseDest", "falseDestOperands") + " attr-dict",
		},
		{
			Name:    "llvm.switch",
			Summary: "Switch operation",
			Doc: "Jumps to the block of the case value equal to the integer, or to the default block.\n\n" +
				"    llvm.switch %x : i32, ^bb1 [\n      1: ^bb2(%a : i32),\n      2: ^bb3\n    ]",
			Traits: ir.Pure | ir.Terminator,
			Operands: []ir.ValueDef{
				ir.Operand("value", anySignless),
				ir.Var("defaultOperands", anyLLVMType),
				ir.Var("caseOperands", anyLLVMType),
			},
			Results:    ir.NoValues,
			Successors: []ir.SuccessorDef{{Name: "defaultDestination"}, {Name: "caseDestinations", Arity: ir.Variadic}},
			Attrs: []ir.AttrDef{
				ir.OptAttr("case_values", nil),
				ir.Attr("case_operand_segments", ir.DenseI32ArrayKind),
				ir.OptAttr("branch_weights", ir.DenseI32ArrayKind),
			},
			Parse:  parseSwitch,
			Print:  printSwitch,
			Verify: verifySwitch,
		},
	}
}

// parseSymbolPrefix reads the optional keywords that llvm.func and
// llvm.mlir.global both start with, in upstream's order: linkage (external
// by default), visibility and unnamed_addr.
func parseSymbolPrefix(p ir.OpParser, st *ir.OperationState) {
	st.AddAttr("linkage", Linkage(linkages[parseKeywordEnum(p, linkages, 10)]))
	st.AddAttr("visibility_", ir.IntAttr(ir.I64, int64(parseKeywordEnum(p, visibilities, 0))))
	st.AddAttr("unnamed_addr", ir.IntAttr(ir.I64, int64(parseKeywordEnum(p, unnamedAddrs, 0))))
}

func parseFunc(p ir.OpParser, st *ir.OperationState) error {
	parseSymbolPrefix(p, st)
	st.AddAttr("CConv", CConv(cconvs[parseKeywordEnum(p, cconvs, 0)]))
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	loc := p.Loc()
	sig, err := opsyntax.ParseFunctionSignature(p, true)
	if err != nil {
		return err
	}
	if len(sig.Results) > 1 {
		return ir.Errorf(loc, "failed to construct function type: expected zero or one function result")
	}
	for _, t := range sig.ArgTypes() {
		if !IsCompatibleType(t) {
			return ir.Errorf(loc, "failed to construct function type: expected LLVM type for function arguments")
		}
	}
	var res ir.Type = Void()
	if len(sig.Results) == 1 {
		res = sig.Results[0]
		if !IsCompatibleType(res) {
			return ir.Errorf(loc, "failed to construct function type: expected LLVM type for function results%s", res)
		}
	}
	st.AddAttr("function_type", ir.TypeAttrOf(Func(res, sig.ArgTypes(), sig.Variadic)))
	return opsyntax.ParseFunctionTail(p, st, sig, opsyntax.FuncSpec())
}

func printFunc(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	if l := LinkageOf(op); l != "external" {
		p.Print(l + " ")
	}
	if v := enumKeyword(visibilities, intAttrValue(op, "visibility_")); v != "" {
		p.Print(v + " ")
	}
	if u := enumKeyword(unnamedAddrs, intAttrValue(op, "unnamed_addr")); u != "" {
		p.Print(u + " ")
	}
	if c, ok := op.Attr("CConv").(*CConvAttr); ok && c.Kind != "ccc" {
		p.Print(c.Kind + " ")
	}
	if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		p.PrintSymbolName(name.Value)
	}
	opsyntax.PrintFunctionSignature(p, op, funcSpec)
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "function_type", "arg_attrs", "res_attrs",
		"linkage", "CConv", "visibility_", "unnamed_addr")
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.Print(" ")
		p.PrintRegion(op.Region(0), false, true)
	}
}

// IsExternal reports whether an llvm.func is a declaration (no body).
func IsExternal(op *ir.Operation) bool { return op.NumRegions() == 0 || op.Region(0).Empty() }

func verifyFunc(op *ir.Operation) error {
	ft := FuncType(op)
	link := LinkageOf(op)
	if link == "common" {
		return op.Errorf("functions cannot have 'common' linkage")
	}
	if IsExternal(op) {
		if link != "external" && link != "extern_weak" {
			return op.Errorf("external functions must have 'external' or 'extern_weak' linkage")
		}
		return nil
	}
	return opsyntax.VerifyEntryArgs(op, ft.Params)
}

// ---- calls ----

// Callee returns the llvm.func a direct llvm.call refers to, or nil.
func Callee(call *ir.Operation) *ir.Operation {
	return opsyntax.ReferencedOp(call, "callee", "llvm.func")
}

func parseCall(p ir.OpParser, st *ir.OperationState) error {
	st.AddAttr("CConv", CConv(cconvs[parseKeywordEnum(p, cconvs, 0)]))
	st.AddAttr("TailCallKind", TailCallKind(tailCallKinds[parseKeywordEnum(p, tailCallKinds, 0)]))
	name, direct := p.ParseOptionalSymbolName()
	var calleeOp ir.UnresolvedOperand
	if direct {
		st.AddAttr("callee", ir.SymbolRef(name))
	} else {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		calleeOp = u
	}
	args, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if p.ParseOptionalKeyword("vararg") {
		if err := p.Parse("("); err != nil {
			return err
		}
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		if _, ok := t.(*FunctionType); !ok {
			return ir.Errorf(loc, "expected LLVM function type for vararg")
		}
		st.AddAttr("var_callee_type", ir.TypeAttrOf(t))
		if err := p.Parse(")"); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if !hasAttrNamed(st, fastMathAttr) {
		st.AddAttr(fastMathAttr, FastMath(FastMathNone))
	}
	if err := p.Parse(":"); err != nil {
		return err
	}
	if !direct {
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		if !isPtr(t) {
			return ir.Errorf(loc, "indirect call expects a pointer as callee: %s", t)
		}
		v, err := p.ResolveOperand(calleeOp, t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
		if err := p.Parse(","); err != nil {
			return err
		}
	}
	loc := p.Loc()
	ft, err := ir.ParseTypeAs[*ir.FunctionType](p, "expected function type")
	if err != nil {
		return err
	}
	if len(ft.Results) > 1 {
		return ir.Errorf(loc, "expected function with 0 or 1 result")
	}
	if len(args) != len(ft.Inputs) {
		return ir.Errorf(loc, "expected %d types to match the number of operands, but got %d", len(args), len(ft.Inputs))
	}
	return opsyntax.AddResolved(p, st, args, ft.Inputs, ft.Results...)
}

func printCall(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	if c, ok := op.Attr("CConv").(*CConvAttr); ok && c.Kind != "ccc" {
		p.Print(c.Kind + " ")
	}
	if t, ok := op.Attr("TailCallKind").(*TailCallKindAttr); ok && t.Kind != "none" {
		p.Print(t.Kind + " ")
	}
	args := op.Operands()
	ref, direct := op.Attr("callee").(*ir.SymbolRefAttr)
	if direct {
		p.PrintSymbolName(ref.Leaf())
	} else if len(args) > 0 {
		p.PrintOperand(args[0])
		args = args[1:]
	}
	p.Print("(")
	p.PrintOperands(args)
	p.Print(")")
	if ta, ok := op.Attr("var_callee_type").(*ir.TypeAttr); ok {
		p.Print(" vararg(")
		p.PrintType(ta.Value)
		p.Print(")")
	}
	elided := []string{"callee", "TailCallKind", "var_callee_type", "CConv"}
	if FastMathOf(op) == FastMathNone {
		elided = append(elided, fastMathAttr)
	}
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.Print(" : ")
	if !direct && op.NumOperands() > 0 {
		p.PrintType(op.Operand(0).Type())
		p.Print(", ")
	}
	ins := make([]ir.Type, len(args))
	for i, a := range args {
		ins[i] = a.Type()
	}
	p.PrintType(ir.Function(ins, op.ResultTypes()))
}

func verifyCall(op *ir.Operation) error {
	args := op.Operands()
	var ft *FunctionType
	if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		sym := ir.LookupNearestSymbolFrom(op, ref)
		if sym == nil {
			return op.Errorf("'%s' does not reference a symbol in the current scope", ref.Leaf())
		}
		if !sym.Is("llvm.func") {
			return op.Errorf("'%s' does not reference a valid LLVM function", ref.Leaf())
		}
		ft = FuncType(sym)
	} else {
		if len(args) == 0 {
			return op.Errorf("must have either a `callee` attribute or at least an operand")
		}
		if !isPtr(args[0].Type()) {
			return op.Errorf("indirect call expects a pointer as callee: '%s'", args[0].Type())
		}
		args = args[1:]
		if ta, ok := op.Attr("var_callee_type").(*ir.TypeAttr); ok {
			ft, _ = ta.Value.(*FunctionType)
		}
	}
	if ft == nil {
		return nil // an indirect call's signature is its operands'
	}
	if vt, ok := op.Attr("var_callee_type").(*ir.TypeAttr); ok {
		if vft, ok := vt.Value.(*FunctionType); ok && len(vft.Params) > len(args) {
			return op.Errorf("expected var_callee_type to have at most %d parameters", len(args))
		}
	}
	if !ft.VarArg && len(args) != len(ft.Params) {
		return op.Errorf("incorrect number of operands (%d) for callee (expecting: %d)", len(args), len(ft.Params))
	}
	if ft.VarArg && len(args) < len(ft.Params) {
		return op.Errorf("incorrect number of operands (%d) for callee (expecting: %d)", len(args), len(ft.Params))
	}
	if ft.VarArg && op.Attr("var_callee_type") == nil {
		return op.Errorf("missing var_callee_type attribute for vararg call")
	}
	for i, pt := range ft.Params {
		if args[i].Type() != pt {
			return op.Errorf("operand type mismatch for operand %d: '%s' != '%s'", i, args[i].Type(), pt)
		}
	}
	res := ft.Results()
	if len(res) != op.NumResults() {
		if len(res) == 0 {
			return op.Errorf("calling function with void result must not produce values")
		}
		return op.Errorf("expected function call to produce a value")
	}
	if len(res) == 1 && res[0] != op.Result(0).Type() {
		return op.Errorf("result type mismatch: '%s' != '%s'", op.Result(0).Type(), res[0])
	}
	return nil
}

// ---- globals and constants ----

var globalInherent = []string{"section", "comdat", "dbg_expr", "dso_local", "externally_initialized", "target_specific_attrs"}

func parseGlobal(p ir.OpParser, st *ir.OperationState) error {
	parseSymbolPrefix(p, st)
	if p.ParseOptionalKeyword("thread_local") {
		st.AddAttr("thread_local_", &ir.UnitAttr{})
	}
	if p.ParseOptionalKeyword("constant") {
		st.AddAttr("constant", &ir.UnitAttr{})
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	if err := p.Parse("("); err != nil {
		return err
	}
	var value ir.Attribute
	if !p.ParseOptional(")") {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		value = a
		st.AddAttr("value", a)
		if err := p.Parse(")"); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if !hasAttrNamed(st, "addr_space") {
		st.AddAttr("addr_space", ir.IntAttr(ir.I32, 0))
	}
	r := st.AddRegion()
	loc := p.Loc()
	types, err := p.ParseOptionalColonTypeList()
	if err != nil {
		return err
	}
	if len(types) > 1 {
		return ir.Errorf(loc, "expected zero or one type")
	}
	if len(types) == 0 {
		s, ok := value.(*ir.StringAttr)
		if !ok {
			return ir.Errorf(loc, "type can only be omitted for string globals")
		}
		types = []ir.Type{Array(int64(len(s.Value)), ir.I8)}
	}
	st.AddAttr("global_type", ir.TypeAttrOf(types[0]))
	if _, err := p.ParseOptionalRegion(r, nil); err != nil {
		return err
	}
	return nil
}

func hasAttrNamed(st *ir.OperationState, name string) bool {
	for _, a := range st.Attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

// GlobalType returns the type of an llvm.mlir.global.
func GlobalType(op *ir.Operation) ir.Type {
	if ta, ok := op.Attr("global_type").(*ir.TypeAttr); ok {
		return ta.Value
	}
	return nil
}

// AddrSpace returns an llvm.mlir.global's address space.
func AddrSpace(op *ir.Operation) int { return int(intAttrValue(op, "addr_space")) }

func printGlobal(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" " + LinkageOf(op) + " ")
	if v := enumKeyword(visibilities, intAttrValue(op, "visibility_")); v != "" {
		p.Print(v + " ")
	}
	// unnamed_addr before thread_local: the order upstream's parser reads.
	if u := enumKeyword(unnamedAddrs, intAttrValue(op, "unnamed_addr")); u != "" {
		p.Print(u + " ")
	}
	if op.Attr("thread_local_") != nil {
		p.Print("thread_local ")
	}
	if op.Attr("constant") != nil {
		p.Print("constant ")
	}
	if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		p.PrintSymbolName(name.Value)
	}
	p.Print("(")
	value := op.Attr("value")
	if value != nil {
		p.PrintAttribute(value)
	}
	p.Print(")")
	p.PrintOptionalAttrDict(op.Attrs(), "sym_name", "global_type", "constant", "value", "linkage",
		"unnamed_addr", "thread_local_", "visibility_")
	if _, ok := value.(*ir.StringAttr); ok && GlobalType(op) == Array(int64(len(value.(*ir.StringAttr).Value)), ir.I8) {
		return
	}
	p.Print(" : ")
	p.PrintType(GlobalType(op))
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.Print(" ")
		p.PrintRegion(op.Region(0), false, true)
	}
}

func verifyGlobal(op *ir.Operation) error {
	t := GlobalType(op)
	if !validElementType(t) {
		return op.Errorf("expects type to be a valid element type for an LLVM global")
	}
	if s, ok := op.Attr("value").(*ir.StringAttr); ok {
		at, ok := t.(*ArrayType)
		if !ok || at.Elem != ir.I8 || at.Len != int64(len(s.Value)) {
			return op.Errorf("requires an i8 array type of the length equal to that of the string attribute")
		}
	}
	hasRegion := op.NumRegions() > 0 && !op.Region(0).Empty()
	if hasRegion && op.Attr("value") != nil {
		return op.Errorf("cannot have both initializer value and region")
	}
	switch LinkageOf(op) {
	case "appending":
		if _, ok := t.(*ArrayType); !ok {
			return op.Errorf("expected array type for 'appending' linkage")
		}
	}
	if a := intAttrValue(op, "alignment"); op.Attr("alignment") != nil && (a <= 0 || a&(a-1) != 0) {
		return op.Errorf("alignment attribute is not a power of 2")
	}
	if hasRegion {
		term := op.Region(0).Front().Terminator()
		if term != nil && term.Is("llvm.return") && term.NumOperands() == 1 && term.Operand(0).Type() != t {
			return op.Errorf("initializer region type '%s' does not match global type '%s'", term.Operand(0).Type(), t)
		}
	}
	return nil
}

// Global returns the llvm.mlir.global an llvm.mlir.addressof names, or nil.
func Global(addressOf *ir.Operation) *ir.Operation {
	return opsyntax.ReferencedOp(addressOf, "global_name", "llvm.mlir.global")
}

func verifyConstant(op *ir.Operation) error {
	t := op.Result(0).Type()
	switch v := op.Attr("value").(type) {
	case *ir.StringAttr:
		at, ok := t.(*ArrayType)
		if !ok || at.Elem != ir.I8 || at.Len != int64(len(v.Value)) {
			return op.Errorf("expected array type of %d i8 elements for the string constant", len(v.Value))
		}
	case *ir.IntegerAttr:
		if _, ok := t.(*ir.IntegerType); !ok {
			return op.Errorf("expected integer type")
		}
		if v.Type() != t && !(v.Type() == ir.Index) {
			// MLIR checks the width only; the attribute's type may differ in width.
			if ir.BitWidth(v.Type()) > ir.BitWidth(t) {
				return op.Errorf("integer constant attribute is wider than the result type")
			}
		}
	case *ir.FloatAttr:
		if ft, ok := t.(*ir.FloatType); ok && ft.Width() != ir.BitWidth(v.Type()) {
			return op.Errorf("expected float type of width %d", ir.BitWidth(v.Type()))
		}
	case *ir.DenseElementsAttr, *ir.ArrayAttr, *ir.DenseResourceAttr:
	default:
		return op.Errorf("only supports integer, float, string or elements attributes")
	}
	return nil
}

// valueOnly builds llvm.mlir.undef, poison and zero.
func valueOnly(name, summary, doc string) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   ir.Pure | ir.ConstantLike,
		Operands: ir.NoValues,
		Results:  []ir.ValueDef{ir.Operand("res", anyLLVMType)},
		Format:   "attr-dict `:` type($res)",
	}
}

// ---- inline asm ----

// ---- control flow ----

// SwitchCases returns an llvm.switch's case values (nil when it has none).
func SwitchCases(op *ir.Operation) []int64 {
	d, ok := op.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	n := ir.NumElements(d.ShapedType().Shape())
	out := make([]int64, 0, n)
	for i := int64(0); i < n; i++ {
		e := d.Elements[0]
		if !d.Splat {
			e = d.Elements[i]
		}
		if ia, ok := e.(*ir.IntegerAttr); ok {
			out = append(out, ia.Int())
		}
	}
	return out
}

// SwitchCaseOperands returns the operands passed to case i's block.
func SwitchCaseOperands(op *ir.Operation, i int) []*ir.Value {
	segs, ok := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	if !ok || i >= len(segs.Ints) {
		return nil
	}
	rest := op.OperandGroup(2)
	start := int64(0)
	for _, n := range segs.Ints[:i] {
		start += n
	}
	if start+segs.Ints[i] > int64(len(rest)) {
		return nil
	}
	return rest[start : start+segs.Ints[i]]
}

func verifySwitch(op *ir.Operation) error {
	nCases := len(op.Successors()) - 1
	cases := SwitchCases(op)
	if op.Attr("case_values") == nil && nCases > 0 || op.Attr("case_values") != nil && len(cases) != nCases {
		return op.Errorf("expects number of case values to match number of case destinations")
	}
	if d, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok && ir.ElementTypeOrSelf(d.Type()) != op.Operand(0).Type() {
		return op.Errorf("expects case value type to match condition value type")
	}
	segs := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	total := int64(0)
	for _, n := range segs.Ints {
		total += n
	}
	if total != int64(len(op.OperandGroup(2))) {
		return op.Errorf("caseOperands count (%d) does not match with the total size (%d) specified in attribute 'case_operand_segments'", len(op.OperandGroup(2)), total)
	}
	if err := ir.VerifySuccessorOperands(op, 0, op.OperandGroup(1)); err != nil {
		return err
	}
	for i := 0; i < nCases; i++ {
		if err := ir.VerifySuccessorOperands(op, i+1, SwitchCaseOperands(op, i)); err != nil {
			return err
		}
	}
	if w, ok := op.Attr("branch_weights").(*ir.DenseArrayAttr); ok && len(w.Ints) != nCases+1 {
		// Upstream reports this one without the op prefix.
		return ir.Errorf(op.Loc(), "expects number of branch weights to match number of successors: %d vs %d", len(w.Ints), nCases+1)
	}
	return nil
}

func parseSwitch(p ir.OpParser, st *ir.OperationState) error {
	cases, err := opsyntax.ParseSwitchFlag(p, st)
	if err != nil {
		return err
	}
	nDefault, err := opsyntax.ParseSuccessor(p, st)
	if err != nil {
		return err
	}
	if err := p.Parse("["); err != nil {
		return err
	}
	if !p.ParseOptional("]") {
		for {
			if err := cases.Parse(p, st); err != nil {
				return err
			}
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse("]"); err != nil {
			return err
		}
	}
	return cases.Finish(p, st, nDefault)
}

func printSwitch(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	p.Print(", ")
	p.PrintSuccessorAndUseList(op.Successor(0), op.OperandGroup(1))
	p.Print(" [")
	p.PrintNewline()
	cases := SwitchCases(op)
	if len(cases) > 0 {
		values := make([]*big.Int, len(cases))
		for i, c := range cases {
			values[i] = big.NewInt(c)
		}
		opsyntax.PrintSwitchCases(p, op, values, func(i int) []*ir.Value { return SwitchCaseOperands(op, i) })
		p.PrintNewline()
	}
	p.Print("]")
	p.PrintOptionalAttrDict(op.Attrs(), opsyntax.SwitchCaseValuesAttr, opsyntax.SwitchCaseSegmentsAttr, ir.SegmentSizesAttr)
}
