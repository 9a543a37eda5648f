package gpumapaffine

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// nest is an outermost affine.for nest seen as a band of parallel loops
// (outermost first, each the only op of its parent's body) over a body.
type nest struct {
	root affine.ForOp
	band []affine.ForOp
	// lb, step and n are each band loop's constant lower bound, step and
	// trip count; iteration t of loop d has IV lb[d] + step[d]*t.
	lb, step, n []int64
	body        *ir.Block
	pos         map[*ir.Value]int // band IV -> band position
}

// notMapped is a reason a nest is left alone, located at the op that is
// the reason.
type notMapped struct {
	op  *ir.Operation
	msg string
}

func (e *notMapped) Error() string { return e.msg }

func refuse(op *ir.Operation, format string, args ...any) error {
	return &notMapped{op, fmt.Sprintf(format, args...)}
}

// analyse finds the parallel band of the nest rooted at root with the
// dependence analysis (isLoopParallel), and the body under it.
func analyse(root affine.ForOp) (*nest, error) {
	if len(root.Inits()) > 0 {
		return nil, refuse(root.Operation, "the outermost loop carries values (iter_args): no parallel loop to map to the grid")
	}
	nt := &nest{root: root, pos: map[*ir.Value]int{}}
	for f := root; ; {
		if par, _ := analysis.IsLoopParallel(f, false); !par || len(f.Inits()) > 0 {
			break
		}
		lb, ok1 := f.ConstantLowerBound()
		ub, ok2 := f.ConstantUpperBound()
		if !ok1 || !ok2 {
			if len(nt.band) == 0 {
				return nil, refuse(f.Operation, "loop bounds are not constant")
			}
			break
		}
		n := aff.CeilDivInt(ub-lb, f.Step())
		if n <= 0 {
			return nil, refuse(f.Operation, "loop runs no iteration")
		}
		nt.pos[f.InductionVar()] = len(nt.band)
		nt.band = append(nt.band, f)
		nt.lb, nt.step, nt.n = append(nt.lb, lb), append(nt.step, f.Step()), append(nt.n, n)
		ops := bodyOps(f.Body())
		if len(ops) != 1 {
			break
		}
		inner, ok := affine.AsFor(ops[0])
		if !ok {
			break
		}
		f = inner
	}
	if len(nt.band) == 0 {
		return nil, refuse(root.Operation, "the outermost loop is not parallel (it carries a dependence)")
	}
	nt.body = nt.band[len(nt.band)-1].Body()
	return nt, nil
}

// bodyOps are the ops of a loop body without its terminator.
func bodyOps(b *ir.Block) []*ir.Operation {
	ops := b.Ops()
	if len(ops) > 0 && ops[len(ops)-1].HasTrait(ir.Terminator) {
		ops = ops[:len(ops)-1]
	}
	return ops
}

// linIndex is one index of an access as a function of the band IVs:
// coef[d]*iv[d] summed, plus cst; other is set when it also depends on
// anything else (a value defined in the body, a symbol, a mod or div).
type linIndex struct {
	coef  []int64
	cst   int64
	other bool
}

// indices returns the access's indices as linIndex over the nest's band.
func (nt *nest) indices(acc *analysis.MemRefAccess) []linIndex {
	m := acc.Map
	out := make([]linIndex, len(m.Results))
	for r, e := range m.Results {
		li := linIndex{coef: make([]int64, len(nt.band))}
		row, locals, err := aff.Flatten(e, m.NumDims, m.NumSymbols)
		if err != nil || len(locals) > 0 {
			li.other = true
			out[r] = li
			continue
		}
		for j, v := range acc.Operands {
			c := row[j]
			if c == 0 {
				continue
			}
			if d, ok := nt.pos[v]; ok {
				li.coef[d] += c
			} else {
				li.other = true
			}
		}
		li.cst = row[len(row)-1]
		out[r] = li
	}
	return out
}

// dependsOn reports whether li involves band dimension d.
func (li linIndex) dependsOn(d int) bool { return li.coef[d] != 0 }

// only reports whether li is exactly iv[d] + cst.
func (li linIndex) only(d int) bool {
	if li.other {
		return false
	}
	for e, c := range li.coef {
		if (e == d) != (c == 1) && !(e != d && c == 0) {
			return false
		}
	}
	return li.coef[d] == 1
}

// accesses returns the affine loads and stores of ops (not nested deeper).
func accesses(ops []*ir.Operation) []*analysis.MemRefAccess {
	var out []*analysis.MemRefAccess
	for _, op := range ops {
		if a, ok := analysis.NewMemRefAccess(op); ok {
			out = append(out, a)
		}
	}
	return out
}

// normalizeParallel rewrites the affine.parallel ops of fn with constant
// single-result bounds into nests of affine.for, so that one analysis (the
// dependence-based one) sees every input form. A parallel loop with
// reductions becomes a loop carrying the reduction from its identity,
// which is what affine.parallel's reduce means. A parallel it cannot
// rewrite is an error located at it.
func normalizeParallel(ctx *ir.Context, fn *ir.Operation) error {
	var pars []*ir.Operation
	ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is(affine.ParallelName) {
			pars = append(pars, op)
		}
		return ir.Advance
	})
	for _, op := range pars {
		p := affine.ParallelOp{Operation: op}
		if err := parallelToFor(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

func parallelToFor(ctx *ir.Context, p affine.ParallelOp) error {
	nd := p.NumDims()
	lbs, ubs := make([]int64, nd), make([]int64, nd)
	for d := 0; d < nd; d++ {
		lm, um := p.LowerBoundMap(d), p.UpperBoundMap(d)
		if len(lm.Results) != 1 || len(um.Results) != 1 {
			return refuse(p.Operation, "affine.parallel with min/max bounds is not supported")
		}
		l, ok1 := aff.ConstantValue(lm.Results[0])
		u, ok2 := aff.ConstantValue(um.Results[0])
		if !ok1 || !ok2 {
			return refuse(p.Operation, "affine.parallel bounds are not constant")
		}
		lbs[d], ubs[d] = l, u
	}
	reds := p.Reductions()
	if len(reds) > 0 && nd != 1 {
		return refuse(p.Operation, "multi-dimensional affine.parallel with reductions is not supported")
	}
	k := &kb{ctx: ctx, b: ir.NewBuilder(ctx), loc: p.Loc()}
	k.b.SetInsertionPointBefore(p.Operation)
	steps := p.Steps()
	body := p.Body()
	yield := body.Last()
	if len(reds) == 0 {
		// Nest of affine.for, outermost first; the innermost takes the body.
		var inner affine.ForOp
		for d := 0; d < nd; d++ {
			f := looputil.BuildFor(k.b, p.Loc(), aff.ConstantMap(lbs[d]), nil, aff.ConstantMap(ubs[d]), nil, steps[d], nil)
			body.Argument(d).ReplaceAllUsesWith(f.InductionVar())
			k.b.SetInsertionPointBefore(f.Yield())
			inner = f
		}
		for _, op := range body.Ops() {
			if op == yield {
				break
			}
			op.MoveBefore(inner.Yield())
		}
		p.Erase()
		return nil
	}
	var inits []*ir.Value
	combiners := make([]string, len(reds))
	for i, kind := range reds {
		name, ok := kindCombiner[kind]
		if !ok {
			return refuse(p.Operation, "unsupported affine.parallel reduction kind %d", kind)
		}
		combiners[i] = name
		id := k.identity(name, p.Result(i).Type())
		if id == nil {
			return refuse(p.Operation, "reduction '%s' on %s has no identity goopt knows", name, p.Result(i).Type())
		}
		inits = append(inits, id)
	}
	f := looputil.BuildFor(k.b, p.Loc(), aff.ConstantMap(lbs[0]), nil, aff.ConstantMap(ubs[0]), nil, steps[0], inits)
	body.Argument(0).ReplaceAllUsesWith(f.InductionVar())
	fy := f.Yield()
	for _, op := range body.Ops() {
		if op == yield {
			break
		}
		op.MoveBefore(fy)
	}
	k.b.SetInsertionPointBefore(fy)
	var ys []*ir.Value
	for i, name := range combiners {
		ys = append(ys, k.bin(name, f.RegionIterArgs()[i], yield.Operand(i)))
	}
	fy.SetOperands(ys)
	p.ReplaceAllUsesWith(f.Results())
	p.Erase()
	return nil
}

// kindCombiner maps affine.parallel's reduction kinds (arith::AtomicRMWKind)
// to the arith op that combines two values.
var kindCombiner = map[int64]string{
	analysis.KindAddF: "arith.addf", analysis.KindAddI: "arith.addi",
	analysis.KindMaximumF: "arith.maximumf", analysis.KindMinimumF: "arith.minimumf",
	analysis.KindMaxS: "arith.maxsi", analysis.KindMinS: "arith.minsi",
	analysis.KindMaxU: "arith.maxui", analysis.KindMinU: "arith.minui",
	analysis.KindMulF: "arith.mulf", analysis.KindMulI: "arith.muli",
	analysis.KindOrI: "arith.ori", analysis.KindAndI: "arith.andi",
}

// outside reports whether v is defined outside the nest.
func (nt *nest) outside(v *ir.Value) bool {
	var owner *ir.Operation
	if v.IsBlockArgument() {
		owner = v.OwnerBlock().ParentOp()
	} else {
		owner = v.DefiningOp()
	}
	return owner == nil || !nt.root.IsAncestor(owner)
}
