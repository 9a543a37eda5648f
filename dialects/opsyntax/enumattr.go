package opsyntax

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// EnumAttr is a dialect attribute that wraps one value of a Go enum or bit
// set and prints as `prefix<value>`: `#arith.fastmath<nnan,ninf>`,
// `#vector.kind<add>`. A dialect names its instance with an alias
// (`type FastMathAttr = opsyntax.EnumAttr[FastMathFlags]`), so each keeps
// its own Go type while the struct, String and interning are written once.
type EnumAttr[V fmt.Stringer] struct {
	ir.AttrBase
	prefix string
	// Value is the wrapped enum value or bit set.
	Value V
}

func (a *EnumAttr[V]) String() string { return a.prefix + "<" + a.Value.String() + ">" }

// InternEnumAttr returns the interned `prefix<v>`, prefix being the
// attribute's name with its dialect (`#arith.fastmath`).
func InternEnumAttr[V fmt.Stringer](prefix string, v V) *EnumAttr[V] {
	return ir.InternAttr(&EnumAttr[V]{prefix: prefix, Value: v})
}

// EnumValue returns the value of op's attribute name when it is an
// EnumAttr[V], else def (the value an absent attribute stands for).
func EnumValue[V fmt.Stringer](op *ir.Operation, name string, def V) V {
	if a, ok := op.Attr(name).(*EnumAttr[V]); ok {
		return a.Value
	}
	return def
}

// EnumAttrKind is the constraint of an EnumAttr[V] attribute that an op's
// format spells `<value>` after the attribute's keyword (arith's
// `fastmath<fast>`); parse reads that `<value>`.
func EnumAttrKind[V fmt.Stringer](desc string, parse func(ir.OpParser) (*EnumAttr[V], error)) *ir.AttrConstraint {
	return &ir.AttrConstraint{
		Desc:  desc,
		Check: func(a ir.Attribute) bool { _, ok := a.(*EnumAttr[V]); return ok },
		Parse: func(p ir.OpParser) (ir.Attribute, error) {
			a, err := parse(p)
			if err != nil {
				return nil, err
			}
			return a, nil
		},
		Print: func(p ir.OpPrinter, a ir.Attribute) { p.Print("<" + a.(*EnumAttr[V]).Value.String() + ">") },
	}
}
