package ir

import "github.com/goopt/goopt/ir/affine"

// UnresolvedOperand is an SSA use parsed before its type is known: `%name` or `%name#N`.
type UnresolvedOperand struct {
	Name   string // without the '%'
	Number int    // result number after '#', 0 otherwise
	Loc    Location
}

// Argument is a region argument defined by an op's custom form: `%arg0 : f32 loc(...)`.
type Argument struct {
	Name UnresolvedOperand
	Type Type
	Loc  Location // nil when no explicit location was given
}

// Delimiter around a list in custom syntax.
type Delimiter uint8

const (
	DelimNone           Delimiter = iota // no delimiters; the list may be empty
	DelimParen                           // ( ... )
	DelimSquare                          // [ ... ]
	DelimLess                            // < ... >
	DelimBraces                          // { ... }
	DelimOptionalParen                   // ( ... ) when present
	DelimOptionalSquare                  // [ ... ] when present
	DelimOptionalLess                    // < ... > when present
)

// OpParser is what an op's custom-form parser sees: MLIR's OpAsmParser.
// Every method reports malformed input as a located error; none panics.
type OpParser interface {
	Context() *Context
	// Loc returns the location of the next token.
	Loc() Location
	// Mark returns the position of the next token, cheaply (no Location is
	// built); LocAt turns it into a Location when a diagnostic needs one.
	Mark() int
	LocAt(mark int) Location
	// Errorf returns an error located at the next token.
	Errorf(format string, args ...any) error
	// NumResults is the number of results named on the left of `=` (`%r:3 = ...`).
	NumResults() int

	// Parse consumes the punctuation tok ("(", ")", "[", "]", "{", "}", "<",
	// ">", ",", ":", "=", "->", "?", "*", "+", "-", "|", "...", "::") or fails.
	Parse(tok string) error
	// ParseOptional consumes tok when it is next.
	ParseOptional(tok string) bool
	// ParseKeyword consumes the bare keyword kw or fails.
	ParseKeyword(kw string) error
	// ParseOptionalKeyword consumes the bare keyword kw when it is next.
	ParseOptionalKeyword(kw string) bool
	// ParseOptionalKeywordOf consumes and returns the next keyword when it is one of kws.
	ParseOptionalKeywordOf(kws ...string) (string, bool)
	// ParseIdentifier consumes any bare identifier/keyword.
	ParseIdentifier() (string, error)
	// ParseOptionalIdentifier consumes a bare identifier when one is next.
	ParseOptionalIdentifier() (string, bool)
	ParseString() (string, error)
	ParseOptionalString() (string, bool)
	ParseInteger() (int64, error)
	// ParseOptionalInteger consumes a (possibly negative) integer when one is next.
	ParseOptionalInteger() (int64, bool, error)
	// ParseFloat consumes a float or integer literal (with optional '-').
	ParseFloat() (float64, error)
	// ParseSymbolName consumes `@name` and returns name.
	ParseSymbolName() (string, error)
	ParseOptionalSymbolName() (string, bool)

	ParseOperand() (UnresolvedOperand, error)
	ParseOptionalOperand() (UnresolvedOperand, bool, error)
	// ParseOperandList parses a comma-separated operand list in the given delimiters.
	ParseOperandList(d Delimiter) ([]UnresolvedOperand, error)
	// ResolveOperand looks up (or forward-declares) the value of u with type t.
	ResolveOperand(u UnresolvedOperand, t Type) (*Value, error)
	// ResolveOperands resolves us against ts (len(ts) must equal len(us), or be 1 to broadcast).
	ResolveOperands(us []UnresolvedOperand, ts []Type) ([]*Value, error)

	ParseType() (Type, error)
	// ParseOptionalType parses a type when the next token can start one.
	ParseOptionalType() (Type, bool, error)
	ParseColonType() (Type, error)
	// ParseColonTypeList parses `: t1, t2` (at least one type).
	ParseColonTypeList() ([]Type, error)
	// ParseTypeList parses `t1, t2` (at least one type).
	ParseTypeList() ([]Type, error)
	// ParseOptionalColonTypeList parses `: t1, t2` when a colon is next.
	ParseOptionalColonTypeList() ([]Type, error)
	// ParseArrowTypeList parses `-> t` or `-> (t1, t2)`.
	ParseArrowTypeList() ([]Type, error)
	// ParseOptionalArrowTypeList parses an arrow type list when `->` is next.
	ParseOptionalArrowTypeList() ([]Type, error)

	// ParseAttribute parses an attribute; t types an untyped literal (nil: the default i64/f64).
	ParseAttribute(t Type) (Attribute, error)
	ParseOptionalAttribute(t Type) (Attribute, bool, error)
	// ParseOptionalAttrDict parses `{...}` into st.Attrs when present.
	ParseOptionalAttrDict(st *OperationState) error
	// ParseOptionalAttrDictWithKeyword parses `attributes {...}` when present.
	ParseOptionalAttrDictWithKeyword(st *OperationState) error
	// ParseOptionalLocationSpecifier parses `loc(...)` when present.
	ParseOptionalLocationSpecifier() (Location, bool, error)

	// ParseArgument parses `%name` and, when withType, `: type`, then an optional location.
	ParseArgument(withType bool) (Argument, error)
	ParseOptionalArgument(withType bool) (Argument, bool, error)
	ParseArgumentList(d Delimiter, withType bool) ([]Argument, error)
	// ParseRegion parses `{ ... }` into r, defining args as the entry block's
	// arguments (when args is nil the region may spell its own `^bb0(...)`).
	ParseRegion(r *Region, args []Argument) error
	ParseOptionalRegion(r *Region, args []Argument) (bool, error)
	ParseSuccessor() (*Block, error)
	ParseOptionalSuccessor() (*Block, bool, error)
	// ParseSuccessorAndUseList parses `^bb1` or `^bb1(%a, %b : i32, f32)`.
	ParseSuccessorAndUseList() (*Block, []*Value, error)

	// ParseAffineMapOfSSAIds parses `[%i + 1, symbol(%n) * 2]` (delimiters per d)
	// into a map and its operands (dims first, then symbols).
	ParseAffineMapOfSSAIds(d Delimiter) (*affine.Map, []UnresolvedOperand, error)
	// ParseAffineExprOfSSAIds parses one such expression (e.g. an affine.for bound shortcut).
	ParseAffineExprOfSSAIds() (affine.Expr, []UnresolvedOperand, []UnresolvedOperand, error)
}

// OpPrinter is what an op's custom-form printer sees: MLIR's OpAsmPrinter.
type OpPrinter interface {
	// Print writes raw text.
	Print(s string)
	PrintOperand(v *Value)
	// PrintOperands writes a comma-separated list.
	PrintOperands(vs []*Value)
	PrintType(t Type)
	// PrintTypes writes a comma-separated list.
	PrintTypes(ts []Type)
	// PrintAttribute writes an attribute, using aliases where the printer has them.
	PrintAttribute(a Attribute)
	// PrintAttributeWithoutType writes an attribute without its `: type` suffix.
	PrintAttributeWithoutType(a Attribute)
	// PrintOptionalAttrDict writes ` {...}` for attrs not named in elided, nothing if none remain.
	PrintOptionalAttrDict(attrs []NamedAttribute, elided ...string)
	// PrintOptionalAttrDictWithKeyword writes ` attributes {...}` likewise.
	PrintOptionalAttrDictWithKeyword(attrs []NamedAttribute, elided ...string)
	// PrintRegion writes `{...}` with the entry block's label/arguments when
	// printEntryArgs, and terminators unless printTerminators is false and the
	// terminator has no operands.
	PrintRegion(r *Region, printEntryArgs, printTerminators bool)
	// PrintRegionArgument writes `%arg0: f32` (plus a location under debuginfo).
	PrintRegionArgument(v *Value)
	PrintSuccessor(b *Block)
	// PrintSuccessorAndUseList writes `^bb1(%a : i32)` or `^bb1`.
	PrintSuccessorAndUseList(b *Block, operands []*Value)
	// PrintSymbolName writes `@name`.
	PrintSymbolName(name string)
	PrintNewline()
	// PrintArrowTypeList writes ` -> t` or ` -> (t1, t2)` (leading space, as MLIR), nothing for an empty list.
	PrintArrowTypeList(ts []Type)
	// PrintAffineMapOfSSAIds writes `%i + 1, %j` with the map's dims and symbols replaced by operands.
	PrintAffineMapOfSSAIds(m *affine.Map, operands []*Value)
	// PrintAffineExprOfSSAIds writes one expression with dims and symbols replaced.
	PrintAffineExprOfSSAIds(e affine.Expr, dims, syms []*Value)
	// PrintOptionalLocationSpecifier writes ` loc(...)` when printing debug info.
	PrintOptionalLocationSpecifier(l Location)
	// ShadowRegionArgs prints r's entry arguments with the names of vs
	// (so `iter_args(%arg1 = %0)` names the region argument).
	ShadowRegionArgs(r *Region, vs []*Value)
	// ValueName returns the SSA name the printer gives v ("%0", "%arg1").
	ValueName(v *Value) string
}

// ParseTypeAs reads a type that must be a T (a *FunctionType, a
// *MemRefType, ...), reporting msg at the type when it is another kind: the
// check custom syntaxes make before taking the type apart.
func ParseTypeAs[T Type](p OpParser, msg string) (T, error) {
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		var zero T
		return zero, err
	}
	typed, ok := t.(T)
	if !ok {
		return typed, Errorf(loc, "%s", msg)
	}
	return typed, nil
}
