package convert

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite"
)

// Pattern is a conversion pattern (MLIR's ConversionPattern): it rewrites
// an op given its converted operands, through a Rewriter that can undo
// everything. MatchAndRewrite returns nil when it rewrote op (replaced,
// erased or updated it in place), a *MatchFailure (see
// Rewriter.NotifyMatchFailure) when it does not apply, and any other
// error, a located diagnostic, when op cannot be converted at all: that
// error is reported and fails the conversion. Whatever a pattern did
// before failing is undone.
type Pattern interface {
	// RootName is the op name the pattern matches, or "" for any op.
	RootName() string
	// Benefit orders the patterns of an op: higher is tried first.
	Benefit() int
	// TypeConverter converts operand types for the adaptor; nil passes the
	// operands' replacement values as they are.
	TypeConverter() *TypeConverter
	MatchAndRewrite(op *ir.Operation, operands Adaptor, rw *Rewriter) error
}

// OpPattern is a Pattern made of a function (MLIR's OpConversionPattern).
type OpPattern struct {
	// Root is the matched op name; "" matches any op.
	Root string
	// PatternBenefit is the benefit; 0 means 1.
	PatternBenefit int
	// Converter converts operand types; it may be nil.
	Converter *TypeConverter
	// Rewrite is MatchAndRewrite.
	Rewrite func(op *ir.Operation, operands Adaptor, rw *Rewriter) error
}

func (p *OpPattern) RootName() string { return p.Root }

func (p *OpPattern) Benefit() int {
	if p.PatternBenefit == 0 {
		return 1
	}
	return p.PatternBenefit
}

func (p *OpPattern) TypeConverter() *TypeConverter { return p.Converter }

func (p *OpPattern) MatchAndRewrite(op *ir.Operation, operands Adaptor, rw *Rewriter) error {
	return p.Rewrite(op, operands, rw)
}

// MatchFailure says that a pattern does not apply to an op; the reason is
// attached as a note when the op then fails to legalize.
type MatchFailure struct {
	Loc    ir.Location
	Reason string
}

func (m *MatchFailure) Error() string { return m.Reason }

// IsMatchFailure reports whether err says that a pattern did not apply.
func IsMatchFailure(err error) bool {
	var m *MatchFailure
	return errors.As(err, &m)
}

func matchFailuref(loc ir.Location, format string, args ...any) *MatchFailure {
	return &MatchFailure{Loc: loc, Reason: fmt.Sprintf(format, args...)}
}

// Adaptor gives a pattern the converted operands of the op it rewrites
// (MLIR's OpAdaptor): for each original operand, the values replacing it,
// of the converted types when the pattern has a type converter. With a
// 1:N type conversion an operand has several values (or none).
type Adaptor struct {
	vals [][]*ir.Value
}

// NewAdaptor returns an adaptor over the given values, one list per operand.
func NewAdaptor(vals [][]*ir.Value) Adaptor { return Adaptor{vals: vals} }

// Len returns the number of original operands.
func (a Adaptor) Len() int { return len(a.vals) }

// Operand returns the single value replacing operand i, or nil when it
// was converted to zero or several values (see OperandRange).
func (a Adaptor) Operand(i int) *ir.Value {
	if len(a.vals[i]) != 1 {
		return nil
	}
	return a.vals[i][0]
}

// OperandRange returns the values replacing operand i.
func (a Adaptor) OperandRange(i int) []*ir.Value { return a.vals[i] }

// Operands returns the values replacing every operand, concatenated.
func (a Adaptor) Operands() []*ir.Value {
	var out []*ir.Value
	for _, vs := range a.vals {
		out = append(out, vs...)
	}
	return out
}

// PatternSet holds conversion patterns; those for an op are tried by
// decreasing benefit, op-specific ones before match-any ones of equal
// benefit, then in insertion order.
type PatternSet struct {
	rewrite.PatternIndex[Pattern]
}

// NewPatternSet returns a set holding ps.
func NewPatternSet(ps ...Pattern) *PatternSet {
	s := &PatternSet{}
	s.Add(ps...)
	return s
}
