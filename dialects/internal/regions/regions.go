package regions

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// EnsureTerminator appends an empty `name` op to each block of r that lacks
// a terminator, first creating the entry block (with argTypes) when r is empty.
func EnsureTerminator(ctx *ir.Context, r *ir.Region, name string, loc ir.Location, argTypes ...ir.Type) {
	if r.Empty() {
		r.AppendBlock(ir.NewBlock(argTypes...))
	}
	for _, b := range r.Blocks() {
		if b.Last() == nil || !b.Last().HasTrait(ir.Terminator) {
			b.Append(ctx.NewOperation(&ir.OperationState{Name: name, Loc: loc}))
		}
	}
}

// EdgeName names a region-branch endpoint as MLIR's verifier does: `Region
// #i` for region i, parent for a negative index.
func EdgeName(region int, parent string) string {
	if region < 0 {
		return parent
	}
	return fmt.Sprintf("Region #%d", region)
}

// VerifyEdge checks the values src passed along the control-flow edge from
// `from` to `to` against the successor's input types dst.
func VerifyEdge(op *ir.Operation, from, to string, src []*ir.Value, dst []ir.Type) error {
	if len(src) != len(dst) {
		return op.Errorf(" region control flow edge from %s to %s: source has %d operands, but target successor needs %d", from, to, len(src), len(dst))
	}
	for i, v := range src {
		if v.Type() != dst[i] {
			return op.Errorf(" along control flow edge from %s to %s: source type #%d %s should match input type #%d %s", from, to, i, quoted(v.Type()), i, quoted(dst[i]))
		}
	}
	return nil
}

// VerifyToParent checks the operands of every terminator of r accepted by
// isExit against op's result types (the edge from r to the parent results).
func VerifyToParent(op *ir.Operation, r *ir.Region, isExit func(*ir.Operation) bool) error {
	for _, b := range r.Blocks() {
		if t := b.Last(); t != nil && isExit(t) {
			if err := VerifyEdge(op, EdgeName(r.Index(), ""), "parent results", t.Operands(), op.ResultTypes()); err != nil {
				return err
			}
		}
	}
	return nil
}

func quoted(t ir.Type) string { return "'" + t.String() + "'" }
