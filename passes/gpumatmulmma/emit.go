package gpumatmulmma

import (
	"fmt"
	"sort"
	"strings"
)

// The kernel is written as MLIR text in upstream's syntax (the nvgpu ops'
// custom forms, as mlir-opt-19 prints them) and parsed into the context,
// as gpu-matmul-hopper does: the text is the contract with upstream (the
// tests have mlir-opt-19 verify it). This emitter is gpu-matmul-hopper's,
// copied rather than shared so that the two pipelines can change apart.

// emitter writes the ops of one region nest; SSA names are unique per
// emitter, index constants are collected and defined at the top.
type emitter struct {
	b      strings.Builder
	indent int
	next   int
	consts map[int64]bool
	// cstem prefixes constant names: regions nested in one another (host
	// and kernel) may not redefine a name.
	cstem string
}

func newEmitter(indent int, cstem string) *emitter {
	return &emitter{indent: indent, consts: map[int64]bool{}, cstem: cstem}
}

// line writes one op (or region delimiter) at the current indentation.
func (e *emitter) line(format string, args ...any) {
	e.b.WriteString(strings.Repeat("  ", e.indent))
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// open writes a line ending a region opener and indents; close undoes it.
func (e *emitter) open(format string, args ...any) {
	e.line(format, args...)
	e.indent++
}

func (e *emitter) close(format string, args ...any) {
	e.indent--
	e.line(format, args...)
}

// fresh returns a new SSA name with the given stem.
func (e *emitter) fresh(stem string) string {
	e.next++
	return fmt.Sprintf("%%%s%d", stem, e.next)
}

// c returns the name of the index constant v (defined by prelude).
func (e *emitter) c(v int64) string {
	e.consts[v] = true
	if v < 0 {
		return fmt.Sprintf("%%%sm%d", e.cstem, -v)
	}
	return fmt.Sprintf("%%%s%d", e.cstem, v)
}

// op writes `%r = text` and returns %r.
func (e *emitter) op(stem, format string, args ...any) string {
	r := e.fresh(stem)
	e.line("%s = %s", r, fmt.Sprintf(format, args...))
	return r
}

// Index arithmetic, each a fresh value.
func (e *emitter) add(x, y string) string { return e.op("v", "arith.addi %s, %s : index", x, y) }
func (e *emitter) mul(x, y string) string { return e.op("v", "arith.muli %s, %s : index", x, y) }
func (e *emitter) div(x, y string) string { return e.op("v", "arith.divui %s, %s : index", x, y) }
func (e *emitter) rem(x, y string) string { return e.op("v", "arith.remui %s, %s : index", x, y) }
func (e *emitter) cmp(pred, x, y string) string {
	return e.op("p", "arith.cmpi %s, %s, %s : index", pred, x, y)
}

// addC and mulC fold the identities so the text stays readable.
func (e *emitter) addC(x string, v int64) string {
	if v == 0 {
		return x
	}
	return e.add(x, e.c(v))
}

func (e *emitter) mulC(x string, v int64) string {
	if v == 1 {
		return x
	}
	return e.mul(x, e.c(v))
}

// prelude returns the definitions of the index constants used, sorted.
func (e *emitter) prelude(indent int) string {
	vals := make([]int64, 0, len(e.consts))
	for v := range e.consts {
		vals = append(vals, v)
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	var b strings.Builder
	for _, v := range vals {
		fmt.Fprintf(&b, "%s%s = arith.constant %d : index\n", strings.Repeat("  ", indent), e.c(v), v)
	}
	return b.String()
}
