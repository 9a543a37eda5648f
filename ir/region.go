package ir

// Region is a list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
}

// NewRegion returns an empty detached region.
func NewRegion() *Region { return &Region{} }

// Blocks returns the blocks (the slice must not be modified).
func (r *Region) Blocks() []*Block { return r.blocks }

// Empty reports whether r has no blocks.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// Parent returns the operation owning r.
func (r *Region) Parent() *Operation { return r.parent }

// Index returns r's position among its parent's regions.
func (r *Region) Index() int {
	if r.parent != nil {
		for i, x := range r.parent.regions {
			if x == r {
				return i
			}
		}
	}
	return -1
}

// AppendBlock adds b at the end.
func (r *Region) AppendBlock(b *Block) {
	b.parent = r
	r.blocks = append(r.blocks, b)
}

// InsertBlockAfter inserts nb after pos (at the start when pos is nil).
func (r *Region) InsertBlockAfter(pos, nb *Block) {
	i := 0
	if pos != nil {
		i = pos.Index() + 1
	}
	nb.parent = r
	r.blocks = append(r.blocks, nil)
	copy(r.blocks[i+1:], r.blocks[i:])
	r.blocks[i] = nb
}

func (r *Region) removeBlock(b *Block) {
	for i, x := range r.blocks {
		if x == b {
			r.blocks = append(r.blocks[:i], r.blocks[i+1:]...)
			break
		}
	}
	b.parent = nil
}

// TakeBody moves all blocks of other into r (which must be empty).
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.blocks {
		b.parent = r
	}
	r.blocks = append(r.blocks, other.blocks...)
	other.blocks = nil
}

// IsAncestor reports whether r contains region other (or is it).
func (r *Region) IsAncestor(other *Region) bool {
	for other != nil {
		if other == r {
			return true
		}
		if other.parent == nil || other.parent.block == nil {
			return false
		}
		other = other.parent.block.parent
	}
	return false
}

// Ops returns every operation of every block, in order.
func (r *Region) Ops() []*Operation {
	var ops []*Operation
	for _, b := range r.blocks {
		ops = append(ops, b.Ops()...)
	}
	return ops
}
