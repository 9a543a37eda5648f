package affinepermute

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are affine-loop-permute's options.
type Options struct {
	Permutation []uint32 `opt:"permutation" desc:"New position of each loop of the perfectly nested band, outermost first (upstream's permuteLoops convention)"`
}

// New returns the pass.
var New = pass.Define(pass.Base{Arg: "affine-loop-permute", Desc: "Permute perfectly nested affine loops when dependences allow it (goopt)", On: "func.func", Display: "AffineLoopPermute"}, Options{}, run)

// run permutes every outermost band of the function.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	perm := make([]int, len(opts.Permutation))
	seen := make([]bool, len(perm))
	for i, v := range opts.Permutation {
		if int(v) >= len(perm) || seen[v] {
			return op.Errorf("invalid loop permutation %v: expected a permutation of 0..%d", opts.Permutation, len(perm)-1)
		}
		seen[v] = true
		perm[i] = int(v)
	}
	if len(perm) == 0 {
		return nil
	}
	for _, root := range passutil.OutermostFors(op) {
		band := analysis.PerfectlyNestedBand(root)
		if len(band) < len(perm) {
			am.Emit(root.Remarkf("loop nest not permuted: perfectly nested band of depth %d is shallower than the permutation", len(band)))
			continue
		}
		if err := Permute(band[:len(perm)], perm); err != nil {
			am.Emit(root.Remarkf("loop nest not permuted: %v", err))
		}
	}
	return nil
}

// IsValidPermutation reports whether permuting the perfectly nested band
// by perm (perm[i] = new position of band[i]) preserves every dependence
// (isValidLoopInterchangePermutation).
func IsValidPermutation(band []affine.ForOp, perm []int) bool {
	n := len(band)
	inv := make([]int, n)
	for i, p := range perm {
		inv[p] = i
	}
	for _, d := range analysis.LoopNestDependences(band[0].Operation) {
		if d.LoopDepth > n {
			continue // loop-independent within the band: unaffected
		}
		for j := 0; j < n; j++ {
			k := inv[j]
			if k >= len(d.Components) {
				return false
			}
			lb := d.Components[k].Lb
			if lb > 0 {
				break
			}
			if lb < 0 {
				return false
			}
		}
	}
	return true
}

// Permute reorders the band (perfectly nested, outermost first) so that
// band[i] ends at position perm[i]. It changes nothing and returns an
// error when the permutation is illegal.
func Permute(band []affine.ForOp, perm []int) error {
	n := len(band)
	if len(perm) != n {
		return fmt.Errorf("permutation has %d entries for %d loops", len(perm), n)
	}
	identity := true
	for i, p := range perm {
		identity = identity && p == i
	}
	if identity {
		return nil
	}
	for _, f := range band {
		if len(f.Inits()) > 0 {
			return fmt.Errorf("loop with iter_args")
		}
	}
	// Bounds may only use IVs of loops that stay outside.
	pos := map[*ir.Value]int{}
	for i, f := range band {
		pos[f.InductionVar()] = perm[i]
	}
	for i, f := range band {
		for _, v := range f.Operands() {
			if q, ok := pos[v]; ok && q >= perm[i] {
				return fmt.Errorf("the bounds of the loop at depth %d use an induction variable that would move inside it", i)
			}
		}
	}
	if !IsValidPermutation(band, perm) {
		return fmt.Errorf("the permutation violates a dependence")
	}
	inv := make([]affine.ForOp, n)
	for i, p := range perm {
		inv[p] = band[i]
	}
	innermost := band[n-1]
	var body []*ir.Operation
	for _, o := range innermost.Body().Ops() {
		if o != innermost.Yield() {
			body = append(body, o)
		}
	}
	for _, o := range body {
		o.Remove()
	}
	for _, f := range band[1:] {
		f.Remove()
	}
	if inv[0].Operation != band[0].Operation {
		band[0].Block().InsertBefore(band[0].Operation, inv[0].Operation)
		band[0].Remove()
	}
	for k := 0; k+1 < n; k++ {
		inv[k].Body().InsertBefore(inv[k].Yield(), inv[k+1].Operation)
	}
	last := inv[n-1]
	for _, o := range body {
		last.Body().InsertBefore(last.Yield(), o)
	}
	return nil
}
