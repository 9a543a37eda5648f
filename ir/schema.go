package ir

import (
	"fmt"
	"slices"
	"strings"
)

// Op schemas: an OpDef may declare its operands, results, attributes,
// regions and successors as data (ODS-lite). The declaration drives the
// generic verifier (counts, operand segments, attribute presence and kinds,
// type constraints), named accessors, the segment-aware builder, and the
// declarative custom syntax (OpDef.Format).
//
// An op declares a schema when any of Operands, Results, Attrs, Regions or
// Successors is non-nil; use NoValues for an empty list that is declared.

// Arity says how many values (or regions, successors) one declared entry stands for.
type Arity uint8

const (
	// Single is exactly one.
	Single Arity = iota
	// Optional is zero or one.
	Optional
	// Variadic is any number.
	Variadic
)

// TypeConstraint restricts a value's type. Desc completes MLIR's message
// "operand #0 must be <Desc>, but got 'f32'".
type TypeConstraint struct {
	Desc  string
	Check func(Type) bool
	// Fixed, when set, is the only type allowed: a format need not spell it.
	Fixed Type
	// Class, when set, is the kind of type a format's type directive reads
	// (MLIR's parseType<MemRefType>): another type is a parse error,
	// "invalid kind of type specified", rather than a verifier one.
	Class func(Type) bool
}

// AttrConstraint restricts an attribute. Desc completes MLIR's message
// "attribute 'x' failed to satisfy constraint: <Desc>". Parse and Print,
// when set, read and write the attribute's short form where a Format names
// it (`fastmath<fast>` rather than `#arith.fastmath<fast>`).
type AttrConstraint struct {
	Desc  string
	Check func(Attribute) bool
	// Type, when set, types an untyped literal in a format, which then
	// prints the attribute without its type (`5` for an I64 attribute).
	Type  Type
	Parse func(p OpParser) (Attribute, error)
	Print func(p OpPrinter, a Attribute)
	// ParseOptional reads the short form when it is next; it lets an
	// optional group start with the attribute.
	ParseOptional func(p OpParser) (Attribute, bool, error)
}

// ValueDef declares one operand or result group.
type ValueDef struct {
	Name  string
	Arity Arity
	Type  *TypeConstraint // nil: any type
}

// AttrDef declares one inherent attribute.
type AttrDef struct {
	Name     string
	Kind     *AttrConstraint // nil: any attribute
	Optional bool
	// Default is the value a format parse stores when the attribute is not
	// spelled, and that a format print treats as absent (DefaultValuedAttr).
	Default Attribute
	// KeepAbsent, with Default, leaves an unspelled attribute absent rather
	// than storing Default (MLIR's DefaultValuedOptionalAttr).
	KeepAbsent bool
}

// TypeMatch declares that the type of the operand or result To is
// Transform of the type of From (MLIR's TypesMatchWith): a format need not
// spell To, and the verifier checks it, "failed to verify that <Desc>".
// Transform returns nil where From's type has no match (the constraint on
// From reports that).
type TypeMatch struct {
	From, To  string
	Desc      string
	Transform func(Type) Type
}

// RegionDef declares one region (Arity Variadic: any number of regions).
type RegionDef struct {
	Name  string
	Arity Arity
}

// SuccessorDef declares one successor (Arity Variadic: any number).
type SuccessorDef struct {
	Name  string
	Arity Arity
}

// NoValues is a declared empty list of operands or results.
var NoValues = []ValueDef{}

// NoRegions is a declared empty list of regions.
var NoRegions = []RegionDef{}

// NoSuccessors is a declared empty list of successors.
var NoSuccessors = []SuccessorDef{}

// Operand, Opt and Variadic are shorthands for ValueDefs.
func Operand(name string, t *TypeConstraint) ValueDef { return ValueDef{Name: name, Type: t} }

// Opt declares an optional value.
func Opt(name string, t *TypeConstraint) ValueDef {
	return ValueDef{Name: name, Arity: Optional, Type: t}
}

// Var declares a variadic value group.
func Var(name string, t *TypeConstraint) ValueDef {
	return ValueDef{Name: name, Arity: Variadic, Type: t}
}

// Attr declares a required attribute; OptAttr an optional one.
func Attr(name string, k *AttrConstraint) AttrDef { return AttrDef{Name: name, Kind: k} }

// DefaultAttr declares an attribute with a default value.
func DefaultAttr(name string, k *AttrConstraint, def Attribute) AttrDef {
	return AttrDef{Name: name, Kind: k, Optional: true, Default: def}
}

// OptAttr declares an optional attribute.
func OptAttr(name string, k *AttrConstraint) AttrDef {
	return AttrDef{Name: name, Kind: k, Optional: true}
}

// SegmentSizesAttr is the property that records the sizes of an op's
// operand groups when it has more than one optional or variadic group
// (MLIR's AttrSizedOperandSegments).
const SegmentSizesAttr = "operandSegmentSizes"

// HasSchema reports whether the op declares its operands, results,
// attributes, regions or successors.
func (d *OpDef) HasSchema() bool {
	return d.Operands != nil || d.Results != nil || d.Attrs != nil || d.Regions != nil || d.Successors != nil
}

// segmented reports whether the op's operand groups are sized by SegmentSizesAttr.
func (d *OpDef) segmented() bool { return d.schema().segmented }

func countNonSingle(vs []ValueDef) int {
	n := 0
	for _, v := range vs {
		if v.Arity != Single {
			n++
		}
	}
	return n
}

// AttrDef returns the declared attribute named name, or nil.
func (d *OpDef) AttrDef(name string) *AttrDef {
	for i := range d.Attrs {
		if d.Attrs[i].Name == name {
			return &d.Attrs[i]
		}
	}
	return nil
}

// OperandIndex returns the position of the operand group named name, or -1.
func (d *OpDef) OperandIndex(name string) int { return valueIndex(d.Operands, name) }

// ResultIndex returns the position of the result group named name, or -1.
func (d *OpDef) ResultIndex(name string) int { return valueIndex(d.Results, name) }

func valueIndex(vs []ValueDef, name string) int {
	for i, v := range vs {
		if v.Name == name {
			return i
		}
	}
	return -1
}

// groupRanges splits n values into the declared groups: with one
// non-single group it takes what the singles leave; with several, sizes
// come from the segment attribute (sizes, when given). ok is false when the
// values do not fit the declaration.
func groupRanges(defs []ValueDef, n int, sizes []int64) (ranges [][2]int, ok bool) {
	ranges = make([][2]int, len(defs))
	if sizes != nil {
		if len(sizes) != len(defs) {
			return nil, false
		}
		start := 0
		for i, s := range sizes {
			if s < 0 {
				return nil, false
			}
			ranges[i] = [2]int{start, start + int(s)}
			start += int(s)
		}
		return ranges, start == n
	}
	extra := n - (len(defs) - countNonSingle(defs))
	if extra < 0 {
		return nil, false
	}
	// Several non-single groups without sizes share the rest equally, as
	// MLIR's SameVariadicResultSize (extract_strided_metadata's sizes and strides).
	if k := countNonSingle(defs); k > 1 {
		extra /= k
	}
	start := 0
	for i, d := range defs {
		size := 1
		if d.Arity != Single {
			size = extra
		}
		ranges[i] = [2]int{start, start + size}
		start += size
	}
	return ranges, start == n
}

// segmentSizes returns the op's operand segment sizes when its definition
// is segmented, nil otherwise.
func segmentSizes(op *Operation) []int64 {
	if op.def == nil || !op.def.schema().segmented {
		return nil
	}
	if a, ok := op.Attr(SegmentSizesAttr).(*DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// groupRange returns the [start, end) of group i, computed without
// allocating (it is on the printer's hot path).
func groupRange(defs []ValueDef, n int, sizes []int64, i int) (int, int, bool) {
	if sizes != nil {
		if len(sizes) != len(defs) {
			return 0, 0, false
		}
		start, total := 0, 0
		for j, s := range sizes {
			if s < 0 {
				return 0, 0, false
			}
			if j < i {
				start += int(s)
			}
			total += int(s)
		}
		return start, start + int(sizes[i]), total == n
	}
	nonSingle := countNonSingle(defs)
	extra := n - (len(defs) - nonSingle)
	if extra < 0 || nonSingle == 0 && extra != 0 {
		return 0, 0, false
	}
	if nonSingle > 1 { // SameVariadicResultSize: the groups share the rest equally
		if extra%nonSingle != 0 {
			return 0, 0, false
		}
		extra /= nonSingle
	}
	start := 0
	for j := 0; j < i; j++ {
		if defs[j].Arity == Single {
			start++
		} else {
			start += extra
		}
	}
	if defs[i].Arity == Single {
		return start, start + 1, true
	}
	return start, start + extra, true
}

// OperandGroup returns the operands of the declared group i (nil when the
// op does not fit its declaration; the verifier reports that).
func (op *Operation) OperandGroup(i int) []*Value {
	if op.def == nil || i < 0 || i >= len(op.def.Operands) {
		return nil
	}
	d := op.def
	start, end, ok := d.operandRange(d.schema(), op, i)
	if !ok || start == end {
		return nil
	}
	vs := make([]*Value, end-start)
	for j := range vs {
		vs[j] = op.operands[start+j].value
	}
	return vs
}

// OperandGroupStart returns the index of the first operand of group i, or -1.
func (op *Operation) OperandGroupStart(i int) int {
	if op.def == nil || i < 0 || i >= len(op.def.Operands) {
		return -1
	}
	d := op.def
	start, _, ok := d.operandRange(d.schema(), op, i)
	if !ok {
		return -1
	}
	return start
}

// NamedOperands returns the operands of the group named name.
func (op *Operation) NamedOperands(name string) []*Value {
	if op.def == nil {
		return nil
	}
	return op.OperandGroup(op.def.OperandIndex(name))
}

// NamedOperand returns the single (or optional, nil when absent) operand named name.
func (op *Operation) NamedOperand(name string) *Value {
	if vs := op.NamedOperands(name); len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// ResultGroup returns the results of the declared result group i.
func (op *Operation) ResultGroup(i int) []*Value {
	if op.def == nil || i < 0 || i >= len(op.def.Results) {
		return nil
	}
	d := op.def
	start, end, ok := d.resultRange(d.schema(), op, i)
	if !ok {
		return nil
	}
	return op.results[start:end]
}

// NamedResult returns the single (or optional, nil when absent) result named name.
func (op *Operation) NamedResult(name string) *Value {
	if op.def == nil {
		return nil
	}
	i := op.def.ResultIndex(name)
	if i < 0 {
		return nil
	}
	if vs := op.ResultGroup(i); len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// CreateGroups creates op name with its operands given per declared group,
// setting the operand segment sizes when the op needs them.
func (b *Builder) CreateGroups(name string, loc Location, groups [][]*Value, results []Type, attrs ...NamedAttribute) *Operation {
	st := &OperationState{Name: name, Loc: loc, Types: results, Attrs: attrs}
	st.SetOperandGroups(b.Ctx.OpDef(name), groups...)
	return b.Create(st)
}

// SetOperandGroups appends the operands group by group and, when def's
// operands are segmented, records the group sizes.
func (s *OperationState) SetOperandGroups(def *OpDef, groups ...[]*Value) {
	n := len(s.Operands)
	for _, g := range groups {
		n += len(g)
	}
	s.Operands = slices.Grow(s.Operands, n-len(s.Operands))
	for _, g := range groups {
		s.Operands = append(s.Operands, g...)
	}
	if def != nil && def.segmented() {
		sizes := make([]int32, len(groups))
		for i, g := range groups {
			sizes[i] = int32(len(g))
		}
		s.AddAttr(SegmentSizesAttr, DenseI32Array(sizes...))
	}
}

// verifySchema checks op against its definition's declarations, with
// MLIR's wording and order: counts, segments, attributes, operand and
// result types.
func verifySchema(op *Operation, d *OpDef) error {
	si := d.schema()
	if d.Operands != nil {
		if err := verifyValueCount(op, "operand", d.Operands, si.operandNonSingle, len(op.operands), si.segmented); err != nil {
			return err
		}
	}
	if d.Results != nil {
		if err := verifyValueCount(op, "result", d.Results, si.resultNonSingle, len(op.results), false); err != nil {
			return err
		}
	}
	if d.Regions != nil {
		if err := verifyRegionCount(op, d.Regions); err != nil {
			return err
		}
	}
	if d.Successors != nil {
		if err := verifySuccessorCount(op, d.Successors); err != nil {
			return err
		}
	}
	if d.Operands != nil && si.segmented {
		if err := verifySegments(op, d.Operands); err != nil {
			return err
		}
	}
	for i := range d.Attrs {
		a := &d.Attrs[i]
		v := op.Attr(a.Name)
		if v == nil {
			if !a.Optional {
				return op.Errorf("requires attribute '%s'", a.Name)
			}
			continue
		}
		if a.Kind != nil && a.Kind.Check != nil && !a.Kind.Check(v) {
			return op.Errorf("attribute '%s' failed to satisfy constraint: %s", a.Name, a.Kind.Desc)
		}
	}
	if err := verifyOperandTypes(op, d, si); err != nil {
		return err
	}
	if err := verifyResultTypes(op, d, si); err != nil {
		return err
	}
	if err := verifyTypeMatches(op, d, si); err != nil {
		return err
	}
	return verifyBranchOperands(op)
}

// verifyTypeMatches checks the op's TypesMatchWith declarations.
func verifyTypeMatches(op *Operation, d *OpDef, si *schemaInfo) error {
	for i, m := range d.TypesMatchWith {
		from, to := d.refType(si, op, si.matches[2*i]), d.refType(si, op, si.matches[2*i+1])
		if from == nil || to == nil {
			continue
		}
		if want := m.Transform(from); want != nil && want != to {
			return op.Errorf("failed to verify that %s", m.Desc)
		}
	}
	return nil
}

func verifyValueCount(op *Operation, what string, defs []ValueDef, nonSingle, n int, segmented bool) error {
	singles := len(defs) - nonSingle
	if nonSingle == 0 {
		if n == singles {
			return nil
		}
		switch {
		case singles == 0:
			return op.Errorf("requires zero %ss", what)
		case singles == 1 && what == "operand":
			return op.Errorf("requires a single operand")
		case singles == 1:
			return op.Errorf("requires one result")
		}
		return op.Errorf("expected %d %ss, but found %d", singles, what, n)
	}
	if segmented {
		return nil // the segment sizes say how many
	}
	if n < singles {
		return op.Errorf("expected %d or more %ss, but found %d", singles, what, n)
	}
	for i, d := range defs {
		if d.Arity == Optional && n-singles > 1 {
			return op.Errorf("%s group starting at #%d requires 0 or 1 element, but found %d", what, i, n-singles)
		}
	}
	return nil
}

// fixedCount counts the entries of a region or successor list that are not
// variadic, and says whether one is.
func fixedCount[D RegionDef | SuccessorDef](defs []D, arity func(D) Arity) (fixed int, variadic bool) {
	for _, d := range defs {
		if arity(d) == Variadic {
			variadic = true
		} else {
			fixed++
		}
	}
	return fixed, variadic
}

func verifyRegionCount(op *Operation, defs []RegionDef) error {
	n := len(op.regions)
	fixed, variadic := fixedCount(defs, func(d RegionDef) Arity { return d.Arity })
	switch {
	case variadic && n < fixed:
		return op.Errorf("expected %d or more regions", fixed)
	case variadic:
	case n == fixed:
	case fixed == 0:
		return op.Errorf("requires zero regions")
	case fixed == 1:
		return op.Errorf("requires one region")
	default:
		return op.Errorf("expected %d regions", fixed)
	}
	return nil
}

func verifySuccessorCount(op *Operation, defs []SuccessorDef) error {
	n := len(op.succs)
	fixed, variadic := fixedCount(defs, func(d SuccessorDef) Arity { return d.Arity })
	if variadic {
		if n < fixed {
			return op.Errorf("requires at least %d successors but found %d", fixed, n)
		}
		return nil
	}
	if n == fixed {
		return nil
	}
	plural := "successors"
	if fixed == 1 {
		plural = "successor"
	}
	return op.Errorf("requires %d %s but found %d", fixed, plural, n)
}

// CheckSegmentSizes verifies that op's operandSegmentSizes is present, has
// groups non-negative entries and sums to op's operand count; the schema
// verifier and hand-written verifiers of irregular ops share it.
func CheckSegmentSizes(op *Operation, groups int) error {
	a, ok := op.Attr(SegmentSizesAttr).(*DenseArrayAttr)
	if !ok {
		return op.Errorf("requires attribute '%s'", SegmentSizesAttr)
	}
	if len(a.Ints) != groups {
		return op.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", SegmentSizesAttr, groups, len(a.Ints))
	}
	total := int64(0)
	for _, s := range a.Ints {
		if s < 0 {
			return op.Errorf("'%s' attribute cannot have negative elements", SegmentSizesAttr)
		}
		total += s
	}
	if total != int64(op.NumOperands()) {
		return op.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, SegmentSizesAttr)
	}
	return nil
}

func verifySegments(op *Operation, defs []ValueDef) error {
	if err := CheckSegmentSizes(op, len(defs)); err != nil {
		return err
	}
	a := op.Attr(SegmentSizesAttr).(*DenseArrayAttr)
	start := int64(0)
	for i, d := range defs {
		n := a.Ints[i]
		switch {
		case d.Arity == Single && n != 1:
			return op.Errorf("operand group starting at #%d requires 1 element, but found %d", start, n)
		case d.Arity == Optional && n > 1:
			return op.Errorf("operand group starting at #%d requires 0 or 1 element, but found %d", start, n)
		}
		start += n
	}
	return nil
}

// verifyOperandTypes checks each operand against its group's type
// constraint; operands that do not fit the groups were reported by the counts.
func verifyOperandTypes(op *Operation, d *OpDef, si *schemaInfo) error {
	if si.operandNonSingle == 0 {
		if len(op.operands) != len(d.Operands) {
			return nil
		}
		for i := range d.Operands {
			c := d.Operands[i].Type
			if c == nil || c.Check == nil {
				continue
			}
			if t := op.operands[i].value.typ; !c.Check(t) {
				return op.Errorf("operand #%d must be %s, but got '%s'", i, c.Desc, t)
			}
		}
		return nil
	}
	return verifyGroupTypes(op, "operand", d.Operands, func(i int) (int, int, bool) { return d.operandRange(si, op, i) },
		func(j int) Type { return op.operands[j].value.typ })
}

// verifyResultTypes is verifyOperandTypes for results.
func verifyResultTypes(op *Operation, d *OpDef, si *schemaInfo) error {
	return verifyGroupTypes(op, "result", d.Results, func(i int) (int, int, bool) { return d.resultRange(si, op, i) },
		func(j int) Type { return op.results[j].typ })
}

// verifyGroupTypes checks the values of each group of defs (what names
// them in messages), whose bounds rng gives, against the group's constraint.
func verifyGroupTypes(op *Operation, what string, defs []ValueDef, rng func(i int) (int, int, bool), typeAt func(j int) Type) error {
	for i := range defs {
		c := defs[i].Type
		if c == nil || c.Check == nil {
			continue
		}
		start, end, ok := rng(i)
		if !ok {
			return nil
		}
		if defs[i].Arity == Optional && end-start > 1 {
			return op.Errorf("%s group starting at #%d requires 0 or 1 element, but found %d", what, start, end-start)
		}
		for j := start; j < end; j++ {
			if t := typeAt(j); !c.Check(t) {
				return op.Errorf("%s #%d must be %s, but got '%s'", what, j, c.Desc, t)
			}
		}
	}
	return nil
}

// ---- common constraints ----

// TypeIs returns a constraint accepting exactly t, described as desc.
func TypeIs(t Type, desc string) *TypeConstraint {
	return &TypeConstraint{Desc: desc, Check: func(x Type) bool { return x == t }, Fixed: t}
}

// TypeOf returns a constraint from a predicate.
func TypeOf(desc string, check func(Type) bool) *TypeConstraint {
	return &TypeConstraint{Desc: desc, Check: check}
}

// ClassOf returns a constraint on the types of Go type T that also satisfy
// check (nil: any). A format's type directive reads the constraint as a
// class, so that another kind of type fails to parse with "invalid kind of
// type specified", as MLIR's parseType<MemRefType> does.
func ClassOf[T Type](desc string, check func(T) bool) *TypeConstraint {
	return &TypeConstraint{
		Desc:  desc,
		Class: func(t Type) bool { _, ok := t.(T); return ok },
		Check: func(t Type) bool {
			x, ok := t.(T)
			return ok && (check == nil || check(x))
		},
	}
}

// Common type constraints, described as MLIR describes them.
var (
	AnyType                   = &TypeConstraint{Desc: "any type", Check: func(Type) bool { return true }}
	IndexConstraint           = TypeIs(Index, "index")
	I1Constraint              = TypeIs(I1, "1-bit signless integer")
	AnyMemRef                 = TypeOf("memref of any type values", func(t Type) bool { _, ok := t.(*MemRefType); return ok })
	AnyRankedOrUnrankedMemRef = TypeOf("ranked or unranked memref of any type values", func(t Type) bool {
		switch t.(type) {
		case *MemRefType, *UnrankedMemRefType:
			return true
		}
		return false
	})
	AnySignlessIntOrIndex = TypeOf("signless integer or index", func(t Type) bool {
		if it, ok := t.(*IntegerType); ok {
			return it.IsSignless()
		}
		return t == Index
	})
	AnyFloat = TypeOf("floating-point", IsFloat)
)

// AttrOf returns an attribute constraint from a predicate.
func AttrOf(desc string, check func(Attribute) bool) *AttrConstraint {
	return &AttrConstraint{Desc: desc, Check: check}
}

// Common attribute constraints.
var (
	UnitAttrKind      = AttrOf("unit attribute", func(a Attribute) bool { _, ok := a.(*UnitAttr); return ok })
	BoolAttrKind      = typedAttrKind("bool attribute", I1, func(a Attribute) bool { return isIntAttrOf(a, 1) })
	I32AttrKind       = typedAttrKind("32-bit signless integer attribute", I32, func(a Attribute) bool { return isIntAttrOf(a, 32) })
	I64AttrKind       = typedAttrKind("64-bit signless integer attribute", I64, func(a Attribute) bool { return isIntAttrOf(a, 64) })
	IndexAttrKind     = typedAttrKind("index attribute", Index, func(a Attribute) bool { ia, ok := a.(*IntegerAttr); return ok && ia.Type() == Index })
	StrAttrKind       = AttrOf("string attribute", func(a Attribute) bool { _, ok := a.(*StringAttr); return ok })
	SymbolRefKind     = AttrOf("symbol reference attribute", func(a Attribute) bool { _, ok := a.(*SymbolRefAttr); return ok })
	FlatSymbolRefKind = AttrOf("flat symbol reference attribute", func(a Attribute) bool {
		s, ok := a.(*SymbolRefAttr)
		return ok && len(s.Nested) == 0
	})
	TypeAttrKind       = AttrOf("any type attribute", func(a Attribute) bool { _, ok := a.(*TypeAttr); return ok })
	AffineMapAttrKind  = AttrOf("AffineMap attribute", func(a Attribute) bool { _, ok := a.(*AffineMapAttr); return ok })
	IntegerSetKind     = AttrOf("IntegerSet attribute", func(a Attribute) bool { _, ok := a.(*IntegerSetAttr); return ok })
	ArrayAttrKind      = AttrOf("array attribute", func(a Attribute) bool { _, ok := a.(*ArrayAttr); return ok })
	DenseI64ArrayKind  = AttrOf("i64 dense array attribute", func(a Attribute) bool { return isDenseArrayOf(a, I64) })
	DenseI32ArrayKind  = AttrOf("i32 dense array attribute", func(a Attribute) bool { return isDenseArrayOf(a, I32) })
	DenseBoolArrayKind = AttrOf("i1 dense array attribute", func(a Attribute) bool { return isDenseArrayOf(a, I1) })
	DictAttrKind       = AttrOf("dictionary of named attribute values", func(a Attribute) bool { _, ok := a.(*DictionaryAttr); return ok })

	// I64ArrayAttrKind is MLIR's I64ArrayAttr: an array of i64 integer attributes.
	I64ArrayAttrKind = ArrayOf("64-bit integer array attribute", I64AttrKind)
	// BoolArrayAttrKind is MLIR's BoolArrayAttr: an array of i1 integer attributes.
	BoolArrayAttrKind = ArrayOf("1-bit boolean array attribute", BoolAttrKind)
)

// ArrayOf returns the constraint of an ArrayAttr whose every element meets
// elem, as ODS's TypedArrayAttrBase.
func ArrayOf(desc string, elem *AttrConstraint) *AttrConstraint {
	return AttrOf(desc, func(a Attribute) bool {
		arr, ok := a.(*ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range arr.Elems {
			if !elem.Check(e) {
				return false
			}
		}
		return true
	})
}

func typedAttrKind(desc string, t Type, check func(Attribute) bool) *AttrConstraint {
	return &AttrConstraint{Desc: desc, Check: check, Type: t}
}

func isIntAttrOf(a Attribute, width int) bool {
	ia, ok := a.(*IntegerAttr)
	if !ok {
		return false
	}
	it, ok := ia.Type().(*IntegerType)
	return ok && it.Width == width && it.IsSignless()
}

func isDenseArrayOf(a Attribute, elem Type) bool {
	d, ok := a.(*DenseArrayAttr)
	return ok && d.Elem == elem
}

// describeValues lists declared groups for error messages and docs: "lhs, rhs".
func describeValues(defs []ValueDef) string {
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.Name
	}
	return strings.Join(names, ", ")
}

// checkSchema reports mistakes in a definition's declarations (programming
// errors, reported when the dialect is registered).
func (d *OpDef) checkSchema() error {
	seen := map[string]bool{}
	for _, list := range [][]ValueDef{d.Operands, d.Results} {
		for _, v := range list {
			if v.Name == "" || seen[v.Name] {
				return fmt.Errorf("ir: op %q: operand/result name %q empty or repeated (%s)", d.Name, v.Name, describeValues(list))
			}
			seen[v.Name] = true
		}
	}
	for _, m := range d.TypesMatchWith {
		if m.Transform == nil || !d.namesValue(m.From) || !d.namesValue(m.To) {
			return fmt.Errorf("ir: op %q: TypesMatchWith %s -> %s names no operand or result, or has no Transform", d.Name, m.From, m.To)
		}
	}
	return nil
}

func (d *OpDef) namesValue(name string) bool {
	return d.OperandIndex(name) >= 0 || d.ResultIndex(name) >= 0
}

// EnumAttrKind is an enum stored as an integer attribute of type t, spelled
// by keyword (index i is keywords[i]) where a format names it, as MLIR's
// I64EnumAttr: `arith.cmpi slt, ...`.
func EnumAttrKind(desc string, t Type, keywords []string) *AttrConstraint {
	k := &AttrConstraint{Desc: desc, Type: t}
	k.Check = func(a Attribute) bool {
		ia, ok := a.(*IntegerAttr)
		return ok && ia.Type() == t && ia.Int() >= 0 && ia.Int() < int64(len(keywords))
	}
	k.Parse = func(p OpParser) (Attribute, error) {
		loc := p.Loc()
		kw, err := p.ParseIdentifier()
		if err != nil {
			return nil, err
		}
		for i, s := range keywords {
			if s == kw {
				return IntAttr(t, int64(i)), nil
			}
		}
		return nil, Errorf(loc, "invalid keyword '%s'", kw)
	}
	k.ParseOptional = func(p OpParser) (Attribute, bool, error) {
		kw, ok := p.ParseOptionalKeywordOf(keywords...)
		if !ok {
			return nil, false, nil
		}
		for i, s := range keywords {
			if s == kw {
				return IntAttr(t, int64(i)), true, nil
			}
		}
		return nil, false, nil
	}
	k.Print = func(p OpPrinter, a Attribute) {
		if ia, ok := a.(*IntegerAttr); ok && ia.Int() >= 0 && ia.Int() < int64(len(keywords)) {
			p.Print(keywords[ia.Int()])
			return
		}
		p.Print("<invalid>")
	}
	return k
}

// SymbolNameKind is a symbol's name (`sym_name`): a string attribute that
// a format spells `@name`.
var SymbolNameKind = &AttrConstraint{
	Desc:  "string attribute",
	Check: func(a Attribute) bool { _, ok := a.(*StringAttr); return ok },
	Parse: func(p OpParser) (Attribute, error) {
		name, err := p.ParseSymbolName()
		return Str(name), err
	},
	ParseOptional: func(p OpParser) (Attribute, bool, error) {
		name, ok := p.ParseOptionalSymbolName()
		if !ok {
			return nil, false, nil
		}
		return Str(name), true, nil
	},
	Print: func(p OpPrinter, a Attribute) { p.PrintSymbolName(a.(*StringAttr).Value) },
}

// OptionalGroup is the operand group of one value: empty for nil, so a
// builder can pass single and optional operands alike.
func OptionalGroup(v *Value) []*Value {
	if v == nil {
		return nil
	}
	return []*Value{v}
}

// GroupOperand returns the value of operand group i when it holds exactly
// one (a single or present optional operand), nil otherwise.
func (op *Operation) GroupOperand(i int) *Value {
	if g := op.OperandGroup(i); len(g) == 1 {
		return g[0]
	}
	return nil
}

// GroupResult returns the value of result group i when it holds exactly one.
func (op *Operation) GroupResult(i int) *Value {
	if g := op.ResultGroup(i); len(g) == 1 {
		return g[0]
	}
	return nil
}

// BuildOp creates op name at b's insertion point with its operands given
// group by group (segment sizes written when the op needs them), its result
// types, regions empty regions and the successors: the one call behind the
// generated BuildXOp builders.
func (b *Builder) BuildOp(name string, loc Location, groups [][]*Value, results []Type, regions int, succs []*Block, attrs []NamedAttribute) *Operation {
	st := &OperationState{Name: name, Loc: loc, Types: results, Attrs: attrs, Successors: succs}
	st.SetOperandGroups(b.Ctx.OpDef(name), groups...)
	for i := 0; i < regions; i++ {
		st.AddRegion()
	}
	return b.Create(st)
}

// JoinTypes concatenates type lists (single and variadic result groups).
func JoinTypes(parts ...[]Type) []Type {
	var ts []Type
	for _, p := range parts {
		ts = append(ts, p...)
	}
	return ts
}
