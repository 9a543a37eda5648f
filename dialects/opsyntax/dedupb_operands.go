package opsyntax

import "github.com/goopt/goopt/ir"

// ParseTypedOperand parses `%v : type` (a switch's flag, a single typed
// operand), resolves it, appends it to st's operands and returns its type,
// which the caller often needs for what follows (case values).
func ParseTypedOperand(p ir.OpParser, st *ir.OperationState) (ir.Type, error) {
	u, err := p.ParseOperand()
	if err != nil {
		return nil, err
	}
	return ResolveColonType(p, st, u)
}

// PrintTypedOperand prints ` %v : type`, what ParseTypedOperand reads.
func PrintTypedOperand(p ir.OpPrinter, v *ir.Value) {
	p.Print(" ")
	p.PrintOperand(v)
	p.Print(" : ")
	p.PrintType(v.Type())
}

// ParseSuccessor parses `^bb` or `^bb(%a, %b : t1, t2)`, appends the block
// to st's successors and its operands to st's operands, and returns how
// many operands it passed, for the op's segment sizes.
func ParseSuccessor(p ir.OpParser, st *ir.OperationState) (int, error) {
	b, vs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return 0, err
	}
	st.Successors = append(st.Successors, b)
	st.Operands = append(st.Operands, vs...)
	return len(vs), nil
}

// AddResolved resolves us against ts, appends them to st's operands and
// appends results to st's result types: the tail every custom parser that
// reads its operands before their types ends with.
func AddResolved(p ir.OpParser, st *ir.OperationState, us []ir.UnresolvedOperand, ts []ir.Type, results ...ir.Type) error {
	vs, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vs...)
	st.Types = append(st.Types, results...)
	return nil
}

// ParseCommaOperand parses `, %v`: the next operand of a list whose
// entries have different syntaxes.
func ParseCommaOperand(p ir.OpParser) (ir.UnresolvedOperand, error) {
	return ParseOperandAfter(p, ",")
}

// ParseOperandAfter parses tok and then an operand: `= %lb`, `to %ub`,
// `step %s`. A tok that starts with a letter is a keyword.
func ParseOperandAfter(p ir.OpParser, tok string) (ir.UnresolvedOperand, error) {
	var err error
	if c := tok[0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		err = p.ParseKeyword(tok)
	} else {
		err = p.Parse(tok)
	}
	if err != nil {
		return ir.UnresolvedOperand{}, err
	}
	return p.ParseOperand()
}

// DestFormat is the declarative format of successor dest with its operand
// group operands, `^bb1(%a : i32)`: the branch ops' (cf.br, llvm.br, ...)
// way of spelling a destination.
func DestFormat(dest, operands string) string {
	return "$" + dest + " (`(` $" + operands + "^ `:` type($" + operands + ") `)`)?"
}
