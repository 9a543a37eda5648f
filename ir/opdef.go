package ir

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Trait is a set of op properties, as MLIR's op traits.
type Trait uint64

const (
	// Terminator ops end a block.
	Terminator Trait = 1 << iota
	// IsolatedFromAbove ops' regions use no value defined outside them.
	IsolatedFromAbove
	// NoTerminator ops' single-block regions need no terminator.
	NoTerminator
	// SingleBlock ops have regions of at most one block.
	SingleBlock
	// Pure ops have no side effects and are speculatable.
	Pure
	// Commutative ops give the same result for operands in any order.
	Commutative
	// ConstantLike ops materialise a constant from an attribute.
	ConstantLike
	// ReturnLike terminators return control to the parent op.
	ReturnLike
	// SymbolTableTrait ops hold a symbol table in their single region.
	SymbolTableTrait
	// Symbol ops define a symbol via `sym_name`.
	Symbol
	// AffineScope ops start a new affine-symbol scope.
	AffineScope
	// AutomaticAllocationScope ops free their allocas on exit.
	AutomaticAllocationScope
	// RecursiveMemoryEffects ops have exactly the effects of their nested ops.
	RecursiveMemoryEffects
	// MemRead ops read memory.
	MemRead
	// MemWrite ops write memory.
	MemWrite
	// MemAlloc ops allocate memory.
	MemAlloc
	// MemFree ops free memory.
	MemFree
	// SameOperandsAndResultType ops use one type for all operands and results.
	SameOperandsAndResultType
	// Idempotent ops satisfy f(f(x)) = f(x).
	Idempotent
	// Involution ops satisfy f(f(x)) = x.
	Involution
	// GraphRegion ops' regions are graph regions without dominance.
	GraphRegion
	// HasParallelRegion ops run their region as parallel iterations.
	HasParallelRegion
	// LoopLike ops are loops.
	LoopLike
)

// FoldResult is one result of folding: a constant attribute or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value *Value
}

// OpDef declares an operation as data: its name, traits, documentation and
// hooks, in the manner of MLIR's ODS. A dialect lists its OpDefs.
type OpDef struct {
	Name    string // full name, "arith.addi"
	Summary string
	Doc     string // description with an example

	Traits Trait
	// Inherent lists the attributes stored as properties (`<{...}>` in generic
	// form). Attributes declared in Attrs are inherent too.
	Inherent []string

	// The schema (see schema.go): declared operands, results, attributes,
	// regions and successors drive the generic verifier, named accessors,
	// segment-aware builders and the declarative Format. Nil: undeclared.
	Operands   []ValueDef
	Results    []ValueDef
	Attrs      []AttrDef
	Regions    []RegionDef
	Successors []SuccessorDef
	// Format is the declarative custom syntax (see asmformat.go); it gives
	// Parse and Print when they are nil.
	Format string
	// Custom holds the hooks of the format's custom<Name> directives.
	Custom map[string]CustomDirective
	// AllTypesMatch lists groups of operand/result names that share one type
	// (MLIR's AllTypesMatch), so a format need spell only one of them.
	AllTypesMatch [][]string
	// TypesMatchWith derives operand or result types from others (see TypeMatch).
	TypesMatchWith []TypeMatch
	// ImplicitTerminator names the terminator a format parse adds to a
	// region that lacks one, and that a format print leaves out when it
	// carries nothing (MLIR's SingleBlockImplicitTerminator).
	ImplicitTerminator string
	// InferResultTypes computes the result types from the parsed operands
	// and attributes when the format does not spell them.
	InferResultTypes func(p OpParser, st *OperationState) ([]Type, error)

	// Verify checks op-specific invariants; structural checks (terminators,
	// dominance, symbol uses) are the verifier's. Return op.Errorf(...) errors.
	Verify func(op *Operation) error
	// Parse reads the custom form after the op name into st. Nil means generic form only.
	Parse func(p OpParser, st *OperationState) error
	// Print writes the custom form after the op name. Nil means generic form.
	Print func(p OpPrinter, op *Operation)
	// Fold tries to fold op given its constant operands (nil for non-constant).
	// It returns nil when it cannot fold; an in-place update returns op's own results.
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []Pattern
	// Effects lists the op's own memory effects (MLIR's MemoryEffectOpInterface);
	// nil falls back to the traits (see MemoryEffects). Nested ops' effects are
	// added by the RecursiveMemoryEffects trait, not here.
	Effects func(op *Operation) []EffectInstance
	// ResultNames suggests SSA names for results (`%c0`, `%alloc`), as OpAsmOpInterface.
	ResultNames func(op *Operation, set func(v *Value, name string))
	// BlockArgNames suggests names for region arguments (`%arg0` is the default).
	BlockArgNames func(op *Operation, r *Region, set func(v *Value, name string))
	// DefaultDialect lets nested ops omit this dialect prefix when printed (func: "func").
	DefaultDialect string

	// info caches facts derived from the schema (see schemaInfo); set by
	// Context.Register.
	info *schemaInfo
}

// IsInherent reports whether name is one of the op's inherent attributes.
func (d *OpDef) IsInherent(name string) bool {
	return slices.Contains(d.Inherent, name) || d.AttrDef(name) != nil || (name == SegmentSizesAttr && d.segmented())
}

// Dialect groups ops and optionally parses the dialect's own types and attributes.
type Dialect struct {
	Name string
	Ops  []*OpDef
	// ParseType parses `!name.body` (body is the text after the dialect name,
	// e.g. `.ptr<1>`); nil keeps such types as OpaqueType.
	ParseType func(body string) (Type, error)
	// ParseAttr parses `#name.body`; nil keeps such attributes as OpaqueAttr.
	ParseAttr func(body string, t Type) (Attribute, error)
	// Materialize builds a constant op for attr of type t (used by folding), or returns nil.
	Materialize func(b *Builder, attr Attribute, t Type, loc Location) *Operation
}

// Context holds the registered dialects and options that govern parsing and
// verification. It owns no IR: operations may move between contexts.
type Context struct {
	dialects map[string]*Dialect
	ops      map[string]*OpDef
	// AllowUnregistered accepts ops of unknown dialects (--allow-unregistered-dialect).
	AllowUnregistered bool
}

// NewContext returns a context with the given dialects registered.
func NewContext(dialects ...*Dialect) *Context {
	c := &Context{dialects: map[string]*Dialect{}, ops: map[string]*OpDef{}}
	for _, d := range dialects {
		c.Register(d)
	}
	return c
}

// Register adds a dialect and its ops. Registering an already-known op name panics:
// that is a programming error in a dialect table, not user input.
func (c *Context) Register(d *Dialect) {
	c.dialects[d.Name] = d
	for _, od := range d.Ops {
		if _, dup := c.ops[od.Name]; dup {
			panic(fmt.Sprintf("ir: op %q registered twice", od.Name))
		}
		if err := od.checkSchema(); err != nil {
			panic(err.Error())
		}
		if od.info == nil {
			od.info = newSchemaInfo(od)
		}
		installFormat(od)
		c.ops[od.Name] = od
	}
}

// Dialect returns the named dialect, or nil.
func (c *Context) Dialect(name string) *Dialect { return c.dialects[name] }

// Dialects returns the registered dialects sorted by name.
func (c *Context) Dialects() []*Dialect {
	ds := make([]*Dialect, 0, len(c.dialects))
	for _, d := range c.dialects {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].Name < ds[j].Name })
	return ds
}

// OpDef returns the definition of the named op, or nil.
func (c *Context) OpDef(name string) *OpDef { return c.ops[name] }

// IsKnownDialect reports whether the dialect prefix of an op name is registered.
func (c *Context) IsKnownDialect(opName string) bool {
	d, _, _ := strings.Cut(opName, ".")
	return c.dialects[d] != nil
}

// MaterializeWith returns a Dialect.Materialize that builds constants with
// the named dialect's (memref and vector fold to arith.constant, as
// upstream's do, without importing arith); it returns nil when that dialect
// is not registered in the builder's context.
func MaterializeWith(dialect string) func(b *Builder, attr Attribute, t Type, loc Location) *Operation {
	return func(b *Builder, attr Attribute, t Type, loc Location) *Operation {
		if d := b.Ctx.Dialect(dialect); d != nil && d.Materialize != nil {
			return d.Materialize(b, attr, t, loc)
		}
		return nil
	}
}
