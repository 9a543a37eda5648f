package ir

// Verify checks op and everything nested in it: structural rules
// (terminators, block and region shape, successors, dominance, isolation,
// symbol tables), trait invariants and each registered op's own Verify hook.
// It returns nil or a DiagList with one diagnostic per failing operation;
// it does not descend into an op that failed its own checks.
func Verify(op *Operation) error {
	v := &verifier{dom: NewDominanceInfo()}
	v.verifyOp(op)
	if len(v.diags) == 0 {
		return nil
	}
	return v.diags
}

type verifier struct {
	dom   *DominanceInfo
	diags DiagList
}

func (v *verifier) fail(err error) {
	v.diags = append(v.diags, Diagnostics(err)...)
}

func (v *verifier) verifyOp(op *Operation) bool {
	if err := v.verifyOpLocal(op); err != nil {
		v.fail(err)
		return false
	}
	ok := true
	for _, r := range op.regions {
		for _, b := range r.blocks {
			if !v.verifyBlock(op, b) {
				ok = false
			}
		}
	}
	if !ok {
		return false
	}
	if err := v.verifyDominance(op); err != nil {
		v.fail(err)
		return false
	}
	return true
}

// verifyOpLocal checks op's own invariants, before its regions.
func (v *verifier) verifyOpLocal(op *Operation) error {
	for i, o := range op.operands {
		if o.value == nil {
			return op.Errorf("operand #%d is null", i)
		}
	}
	def := op.def
	if def == nil {
		return nil
	}
	if def.Traits&Terminator != 0 && op.block != nil && op.next != nil {
		return op.Errorf("must be the last operation in the parent block")
	}
	if len(op.succs) > 0 && op.block != nil {
		for _, s := range op.succs {
			if s.parent != op.block.parent {
				return op.Errorf("reference to block defined in another region")
			}
		}
	}
	if def.HasSchema() {
		if err := verifySchema(op, def); err != nil {
			return err
		}
	}
	if def.Traits&SingleBlock != 0 {
		for i, r := range op.regions {
			if len(r.blocks) > 1 {
				return op.Errorf("expects region #%d to have 0 or 1 blocks", i)
			}
		}
	}
	if def.Traits&SameOperandsAndResultType != 0 && !sameOperandsAndResultType(op) {
		return op.Errorf("requires the same type for all operands and results")
	}
	if def.Traits&Symbol != 0 {
		if _, ok := op.Attr(SymbolAttrName).(*StringAttr); !ok {
			return op.Errorf("requires string attribute '%s'", SymbolAttrName)
		}
	}
	if def.Traits&SymbolTableTrait != 0 {
		if err := verifySymbolTable(op); err != nil {
			return err
		}
	}
	if def.Traits&IsolatedFromAbove != 0 {
		if err := verifyIsolated(op); err != nil {
			return err
		}
	}
	if def.Verify != nil {
		if err := safeVerify(def.Verify, op); err != nil {
			return err
		}
	}
	return nil
}

// sameOperandsAndResultType reports whether every operand and result of op
// has one type (the first one's).
func sameOperandsAndResultType(op *Operation) bool {
	var t Type
	for _, o := range op.operands {
		if t == nil {
			t = o.value.typ
		} else if o.value.typ != t {
			return false
		}
	}
	for _, r := range op.results {
		if t == nil {
			t = r.typ
		} else if r.typ != t {
			return false
		}
	}
	return true
}

// safeVerify runs an op's verify hook, turning a panic (a bug in the hook)
// into an internal-error diagnostic rather than crashing the tool.
func safeVerify(fn func(*Operation) error, op *Operation) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = op.Errorf("internal error: verifier panicked: %v", r)
		}
	}()
	return fn(op)
}

func (v *verifier) verifyBlock(parent *Operation, b *Block) bool {
	ok := true
	for o := b.first; o != nil; o = o.next {
		if len(o.succs) > 0 && o.next != nil && o.def == nil {
			v.fail(Errorf(o.loc, "operation with block successors must terminate its parent block"))
			return false
		}
		if !v.verifyOp(o) {
			ok = false
		}
	}
	if !ok {
		return false
	}
	if parent.def != nil && parent.def.Traits&NoTerminator == 0 {
		if b.Empty() {
			v.fail(Errorf(parent.loc, "empty block: expect at least a terminator"))
			return false
		}
		last := b.last
		if last.def != nil && last.def.Traits&Terminator == 0 {
			v.fail(Errorf(last.loc, "block with no terminator, has '%s'", last.name))
			return false
		}
	}
	if b.IsEntry() && len(b.Predecessors()) > 0 {
		v.fail(Errorf(parent.loc, "entry block of region may not have predecessors"))
		return false
	}
	return true
}

// verifyDominance checks that every operand of the ops directly inside op's
// regions (and, recursively, their nested ops) is dominated by its definition.
func (v *verifier) verifyDominance(op *Operation) error {
	for _, r := range op.regions {
		if isGraphRegion(r) {
			continue
		}
		for _, b := range r.blocks {
			if !v.dom.IsReachable(b) {
				continue
			}
			for o := b.first; o != nil; o = o.next {
				for i, opd := range o.operands {
					// Most operands are results of earlier ops in the same
					// block: ValueDominates' answer, without its search
					// for the ancestor in r and the graph-region test.
					if x := opd.value; x.block == nil && x.def != nil && x.def.block == b && x.def != o && x.def.IsBeforeInBlock(o) {
						continue
					}
					if !v.dom.ValueDominates(opd.value, o) {
						d := Errorf(o.loc, "operand #%d does not dominate this use", i)
						if def := opd.value.def; def != nil {
							d.AttachNote(def.loc, "operand defined here")
						}
						return d
					}
				}
			}
		}
	}
	return nil
}

func verifySymbolTable(op *Operation) error {
	seen := map[string]*Operation{}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				n := SymbolNameOf(o)
				if n == "" {
					continue
				}
				if prev, dup := seen[n]; dup {
					return Errorf(o.loc, "redefinition of symbol named '%s'", n).
						AttachNote(prev.loc, "see existing symbol definition here")
				}
				seen[n] = o
			}
		}
	}
	return nil
}

func verifyIsolated(op *Operation) error {
	for _, r := range op.regions {
		if o := firstNonIsolatedUse(r, r); o != nil {
			return o.Errorf("using value defined outside the region").
				AttachNote(op.loc, "required by region isolation constraints")
		}
	}
	return nil
}

// firstNonIsolatedUse returns the first op in within (pre-order) that uses
// a value defined outside the region r, or nil.
func firstNonIsolatedUse(r, within *Region) *Operation {
	for _, b := range within.blocks {
		for o := b.first; o != nil; o = o.next {
			for _, opd := range o.operands {
				x := opd.value
				if x == nil || x.OwnerBlock() == b {
					continue // defined beside o, so inside r
				}
				if pr := x.ParentRegion(); pr == nil || !r.IsAncestor(pr) {
					return o
				}
			}
			if o.HasTrait(IsolatedFromAbove) {
				// As upstream: a nested isolated op checks itself, and
				// nothing under it can use a value of r's.
				continue
			}
			for _, nested := range o.regions {
				if bad := firstNonIsolatedUse(r, nested); bad != nil {
					return bad
				}
			}
		}
	}
	return nil
}
