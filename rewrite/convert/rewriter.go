package convert

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// Rewriter is the builder conversion patterns change the IR through (MLIR's
// ConversionPatternRewriter). Every change is recorded with a way to undo
// it, and replacements are deferred: a replaced or erased op stays in
// place, its results mapped to their replacements, until the conversion
// commits. So a pattern that fails half-way, or a conversion that fails,
// leaves the IR as it was. Patterns must not change the IR in any other way
// (no direct Operation.Erase, Value.ReplaceAllUsesWith or MoveBefore).
type Rewriter struct {
	*ir.Builder
	st *state
	// converter is the running pattern's, recorded with its replacements
	// so that commit materializes through it.
	converter *TypeConverter
}

// state is what a conversion has done so far, with the log that undoes it.
type state struct {
	undo []func()

	// mapping maps a replaced value (a result of a replaced op, an old
	// block argument) to its replacement values; nil values mean dropped.
	mapping map[*ir.Value]mapped
	// gone holds the replaced and erased ops; replaced lists them in order.
	gone     map[*ir.Operation]bool
	replaced []*ir.Operation
	// args lists the block arguments whose uses move to their mapping at commit.
	args []*ir.Value
	// created and modified feed the legalization of a pattern's results.
	created  []*ir.Operation
	modified []*ir.Operation
	// casts caches target materializations.
	casts map[string][]*ir.Value
	// materializing suppresses the recording of materializations as
	// pattern-created ops.
	materializing bool
}

type mapped struct {
	vals []*ir.Value
	tc   *TypeConverter
}

func newState() *state {
	return &state{mapping: map[*ir.Value]mapped{}, gone: map[*ir.Operation]bool{}, casts: map[string][]*ir.Value{}}
}

func (s *state) log(undo func()) { s.undo = append(s.undo, undo) }

func (s *state) mark() int { return len(s.undo) }

// rollback undoes every change made after mark, latest first.
func (s *state) rollback(mark int) {
	for len(s.undo) > mark {
		f := s.undo[len(s.undo)-1]
		s.undo = s.undo[:len(s.undo)-1]
		f()
	}
}

func (s *state) setMapping(v *ir.Value, m mapped) {
	old, had := s.mapping[v]
	s.mapping[v] = m
	s.log(func() {
		if had {
			s.mapping[v] = old
		} else {
			delete(s.mapping, v)
		}
	})
}

// maxChain bounds replacement chains, which a faulty pattern could make cyclic.
const maxChain = 256

// resolve returns the values finally replacing v (v itself when it was not
// replaced); dropped is true when v, or a value on the way, was dropped.
func (s *state) resolve(v *ir.Value) (vals []*ir.Value, dropped bool) {
	return s.resolveDepth(v, 0)
}

func (s *state) resolveDepth(v *ir.Value, depth int) ([]*ir.Value, bool) {
	m, ok := s.mapping[v]
	if !ok || depth > maxChain {
		return []*ir.Value{v}, false
	}
	if m.vals == nil {
		return nil, true
	}
	var out []*ir.Value
	for _, w := range m.vals {
		r, dropped := s.resolveDepth(w, depth+1)
		if dropped {
			return nil, true
		}
		out = append(out, r...)
	}
	return out, false
}

// ignored reports whether op is gone, or nested in a gone op.
func (s *state) ignored(op *ir.Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if s.gone[o] {
			return true
		}
	}
	return false
}

func newRewriter(ctx *ir.Context, st *state) *Rewriter {
	rw := &Rewriter{Builder: ir.NewBuilder(ctx), st: st}
	rw.Builder.Listener = rw.notifyCreated
	return rw
}

// notifyCreated records an op inserted through the builder.
func (rw *Rewriter) notifyCreated(op *ir.Operation) {
	s := rw.st
	n := len(s.created)
	if !s.materializing {
		s.created = append(s.created, op)
	}
	s.log(func() {
		s.created = s.created[:n]
		op.Erase()
	})
}

// NotifyMatchFailure returns the error a pattern returns when it does not
// apply to op; the reason becomes a note if op then fails to legalize.
func (rw *Rewriter) NotifyMatchFailure(op *ir.Operation, format string, args ...any) error {
	return matchFailuref(op.Loc(), format, args...)
}

// ReplaceOp replaces op's results with vs (one value each) and erases op
// at commit. Until then op stays in place and later patterns see vs in
// their adaptors.
func (rw *Rewriter) ReplaceOp(op *ir.Operation, vs []*ir.Value) {
	if len(vs) != op.NumResults() {
		panic(fmt.Sprintf("convert: replacing %d results of '%s' with %d values", op.NumResults(), op.Name(), len(vs)))
	}
	multi := make([][]*ir.Value, len(vs))
	for i, v := range vs {
		multi[i] = []*ir.Value{v}
	}
	rw.ReplaceOpWithMultiple(op, multi)
}

// ReplaceOpWithMultiple replaces each result of op with a list of values
// (a 1:N replacement) and erases op at commit.
func (rw *Rewriter) ReplaceOpWithMultiple(op *ir.Operation, vs [][]*ir.Value) {
	if len(vs) != op.NumResults() {
		panic(fmt.Sprintf("convert: replacing %d results of '%s' with %d lists", op.NumResults(), op.Name(), len(vs)))
	}
	for i, r := range op.Results() {
		vals := vs[i]
		if vals == nil {
			vals = []*ir.Value{}
		}
		rw.st.setMapping(r, mapped{vals: vals, tc: rw.converter})
	}
	rw.markGone(op)
}

// EraseOp erases op at commit; its results must then be unused.
func (rw *Rewriter) EraseOp(op *ir.Operation) {
	for _, r := range op.Results() {
		rw.st.setMapping(r, mapped{})
	}
	rw.markGone(op)
}

func (rw *Rewriter) markGone(op *ir.Operation) {
	s := rw.st
	if s.gone[op] {
		return
	}
	s.gone[op] = true
	s.replaced = append(s.replaced, op)
	n := len(s.replaced) - 1
	s.log(func() {
		delete(s.gone, op)
		s.replaced = s.replaced[:n]
	})
}

// ModifyOpInPlace runs fn, which updates op's operands, attributes,
// successors, location or result types; the update is undone on failure
// and op is legalized again.
func (rw *Rewriter) ModifyOpInPlace(op *ir.Operation, fn func()) {
	snap := op.Snapshot()
	fn()
	rw.recordModified(op, snap)
}

func (rw *Rewriter) recordModified(op *ir.Operation, snap *ir.OpSnapshot) {
	s := rw.st
	n := len(s.modified)
	s.modified = append(s.modified, op)
	s.log(func() {
		s.modified = s.modified[:n]
		snap.Restore()
	})
}

// ReplaceUsesOfBlockArgument makes the uses of block argument arg use v
// (at commit; patterns see v in their adaptors at once).
func (rw *Rewriter) ReplaceUsesOfBlockArgument(arg, v *ir.Value) {
	rw.st.setMapping(arg, mapped{vals: []*ir.Value{v}, tc: rw.converter})
	rw.recordArg(arg)
}

func (rw *Rewriter) recordArg(arg *ir.Value) {
	s := rw.st
	n := len(s.args)
	s.args = append(s.args, arg)
	s.log(func() { s.args = s.args[:n] })
}

// MoveOpBefore moves op before pos.
func (rw *Rewriter) MoveOpBefore(op, pos *ir.Operation) {
	rw.logPosition(op)
	op.MoveBefore(pos)
}

// logPosition records op's current place so that a move can be undone.
func (rw *Rewriter) logPosition(op *ir.Operation) {
	blk, next := op.Block(), op.Next()
	rw.st.log(func() {
		op.Remove()
		if blk != nil {
			blk.InsertBefore(next, op)
		}
	})
}

// CreateBlock creates a block with arguments of argTypes before block
// before in r (at the end when before is nil) and moves the insertion
// point to its end.
func (rw *Rewriter) CreateBlock(r *ir.Region, before *ir.Block, argTypes ...ir.Type) *ir.Block {
	b := ir.NewBlock(argTypes...)
	r.InsertBlockBefore(before, b)
	rw.st.log(b.Remove)
	rw.SetInsertionPointToEnd(b)
	return b
}

// InlineRegionBefore moves every block of r into parent before block
// before (at the end when before is nil).
func (rw *Rewriter) InlineRegionBefore(r, parent *ir.Region, before *ir.Block) {
	blocks := moveBlocksBefore(r, parent, before)
	rw.st.log(func() {
		for _, b := range blocks {
			b.Remove()
			r.AppendBlock(b)
		}
	})
}

// moveBlocksBefore moves every block of r into parent before block before
// (at the end when before is nil) and returns them.
func moveBlocksBefore(r, parent *ir.Region, before *ir.Block) []*ir.Block {
	blocks := append([]*ir.Block(nil), r.Blocks()...)
	for _, b := range blocks {
		b.Remove()
		parent.InsertBlockBefore(before, b)
	}
	return blocks
}

// CloneRegionBefore clones r's blocks into parent before block before (at
// the end when before is nil), mapping through m (nil for a fresh one).
// The cloned ops are legalized like created ones.
func (rw *Rewriter) CloneRegionBefore(r, parent *ir.Region, before *ir.Block, m *ir.Mapping) {
	if m == nil {
		m = ir.NewMapping()
	}
	tmp := ir.NewRegion()
	r.CloneInto(tmp, m)
	blocks := moveBlocksBefore(tmp, parent, before)
	rw.st.log(func() {
		for _, b := range blocks {
			for _, op := range b.Ops() {
				op.DropAllReferences()
			}
			b.Remove()
		}
	})
	for _, b := range blocks {
		for _, op := range b.Ops() {
			ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
				rw.recordCreated(o)
				return ir.Advance
			})
		}
	}
}

// recordCreated lists op for legalization without an undo of its own (the
// op goes away with what holds it).
func (rw *Rewriter) recordCreated(op *ir.Operation) {
	s := rw.st
	n := len(s.created)
	s.created = append(s.created, op)
	s.log(func() { s.created = s.created[:n] })
}

// SplitBlock moves before and the ops after it into a new block inserted
// after b, and returns the new block.
func (rw *Rewriter) SplitBlock(b *ir.Block, before *ir.Operation) *ir.Block {
	nb := b.SplitBefore(before)
	rw.st.log(func() {
		for _, op := range nb.Ops() {
			op.MoveToEnd(b)
		}
		nb.Remove()
	})
	return nb
}

// InlineBlockBefore moves src's ops into dst before pos (at dst's end when
// pos is nil), replacing src's arguments with args, and removes src.
func (rw *Rewriter) InlineBlockBefore(src, dst *ir.Block, pos *ir.Operation, args []*ir.Value) {
	if len(args) != src.NumArguments() {
		panic(fmt.Sprintf("convert: inlining a block of %d arguments with %d values", src.NumArguments(), len(args)))
	}
	for i, a := range src.Arguments() {
		rw.ReplaceUsesOfBlockArgument(a, args[i])
	}
	ops := src.Ops()
	for _, op := range ops {
		op.Remove()
		dst.InsertBefore(pos, op)
	}
	region, prev := src.Parent(), prevBlock(src)
	src.Remove()
	rw.st.log(func() {
		for _, op := range ops {
			op.Remove()
			src.Append(op)
		}
		if region != nil {
			region.InsertBlockAfter(prev, src)
		}
	})
}

func prevBlock(b *ir.Block) *ir.Block {
	if i := b.Index(); i > 0 {
		return b.Parent().Blocks()[i-1]
	}
	return nil
}

// ApplySignatureConversion replaces b by a new block whose arguments have
// conv's converted types, moving b's ops into it and retargeting branches.
// Each old argument maps to its new arguments (or replacement value); its
// remaining uses get an argument materialization through tc (nil: a cast)
// at commit. It returns the new block.
func (rw *Rewriter) ApplySignatureConversion(b *ir.Block, conv *SignatureConversion, tc *TypeConverter) *ir.Block {
	if conv.NumInputs() != b.NumArguments() {
		panic(fmt.Sprintf("convert: signature conversion of %d inputs applied to a block of %d arguments", conv.NumInputs(), b.NumArguments()))
	}
	region := b.Parent()
	nb := ir.NewBlock()
	for _, t := range conv.ConvertedTypes() {
		nb.AddArgument(t, ir.Unknown)
	}
	for i, a := range b.Arguments() {
		start, size, _, _ := conv.InputMapping(i)
		for j := start; j < start+size; j++ {
			nb.Argument(j).SetLoc(a.Loc())
		}
	}
	region.InsertBlockBefore(b, nb)
	ops := b.Ops()
	for _, op := range ops {
		op.MoveToEnd(nb)
	}
	type succ struct {
		op *ir.Operation
		i  int
	}
	var retargeted []succ
	for _, pb := range region.Blocks() {
		if t := pb.Last(); t != nil {
			for i, s := range t.Successors() {
				if s == b {
					t.SetSuccessor(i, nb)
					retargeted = append(retargeted, succ{t, i})
				}
			}
		}
	}
	b.Remove()
	rw.st.log(func() {
		for _, s := range retargeted {
			s.op.SetSuccessor(s.i, b)
		}
		region.InsertBlockBefore(nb, b)
		for _, op := range ops {
			op.MoveToEnd(b)
		}
		nb.Remove()
	})
	for i, a := range b.Arguments() {
		start, size, repl, ok := conv.InputMapping(i)
		var m mapped
		switch {
		case !ok:
		case repl != nil:
			m = mapped{vals: []*ir.Value{repl}, tc: tc}
		default:
			m = mapped{vals: append([]*ir.Value{}, nb.Arguments()[start:start+size]...), tc: tc}
		}
		rw.st.setMapping(a, m)
		rw.recordArg(a)
	}
	return nb
}

// ConvertRegionTypes converts the argument types of every block of r with
// tc, the entry block with entry when it is not nil. Blocks whose
// signature is already legal are kept. It returns the (new) entry block.
func (rw *Rewriter) ConvertRegionTypes(r *ir.Region, tc *TypeConverter, entry *SignatureConversion) (*ir.Block, error) {
	blocks := append([]*ir.Block(nil), r.Blocks()...)
	for i, b := range blocks {
		conv := entry
		if i > 0 || conv == nil {
			c, ok := tc.ConvertBlockSignature(b)
			if !ok {
				return nil, matchFailuref(loc(b), "failed to convert the argument types of block #%d", i)
			}
			conv = c
		}
		if i > 0 || entry == nil {
			if sameSignature(b, conv) {
				continue
			}
		}
		rw.ApplySignatureConversion(b, conv, tc)
	}
	return r.Front(), nil
}

// sameSignature reports whether conv keeps every argument of b as it is.
func sameSignature(b *ir.Block, conv *SignatureConversion) bool {
	if len(conv.ConvertedTypes()) != b.NumArguments() {
		return false
	}
	for i, a := range b.Arguments() {
		start, size, repl, ok := conv.InputMapping(i)
		if !ok || repl != nil || size != 1 || start != i || conv.ConvertedTypes()[i] != a.Type() {
			return false
		}
	}
	return true
}

func loc(b *ir.Block) ir.Location {
	if op := b.ParentOp(); op != nil {
		return op.Loc()
	}
	return ir.Unknown
}
