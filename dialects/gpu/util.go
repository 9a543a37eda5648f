package gpu

import (
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Type and attribute constraints of the gpu ops, described as MLIR describes them.
var (
	asyncTokenType = ir.TypeIs(AsyncToken(), "async token type")
	mmaMatrix      = ir.TypeOf("MMAMatrix type", func(t ir.Type) bool { return mmaOf(t) != nil })
	i32Type        = ir.TypeIs(ir.I32, "32-bit signless integer")
	unitAttr       = ir.UnitAttrKind
)

// enumAttrKind is an attribute constraint for one of the dialect's enums,
// spelled as a bare keyword where a format names it. MLIR's enum attributes
// print a space of their own before the keyword, hence `gpu.thread_id  x`.
func enumAttrKind(kind EnumKind) *ir.AttrConstraint {
	e := enumValues[kind]
	k := &ir.AttrConstraint{
		Desc: e.desc,
		Check: func(a ir.Attribute) bool {
			v, ok := a.(*EnumAttr)
			return ok && v.Kind == kind
		},
		Parse: func(p ir.OpParser) (ir.Attribute, error) {
			a, err := parseEnumKeyword(p, kind)
			if err != nil {
				return nil, err
			}
			return a, nil
		},
		ParseOptional: func(p ir.OpParser) (ir.Attribute, bool, error) {
			kw, ok := p.ParseOptionalKeywordOf(e.values...)
			if !ok {
				return nil, false, nil
			}
			return Enum(kind, kw), true, nil
		},
	}
	k.Print = func(p ir.OpPrinter, a ir.Attribute) { printEnum(p, a) }
	return k
}

func printEnum(p ir.OpPrinter, a ir.Attribute) {
	if v, ok := a.(*EnumAttr); ok {
		p.Print(" " + v.Value)
		return
	}
	p.Print(" ")
	p.PrintAttribute(a)
}

// Async gpu ops take their dependencies first and may return a token last
// (MLIR's GPU_AsyncOpInterface).
var (
	asyncDependencies = ir.Var("asyncDependencies", asyncTokenType)
	asyncTokenResult  = ir.Opt("asyncToken", asyncTokenType)
)

// asyncFormat prefixes an async op's format with its `async [%deps]` clause.
func asyncFormat(rest string) string {
	return strings.TrimSpace("custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) " + rest)
}

// customDirectives are the custom<Name> pieces of the gpu ops' formats,
// shared by every op that names them.
var customDirectives = map[string]ir.CustomDirective{
	// custom<AsyncDependencies>(type($asyncToken), $asyncDependencies):
	// `async [%a, %b]`, either part optional.
	"AsyncDependencies": {
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			async, deps, err := parseAsyncDependencies(p)
			if async {
				args[0].Types = []ir.Type{AsyncToken()}
			}
			args[1].Operands = deps
			return err
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			printAsyncDependencies(p, len(args[0].Types) > 0, args[1].Values)
		},
	},
	// custom<AllReduceOperation>($op): the optional reduction keyword.
	"AllReduceOperation": {
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			if kw, ok := p.ParseOptionalKeywordOf(enumValues[AllReduceOpKind].values...); ok {
				args[0].Attr = Enum(AllReduceOpKind, kw)
			}
			return nil
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			if args[0].Attr != nil {
				printEnum(p, args[0].Attr)
			}
		},
	},
	// custom<LaunchDimType>(type($gridSizeX), type($clusterSizeX),
	// type($clusterSizeY), type($clusterSizeZ)): `: i32` when the launch
	// sizes are not index; the clusters share the type.
	"LaunchDimType": {
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			var t ir.Type = ir.Index
			if p.ParseOptional(":") {
				var err error
				if t, err = p.ParseType(); err != nil {
					return err
				}
			}
			for _, a := range args {
				a.Types = []ir.Type{t}
			}
			return nil
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			if ts := args[0].Types; len(ts) == 1 && ts[0] != ir.Index {
				p.Print(": ")
				p.PrintType(ts[0])
			}
		},
	},
	// custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)):
	// `args(%a : t, ...)`.
	"LaunchFuncOperands": {
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			if !p.ParseOptionalKeyword("args") {
				return nil
			}
			if err := p.Parse("("); err != nil || p.ParseOptional(")") {
				return err
			}
			for {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				t, err := p.ParseColonType()
				if err != nil {
					return err
				}
				args[0].Operands = append(args[0].Operands, u)
				args[1].Types = append(args[1].Types, t)
				if !p.ParseOptional(",") {
					return p.Parse(")")
				}
			}
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			if len(args[0].Values) > 0 {
				p.Print("args")
				printTypedValues(p, args[0].Values)
			}
		},
	},
	// custom<MMAMatrixType>(type($res), type($value)): the matrix type,
	// whose element type is the scalar's (MLIR's TypesMatchWith).
	"MMAMatrixType": {
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			mt := mmaOf(t)
			if mt == nil {
				return p.Errorf("expected !gpu.mma_matrix type")
			}
			args[0].Types, args[1].Types = []ir.Type{t}, []ir.Type{mt.Elem}
			return nil
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) { p.PrintTypes(args[0].Types) },
	},
}

// parseAsyncDependencies parses `[async] ['[' %deps ']']`.
func parseAsyncDependencies(p ir.OpParser) (bool, []ir.UnresolvedOperand, error) {
	async := p.ParseOptionalKeyword("async")
	deps, err := p.ParseOperandList(ir.DelimOptionalSquare)
	return async, deps, err
}

// printAsyncDependencies prints `async [%deps]` without a leading space, as
// MLIR's custom<AsyncDependencies> directive.
func printAsyncDependencies(p ir.OpPrinter, async bool, deps []*ir.Value) {
	if async {
		p.Print("async")
	}
	if len(deps) == 0 {
		return
	}
	if async {
		p.Print(" ")
	}
	p.Print("[")
	p.PrintOperands(deps)
	p.Print("]")
}

// hasAsyncToken reports whether op returns an async token.
func hasAsyncToken(op *ir.Operation) bool { return op.NamedResult("asyncToken") != nil }

// parseAttributions parses the memory attributions of a gpu.func or
// gpu.launch, `workgroup(%a : memref<...>, ...) private(...)` (each
// optional), and records how many are in workgroup memory.
func parseAttributions(p ir.OpParser, st *ir.OperationState) (workgroup, private []ir.Argument, err error) {
	var lists [2][]ir.Argument
	for i, kw := range attributionKeywords {
		if p.ParseOptionalKeyword(kw) {
			if lists[i], err = p.ParseArgumentList(ir.DelimParen, true); err != nil {
				return nil, nil, err
			}
		}
	}
	st.AddAttr(WorkgroupAttributionsKey, ir.IntAttr(ir.I64, int64(len(lists[0]))))
	return lists[0], lists[1], nil
}

var attributionKeywords = [2]string{"workgroup", "private"}

// printAttributions prints what parseAttributions reads.
func printAttributions(p ir.OpPrinter, op *ir.Operation) {
	for i, vs := range [2][]*ir.Value{WorkgroupAttributions(op), PrivateAttributions(op)} {
		if len(vs) > 0 {
			p.Print(" " + attributionKeywords[i])
			printTypedValues(p, vs)
		}
	}
}

// printTypedValues prints `(%a : t1, %b : t2)`.
func printTypedValues(p ir.OpPrinter, vs []*ir.Value) {
	opsyntax.PrintList(p, "(", ")", len(vs), func(i int) {
		p.PrintOperand(vs[i])
		p.Print(" : ")
		p.PrintType(vs[i].Type())
	})
}

// intAttr returns the integer value of op's attribute name.
func intAttr(op *ir.Operation, name string) (int64, bool) {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

// expectParent reports MLIR's HasParent error when op's parent is not named parent.
func expectParent(op *ir.Operation, parent string) error {
	if p := op.ParentOp(); p == nil || p.Name() != parent {
		return op.Errorf("expects parent op '%s'", parent)
	}
	return nil
}

// memrefOf returns t as a memref type, or nil.
func memrefOf(t ir.Type) *ir.MemRefType {
	m, _ := t.(*ir.MemRefType)
	return m
}

func quoted(t ir.Type) string { return "'" + t.String() + "'" }
