package scf

import (
	"fmt"

	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

const segmentAttr = "operandSegmentSizes"

func quoted(x fmt.Stringer) string { return "'" + x.String() + "'" }

// denseI64 returns the integers of a dense array property (nil when absent).
func denseI64(op *ir.Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// setSegments records the sizes of variadic operand groups.
func setSegments(st *ir.OperationState, sizes ...int) {
	vs := make([]int32, len(sizes))
	for i, s := range sizes {
		vs[i] = int32(s)
	}
	st.AddAttr(segmentAttr, ir.DenseI32Array(vs...))
}

// segment returns operand group i according to operandSegmentSizes, or nil.
func segment(op *ir.Operation, i int) []*ir.Value {
	segs := denseI64(op, segmentAttr)
	if i >= len(segs) {
		return nil
	}
	start := int64(0)
	for _, s := range segs[:i] {
		start += s
	}
	end := start + segs[i]
	if start < 0 || end > int64(op.NumOperands()) || end < start {
		return nil
	}
	return op.Operands()[start:end]
}

// checkSegments verifies operandSegmentSizes against the operand count.
func checkSegments(op *ir.Operation, n int) error {
	segs := denseI64(op, segmentAttr)
	if len(segs) != n {
		return op.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", segmentAttr, n, len(segs))
	}
	total := int64(0)
	for _, s := range segs {
		if s < 0 {
			return op.Errorf("'%s' attribute cannot have negative elements", segmentAttr)
		}
		total += s
	}
	if total != int64(op.NumOperands()) {
		return op.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, segmentAttr)
	}
	return nil
}

// constantInt returns the integer (or bool) value of v when a constant-like op produces it.
func constantInt(v *ir.Value) (int64, bool) { return memref.ConstantIndex(v) }

// ensureTerminator appends an empty `name` terminator to each block of r
// lacking a terminator, creating the entry block (with argTypes) when r is empty.
func ensureTerminator(ctx *ir.Context, r *ir.Region, name string, loc ir.Location, argTypes ...ir.Type) {
	if r.Empty() {
		b := ir.NewBlock(argTypes...)
		r.AppendBlock(b)
	}
	for _, b := range r.Blocks() {
		if b.Last() == nil || !b.Last().HasTrait(ir.Terminator) {
			b.Append(ctx.NewOperation(&ir.OperationState{Name: name, Loc: loc}))
		}
	}
}

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

// edgeName names a region-branch endpoint as MLIR's verifier does.
func edgeName(region int, parent string) string {
	if region < 0 {
		return parent
	}
	return fmt.Sprintf("Region #%d", region)
}

// verifyEdge checks the values passed along a control-flow edge against the
// successor's inputs (MLIR's RegionBranchOpInterface verifier).
func verifyEdge(op *ir.Operation, from, to string, src []*ir.Value, dst []ir.Type) error {
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

// verifyYieldsToParent checks every scf.yield ending a block of r against op's results.
func verifyYieldsToParent(op *ir.Operation, r *ir.Region) error {
	for _, b := range r.Blocks() {
		if t := b.Last(); t != nil && t.Name() == "scf.yield" {
			if err := verifyEdge(op, edgeName(r.Index(), ""), "parent results", t.Operands(), op.ResultTypes()); err != nil {
				return err
			}
		}
	}
	return nil
}

// argTypes returns the types of vs.
func argTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// parseAssignmentList parses `(%a = %x, %b = %y)` (the `(` already optional
// per required) returning the region arguments and the operands.
func parseAssignmentList(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	if err := p.Parse("("); err != nil {
		return nil, nil, err
	}
	var args []ir.Argument
	var ops []ir.UnresolvedOperand
	if p.ParseOptional(")") {
		return args, ops, nil
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
		args = append(args, a)
		ops = append(ops, u)
		if !p.ParseOptional(",") {
			break
		}
	}
	if err := p.Parse(")"); err != nil {
		return nil, nil, err
	}
	return args, ops, nil
}

// printInitializationList prints `prefix(%arg = %init, ...)`, nothing when empty.
func printInitializationList(p ir.OpPrinter, args, inits []*ir.Value, prefix string) {
	if len(args) == 0 {
		return
	}
	p.Print(prefix + "(")
	for i, a := range args {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintOperand(a)
		p.Print(" = ")
		if i < len(inits) {
			p.PrintOperand(inits[i])
		}
	}
	p.Print(")")
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

// parseOptionalOperandsColonTypes parses `attr-dict ($v^ : type($v))?`.
func parseOptionalOperandsColonTypes(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) == 0 {
		return nil
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.Errorf("%d operands present, but expected %d", len(us), len(ts))
	}
	vs, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vs...)
	return nil
}

// printOptionalOperandsColonTypes prints what parseOptionalOperandsColonTypes reads.
func printOptionalOperandsColonTypes(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.Attrs())
	if op.NumOperands() == 0 {
		return
	}
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.Print(" : ")
	p.PrintTypes(op.OperandTypes())
}
