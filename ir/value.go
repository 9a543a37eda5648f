package ir

// Value is an SSA value: an operation result or a block argument. Its uses
// form an intrusive list of OpOperands, so replacing all uses is linear in the
// number of uses and never scans the IR.
type Value struct {
	typ      Type
	firstUse *OpOperand
	def      *Operation // defining op for results; nil for block arguments
	block    *Block     // owner block for block arguments
	index    int
	loc      Location // block arguments only
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type (used by type-changing rewrites).
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the operation producing v, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.def }

// IsBlockArgument reports whether v is a block argument.
func (v *Value) IsBlockArgument() bool { return v.block != nil }

// OwnerBlock returns the block of a block argument, or the block of the defining op.
func (v *Value) OwnerBlock() *Block {
	if v.block != nil {
		return v.block
	}
	return v.def.block
}

// ParentRegion returns the region in which v is defined.
func (v *Value) ParentRegion() *Region {
	if b := v.OwnerBlock(); b != nil {
		return b.parent
	}
	return nil
}

// DefinedOutside reports whether v is defined outside op's regions (op's
// own results count as outside): the test for a value a transformation of
// op's body may use as it is.
func (v *Value) DefinedOutside(op *Operation) bool {
	r := v.ParentRegion()
	if r == nil {
		return true
	}
	p := r.Parent()
	return p == nil || !op.IsAncestor(p)
}

// Index returns the result number or argument number.
func (v *Value) Index() int { return v.index }

// Loc returns the location of a block argument (Unknown for results: use the op's).
func (v *Value) Loc() Location {
	if v.loc == nil {
		if v.def != nil {
			return v.def.loc
		}
		return Unknown
	}
	return v.loc
}

// SetLoc sets a block argument's location.
func (v *Value) SetLoc(l Location) { v.loc = l }

// Uses returns the value's uses, most recent first.
func (v *Value) Uses() []*OpOperand {
	var us []*OpOperand
	for u := v.firstUse; u != nil; u = u.nextUse {
		us = append(us, u)
	}
	return us
}

// HasUses reports whether v is used at all.
func (v *Value) HasUses() bool { return v.firstUse != nil }

// HasOneUse reports whether v has exactly one use.
func (v *Value) HasOneUse() bool { return v.firstUse != nil && v.firstUse.nextUse == nil }

// Users returns the distinct operations using v.
func (v *Value) Users() []*Operation {
	var ops []*Operation
	seen := map[*Operation]bool{}
	for u := v.firstUse; u != nil; u = u.nextUse {
		if !seen[u.owner] {
			seen[u.owner] = true
			ops = append(ops, u.owner)
		}
	}
	return ops
}

// ReplaceAllUsesWith makes every use of v use w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for v.firstUse != nil {
		v.firstUse.Set(w)
	}
}

// ReplaceUsesWithIf replaces the uses for which keep returns true.
func (v *Value) ReplaceUsesWithIf(w *Value, replace func(*OpOperand) bool) {
	for _, u := range v.Uses() {
		if replace(u) {
			u.Set(w)
		}
	}
}

// OpOperand is one use of a value by an operation.
type OpOperand struct {
	value            *Value
	owner            *Operation
	index            int
	prevUse, nextUse *OpOperand
}

// Value returns the used value.
func (o *OpOperand) Value() *Value { return o.value }

// Owner returns the using operation.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number in the owner.
func (o *OpOperand) Index() int { return o.index }

// Set points the operand at a new value, updating use lists.
func (o *OpOperand) Set(v *Value) {
	o.unlink()
	o.value = v
	o.link()
}

func (o *OpOperand) link() {
	if o.value == nil {
		return
	}
	o.prevUse = nil
	o.nextUse = o.value.firstUse
	if o.nextUse != nil {
		o.nextUse.prevUse = o
	}
	o.value.firstUse = o
}

func (o *OpOperand) unlink() {
	if o.value == nil {
		return
	}
	if o.prevUse != nil {
		o.prevUse.nextUse = o.nextUse
	} else {
		o.value.firstUse = o.nextUse
	}
	if o.nextUse != nil {
		o.nextUse.prevUse = o.prevUse
	}
	o.prevUse, o.nextUse = nil, nil
}
