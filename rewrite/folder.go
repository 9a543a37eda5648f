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

// TryFold runs op's folder on its constant operands. It returns the fold
// results (nil when op has no folder or does not fold) and whether op was
// folded in place, every result being op's own.
func TryFold(op *ir.Operation) (res []ir.FoldResult, inPlace bool) {
	def := op.Def()
	if def == nil {
		return nil, false
	}
	consts := ConstantOperands(op)
	if def.Fold != nil {
		res = def.Fold(op, consts)
	}
	if len(res) == 0 || len(res) != op.NumResults() {
		// As MLIR's trait folders, run when the op's own fold fails.
		if op.HasTrait(ir.Commutative) && moveConstantsRight(op, consts) {
			res = make([]ir.FoldResult, op.NumResults())
			for i, r := range op.Results() {
				res[i].Value = r
			}
			return res, true
		}
		return nil, false
	}
	inPlace = true
	for i, r := range res {
		inPlace = inPlace && r.Value == op.Result(i)
	}
	return res, inPlace
}

// ReplaceByFold replaces op by its fold results res: values as they are,
// attributes as constants of op's dialect materialized before op. When an
// attribute cannot be materialized it erases the constants it made and
// leaves op in place, returning false.
func ReplaceByFold(rw *ir.Rewriter, op *ir.Operation, res []ir.FoldResult) bool {
	rw.SetInsertionPointBefore(op)
	repl := make([]*ir.Value, len(res))
	var created []*ir.Operation
	for i, r := range res {
		if r.Value != nil {
			repl[i] = r.Value
			continue
		}
		var c *ir.Operation
		if r.Attr != nil {
			c = Materialize(rw, op.Dialect(), r.Attr, op.Result(i).Type(), op.Loc())
		}
		if c == nil {
			for _, x := range created {
				rw.EraseOp(x)
			}
			return false
		}
		created = append(created, c)
		repl[i] = c.Result(0)
	}
	rw.ReplaceOp(op, repl)
	return true
}

// moveConstantsRight stably moves a commutative op's constant operands
// after the others (MLIR's foldCommutative), so `mulf %cst, %x` becomes
// `mulf %x, %cst` and CSE sees one spelling. It reports whether it moved any.
func moveConstantsRight(op *ir.Operation, consts []ir.Attribute) bool {
	if op.NumOperands() < 2 {
		return false
	}
	var vars, cs []*ir.Value
	for i, v := range op.Operands() {
		if consts[i] != nil {
			cs = append(cs, v)
		} else {
			vars = append(vars, v)
		}
	}
	moved := false
	for i := range vars {
		if consts[i] != nil {
			moved = true
		}
	}
	if !moved {
		return false
	}
	op.SetOperands(append(vars, cs...))
	return true
}
