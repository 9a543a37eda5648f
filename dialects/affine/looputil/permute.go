package looputil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
)

// PermuteLoops interchanges the perfectly nested loops of nest so that
// loop i ends up at depth perm[i] (MLIR's permuteLoops convention), and
// returns the new nest, outermost first. Only the structure is checked:
// the nest must be perfect, without iter_args, perm a permutation, and no
// loop's bounds may use the induction variable of a loop that would end up
// inside it. Legality with respect to dependences is the caller's job.
func PermuteLoops(ctx *ir.Context, nest []affine.ForOp, perm []int) ([]affine.ForOp, error) {
	n := len(nest)
	if len(perm) != n {
		return nil, fmt.Errorf("permutation has %d entries for a nest of %d loops", len(perm), n)
	}
	seen := make([]bool, n)
	for _, p := range perm {
		if p < 0 || p >= n || seen[p] {
			return nil, errors.New("invalid permutation")
		}
		seen[p] = true
	}
	if !IsPerfectlyNested(nest) {
		return nil, errors.New("loops are not perfectly nested")
	}
	for _, f := range nest {
		if f.NumResults() > 0 {
			return nil, errors.New("loops with iter_args cannot be permuted")
		}
	}
	for i, f := range nest {
		for j, g := range nest {
			if j == i {
				continue
			}
			for _, v := range f.Operands() {
				if v == g.InductionVar() && perm[j] >= perm[i] {
					return nil, fmt.Errorf("bounds of loop %d use the induction variable of loop %d, which would not enclose it", i, j)
				}
			}
		}
	}
	identity := true
	for i, p := range perm {
		identity = identity && i == p
	}
	if identity {
		return nest, nil
	}
	order := make([]affine.ForOp, n) // order[depth] = original loop
	for i, p := range perm {
		order[p] = nest[i]
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(nest[0].Operation)
	out := make([]affine.ForOp, n)
	for d, f := range order {
		lbm, lbo := f.LowerBound()
		ubm, ubo := f.UpperBound()
		out[d] = BuildFor(b, f.Loc(), lbm, lbo, ubm, ubo, f.Step(), nil)
		for _, a := range f.DiscardableAttrs() {
			out[d].SetAttr(a.Name, a.Value)
		}
		b.SetInsertionPointBefore(out[d].Yield())
	}
	moveBodyBefore(nest[n-1].Body(), out[n-1].Yield())
	for d, f := range order {
		f.InductionVar().ReplaceAllUsesWith(out[d].InductionVar())
	}
	nest[0].Erase()
	return out, nil
}
