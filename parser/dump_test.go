package parser

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/ir"
)

// dump prints IR in a compact generic form for tests: values are numbered in
// definition order (%0, %1, ...), blocks ^bb0... per region.
func dump(op *ir.Operation) string {
	d := &dumper{names: map[*ir.Value]string{}, blocks: map[*ir.Block]string{}}
	d.op(op, 0)
	return d.b.String()
}

type dumper struct {
	b      strings.Builder
	names  map[*ir.Value]string
	blocks map[*ir.Block]string
	next   int
}

func (d *dumper) name(v *ir.Value) string {
	if n, ok := d.names[v]; ok {
		return n
	}
	n := fmt.Sprintf("%%%d", d.next)
	d.next++
	d.names[v] = n
	return n
}

func (d *dumper) op(op *ir.Operation, indent int) {
	pad := strings.Repeat("  ", indent)
	d.b.WriteString(pad)
	if op.NumResults() > 0 {
		var rs []string
		for _, r := range op.Results() {
			rs = append(rs, d.name(r))
		}
		d.b.WriteString(strings.Join(rs, ", ") + " = ")
	}
	var os []string
	for _, v := range op.Operands() {
		os = append(os, d.name(v))
	}
	fmt.Fprintf(&d.b, "%q(%s)", op.Name(), strings.Join(os, ", "))
	if len(op.Successors()) > 0 {
		var ss []string
		for _, s := range op.Successors() {
			ss = append(ss, d.blocks[s])
		}
		d.b.WriteString("[" + strings.Join(ss, ", ") + "]")
	}
	if ps := op.Props(); len(ps) > 0 {
		d.b.WriteString(" <{" + ir.AttrDictBody(ps) + "}>")
	}
	if len(op.Regions()) > 0 {
		d.b.WriteString(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				d.b.WriteString(", ")
			}
			d.region(r, indent)
		}
		d.b.WriteString(")")
	}
	if as := op.DiscardableAttrs(); len(as) > 0 {
		d.b.WriteString(" {" + ir.AttrDictBody(as) + "}")
	}
	var ins, outs []ir.Type
	for _, v := range op.Operands() {
		ins = append(ins, v.Type())
	}
	outs = op.ResultTypes()
	d.b.WriteString(" : " + ir.Function(ins, outs).String() + "\n")
}

func (d *dumper) region(r *ir.Region, indent int) {
	for i, b := range r.Blocks() {
		d.blocks[b] = fmt.Sprintf("^bb%d", i)
	}
	d.b.WriteString("{\n")
	for _, b := range r.Blocks() {
		var as []string
		for _, a := range b.Arguments() {
			as = append(as, d.name(a)+": "+a.Type().String())
		}
		fmt.Fprintf(&d.b, "%s%s(%s):\n", strings.Repeat("  ", indent), d.blocks[b], strings.Join(as, ", "))
		for op := b.First(); op != nil; op = op.Next() {
			d.op(op, indent+1)
		}
	}
	d.b.WriteString(strings.Repeat("  ", indent) + "}")
}
