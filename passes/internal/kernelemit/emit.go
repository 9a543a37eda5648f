package kernelemit

import (
	"fmt"
	"sort"
	"strings"
)

// Emitter writes the ops of one region nest; SSA names are unique per
// emitter, index constants are collected and defined at the top.
type Emitter struct {
	b      strings.Builder
	indent int
	next   int
	consts map[int64]bool
	// cstem prefixes constant names: regions nested in one another (host
	// and kernel) may not redefine a name.
	cstem string
}

// New returns an emitter indenting its lines by indent levels, naming its
// index constants with cstem.
func New(indent int, cstem string) *Emitter {
	return &Emitter{indent: indent, consts: map[int64]bool{}, cstem: cstem}
}

// Line writes one op (or region delimiter) at the current indentation.
func (e *Emitter) Line(format string, args ...any) {
	e.b.WriteString(strings.Repeat("  ", e.indent))
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// Open writes a line ending a region opener and indents; Close undoes it.
func (e *Emitter) Open(format string, args ...any) {
	e.Line(format, args...)
	e.indent++
}

func (e *Emitter) Close(format string, args ...any) {
	e.indent--
	e.Line(format, args...)
}

// Fresh returns a new SSA name with the given stem.
func (e *Emitter) Fresh(stem string) string {
	e.next++
	return fmt.Sprintf("%%%s%d", stem, e.next)
}

// C returns the name of the index constant v (defined by Prelude).
func (e *Emitter) C(v int64) string {
	e.consts[v] = true
	if v < 0 {
		return fmt.Sprintf("%%%sm%d", e.cstem, -v)
	}
	return fmt.Sprintf("%%%s%d", e.cstem, v)
}

// Op writes `%r = text` and returns %r.
func (e *Emitter) Op(stem, format string, args ...any) string {
	r := e.Fresh(stem)
	e.Line("%s = %s", r, fmt.Sprintf(format, args...))
	return r
}

// Index arithmetic, each a fresh value.
func (e *Emitter) Add(x, y string) string { return e.Op("v", "arith.addi %s, %s : index", x, y) }
func (e *Emitter) Mul(x, y string) string { return e.Op("v", "arith.muli %s, %s : index", x, y) }
func (e *Emitter) Div(x, y string) string { return e.Op("v", "arith.divui %s, %s : index", x, y) }
func (e *Emitter) Rem(x, y string) string { return e.Op("v", "arith.remui %s, %s : index", x, y) }
func (e *Emitter) Cmp(pred, x, y string) string {
	return e.Op("p", "arith.cmpi %s, %s, %s : index", pred, x, y)
}

// AddC and MulC fold the identities so the text stays readable.
func (e *Emitter) AddC(x string, v int64) string {
	if v == 0 {
		return x
	}
	return e.Add(x, e.C(v))
}

func (e *Emitter) MulC(x string, v int64) string {
	if v == 1 {
		return x
	}
	return e.Mul(x, e.C(v))
}

// Prelude returns the definitions of the index constants used, sorted.
func (e *Emitter) Prelude(indent int) string {
	vals := make([]int64, 0, len(e.consts))
	for v := range e.consts {
		vals = append(vals, v)
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	var b strings.Builder
	for _, v := range vals {
		fmt.Fprintf(&b, "%s%s = arith.constant %d : index\n", strings.Repeat("  ", indent), e.C(v), v)
	}
	return b.String()
}

// Raw appends text written elsewhere (a nested region's ops) as it is.
func (e *Emitter) Raw(text string) { e.b.WriteString(text) }

// Text is what has been written so far, without the constants' prelude.
func (e *Emitter) Text() string { return e.b.String() }
