package cse

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "cse", Desc: "Eliminate common sub-expressions", Display: "CSE"}, run)

// run eliminates common subexpressions in op's regions.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	Eliminate(op)
	return nil
}

// Eliminate runs CSE over the regions of op and reports whether it
// changed anything. Ops are merged when an equivalent op dominates them:
// effect-free ops anywhere in scope, read-only ops only within one block
// with no possibly-writing op in between. Trivially dead ops are erased.
func Eliminate(op *ir.Operation) bool {
	c := &driver{known: map[string]*ir.Operation{}}
	for _, r := range op.Regions() {
		c.simplifyRegion(r)
	}
	for _, o := range c.toErase {
		o.Erase()
	}
	return len(c.toErase) > 0
}

type undo struct {
	key  string
	prev *ir.Operation
}

// driver holds a scoped map from op keys to the first op seen with the key.
type driver struct {
	known   map[string]*ir.Operation
	log     []undo
	toErase []*ir.Operation
}

func (c *driver) mark() int { return len(c.log) }

func (c *driver) restore(m int) {
	for len(c.log) > m {
		u := c.log[len(c.log)-1]
		c.log = c.log[:len(c.log)-1]
		if u.prev == nil {
			delete(c.known, u.key)
		} else {
			c.known[u.key] = u.prev
		}
	}
}

func (c *driver) insert(key string, op *ir.Operation) {
	c.log = append(c.log, undo{key, c.known[key]})
	c.known[key] = op
}

func isGraphRegion(r *ir.Region) bool {
	p := r.Parent()
	return p != nil && p.HasTrait(ir.GraphRegion)
}

func (c *driver) simplifyRegion(r *ir.Region) {
	blocks := r.Blocks()
	switch {
	case len(blocks) == 0:
		return
	case len(blocks) == 1:
		m := c.mark()
		c.simplifyBlock(blocks[0])
		c.restore(m)
		return
	case isGraphRegion(r):
		// Without dominance there is no order in which replacing is safe;
		// nested regions are still processed.
		for _, b := range blocks {
			for _, op := range b.Ops() {
				c.simplifyNested(op)
			}
		}
		return
	}
	children := dominatorTree(r)
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		m := c.mark()
		c.simplifyBlock(b)
		for _, ch := range children[b] {
			visit(ch)
		}
		c.restore(m)
	}
	visit(blocks[0])
}

func (c *driver) simplifyNested(op *ir.Operation) {
	if op.NumRegions() == 0 {
		return
	}
	if op.HasTrait(ir.IsolatedFromAbove) {
		// Values from outside cannot be used inside: start a fresh scope.
		outer, outerLog := c.known, c.log
		c.known, c.log = map[string]*ir.Operation{}, nil
		for _, r := range op.Regions() {
			c.simplifyRegion(r)
		}
		c.known, c.log = outer, outerLog
		return
	}
	for _, r := range op.Regions() {
		c.simplifyRegion(r)
	}
}

func (c *driver) simplifyBlock(b *ir.Block) {
	for _, op := range b.Ops() {
		c.simplifyNested(op)
		c.simplifyOp(op)
	}
}

func (c *driver) simplifyOp(op *ir.Operation) {
	if op.HasTrait(ir.Terminator) {
		return
	}
	if ir.IsTriviallyDead(op) {
		c.toErase = append(c.toErase, op)
		return
	}
	if op.NumRegions() != 0 || len(op.Successors()) != 0 {
		return
	}
	readOnly := false
	if !ir.IsMemoryEffectFree(op) {
		if !ir.OnlyReadsMemory(op) {
			return
		}
		readOnly = true
	}
	key := opKey(op)
	if existing := c.known[key]; existing != nil {
		if !readOnly || existing.Block() == op.Block() && !writesBetween(existing, op) {
			c.replace(op, existing)
			return
		}
	}
	c.insert(key, op)
}

func (c *driver) replace(op, existing *ir.Operation) {
	op.ReplaceAllUsesWith(existing.Results())
	if _, unknown := existing.Loc().(ir.UnknownLoc); unknown {
		if _, opUnknown := op.Loc().(ir.UnknownLoc); !opUnknown {
			existing.SetLoc(op.Loc())
		}
	}
	c.toErase = append(c.toErase, op)
}

// writesBetween reports whether an op strictly between from and to (in one
// block) may write memory.
func writesBetween(from, to *ir.Operation) bool {
	for o := from.Next(); o != nil && o != to; o = o.Next() {
		if ir.HasWriteEffects(o) {
			return true
		}
	}
	return false
}

// opKey identifies op up to equivalence: name, operands, result types and
// attributes (locations are ignored).
func opKey(op *ir.Operation) string {
	var b strings.Builder
	b.WriteString(op.Name())
	b.WriteByte('(')
	for _, v := range op.Operands() {
		fmt.Fprintf(&b, "%p,", v)
	}
	b.WriteString(")->(")
	for _, t := range op.ResultTypes() {
		b.WriteString(t.String())
		b.WriteByte(',')
	}
	b.WriteString(")<")
	for _, a := range op.Props() {
		b.WriteString(a.Name + "=" + a.Value.String() + ",")
	}
	b.WriteString(">{")
	for _, a := range op.DiscardableAttrs() {
		b.WriteString(a.Name + "=" + a.Value.String() + ",")
	}
	b.WriteByte('}')
	return b.String()
}
