package ir

// Helpers for drivers that must be able to undo their changes (the dialect
// conversion driver): detaching a block without touching its operations,
// inserting a block at a position, and snapshotting an operation's mutable
// fields so that an in-place update can be reverted.

// Remove detaches b from its region, keeping its operations and arguments.
func (b *Block) Remove() {
	if b.parent != nil {
		b.parent.removeBlock(b)
	}
}

// InsertBlockBefore inserts the detached block nb before pos (at the end
// when pos is nil).
func (r *Region) InsertBlockBefore(pos, nb *Block) {
	if pos == nil {
		r.AppendBlock(nb)
		return
	}
	i := pos.Index()
	nb.parent = r
	r.blocks = append(r.blocks, nil)
	copy(r.blocks[i+1:], r.blocks[i:])
	r.blocks[i] = nb
}

// OpSnapshot records an operation's operands, attributes, successors,
// location and result types, everything an in-place update may change.
type OpSnapshot struct {
	op          *Operation
	operands    []*Value
	props       []NamedAttribute
	attrs       []NamedAttribute
	succs       []*Block
	loc         Location
	resultTypes []Type
}

// Snapshot returns a copy of op's mutable fields.
func (op *Operation) Snapshot() *OpSnapshot {
	return &OpSnapshot{
		op:          op,
		operands:    op.Operands(),
		props:       append([]NamedAttribute(nil), op.props...),
		attrs:       append([]NamedAttribute(nil), op.attrs...),
		succs:       append([]*Block(nil), op.succs...),
		loc:         op.loc,
		resultTypes: op.ResultTypes(),
	}
}

// Restore puts the snapshotted fields back on the operation.
func (s *OpSnapshot) Restore() {
	op := s.op
	same := len(s.operands) == len(op.operands)
	for i := 0; same && i < len(s.operands); i++ {
		same = op.operands[i].value == s.operands[i]
	}
	if !same {
		op.SetOperands(s.operands)
	}
	op.props = append(op.props[:0], s.props...)
	op.attrs = append(op.attrs[:0], s.attrs...)
	op.succs = append(op.succs[:0], s.succs...)
	op.loc = s.loc
	for i, t := range s.resultTypes {
		if i < len(op.results) {
			op.results[i].typ = t
		}
	}
}
