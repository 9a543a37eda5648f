package ir

// This file is goopt's BranchOpInterface: which operands of a terminator
// are forwarded to which successor's block arguments. It is derived from
// op schemas by MLIR's naming convention: successor `dest` forwards the
// operand group `destOperands` (cf.br, cf.cond_br's trueDest and falseDest,
// llvm.br, llvm.cond_br, gpu and nvvm terminators alike). A successor with
// no such group forwards nothing it can be asked about: ops whose
// successor operands are not one group per successor (cf.switch's case
// operands) are not branch ops to the passes that rewrite successor
// operands, which then leave them alone.

// SuccessorOperandGroup returns the operand group that op forwards to its
// successor succ, and whether op declares one.
func SuccessorOperandGroup(op *Operation, succ int) (int, bool) {
	d := op.def
	if d == nil || succ < 0 || succ >= len(op.succs) || len(d.Successors) != len(op.succs) {
		return 0, false
	}
	for _, s := range d.Successors {
		if s.Arity != Single {
			return 0, false
		}
	}
	g := d.OperandIndex(d.Successors[succ].Name + "Operands")
	if g < 0 || d.Operands[g].Arity != Variadic {
		return 0, false
	}
	return g, true
}

// IsBranchOp reports whether every successor of op has its forwarded
// operand group (SuccessorOperandGroup), so that passes can read and
// rewrite what it passes to each block.
func IsBranchOp(op *Operation) bool {
	if len(op.succs) == 0 {
		return false
	}
	for i := range op.succs {
		if _, ok := SuccessorOperandGroup(op, i); !ok {
			return false
		}
	}
	return true
}

// SuccessorOperands returns the values op forwards to successor succ (nil
// when op is not a branch op).
func SuccessorOperands(op *Operation, succ int) []*Value {
	g, ok := SuccessorOperandGroup(op, succ)
	if !ok {
		return nil
	}
	return op.OperandGroup(g)
}

// SetSuccessorOperands replaces the values op forwards to successor succ,
// updating operandSegmentSizes. It reports false (and changes nothing)
// when op is not a branch op.
func SetSuccessorOperands(op *Operation, succ int, vs []*Value) bool {
	g, ok := SuccessorOperandGroup(op, succ)
	if !ok {
		return false
	}
	groups := make([][]*Value, len(op.def.Operands))
	for i := range groups {
		groups[i] = op.OperandGroup(i)
	}
	groups[g] = vs
	var flat []*Value
	sizes := make([]int32, len(groups))
	for i, grp := range groups {
		flat = append(flat, grp...)
		sizes[i] = int32(len(grp))
	}
	op.SetOperands(flat)
	if op.def.segmented() {
		op.SetAttr(SegmentSizesAttr, DenseI32Array(sizes...))
	}
	return true
}

// VerifySuccessorOperands checks that operands match the arguments of
// op's successor succ, by number and then by type, with MLIR's branch
// verifier messages (upstream's verifyBranchSuccessorOperands, which
// reports without the op prefix).
func VerifySuccessorOperands(op *Operation, succ int, operands []*Value) error {
	b := op.Successor(succ)
	if len(operands) != b.NumArguments() {
		return Errorf(op.Loc(), "branch has %d operands for successor #%d, but target block has %d", len(operands), succ, b.NumArguments())
	}
	for j, v := range operands {
		if v.Type() != b.Argument(j).Type() {
			return Errorf(op.Loc(), "type mismatch for bb argument #%d of successor #%d", j, succ)
		}
	}
	return nil
}

// verifyBranchOperands is the schema's share of BranchOpInterface: a
// branch op (IsBranchOp) forwards to each successor what its block takes.
// Ops whose successor operands are laid out otherwise (switches) check
// them in their own verifiers through VerifySuccessorOperands.
func verifyBranchOperands(op *Operation) error {
	if !IsBranchOp(op) {
		return nil
	}
	for i := range op.succs {
		if err := VerifySuccessorOperands(op, i, SuccessorOperands(op, i)); err != nil {
			return err
		}
	}
	return nil
}
