package ir

// Pattern is a rewrite rooted at ops of one name (RootName "" matches any op).
// MatchAndRewrite returns true when it changed the IR, always through the rewriter.
type Pattern interface {
	RootName() string
	Benefit() int
	MatchAndRewrite(op *Operation, rw *Rewriter) bool
}

// PatternFunc adapts a function to Pattern with benefit 1.
type PatternFunc struct {
	Root string
	Fn   func(op *Operation, rw *Rewriter) bool
}

func (p PatternFunc) RootName() string                                 { return p.Root }
func (p PatternFunc) Benefit() int                                     { return 1 }
func (p PatternFunc) MatchAndRewrite(op *Operation, rw *Rewriter) bool { return p.Fn(op, rw) }

// Rewriter is a Builder that reports IR changes to a listener, so a driver
// can revisit what changed. Patterns must mutate the IR only through it.
type Rewriter struct {
	*Builder
	// OnErase is called before an op is erased.
	OnErase func(op *Operation)
	// OnModify is called after an op is modified in place.
	OnModify func(op *Operation)
}

// NewRewriter returns a rewriter with no listeners.
func NewRewriter(ctx *Context) *Rewriter { return &Rewriter{Builder: NewBuilder(ctx)} }

// ReplaceOp replaces op's results with vs and erases op.
func (rw *Rewriter) ReplaceOp(op *Operation, vs []*Value) {
	for i, r := range op.results {
		for _, u := range r.Uses() {
			if rw.OnModify != nil {
				defer rw.OnModify(u.owner)
			}
			u.Set(vs[i])
		}
	}
	rw.EraseOp(op)
}

// EraseOp erases op (its results must be unused).
func (rw *Rewriter) EraseOp(op *Operation) {
	if rw.OnErase != nil {
		Walk(op, PostOrder, func(o *Operation) WalkResult { rw.OnErase(o); return Advance })
	}
	op.Erase()
}

// ModifyInPlace runs fn, which changes op in place, and reports the change.
func (rw *Rewriter) ModifyInPlace(op *Operation, fn func()) {
	fn()
	if rw.OnModify != nil {
		rw.OnModify(op)
	}
}

// ReplaceAllUsesWith replaces every use of from with to, reporting the users.
func (rw *Rewriter) ReplaceAllUsesWith(from, to *Value) {
	for _, u := range from.Uses() {
		u.Set(to)
		if rw.OnModify != nil {
			rw.OnModify(u.owner)
		}
	}
}

// InlineBlockBefore moves src's ops before pos (in pos's block), replacing
// src's arguments with args, and erases src.
func (rw *Rewriter) InlineBlockBefore(src *Block, pos *Operation, args []*Value) {
	for i, a := range src.args {
		rw.ReplaceAllUsesWith(a, args[i])
	}
	for _, o := range src.Ops() {
		src.unlink(o)
		pos.block.InsertBefore(pos, o)
		if rw.OnModify != nil {
			rw.OnModify(o)
		}
	}
	if src.parent != nil {
		src.parent.removeBlock(src)
	}
}

// MergeBlockAtEnd moves src's ops to the end of dst, replacing src's arguments with args.
func (rw *Rewriter) MergeBlockAtEnd(src, dst *Block, args []*Value) {
	for i, a := range src.args {
		rw.ReplaceAllUsesWith(a, args[i])
	}
	for _, o := range src.Ops() {
		src.unlink(o)
		dst.Append(o)
	}
	if src.parent != nil {
		src.parent.removeBlock(src)
	}
}
