package convert

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// CastName is the op that default materializations create.
const CastName = "builtin.unrealized_conversion_cast"

// ConversionResult says what a type conversion function did with a type.
type ConversionResult uint8

const (
	// TryNext means the function does not handle the type: the functions
	// added before it are tried.
	TryNext ConversionResult = iota
	// Converted means the type converts to the returned types (possibly
	// none: values of the type are dropped, or several: a 1:N conversion).
	Converted
	// Failed means the type cannot be converted; no other function is tried.
	Failed
)

// ConversionFunc converts one type.
type ConversionFunc func(t ir.Type) ([]ir.Type, ConversionResult)

// MaterializeFunc builds, at b's insertion point, ops that turn inputs into
// values of types, and returns them; it returns nil to let the hooks added
// before it (and finally the default cast) try.
type MaterializeFunc func(b *ir.Builder, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value

// TypeConverter converts types for conversion patterns (MLIR's
// TypeConverter). Conversion functions are tried from the most recently
// added to the first, as upstream, until one handles the type; a type no
// function handles is not convertible, so converters usually start with an
// identity conversion. Materializations bridge values whose types differ
// after a partial conversion:
//
//   - source: converted values back to an original type, for users that
//     were not converted;
//   - target: values to the converted types a pattern expects;
//   - argument: new block arguments to an old argument's type.
//
// Each defaults to builtin.unrealized_conversion_cast when no hook builds
// anything; reconcile-unrealized-casts removes the casts that cancel out.
// A TypeConverter is safe for concurrent use once built.
type TypeConverter struct {
	conversions []ConversionFunc
	source      []MaterializeFunc
	target      []MaterializeFunc
	argument    []MaterializeFunc
}

// NewTypeConverter returns a converter with no conversions.
func NewTypeConverter() *TypeConverter { return &TypeConverter{} }

// AddConversion adds a conversion function, tried before those added earlier.
func (tc *TypeConverter) AddConversion(fn ConversionFunc) {
	tc.conversions = append(tc.conversions, fn)
}

// AddTypeConversion adds a 1:1 conversion: fn returns the converted type,
// or false when it does not handle t.
func (tc *TypeConverter) AddTypeConversion(fn func(t ir.Type) (ir.Type, bool)) {
	tc.AddConversion(func(t ir.Type) ([]ir.Type, ConversionResult) {
		if r, ok := fn(t); ok {
			return []ir.Type{r}, Converted
		}
		return nil, TryNext
	})
}

// AddIdentityConversion adds a conversion keeping every type as it is.
func (tc *TypeConverter) AddIdentityConversion() {
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) { return t, true })
}

// AddSourceMaterialization adds a source materialization hook.
func (tc *TypeConverter) AddSourceMaterialization(fn MaterializeFunc) {
	tc.source = append(tc.source, fn)
}

// AddTargetMaterialization adds a target materialization hook.
func (tc *TypeConverter) AddTargetMaterialization(fn MaterializeFunc) {
	tc.target = append(tc.target, fn)
}

// AddArgumentMaterialization adds an argument materialization hook.
func (tc *TypeConverter) AddArgumentMaterialization(fn MaterializeFunc) {
	tc.argument = append(tc.argument, fn)
}

// ConvertType returns the types t converts to, or false when it cannot be
// converted.
func (tc *TypeConverter) ConvertType(t ir.Type) ([]ir.Type, bool) {
	for i := len(tc.conversions) - 1; i >= 0; i-- {
		ts, res := tc.conversions[i](t)
		switch res {
		case Converted:
			return ts, true
		case Failed:
			return nil, false
		}
	}
	return nil, false
}

// ConvertTypes converts each of ts and concatenates the results.
func (tc *TypeConverter) ConvertTypes(ts []ir.Type) ([]ir.Type, bool) {
	var out []ir.Type
	for _, t := range ts {
		c, ok := tc.ConvertType(t)
		if !ok {
			return nil, false
		}
		out = append(out, c...)
	}
	return out, true
}

// IsLegalType reports whether t converts to itself.
func (tc *TypeConverter) IsLegalType(t ir.Type) bool {
	c, ok := tc.ConvertType(t)
	return ok && len(c) == 1 && c[0] == t
}

// AreLegalTypes reports whether every type of ts is legal.
func (tc *TypeConverter) AreLegalTypes(ts []ir.Type) bool {
	for _, t := range ts {
		if !tc.IsLegalType(t) {
			return false
		}
	}
	return true
}

// IsLegal reports whether op's operand and result types, and the argument
// types of the blocks of its regions, are all legal.
func (tc *TypeConverter) IsLegal(op *ir.Operation) bool {
	if !tc.AreLegalTypes(op.OperandTypes()) || !tc.AreLegalTypes(op.ResultTypes()) {
		return false
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, a := range b.Arguments() {
				if !tc.IsLegalType(a.Type()) {
					return false
				}
			}
		}
	}
	return true
}

// ConvertSignatureArgs returns the signature conversion of arguments of
// types ts, or false when one of them cannot be converted.
func (tc *TypeConverter) ConvertSignatureArgs(ts []ir.Type) (*SignatureConversion, bool) {
	sc := NewSignatureConversion(len(ts))
	for i, t := range ts {
		c, ok := tc.ConvertType(t)
		if !ok {
			return nil, false
		}
		sc.AddInputs(i, c...)
	}
	return sc, true
}

// ConvertBlockSignature returns the signature conversion of b's arguments.
func (tc *TypeConverter) ConvertBlockSignature(b *ir.Block) (*SignatureConversion, bool) {
	ts := make([]ir.Type, b.NumArguments())
	for i, a := range b.Arguments() {
		ts[i] = a.Type()
	}
	return tc.ConvertSignatureArgs(ts)
}

// MaterializeSource converts inputs back to a value of type t. A nil
// converter uses the default cast.
func (tc *TypeConverter) MaterializeSource(b *ir.Builder, t ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Value {
	var hooks []MaterializeFunc
	if tc != nil {
		hooks = tc.source
	}
	return materialize(hooks, b, []ir.Type{t}, inputs, loc)[0]
}

// MaterializeTarget converts inputs to values of types.
func (tc *TypeConverter) MaterializeTarget(b *ir.Builder, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value {
	var hooks []MaterializeFunc
	if tc != nil {
		hooks = tc.target
	}
	return materialize(hooks, b, types, inputs, loc)
}

// MaterializeArgument converts new block arguments to a value of the
// replaced argument's type t; without argument hooks the source hooks are
// tried, as upstream.
func (tc *TypeConverter) MaterializeArgument(b *ir.Builder, t ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Value {
	var hooks []MaterializeFunc
	if tc != nil {
		hooks = tc.argument
		if len(hooks) == 0 {
			hooks = tc.source
		}
	}
	return materialize(hooks, b, []ir.Type{t}, inputs, loc)[0]
}

// materialize tries hooks from the last added, then builds a cast. A hook
// returning values of the wrong count or types is ignored.
func materialize(hooks []MaterializeFunc, b *ir.Builder, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value {
	for i := len(hooks) - 1; i >= 0; i-- {
		vs := hooks[i](b, types, inputs, loc)
		if vs != nil && slices.Equal(valueTypes(vs), types) {
			return vs
		}
	}
	return Cast(b, types, inputs, loc)
}

// Cast builds `builtin.unrealized_conversion_cast inputs to types`.
func Cast(b *ir.Builder, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value {
	return b.CreateOp(CastName, loc, inputs, types).Results()
}

func valueTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// SignatureConversion maps the arguments of a block (or the inputs of a
// function type) onto a new list of types: each original argument becomes
// zero, one or several new arguments, or is replaced by an existing value.
type SignatureConversion struct {
	inputs    []inputMapping
	converted []ir.Type
}

type inputMapping struct {
	start, size int
	mapped      bool
	repl        *ir.Value
}

// NewSignatureConversion returns a conversion of numInputs arguments, all
// dropped until mapped.
func NewSignatureConversion(numInputs int) *SignatureConversion {
	return &SignatureConversion{inputs: make([]inputMapping, numInputs)}
}

// NumInputs returns the number of original arguments.
func (s *SignatureConversion) NumInputs() int { return len(s.inputs) }

// AddInputs maps original argument orig to new arguments of types,
// appended to the converted signature.
func (s *SignatureConversion) AddInputs(orig int, types ...ir.Type) {
	s.inputs[orig] = inputMapping{start: len(s.converted), size: len(types), mapped: true}
	s.converted = append(s.converted, types...)
}

// AppendInputs appends new arguments that no original argument maps to.
func (s *SignatureConversion) AppendInputs(types ...ir.Type) {
	s.converted = append(s.converted, types...)
}

// RemapInput drops original argument orig and replaces its uses with v.
func (s *SignatureConversion) RemapInput(orig int, v *ir.Value) {
	s.inputs[orig] = inputMapping{mapped: true, repl: v}
}

// ConvertedTypes returns the new argument types.
func (s *SignatureConversion) ConvertedTypes() []ir.Type { return s.converted }

// InputMapping returns where original argument orig went: the range of new
// arguments, or the value replacing it; mapped is false for a dropped one.
func (s *SignatureConversion) InputMapping(orig int) (start, size int, repl *ir.Value, mapped bool) {
	m := s.inputs[orig]
	return m.start, m.size, m.repl, m.mapped
}
