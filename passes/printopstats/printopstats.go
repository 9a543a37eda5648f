package printopstats

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's print-op-stats options.
type Options struct {
	JSON bool `opt:"json" desc:"print the stats as JSON"`
}

// Pass is the print-op-stats pass.
type Pass struct {
	pass.Base
	Opts Options
	// Out overrides where the report goes (the pass manager's stderr by default).
	Out io.Writer
}

// New returns the pass.
func New() pass.Pass {
	return &Pass{Base: pass.Base{Arg: "print-op-stats", Desc: "Print statistics of operations", Display: "PrintOpStats"}}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run counts the ops under op (op included) and prints the table.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	w := p.Out
	if w == nil {
		w = am.Stderr()
	}
	counts := Count(op)
	if p.Opts.JSON {
		printJSON(w, counts)
	} else {
		printTable(w, counts)
	}
	am.PreserveAll()
	return nil
}

// Count returns the number of ops of each name under op (op included).
func Count(op *ir.Operation) map[string]int {
	counts := map[string]int{}
	ir.WalkOps(op, func(o *ir.Operation) { counts[o.Name()]++ })
	return counts
}

func sortedNames(counts map[string]int) []string {
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// printTable prints upstream's table: dialect names right-aligned, op
// names left-aligned, so the dots line up.
func printTable(w io.Writer, counts map[string]int) {
	fmt.Fprintln(w, "Operations encountered:")
	fmt.Fprintln(w, "-----------------------")
	names := sortedNames(counts)
	maxDialect, maxOp := 0, 0
	for _, n := range names {
		d, o, _ := strings.Cut(n, ".")
		maxDialect = max(maxDialect, len(d))
		maxOp = max(maxOp, len(o))
	}
	for _, n := range names {
		d, o, _ := strings.Cut(n, ".")
		fmt.Fprintf(w, "  %*s.%-*s , %d\n", maxDialect, d, maxOp, o, counts[n])
	}
}

func printJSON(w io.Writer, counts map[string]int) {
	fmt.Fprintln(w, "{")
	names := sortedNames(counts)
	for i, n := range names {
		sep := ","
		if i == len(names)-1 {
			sep = ""
		}
		fmt.Fprintf(w, "  %q : %d%s\n", n, counts[n], sep)
	}
	fmt.Fprintln(w, "}")
}
