package ir

// Builder creates operations at an insertion point.
type Builder struct {
	Ctx   *Context
	block *Block
	// before is the op to insert before; nil means the end of block.
	before *Operation
	// Listener, when set, is told of every created op (the rewrite driver uses it).
	Listener func(op *Operation)
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx} }

// SetInsertionPointBefore inserts before op.
func (b *Builder) SetInsertionPointBefore(op *Operation) { b.block, b.before = op.block, op }

// SetInsertionPointAfter inserts after op.
func (b *Builder) SetInsertionPointAfter(op *Operation) { b.block, b.before = op.block, op.next }

// SetInsertionPointToStart inserts at the start of blk.
func (b *Builder) SetInsertionPointToStart(blk *Block) { b.block, b.before = blk, blk.first }

// SetInsertionPointToEnd inserts at the end of blk.
func (b *Builder) SetInsertionPointToEnd(blk *Block) { b.block, b.before = blk, nil }

// InsertionBlock returns the current block (nil when unset).
func (b *Builder) InsertionBlock() *Block { return b.block }

// InsertionPoint is a saved insertion point.
type InsertionPoint struct {
	block  *Block
	before *Operation
}

// Save returns the current insertion point.
func (b *Builder) Save() InsertionPoint { return InsertionPoint{b.block, b.before} }

// Restore returns to a saved insertion point.
func (b *Builder) Restore(ip InsertionPoint) { b.block, b.before = ip.block, ip.before }

// Insert places a detached op at the insertion point (if any) and returns it.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block != nil {
		b.block.InsertBefore(b.before, op)
	}
	if b.Listener != nil {
		b.Listener(op)
	}
	return op
}

// Create builds an op from st and inserts it.
func (b *Builder) Create(st *OperationState) *Operation {
	return b.Insert(b.Ctx.NewOperation(st))
}

// CreateOp is a shorthand for Create with the common fields.
func (b *Builder) CreateOp(name string, loc Location, operands []*Value, results []Type, attrs ...NamedAttribute) *Operation {
	return b.Create(&OperationState{Name: name, Loc: loc, Operands: operands, Types: results, Attrs: attrs})
}

// Clone clones op through m and inserts the copy.
func (b *Builder) Clone(op *Operation, m *Mapping) *Operation { return b.Insert(op.Clone(m)) }

// CreateBlock creates a block with the given argument types at the end of r
// and moves the insertion point to its end.
func (b *Builder) CreateBlock(r *Region, argTypes ...Type) *Block {
	blk := NewBlock(argTypes...)
	r.AppendBlock(blk)
	b.SetInsertionPointToEnd(blk)
	return blk
}
