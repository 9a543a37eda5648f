package opsyntax

import "github.com/goopt/goopt/ir"

// BareStringKind is a string-attribute constraint that a declarative format
// reads as a bare string literal, never with the `: type` suffix a generic
// attribute may carry (which would swallow the tokens after it), so that an
// optional group can also start with it. It sets no Print: callers that must
// print other than the generic attribute form add their own.
func BareStringKind(desc string) *ir.AttrConstraint {
	return &ir.AttrConstraint{
		Desc:  desc,
		Check: func(a ir.Attribute) bool { _, ok := a.(*ir.StringAttr); return ok },
		Parse: func(p ir.OpParser) (ir.Attribute, error) {
			s, err := p.ParseString()
			return ir.Str(s), err
		},
		ParseOptional: func(p ir.OpParser) (ir.Attribute, bool, error) {
			s, ok := p.ParseOptionalString()
			if !ok {
				return nil, false, nil
			}
			return ir.Str(s), true, nil
		},
	}
}
