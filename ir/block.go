package ir

// Block is a list of operations with arguments, owned by a region. In a
// region with control flow the last operation is a terminator.
type Block struct {
	args        []*Value
	first, last *Operation
	parent      *Region
	numOps      int
}

// NewBlock returns a detached block with arguments of the given types.
func NewBlock(argTypes ...Type) *Block {
	b := &Block{}
	for _, t := range argTypes {
		b.AddArgument(t, Unknown)
	}
	return b
}

// Arguments returns the block arguments.
func (b *Block) Arguments() []*Value { return b.args }

// Argument returns argument i.
func (b *Block) Argument(i int) *Value { return b.args[i] }

// NumArguments returns the number of arguments.
func (b *Block) NumArguments() int { return len(b.args) }

// AddArgument appends an argument.
func (b *Block) AddArgument(t Type, loc Location) *Value {
	v := &Value{typ: t, block: b, index: len(b.args), loc: loc}
	b.args = append(b.args, v)
	return v
}

// InsertArgument inserts an argument at position i.
func (b *Block) InsertArgument(i int, t Type, loc Location) *Value {
	v := &Value{typ: t, block: b, loc: loc}
	b.args = append(b.args, nil)
	copy(b.args[i+1:], b.args[i:])
	b.args[i] = v
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
	return v
}

// EraseArgument removes argument i, which must be unused.
func (b *Block) EraseArgument(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
}

// Parent returns the region owning b.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the operation owning b's region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// First returns the first operation, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last operation, or nil.
func (b *Block) Last() *Operation { return b.last }

// Empty reports whether b has no operations.
func (b *Block) Empty() bool { return b.first == nil }

// Len returns the number of operations.
func (b *Block) Len() int { return b.numOps }

// Ops returns the operations in order (a snapshot: safe to mutate while iterating).
func (b *Block) Ops() []*Operation {
	ops := make([]*Operation, 0, b.numOps)
	for op := b.first; op != nil; op = op.next {
		ops = append(ops, op)
	}
	return ops
}

// Terminator returns the last operation if it is a terminator, else nil.
func (b *Block) Terminator() *Operation {
	if b.last != nil && b.last.HasTrait(Terminator) {
		return b.last
	}
	return nil
}

// Append adds op at the end of b.
func (b *Block) Append(op *Operation) { b.InsertBefore(nil, op) }

// Prepend adds op at the start of b.
func (b *Block) Prepend(op *Operation) { b.InsertBefore(b.first, op) }

// InsertBefore inserts the detached op before pos (at the end when pos is nil).
func (b *Block) InsertBefore(pos, op *Operation) {
	if op.block != nil {
		panic("ir: inserting an operation that is already in a block")
	}
	op.block = b
	op.next = pos
	// op goes between pos's predecessor (the last op when pos is nil) and pos.
	if pos == nil {
		op.prev, b.last = b.last, op
	} else {
		op.prev, pos.prev = pos.prev, op
	}
	if op.prev != nil {
		op.prev.next = op
	} else {
		b.first = op
	}
	b.numOps++
}

// InsertAfter inserts the detached op after pos (at the start when pos is nil).
func (b *Block) InsertAfter(pos, op *Operation) {
	if pos == nil {
		b.InsertBefore(b.first, op)
	} else {
		b.InsertBefore(pos.next, op)
	}
}

func (b *Block) unlink(op *Operation) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
	b.numOps--
}

// Successors returns the terminator's successor blocks.
func (b *Block) Successors() []*Block {
	if t := b.Terminator(); t != nil {
		return t.succs
	}
	return nil
}

// Predecessors returns the blocks of the same region whose terminator branches to b
// (one entry per edge).
func (b *Block) Predecessors() []*Block {
	var preds []*Block
	if b.parent == nil {
		return nil
	}
	for _, p := range b.parent.blocks {
		if t := p.last; t != nil {
			for _, s := range t.succs {
				if s == b {
					preds = append(preds, p)
				}
			}
		}
	}
	return preds
}

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool {
	return b.parent != nil && len(b.parent.blocks) > 0 && b.parent.blocks[0] == b
}

// SplitBefore moves op and everything after it into a new block inserted after b.
func (b *Block) SplitBefore(op *Operation) *Block {
	nb := &Block{}
	b.parent.InsertBlockAfter(b, nb)
	for o := op; o != nil; {
		next := o.next
		b.unlink(o)
		nb.Append(o)
		o = next
	}
	return nb
}

// Erase removes b from its region and drops all of its operations.
func (b *Block) Erase() {
	for _, op := range b.Ops() {
		op.DropAllReferences()
	}
	for _, op := range b.Ops() {
		b.unlink(op)
	}
	if b.parent != nil {
		b.parent.removeBlock(b)
	}
}

// Index returns b's position in its region, or -1.
func (b *Block) Index() int {
	if b.parent == nil {
		return -1
	}
	for i, x := range b.parent.blocks {
		if x == b {
			return i
		}
	}
	return -1
}
