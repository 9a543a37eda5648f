package pass

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/goopt/goopt/ir"
)

// Instrumentation observes pass runs (MLIR's PassInstrumentation).
type Instrumentation interface {
	BeforePass(p Pass, op *ir.Operation)
	// AfterPass runs after the pass and the verifier; failed is true when either failed.
	AfterPass(p Pass, op *ir.Operation, failed bool)
}

// PipelineInstrumentation is implemented by instrumentations that also want
// to see nested pipelines start and end on an op.
type PipelineInstrumentation interface {
	BeforePipeline(anchor string, op *ir.Operation)
	AfterPipeline(anchor string, op *ir.Operation)
}

// PrintIR dumps the IR around passes, as --mlir-print-ir-before/after do.
type PrintIR struct {
	// Before and After select the passes to dump around; nil selects none.
	Before, After func(p Pass) bool
	// AfterFailure dumps the IR after a pass that failed.
	AfterFailure bool
	// AfterChange limits the After dumps to passes that changed the IR.
	AfterChange bool
	// Print writes op (the printer lives above this package).
	Print func(w io.Writer, op *ir.Operation)
	Out   io.Writer

	before map[*ir.Operation]string
}

// SelectAll selects every pass.
func SelectAll(Pass) bool { return true }

// SelectNames selects the passes with the given argument names.
func SelectNames(names ...string) func(Pass) bool {
	return func(p Pass) bool {
		for _, n := range names {
			if p.Name() == n {
				return true
			}
		}
		return false
	}
}

func (pi *PrintIR) dump(when string, p Pass, op *ir.Operation) {
	fmt.Fprintf(pi.Out, "// -----// IR Dump %s %s (%s) //----- //\n", when, DisplayName(p), p.Name())
	pi.Print(pi.Out, op)
	fmt.Fprintln(pi.Out)
}

func (pi *PrintIR) render(op *ir.Operation) string {
	var b strings.Builder
	pi.Print(&b, op)
	return b.String()
}

func (pi *PrintIR) BeforePass(p Pass, op *ir.Operation) {
	if pi.AfterChange && pi.After != nil && pi.After(p) {
		if pi.before == nil {
			pi.before = map[*ir.Operation]string{}
		}
		pi.before[op] = pi.render(op)
	}
	if pi.Before != nil && pi.Before(p) {
		pi.dump("Before", p, op)
	}
}

func (pi *PrintIR) AfterPass(p Pass, op *ir.Operation, failed bool) {
	if failed {
		if pi.AfterFailure {
			pi.dump("After", p, op)
		}
		return
	}
	if pi.After == nil || !pi.After(p) {
		return
	}
	if pi.AfterChange {
		old, ok := pi.before[op]
		delete(pi.before, op)
		if ok && old == pi.render(op) {
			return
		}
	}
	pi.dump("After", p, op)
}

// Timing accumulates wall time per pass and pipeline in a tree, and prints
// MLIR's "Execution time report". The driver adds its own phases (Parser,
// Output) with Start.
type Timing struct {
	root  timer
	stack []*timer
	start time.Time
	now   func() time.Time
}

type timer struct {
	name     string
	total    time.Duration
	started  time.Time
	children []*timer
}

func (t *timer) child(name string) *timer {
	for _, c := range t.children {
		if c.name == name {
			return c
		}
	}
	c := &timer{name: name}
	t.children = append(t.children, c)
	return c
}

// NewTiming starts a timing report.
func NewTiming() *Timing {
	t := &Timing{now: time.Now}
	t.start = t.now()
	return t
}

func (t *Timing) top() *timer {
	if len(t.stack) == 0 {
		return &t.root
	}
	return t.stack[len(t.stack)-1]
}

func (t *Timing) push(name string) {
	c := t.top().child(name)
	c.started = t.now()
	t.stack = append(t.stack, c)
}

func (t *Timing) pop() {
	if len(t.stack) == 0 {
		return
	}
	c := t.stack[len(t.stack)-1]
	c.total += t.now().Sub(c.started)
	t.stack = t.stack[:len(t.stack)-1]
}

// Start begins timing a named phase under the current one; call the
// returned function to stop it.
func (t *Timing) Start(name string) (stop func()) {
	t.push(name)
	return t.pop
}

func (t *Timing) BeforePass(p Pass, op *ir.Operation) { t.push(DisplayName(p)) }

func (t *Timing) AfterPass(p Pass, op *ir.Operation, failed bool) { t.pop() }

func (t *Timing) BeforePipeline(anchor string, op *ir.Operation) {
	t.push("'" + anchor + "' Pipeline")
}

func (t *Timing) AfterPipeline(anchor string, op *ir.Operation) { t.pop() }

// Report prints the execution time report.
func (t *Timing) Report(w io.Writer) {
	total := t.now().Sub(t.start)
	const rule = "===-------------------------------------------------------------------------==="
	fmt.Fprintln(w, rule)
	fmt.Fprintln(w, "                         ... Execution time report ...")
	fmt.Fprintln(w, rule)
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	fmt.Fprintln(w, "  ----Wall Time----  ----Name----")
	var accounted time.Duration
	for _, c := range t.root.children {
		accounted += c.total
	}
	line := func(d time.Duration, depth int, name string) {
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(d) / float64(total)
		}
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %s%s\n", d.Seconds(), pct, strings.Repeat("  ", depth), name)
	}
	var walk func(ts []*timer, depth int)
	walk = func(ts []*timer, depth int) {
		for _, c := range ts {
			line(c.total, depth, c.name)
			walk(c.children, depth+1)
		}
	}
	walk(t.root.children, 0)
	if rest := total - accounted; rest > 0 {
		line(rest, 0, "Rest")
	}
	line(total, 0, "Total")
}
