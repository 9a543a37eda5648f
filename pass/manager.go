package pass

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/goopt/goopt/ir"
)

// AnyAnchor is the anchor name of a pipeline that runs on any op.
const AnyAnchor = "any"

// Nesting says what AddPass does with a pass anchored on another op.
type Nesting uint8

const (
	// Explicit nesting rejects such a pass (textual pipelines).
	Explicit Nesting = iota
	// Implicit nesting wraps it in a nested pipeline (per-pass flags).
	Implicit
)

// OpPassManager is a pipeline anchored on one op name: a sequence of passes
// and nested pipelines. A nested pipeline runs on every op of its anchor
// directly nested in the regions of the op its parent runs on.
type OpPassManager struct {
	anchor  string
	nesting Nesting
	items   []item
}

type item struct {
	pass   Pass
	nested *OpPassManager
}

// NewOpPassManager returns an empty pipeline anchored on anchor ("" or
// "any" for any op).
func NewOpPassManager(anchor string, nesting Nesting) *OpPassManager {
	if anchor == "" {
		anchor = AnyAnchor
	}
	return &OpPassManager{anchor: anchor, nesting: nesting}
}

// Anchor returns the op name the pipeline runs on ("any" for any op).
func (pm *OpPassManager) Anchor() string { return pm.anchor }

// Len returns the number of passes and nested pipelines directly in pm.
func (pm *OpPassManager) Len() int { return len(pm.items) }

// Nest appends a nested pipeline anchored on anchor and returns it.
func (pm *OpPassManager) Nest(anchor string) *OpPassManager {
	n := NewOpPassManager(anchor, pm.nesting)
	pm.items = append(pm.items, item{nested: n})
	return n
}

// AddPass appends p. A pass anchored on another op than pm is nested under
// a new pipeline for that op when nesting is implicit, and rejected otherwise.
func (pm *OpPassManager) AddPass(p Pass) error {
	if a := p.Anchor(); a != "" && a != AnyAnchor && a != pm.anchor {
		if pm.nesting == Implicit {
			return pm.Nest(a).AddPass(p)
		}
		return fmt.Errorf("can't add pass '%s' restricted to '%s' on a pass manager intended to run on '%s', did you intend to nest?", p.Name(), a, pm.anchor)
	}
	pm.items = append(pm.items, item{pass: p})
	return nil
}

// String prints the pipeline in textual form, `builtin.module(cse,func.func(canonicalize{...}))`,
// which the pipeline parser reads back to the same pipeline.
func (pm *OpPassManager) String() string {
	var b strings.Builder
	pm.print(&b)
	return b.String()
}

func (pm *OpPassManager) print(b *strings.Builder) {
	b.WriteString(pm.anchor)
	b.WriteByte('(')
	pm.printItems(b)
	b.WriteByte(')')
}

func (pm *OpPassManager) printItems(b *strings.Builder) {
	for i, it := range pm.items {
		if i > 0 {
			b.WriteByte(',')
		}
		if it.nested != nil {
			it.nested.print(b)
			continue
		}
		b.WriteString(it.pass.Name())
		if o := FormatOptions(it.pass.Options()); o != "" {
			b.WriteString("{" + o + "}")
		}
	}
}

// ItemsString prints the pipeline's contents without its anchor.
func (pm *OpPassManager) ItemsString() string {
	var b strings.Builder
	pm.printItems(&b)
	return b.String()
}

// merged returns pm's items with adjacent nested pipelines of the same
// anchor merged, so a run walks the nested ops once per group of passes, as
// MLIR's pass adaptors do.
func (pm *OpPassManager) merged() []item {
	var out []item
	for _, it := range pm.items {
		if it.nested != nil && len(out) > 0 {
			if last := out[len(out)-1].nested; last != nil && last.anchor == it.nested.anchor {
				m := &OpPassManager{anchor: last.anchor, nesting: last.nesting}
				m.items = append(append(m.items, last.items...), it.nested.items...)
				out[len(out)-1] = item{nested: m}
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// PassManager runs a top-level pipeline over an op, verifying the IR after
// each pass and reporting through its instrumentations.
type PassManager struct {
	*OpPassManager
	// Ctx is handed to passes (through AnalysisManager.Context).
	Ctx *ir.Context
	// Verify, when set, checks the op after each pass (ir.Verify in the driver).
	Verify func(op *ir.Operation) error
	// Instrumentations observe every pass run, in order.
	Instrumentations []Instrumentation
	// Stderr receives pass reports (print-op-stats); nil means os.Stderr.
	Stderr io.Writer
}

// New returns a pass manager anchored on anchor with implicit nesting, so
// AddPass(p) nests p under its own anchor when needed.
func New(ctx *ir.Context, anchor string) *PassManager {
	return &PassManager{OpPassManager: NewOpPassManager(anchor, Implicit), Ctx: ctx}
}

// AddInstrumentation appends an instrumentation.
func (pm *PassManager) AddInstrumentation(i Instrumentation) {
	pm.Instrumentations = append(pm.Instrumentations, i)
}

// Run runs the pipeline on op. The error is an ir.DiagList holding every
// failure: pass errors, verifier errors and recovered panics.
func (pm *PassManager) Run(op *ir.Operation) error {
	r := &runner{pm: pm, ams: map[*ir.Operation]*AnalysisManager{}}
	if pm.anchor != AnyAnchor && op.Name() != pm.anchor {
		return ir.DiagList{ir.Errorf(op.Loc(), "can't run '%s' pass manager on '%s' op", pm.anchor, op.Name())}
	}
	r.runPipeline(pm.OpPassManager, op)
	if len(r.diags) > 0 {
		return r.diags
	}
	return nil
}

type runner struct {
	pm    *PassManager
	diags ir.DiagList
	ams   map[*ir.Operation]*AnalysisManager
}

// runPipeline runs opm on op and reports whether every pass succeeded.
// Nested pipelines run on every matching child even after one fails, so
// that all errors are reported.
func (r *runner) runPipeline(opm *OpPassManager, op *ir.Operation) bool {
	for _, it := range opm.merged() {
		if it.pass != nil {
			if !r.runPass(it.pass, op) {
				return false
			}
			continue
		}
		ok := true
		for _, child := range directChildren(op) {
			if it.nested.anchor != AnyAnchor && child.Name() != it.nested.anchor {
				continue
			}
			if !child.HasTrait(ir.IsolatedFromAbove) {
				if it.nested.anchor == AnyAnchor {
					continue
				}
				r.diags = append(r.diags, child.Errorf("trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'"))
				ok = false
				continue
			}
			r.forEachPipelineInstr(func(pi PipelineInstrumentation) { pi.BeforePipeline(it.nested.anchor, child) })
			if !r.runPipeline(it.nested, child) {
				ok = false
			}
			r.forEachPipelineInstr(func(pi PipelineInstrumentation) { pi.AfterPipeline(it.nested.anchor, child) })
		}
		if !ok {
			return false
		}
	}
	return true
}

func (r *runner) forEachPipelineInstr(fn func(PipelineInstrumentation)) {
	for _, in := range r.pm.Instrumentations {
		if pi, ok := in.(PipelineInstrumentation); ok {
			fn(pi)
		}
	}
}

// directChildren snapshots the ops directly nested in op's regions.
func directChildren(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, reg := range op.Regions() {
		for _, b := range reg.Blocks() {
			out = append(out, b.Ops()...)
		}
	}
	return out
}

// runPass runs one pass on op with instrumentation, panic recovery and
// verification, and reports whether it succeeded.
func (r *runner) runPass(p Pass, op *ir.Operation) bool {
	for _, in := range r.pm.Instrumentations {
		in.BeforePass(p, op)
	}
	var emitted ir.DiagList
	failedByEmit := false
	am := r.ams[op]
	if am == nil {
		am = newAnalysisManager(r.pm.Ctx, op, r.pm.Stderr, nil)
		r.ams[op] = am
	}
	am.emit = func(d *ir.Diagnostic) {
		emitted = append(emitted, d)
		if d.Severity == ir.SeverityError {
			failedByEmit = true
		}
	}
	err := safeRun(p, op, am)
	am.invalidate()
	r.diags = append(r.diags, emitted...)
	failed := err != nil || failedByEmit
	if err != nil {
		r.diags = append(r.diags, ir.Diagnostics(err)...)
	}
	if !failed && r.pm.Verify != nil {
		if verr := r.pm.Verify(op); verr != nil {
			r.diags = append(r.diags, ir.Diagnostics(verr)...)
			failed = true
		}
	}
	for _, in := range r.pm.Instrumentations {
		in.AfterPass(p, op, failed)
	}
	return !failed
}

// tracebackEnv, when set, attaches a pass panic's stack trace to its diagnostic.
const tracebackEnv = "GOOPT_TRACEBACK"

// safeRun runs the pass, turning a panic into an internal-error diagnostic
// that names the pass and the op.
func safeRun(p Pass, op *ir.Operation, am *AnalysisManager) (err error) {
	defer func() {
		if v := recover(); v != nil {
			d := ir.Errorf(op.Loc(), "internal error: pass '%s' panicked while running on '%s' op: %v", p.Name(), op.Name(), v)
			if os.Getenv(tracebackEnv) != "" {
				d.AttachNote(op.Loc(), "stack trace:\n%s", trimStack(debug.Stack()))
			}
			err = d
		}
	}()
	return p.Run(op, am)
}

// trimStack keeps the frames below the panic, which are the useful ones.
func trimStack(s []byte) string {
	str := string(s)
	if i := strings.Index(str, "panic("); i >= 0 {
		if j := strings.Index(str[i:], "\n"); j >= 0 {
			str = str[i+j+1:]
		}
	}
	const maxLen = 4000
	if len(str) > maxLen {
		str = str[:maxLen] + "..."
	}
	return strings.TrimRight(str, "\n")
}
