package gpu

import (
	"github.com/goopt/goopt/dialects/internal/segments"
	"github.com/goopt/goopt/ir"
)

// Segment returns operand group i of op according to operandSegmentSizes (nil when malformed).
func Segment(op *ir.Operation, i int) []*ir.Value { return segments.Group(op, i) }

// parseAsyncDependencies parses `[async] ['[' %deps ']']`, adding the token
// result type when async and returning the resolved dependencies.
func parseAsyncDependencies(p ir.OpParser, st *ir.OperationState) ([]*ir.Value, error) {
	if p.ParseOptionalKeyword("async") {
		st.Types = append(st.Types, AsyncToken())
	}
	if !p.ParseOptional("[") {
		return nil, nil
	}
	var us []ir.UnresolvedOperand
	if !p.ParseOptional("]") {
		for {
			u, err := p.ParseOperand()
			if err != nil {
				return nil, err
			}
			us = append(us, u)
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse("]"); err != nil {
			return nil, err
		}
	}
	return resolveAll(p, us, AsyncToken())
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

// hasAsyncToken reports whether op's last result is an async token.
func hasAsyncToken(op *ir.Operation) bool {
	if op.NumResults() == 0 {
		return false
	}
	_, ok := op.Result(op.NumResults() - 1).Type().(*AsyncTokenType)
	return ok
}

// parseAttributions parses `keyword(%a : memref<...>, ...)` when keyword is next.
func parseAttributions(p ir.OpParser, keyword string) ([]ir.Argument, error) {
	if !p.ParseOptionalKeyword(keyword) {
		return nil, nil
	}
	return p.ParseArgumentList(ir.DelimParen, true)
}

// printAttributions prints ` keyword(%a : type, ...)` when vs is not empty.
func printAttributions(p ir.OpPrinter, keyword string, vs []*ir.Value) {
	if len(vs) == 0 {
		return
	}
	p.Print(" " + keyword + "(")
	for i, v := range vs {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintOperand(v)
		p.Print(" : ")
		p.PrintType(v.Type())
	}
	p.Print(")")
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

// resolveAll resolves every operand of us with type t (none when us is empty).
func resolveAll(p ir.OpParser, us []ir.UnresolvedOperand, t ir.Type) ([]*ir.Value, error) {
	if len(us) == 0 {
		return nil, nil
	}
	return p.ResolveOperands(us, []ir.Type{t})
}
