package pass

import (
	"io"
	"os"
	"reflect"

	"github.com/goopt/goopt/ir"
)

// Pass is one transformation or analysis run over operations of one kind.
//
// A pass is created fresh for every pipeline it appears in (through the
// registry's factory) and may keep state between Run calls on different
// ops only if that state is safe to share.
type Pass interface {
	// Name is the command-line argument, "cse", "affine-loop-tile".
	Name() string
	// Summary is a one-line description for --help.
	Summary() string
	// Anchor is the op name the pass runs on ("func.func"); "" runs on any op.
	Anchor() string
	// Options returns a pointer to the pass's options struct (fields tagged
	// `opt:"name" desc:"..."`), or nil when it has none.
	Options() any
	// Run transforms op. A returned error (a *ir.Diagnostic or ir.DiagList)
	// fails the pass; remarks and warnings go through am.Emit.
	Run(op *ir.Operation, am *AnalysisManager) error
}

// DisplayNamer is implemented by passes with an upstream class name
// ("CSE", "Canonicalizer") used in IR dumps and timing reports.
type DisplayNamer interface {
	DisplayName() string
}

// DisplayName returns p's display name, or its argument name.
func DisplayName(p Pass) string {
	if d, ok := p.(DisplayNamer); ok {
		return d.DisplayName()
	}
	return p.Name()
}

// Base is embedded by passes to provide the descriptive methods from fields.
type Base struct {
	Arg, Desc, On, Display string
}

func (b *Base) Name() string    { return b.Arg }
func (b *Base) Summary() string { return b.Desc }
func (b *Base) Anchor() string  { return b.On }
func (b *Base) Options() any    { return nil }

// DisplayName returns the upstream class name, or the argument when unset.
func (b *Base) DisplayName() string {
	if b.Display != "" {
		return b.Display
	}
	return b.Arg
}

// AnalysisManager gives a running pass its context, a place to report
// non-fatal diagnostics, and a cache of analyses of the op it runs on.
// Analyses are dropped after each pass unless the pass preserves them.
type AnalysisManager struct {
	ctx       *ir.Context
	op        *ir.Operation
	stderr    io.Writer
	emit      func(*ir.Diagnostic)
	cache     map[reflect.Type]any
	preserved bool
}

func newAnalysisManager(ctx *ir.Context, op *ir.Operation, stderr io.Writer, emit func(*ir.Diagnostic)) *AnalysisManager {
	return &AnalysisManager{ctx: ctx, op: op, stderr: stderr, emit: emit}
}

// Context returns the context the pipeline runs in.
func (am *AnalysisManager) Context() *ir.Context { return am.ctx }

// Op returns the op the pass runs on.
func (am *AnalysisManager) Op() *ir.Operation { return am.op }

// Stderr is where passes that print reports (print-op-stats) write.
func (am *AnalysisManager) Stderr() io.Writer {
	if am.stderr == nil {
		return os.Stderr
	}
	return am.stderr
}

// Emit reports a non-fatal diagnostic (remark, warning, note). An error
// diagnostic emitted here fails the pass once it returns.
func (am *AnalysisManager) Emit(d *ir.Diagnostic) {
	if am.emit != nil {
		am.emit(d)
	}
}

// PreserveAll marks every cached analysis as still valid after the pass.
func (am *AnalysisManager) PreserveAll() { am.preserved = true }

// Analysis returns the cached analysis of type T for the pass's op,
// computing it with compute on first use.
func Analysis[T any](am *AnalysisManager, compute func(op *ir.Operation) T) T {
	key := reflect.TypeFor[T]()
	if v, ok := am.cache[key]; ok {
		return v.(T)
	}
	v := compute(am.op)
	if am.cache == nil {
		am.cache = map[reflect.Type]any{}
	}
	am.cache[key] = v
	return v
}

func (am *AnalysisManager) invalidate() {
	if !am.preserved {
		am.cache = nil
	}
	am.preserved = false
}
