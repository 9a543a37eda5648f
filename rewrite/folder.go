package rewrite

import "github.com/goopt/goopt/ir"

// ConstantValue returns the attribute a constant-like op materialises, or
// nil when op is not constant-like (MLIR's m_Constant).
func ConstantValue(op *ir.Operation) ir.Attribute {
	if op == nil || !op.HasTrait(ir.ConstantLike) {
		return nil
	}
	if f := op.Def().Fold; f != nil {
		if res := f(op, make([]ir.Attribute, op.NumOperands())); len(res) == 1 && res[0].Attr != nil {
			return res[0].Attr
		}
	}
	return op.Attr("value")
}

// ConstantOperands returns the constant value of each operand of op (nil
// for non-constant operands), as folders expect.
func ConstantOperands(op *ir.Operation) []ir.Attribute {
	attrs := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		if v != nil {
			attrs[i] = ConstantValue(v.DefiningOp())
		}
	}
	return attrs
}

// InsertionRegion returns the region constants used in b are hoisted to:
// the closest enclosing region whose parent op is isolated from above (or
// has no parent).
func InsertionRegion(b *ir.Block) *ir.Region {
	r := b.Parent()
	for r != nil {
		p := r.Parent()
		if p == nil || p.HasTrait(ir.IsolatedFromAbove) || p.ParentRegion() == nil {
			return r
		}
		r = p.ParentRegion()
	}
	return r
}

type constKey struct {
	dialect, attr, typ string
}

// Folder uniques constants per insertion region and hoists them to the
// start of the region's entry block, as MLIR's OperationFolder does.
type Folder struct {
	scopes map[*ir.Region]map[constKey]*ir.Operation
	owned  map[*ir.Operation]*ir.Region
}

// NewFolder returns an empty folder.
func NewFolder() *Folder {
	return &Folder{scopes: map[*ir.Region]map[constKey]*ir.Operation{}, owned: map[*ir.Operation]*ir.Region{}}
}

func keyOf(op *ir.Operation, value ir.Attribute) constKey {
	return constKey{op.Dialect(), value.String(), op.Result(0).Type().String()}
}

// InsertKnownConstant records the constant op with value. When an equal
// constant already exists in the scope, op's uses are redirected to it, op
// is erased and InsertKnownConstant returns false. Otherwise op is moved
// to the front of the scope's entry block (unless it already sits in the
// run of constants there) and true is returned.
func (f *Folder) InsertKnownConstant(rw *ir.Rewriter, op *ir.Operation, value ir.Attribute) bool {
	blk := op.Block()
	if blk == nil || op.NumResults() != 1 {
		return true
	}
	if _, ok := f.owned[op]; ok {
		if blk.First() != op && !f.isOwned(op.Prev()) {
			op.MoveBefore(blk.First())
			op.SetLoc(ir.Unknown)
		}
		return true
	}
	region := InsertionRegion(blk)
	if region == nil || region.Front() == nil {
		return true
	}
	scope := f.scopes[region]
	if scope == nil {
		scope = map[constKey]*ir.Operation{}
		f.scopes[region] = scope
	}
	key := keyOf(op, value)
	if existing := scope[key]; existing != nil && existing != op {
		rw.ReplaceOp(op, existing.Results())
		if existing.Loc() != op.Loc() {
			existing.SetLoc(ir.Unknown)
		}
		return false
	}
	entry := region.Front()
	if blk != entry || entry.First() != op && !f.isOwned(op.Prev()) {
		op.MoveBefore(entry.First())
		op.SetLoc(ir.Unknown)
	}
	scope[key] = op
	f.owned[op] = region
	return true
}

func (f *Folder) isOwned(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	_, ok := f.owned[op]
	return ok
}

// NotifyRemoval forgets op when it is one of the folder's constants.
func (f *Folder) NotifyRemoval(op *ir.Operation) {
	region, ok := f.owned[op]
	if !ok {
		return
	}
	delete(f.owned, op)
	for k, c := range f.scopes[region] {
		if c == op {
			delete(f.scopes[region], k)
		}
	}
}

// Clear forgets every constant.
func (f *Folder) Clear() {
	clear(f.scopes)
	clear(f.owned)
}

// Materialize builds a constant for value of type t with the dialect of op
// at the rewriter's insertion point, or returns nil when the dialect
// cannot.
func Materialize(rw *ir.Rewriter, dialect string, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	d := rw.Ctx.Dialect(dialect)
	if d == nil || d.Materialize == nil {
		return nil
	}
	return d.Materialize(rw.Builder, value, t, loc)
}
