package ir

import (
	"slices"
	"strings"
)

// Operation is the unit of IR: a name, operands, results, attributes,
// regions and successors, with a location. Ownership is a strict tree:
// Operation → Region → Block → Operation.
//
// Attributes are kept in two lists, as in MLIR 19: inherent attributes
// (properties, printed `<{...}>` in generic form) and discardable ones.
type Operation struct {
	name     string
	def      *OpDef
	operands []*OpOperand
	results  []*Value
	props    []NamedAttribute
	attrs    []NamedAttribute
	regions  []*Region
	succs    []*Block
	loc      Location

	block      *Block
	prev, next *Operation
}

// OperationState gathers what is needed to create an operation.
type OperationState struct {
	Name       string
	Loc        Location
	Operands   []*Value
	Types      []Type // result types
	Props      []NamedAttribute
	Attrs      []NamedAttribute
	Regions    []*Region
	Successors []*Block
}

// AddAttr adds an attribute; the context sorts inherent from discardable when the op is created.
func (s *OperationState) AddAttr(name string, a Attribute) {
	s.Attrs = append(s.Attrs, NamedAttribute{name, a})
}

// HasAttr reports whether the state already holds an attribute or property
// named name (parsers use it to fill defaults only where the text gave none).
func (s *OperationState) HasAttr(name string) bool {
	for _, a := range s.Attrs {
		if a.Name == name {
			return true
		}
	}
	for _, a := range s.Props {
		if a.Name == name {
			return true
		}
	}
	return false
}

// AddRegion adds and returns a new empty region.
func (s *OperationState) AddRegion() *Region {
	r := NewRegion()
	s.Regions = append(s.Regions, r)
	return r
}

// smallOperands is how many operands an operation allocated as a smallOp holds.
const smallOperands = 3

// smallOp is an operation allocated together with the storage of its
// operands, its result and its first property, for the common shape of at
// most smallOperands operands and one result: one allocation rather than
// one per operand, result and slice (parsing and rewriting create
// operations by the hundred thousand). Slices that outgrow it move to the
// heap as usual.
type smallOp struct {
	op       Operation
	operandP [smallOperands]*OpOperand
	operands [smallOperands]OpOperand
	resultP  [1]*Value
	result   Value
	props    [1]NamedAttribute
}

// NewOperation creates a detached operation from st. Attributes the op's
// definition declares inherent are stored as properties.
func (c *Context) NewOperation(st *OperationState) *Operation {
	var op *Operation
	nOpd, nRes := len(st.Operands), len(st.Types)
	if nOpd <= smallOperands && nRes <= 1 {
		s := &smallOp{}
		op = &s.op
		op.operands = s.operandP[:nOpd:nOpd]
		for i, v := range st.Operands {
			o := &s.operands[i]
			*o = OpOperand{value: v, owner: op, index: i}
			o.link()
			op.operands[i] = o
		}
		op.results = s.resultP[:nRes:nRes]
		if nRes == 1 {
			s.result = Value{typ: st.Types[0], def: op}
			op.results[0] = &s.result
		}
		op.props = s.props[:0:1]
	} else {
		op = &Operation{}
		op.operands = make([]*OpOperand, nOpd)
		for i, v := range st.Operands {
			o := &OpOperand{value: v, owner: op, index: i}
			o.link()
			op.operands[i] = o
		}
		op.results = make([]*Value, nRes)
		for i, t := range st.Types {
			op.results[i] = &Value{typ: t, def: op, index: i}
		}
	}
	op.name, op.def, op.loc = st.Name, c.ops[st.Name], st.Loc
	if op.loc == nil {
		op.loc = Unknown
	}
	op.props = append(op.props, st.Props...)
	for _, a := range st.Attrs {
		op.SetAttr(a.Name, a.Value)
	}
	for _, r := range st.Regions {
		op.appendRegion(r)
	}
	op.succs = append(op.succs, st.Successors...)
	return op
}

func (op *Operation) appendRegion(r *Region) {
	if r == nil {
		r = NewRegion()
	}
	r.parent = op
	op.regions = append(op.regions, r)
}

// Name returns the full op name, e.g. "arith.addi".
func (op *Operation) Name() string { return op.name }

// Def returns the op's definition, or nil for an unregistered op.
func (op *Operation) Def() *OpDef { return op.def }

// IsRegistered reports whether the op's dialect defines it.
func (op *Operation) IsRegistered() bool { return op.def != nil }

// Dialect returns the dialect prefix of the name ("arith" for "arith.addi").
func (op *Operation) Dialect() string {
	if i := strings.IndexByte(op.name, '.'); i >= 0 {
		return op.name[:i]
	}
	return ""
}

// Is reports whether the op is named name; a nil op is named nothing, so
// that a generated AsXOp can take any op.
func (op *Operation) Is(name string) bool { return op != nil && op.name == name }

// Loc returns the location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// HasTrait reports whether the op's definition has all traits in t.
func (op *Operation) HasTrait(t Trait) bool { return op.def != nil && op.def.Traits&t == t }

// ---- operands ----

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i's value.
func (op *Operation) Operand(i int) *Value { return op.operands[i].value }

// OpOperand returns operand slot i.
func (op *Operation) OpOperand(i int) *OpOperand { return op.operands[i] }

// Operands returns the operand values (a fresh slice).
func (op *Operation) Operands() []*Value {
	vs := make([]*Value, len(op.operands))
	for i, o := range op.operands {
		vs[i] = o.value
	}
	return vs
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i, o := range op.operands {
		ts[i] = o.value.typ
	}
	return ts
}

// SetOperand points operand i at v.
func (op *Operation) SetOperand(i int, v *Value) { op.operands[i].Set(v) }

// SetOperands replaces all operands.
func (op *Operation) SetOperands(vs []*Value) {
	for _, o := range op.operands {
		o.unlink()
	}
	op.operands = op.operands[:0]
	for i, v := range vs {
		o := &OpOperand{value: v, owner: op, index: i}
		o.link()
		op.operands = append(op.operands, o)
	}
}

// InsertOperands inserts vs at position i.
func (op *Operation) InsertOperands(i int, vs ...*Value) {
	all := op.Operands()
	all = slices.Insert(all, i, vs...)
	op.SetOperands(all)
}

// EraseOperand removes operand i.
func (op *Operation) EraseOperand(i int) {
	all := op.Operands()
	op.SetOperands(append(all[:i], all[i+1:]...))
}

// ---- results ----

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.results[i] }

// Results returns the results (the slice must not be modified).
func (op *Operation) Results() []*Value { return op.results }

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i, r := range op.results {
		ts[i] = r.typ
	}
	return ts
}

// UseEmpty reports whether no result has a use.
func (op *Operation) UseEmpty() bool {
	for _, r := range op.results {
		if r.firstUse != nil {
			return false
		}
	}
	return true
}

// ReplaceAllUsesWith replaces each result's uses with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []*Value) {
	for i, r := range op.results {
		r.ReplaceAllUsesWith(vs[i])
	}
}

// ---- attributes ----

// Attr returns the attribute named name (inherent or discardable), or nil.
func (op *Operation) Attr(name string) Attribute {
	for _, a := range op.props {
		if a.Name == name {
			return a.Value
		}
	}
	for _, a := range op.attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// HasAttr reports whether the named attribute is present.
func (op *Operation) HasAttr(name string) bool { return op.Attr(name) != nil }

// SetAttr sets an attribute: into the properties when the op's definition
// declares name inherent (or it is already a property), else discardable.
func (op *Operation) SetAttr(name string, a Attribute) {
	if a == nil {
		op.RemoveAttr(name)
		return
	}
	if i := indexAttr(op.props, name); i >= 0 {
		op.props[i].Value = a
		return
	}
	if op.def != nil && op.def.IsInherent(name) {
		op.props = append(op.props, NamedAttribute{name, a})
		return
	}
	if i := indexAttr(op.attrs, name); i >= 0 {
		op.attrs[i].Value = a
		return
	}
	op.attrs = append(op.attrs, NamedAttribute{name, a})
}

// SetProp sets an attribute as a property regardless of the definition
// (the parser uses it for `<{...}>` of unregistered ops).
func (op *Operation) SetProp(name string, a Attribute) {
	if i := indexAttr(op.props, name); i >= 0 {
		op.props[i].Value = a
		return
	}
	op.props = append(op.props, NamedAttribute{name, a})
}

// RemoveAttr removes the named attribute; it reports whether it was present.
func (op *Operation) RemoveAttr(name string) bool {
	if i := indexAttr(op.props, name); i >= 0 {
		op.props = slices.Delete(op.props, i, i+1)
		return true
	}
	if i := indexAttr(op.attrs, name); i >= 0 {
		op.attrs = slices.Delete(op.attrs, i, i+1)
		return true
	}
	return false
}

func indexAttr(as []NamedAttribute, name string) int {
	for i, a := range as {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// Props returns the inherent attributes sorted by name.
func (op *Operation) Props() []NamedAttribute { return sortedAttrs(op.props) }

// DiscardableAttrs returns the discardable attributes sorted by name.
func (op *Operation) DiscardableAttrs() []NamedAttribute { return sortedAttrs(op.attrs) }

// Attrs returns all attributes (inherent and discardable) sorted by name.
func (op *Operation) Attrs() []NamedAttribute {
	return sortedAttrs(append(append([]NamedAttribute(nil), op.props...), op.attrs...))
}

func sortedAttrs(as []NamedAttribute) []NamedAttribute {
	out := append([]NamedAttribute(nil), as...)
	slices.SortStableFunc(out, func(a, b NamedAttribute) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// ---- regions and successors ----

// NumRegions returns the number of regions.
func (op *Operation) NumRegions() int { return len(op.regions) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.regions[i] }

// Regions returns the regions (the slice must not be modified).
func (op *Operation) Regions() []*Region { return op.regions }

// Successors returns the successor blocks (the slice must not be modified).
func (op *Operation) Successors() []*Block { return op.succs }

// Successor returns successor i.
func (op *Operation) Successor(i int) *Block { return op.succs[i] }

// SetSuccessor replaces successor i.
func (op *Operation) SetSuccessor(i int, b *Block) { op.succs[i] = b }

// ---- position ----

// Block returns the block containing op, or nil.
func (op *Operation) Block() *Block { return op.block }

// Next returns the following operation in the block, or nil.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding operation in the block, or nil.
func (op *Operation) Prev() *Operation { return op.prev }

// ParentRegion returns the region containing op, or nil.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.parent
}

// ParentOp returns the operation whose region contains op, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.block == nil || op.block.parent == nil {
		return nil
	}
	return op.block.parent.parent
}

// ParentOfName returns the closest enclosing op named name, or nil.
func (op *Operation) ParentOfName(name string) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.name == name {
			return p
		}
	}
	return nil
}

// IsAncestor reports whether op contains other (or is it).
func (op *Operation) IsAncestor(other *Operation) bool {
	for other != nil {
		if other == op {
			return true
		}
		other = other.ParentOp()
	}
	return false
}

// IsBeforeInBlock reports whether op precedes other in their common block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	for o := op.next; o != nil; o = o.next {
		if o == other {
			return true
		}
	}
	return false
}

// MoveBefore moves op (detaching it if needed) before pos.
func (op *Operation) MoveBefore(pos *Operation) {
	if op.block != nil {
		op.block.unlink(op)
	}
	pos.block.InsertBefore(pos, op)
}

// MoveAfter moves op after pos.
func (op *Operation) MoveAfter(pos *Operation) {
	if op.block != nil {
		op.block.unlink(op)
	}
	pos.block.InsertAfter(pos, op)
}

// MoveToEnd moves op to the end of b.
func (op *Operation) MoveToEnd(b *Block) {
	if op.block != nil {
		op.block.unlink(op)
	}
	b.Append(op)
}

// Remove detaches op from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlink(op)
	}
}

// DropAllReferences unlinks every operand of op and of the ops nested in it.
func (op *Operation) DropAllReferences() {
	for _, o := range op.operands {
		o.unlink()
		o.value = nil
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
	op.succs = nil
}

// Erase detaches op and drops its references. Its results must be unused
// (or used only inside op itself).
func (op *Operation) Erase() {
	op.DropAllReferences()
	op.Remove()
}

// ---- cloning ----

// Mapping maps values and blocks of an original IR to those of a clone.
type Mapping struct {
	Values map[*Value]*Value
	Blocks map[*Block]*Block
}

// NewMapping returns an empty mapping.
func NewMapping() *Mapping {
	return &Mapping{Values: map[*Value]*Value{}, Blocks: map[*Block]*Block{}}
}

// Map records that v maps to w.
func (m *Mapping) Map(v, w *Value) { m.Values[v] = w }

// Lookup returns the mapped value, or v itself when unmapped.
func (m *Mapping) Lookup(v *Value) *Value {
	if w, ok := m.Values[v]; ok {
		return w
	}
	return v
}

// Clone deep-copies op and its regions, remapping operands through m (which
// is extended with the clone's results and block arguments). Pass nil for a
// fresh mapping. Operands that are not mapped when cloned and are defined
// later inside op (graph regions, uses before defs across blocks) are
// resolved once the whole tree exists; operands already mapped by the
// caller are mapped exactly once, as MLIR's Operation::clone does.
func (op *Operation) Clone(m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	var pending []*OpOperand
	c := op.clone(m, &pending)
	resolvePending(pending, m)
	return c
}

func (op *Operation) clone(m *Mapping, pending *[]*OpOperand) *Operation {
	c := &Operation{name: op.name, def: op.def, loc: op.loc}
	c.props = append([]NamedAttribute(nil), op.props...)
	c.attrs = append([]NamedAttribute(nil), op.attrs...)
	c.operands = make([]*OpOperand, len(op.operands))
	for i, o := range op.operands {
		w, mapped := m.Values[o.value]
		if !mapped {
			w = o.value
		}
		oo := &OpOperand{value: w, owner: c, index: i}
		oo.link()
		c.operands[i] = oo
		if !mapped {
			*pending = append(*pending, oo)
		}
	}
	c.results = make([]*Value, len(op.results))
	for i, r := range op.results {
		c.results[i] = &Value{typ: r.typ, def: c, index: i}
		m.Map(r, c.results[i])
	}
	for _, r := range op.regions {
		nr := NewRegion()
		c.appendRegion(nr)
		r.cloneInto(nr, m, pending)
	}
	c.succs = make([]*Block, len(op.succs))
	for i, s := range op.succs {
		if nb, ok := m.Blocks[s]; ok {
			c.succs[i] = nb
		} else {
			c.succs[i] = s
		}
	}
	return c
}

// CloneInto appends copies of r's blocks to dst, extending m.
func (r *Region) CloneInto(dst *Region, m *Mapping) {
	var pending []*OpOperand
	newBlocks := r.cloneInto(dst, m, &pending)
	resolvePending(pending, m)
	// Branches to blocks that come later in the region were cloned before
	// those blocks were mapped only if cloneInto had not created them
	// first; it does, so successors are already remapped.
	_ = newBlocks
}

func (r *Region) cloneInto(dst *Region, m *Mapping, pending *[]*OpOperand) []*Block {
	// Create all blocks first so forward branches resolve.
	newBlocks := make([]*Block, 0, len(r.blocks))
	for _, b := range r.blocks {
		nb := &Block{}
		for _, a := range b.args {
			m.Map(a, nb.AddArgument(a.typ, a.loc))
		}
		m.Blocks[b] = nb
		newBlocks = append(newBlocks, nb)
	}
	for i, b := range r.blocks {
		nb := newBlocks[i]
		dst.AppendBlock(nb)
		for o := b.first; o != nil; o = o.next {
			nb.Append(o.clone(m, pending))
		}
	}
	return newBlocks
}

// resolvePending maps operands that referred to values not yet cloned when
// their op was copied (values defined later inside the cloned tree).
func resolvePending(pending []*OpOperand, m *Mapping) {
	for _, o := range pending {
		if w, ok := m.Values[o.value]; ok && w != o.value {
			o.Set(w)
		}
	}
}
