package opsyntax

import "github.com/goopt/goopt/ir"

// BareOp declares an op without operands or results whose custom form is
// just its attribute dictionary (barriers, fences, argument-less
// terminators); the traits say what it does, e.g. MemRead|MemWrite for a
// sync op that no pass may move memory accesses across. Callers may set
// Verify or other fields on the result.
func BareOp(name, summary, doc string, traits ir.Trait) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   traits,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Format:   "attr-dict",
	}
}
