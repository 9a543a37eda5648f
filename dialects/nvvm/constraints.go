package nvvm

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// enumKind is the constraint of an enum attribute of kind. Where a format
// names it, an angle-style enum (`#nvvm<shfl_kind bfly>`) is spelled by its
// bare keyword, printed after an extra space as upstream's printers do
// (`nvvm.shfl.sync  bfly`), and a dotted one (`#nvvm.wgmma_type<f16>`) in
// its stripped form `<f16>`; both also read the full attribute.
func enumKind(kind EnumKind) *ir.AttrConstraint {
	e := enums[kind]
	check := func(a ir.Attribute) bool {
		v, ok := a.(*EnumAttr)
		return ok && v.Kind == kind
	}
	k := &ir.AttrConstraint{Desc: e.desc, Check: check}
	// keyword reads the bare keyword both spellings share, diagnosing one
	// that is not of the enum at its location.
	keyword := func(p ir.OpParser) (ir.Attribute, error) {
		loc := p.Loc()
		kw, err := p.ParseIdentifier()
		if err != nil {
			return nil, err
		}
		if a := Enum(kind, kw); a != nil {
			return a, nil
		}
		return nil, ir.Errorf(loc, "%s", enumError(kind).Error())
	}
	if e.angle {
		k.Parse = keyword
		k.ParseOptional = func(p ir.OpParser) (ir.Attribute, bool, error) {
			kw, ok := p.ParseOptionalKeywordOf(e.values...)
			if !ok {
				return nil, false, nil
			}
			return Enum(kind, kw), true, nil
		}
		k.Print = func(p ir.OpPrinter, a ir.Attribute) {
			if v, ok := a.(*EnumAttr); ok {
				p.Print(" " + v.Value)
				return
			}
			p.PrintAttribute(a)
		}
		return k
	}
	k.Parse = func(p ir.OpParser) (ir.Attribute, error) {
		a, _, err := parseStripped(p, keyword, true)
		return a, err
	}
	k.ParseOptional = func(p ir.OpParser) (ir.Attribute, bool, error) {
		return parseStripped(p, nil, false)
	}
	k.Print = printStripped
	return k
}

// shapeKind is the constraint of `#nvvm.shape<...>`, stripped in formats.
var shapeKind = &ir.AttrConstraint{
	Desc:  "Attribute for MMA operation shape.",
	Check: func(a ir.Attribute) bool { _, ok := a.(*ShapeAttr); return ok },
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		a, _, err := parseStripped(p, func(p ir.OpParser) (ir.Attribute, error) {
			var dims [3]int64
			for i, name := range []string{"m", "n", "k"} {
				if i > 0 {
					if err := p.Parse(","); err != nil {
						return nil, err
					}
				}
				if err := p.ParseKeyword(name); err != nil {
					return nil, err
				}
				if err := p.Parse("="); err != nil {
					return nil, err
				}
				n, err := p.ParseInteger()
				if err != nil {
					return nil, err
				}
				dims[i] = n
			}
			return Shape(dims[0], dims[1], dims[2]), nil
		}, true)
		return a, err
	},
	Print: printStripped,
}

// parseStripped reads an attribute either in full (`#nvvm.shape<...>`) or
// stripped of its dialect and mnemonic (`<m = 16, n = 8, k = 16>`), whose
// body body reads. With required false, absence is not an error.
func parseStripped(p ir.OpParser, body func(ir.OpParser) (ir.Attribute, error), required bool) (ir.Attribute, bool, error) {
	if p.ParseOptional("<") {
		if body == nil {
			return nil, false, p.Errorf("expected an attribute")
		}
		a, err := body(p)
		if err != nil {
			return nil, true, err
		}
		return a, true, p.Parse(">")
	}
	if !required {
		a, ok, err := p.ParseOptionalAttribute(nil)
		return a, ok, err
	}
	a, err := p.ParseAttribute(nil)
	return a, true, err
}

// printStripped prints an nvvm attribute without `#nvvm.mnemonic`, as
// upstream's printers do for attributes whose class the op fixes.
func printStripped(p ir.OpPrinter, a ir.Attribute) {
	switch v := a.(type) {
	case *EnumAttr:
		if !enums[v.Kind].angle {
			p.Print("<" + v.Value + ">")
			return
		}
	case *ShapeAttr:
		p.Print(v.body())
		return
	}
	p.PrintAttribute(a)
}

// ptrTypeDirective is custom<LLVMPtr>(type($x)): a pointer type in
// upstream's stripped spelling, `<3>` for `!llvm.ptr<3>`; the full type is
// read too.
var ptrTypeDirective = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		if p.ParseOptional("<") {
			n, err := p.ParseInteger()
			if err != nil {
				return err
			}
			if err := p.Parse(">"); err != nil {
				return err
			}
			t, err := llvmType(p.Context(), ".ptr<"+strconv.FormatInt(n, 10)+">")
			if err != nil {
				return err
			}
			args[0].Types = []ir.Type{t}
			return nil
		}
		t, err := p.ParseType()
		args[0].Types = []ir.Type{t}
		return err
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		if len(args[0].Types) != 1 {
			return
		}
		t := args[0].Types[0]
		if s, ok := PtrSpace(t); ok && s != 0 {
			p.Print("<" + strconv.FormatInt(s, 10) + ">")
			return
		}
		p.PrintType(t)
	},
}

// scopeAndGenericPtrDirective is custom<ScopeGenericPtr>($scope,
// type($addr)): a memory scope attribute, spelled as the format would
// spell it, that also gives addr, which upstream's format does not type,
// its only type `!llvm.ptr` (ODS's LLVM_PointerGeneric).
var scopeAndGenericPtrDirective = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		a, err := memScope.Parse(p)
		if err != nil {
			return err
		}
		args[0].Attr = a
		t, err := llvmType(p.Context(), ".ptr")
		args[1].Types = []ir.Type{t}
		return err
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, _ []*ir.FormatArg) {
		if a := op.Attr("scope"); a != nil {
			memScope.Print(p, a)
		}
	},
}

var memScope = enumKind(MemScopeKind)

// llvmType returns the llvm dialect type `!llvm<body>`: the llvm dialect's
// own when ctx registers it, an opaque one otherwise.
func llvmType(ctx *ir.Context, body string) (ir.Type, error) {
	if ctx != nil {
		if d := ctx.Dialect("llvm"); d != nil && d.ParseType != nil {
			return d.ParseType(body)
		}
	}
	return ir.Opaque("llvm", body), nil
}
