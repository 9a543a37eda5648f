package opsyntax

import "github.com/goopt/goopt/ir"

// ParseAssignmentList parses `(%a = %x, %b = %y)`, the loop-carried
// bindings of scf.for and affine.for iter_args, scf.while and scf.forall
// shared_outs: the region arguments (untyped) and the values bound to them.
func ParseAssignmentList(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	if err := p.Parse("("); err != nil {
		return nil, nil, err
	}
	return parseAssignments(p)
}

// ParseOptionalAssignmentList parses an assignment list when `(` is next;
// ok reports whether it was.
func ParseOptionalAssignmentList(p ir.OpParser) (args []ir.Argument, values []ir.UnresolvedOperand, ok bool, err error) {
	if !p.ParseOptional("(") {
		return nil, nil, false, nil
	}
	args, values, err = parseAssignments(p)
	return args, values, true, err
}

// parseAssignments parses the list after its `(`.
func parseAssignments(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	var args []ir.Argument
	var values []ir.UnresolvedOperand
	if p.ParseOptional(")") {
		return args, values, nil
	}
	for {
		a, err := p.ParseArgument(false)
		if err != nil {
			return nil, nil, err
		}
		if err := p.Parse("="); err != nil {
			return nil, nil, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, nil, err
		}
		args, values = append(args, a), append(values, u)
		if !p.ParseOptional(",") {
			break
		}
	}
	return args, values, p.Parse(")")
}

// PrintAssignmentList prints `(%a = %x, %b = %y)`; values may be shorter
// than args in malformed IR, and is then printed as far as it goes.
func PrintAssignmentList(p ir.OpPrinter, args, values []*ir.Value) {
	PrintList(p, "(", ")", len(args), func(i int) {
		p.PrintOperand(args[i])
		p.Print(" = ")
		if i < len(values) {
			p.PrintOperand(values[i])
		}
	})
}

// PrintList prints open, the n items item(i) prints separated by ", ",
// and close: the shape of most lists in custom op syntax.
func PrintList(p ir.OpPrinter, open, close string, n int, item func(i int)) {
	p.Print(open)
	for i := 0; i < n; i++ {
		if i > 0 {
			p.Print(", ")
		}
		item(i)
	}
	p.Print(close)
}
