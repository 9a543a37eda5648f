package bench

import (
	"fmt"
	"io"
	"strings"
)

// progressWidth is the bar's width in cells.
const progressWidth = 30

// Progress reports a run's progress on W (the terminal's stderr): on a
// terminal (TTY) as one bar redrawn in place; otherwise as one plain line
// per finished step, with no control characters, so that logs stay clean.
type Progress struct {
	W   io.Writer
	TTY bool

	what        string
	done, total int
}

func (p *Progress) begin(what string, total int) {
	if p == nil {
		return
	}
	p.what, p.done, p.total = what, 0, total
	p.draw("")
}

// working shows the step being measured (on a terminal only).
func (p *Progress) working(label string) {
	if p == nil || !p.TTY {
		return
	}
	p.draw(label)
}

// finished records a step's result.
func (p *Progress) finished(r Result) {
	if p == nil {
		return
	}
	p.done++
	if p.TTY {
		p.draw("")
		return
	}
	fmt.Fprintf(p.W, "bench: %s [%d/%d] %s\n", p.what, p.done, p.total, summary(r))
}

func (p *Progress) end() {
	if p == nil || !p.TTY {
		return
	}
	// Clear the bar: the table follows on stdout.
	fmt.Fprint(p.W, "\r\x1b[K")
}

func (p *Progress) draw(label string) {
	if !p.TTY {
		return
	}
	fill := 0
	if p.total > 0 {
		fill = p.done * progressWidth / p.total
	}
	bar := strings.Repeat("█", fill) + strings.Repeat("░", progressWidth-fill)
	line := fmt.Sprintf("%s %s %d/%d", p.what, bar, p.done, p.total)
	if label != "" {
		line += "  " + label
	}
	fmt.Fprintf(p.W, "\r\x1b[K%s", line)
}

// summary is one line about a result.
func summary(r Result) string {
	switch {
	case r.Kernel != "" && r.Measured():
		return kernelSummary(r)
	case !r.Measured():
		return fmt.Sprintf("%s: not measured: %s", r.Label, firstLine(r.Error))
	case !r.Correct:
		return fmt.Sprintf("%s: WRONG (rel. err %.2e vs cuBLAS, %.2e vs fp64, max elem %.2e, %d non-finite) %.1f TFLOP/s", r.Label, r.RelErrCuBLAS, r.RelErrFP64, r.MaxElemErr, r.NonFinite, r.TFLOPs)
	}
	return fmt.Sprintf("%s: correct, %.1f TFLOP/s (cuBLAS %.1f, %.2fx)", r.Label, r.TFLOPs, r.CuBLASFLOPs, r.Ratio)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
