package scf

import (
	"fmt"

	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

func quoted(x fmt.Stringer) string { return "'" + x.String() + "'" }

// denseI64 returns the integers of a dense array property (nil when absent).
func denseI64(op *ir.Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// constantInt returns the integer (or bool) value of v when a constant-like op produces it.
func constantInt(v *ir.Value) (int64, bool) { return memref.ConstantIndex(v) }

// terminatorOf returns the last op of r's entry block, or nil.
func terminatorOf(r *ir.Region) *ir.Operation {
	if b := r.Front(); b != nil {
		return b.Last()
	}
	return nil
}

// verifyAndGetTerminator returns r's terminator when it is named name, else
// reports msg with a note at the terminator (MLIR's verifyAndGetTerminator).
func verifyAndGetTerminator(op *ir.Operation, r *ir.Region, name, msg string) (*ir.Operation, error) {
	t := terminatorOf(r)
	if t != nil && t.Name() == name {
		return t, nil
	}
	d := op.Errorf("%s", msg)
	if t != nil {
		d.AttachNote(t.Loc(), "terminator here")
	}
	return nil, d
}

// arrowTypes is the custom<ArrowTypes>/custom<ParenArrowTypes> directive:
// an optional `-> types` result list, printed with its leading space (the
// format puts “ before it) and, with parens, always parenthesised as
// scf.if prints it.
func arrowTypes(parens bool) ir.CustomDirective {
	return ir.CustomDirective{
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			ts, err := p.ParseOptionalArrowTypeList()
			args[0].Types = ts
			return err
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			switch ts := args[0].Types; {
			case len(ts) == 0:
			case parens:
				p.Print(" -> (")
				p.PrintTypes(ts)
				p.Print(")")
			default:
				p.PrintArrowTypeList(ts)
			}
		},
	}
}

// customs are the custom directives of the scf formats.
var customs = map[string]ir.CustomDirective{
	"ArrowTypes":      arrowTypes(false),
	"ParenArrowTypes": arrowTypes(true),
	"SwitchCases":     switchCases,
}

// isYield reports whether t is an scf.yield (the exits checked against the parent's results).
func isYield(t *ir.Operation) bool { return t.Name() == "scf.yield" }

// argTypes returns the types of vs.
func argTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// printInitializationList prints `prefix(%arg = %init, ...)`, nothing when empty.
func printInitializationList(p ir.OpPrinter, args, inits []*ir.Value, prefix string) {
	if len(args) == 0 {
		return
	}
	p.Print(prefix)
	opsyntax.PrintAssignmentList(p, args, inits)
}

// replaceOpWithRegion inlines r's single block before op, replacing op's
// results with the terminator's operands (MLIR's replaceOpWithRegion).
func replaceOpWithRegion(rw *ir.Rewriter, op *ir.Operation, r *ir.Region, args []*ir.Value) {
	b := r.Front()
	term := b.Last()
	results := term.Operands()
	for i, v := range results {
		if v.IsBlockArgument() && v.OwnerBlock() == b {
			results[i] = args[v.Index()]
		}
	}
	rw.EraseOp(term)
	rw.InlineBlockBefore(b, op, args)
	rw.ReplaceOp(op, results)
}
