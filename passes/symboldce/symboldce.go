package symboldce

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "symbol-dce", Desc: "Eliminate dead symbols", Display: "SymbolDCE"}, run)

// run erases the private symbols of op's symbol tables, recursively, that
// no live op references.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	if !ir.IsSymbolTable(op) {
		return op.Errorf("was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	live := map[*ir.Operation]bool{}
	computeLiveness(op, live)
	eraseDead(op, live)
	return nil
}

// computeLiveness marks the ops of table that are live: non-symbol ops,
// symbols that are not private (upstream's default canDiscardOnUseEmpty:
// only private symbols may be discarded, even inside a private symbol
// table), and every symbol a live op references.
func computeLiveness(table *ir.Operation, live map[*ir.Operation]bool) {
	var work []*ir.Operation
	for _, r := range table.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				isSym := ir.SymbolNameOf(o) != "" && o.HasTrait(ir.Symbol)
				if !isSym || ir.Visibility(o) != "private" {
					if !live[o] {
						live[o] = true
						work = append(work, o)
					}
				}
			}
		}
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		if ir.IsSymbolTable(o) {
			computeLiveness(o, live)
		}
		ir.SymbolUses(o, func(user *ir.Operation, ref *ir.SymbolRefAttr) {
			from := user
			if ir.IsSymbolTable(user) {
				// A symbol table's own attributes refer from its parent's scope.
				from = user.ParentOp()
			}
			if from == nil {
				return
			}
			// Every symbol along a nested reference stays alive.
			for t := ir.NearestSymbolTable(from); t != nil; t = ir.NearestSymbolTable(t.ParentOp()) {
				if s := ir.LookupSymbolIn(t, ir.SymbolRef(ref.Root)); s != nil {
					markRef(s, ref, live, &work)
					break
				}
				if t.ParentOp() == nil {
					break
				}
			}
		})
	}
}

func markRef(root *ir.Operation, ref *ir.SymbolRefAttr, live map[*ir.Operation]bool, work *[]*ir.Operation) {
	cur := root
	for i := 0; cur != nil; i++ {
		if !live[cur] {
			live[cur] = true
			*work = append(*work, cur)
		}
		if i >= len(ref.Nested) || !ir.IsSymbolTable(cur) {
			return
		}
		cur = ir.LookupSymbolIn(cur, ir.SymbolRef(ref.Nested[i]))
	}
}

func eraseDead(table *ir.Operation, live map[*ir.Operation]bool) {
	for _, r := range table.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if !live[o] && o.HasTrait(ir.Symbol) && ir.SymbolNameOf(o) != "" {
					o.Erase()
					continue
				}
				if ir.IsSymbolTable(o) {
					eraseDead(o, live)
				}
			}
		}
	}
}
