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
