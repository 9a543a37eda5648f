package affine

import (
	"testing"

	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// testDialect provides a function-like affine scope and a constant op
// until the parser and the func/arith dialects are available to tests.
func testDialect() *ir.Dialect {
	return &ir.Dialect{Name: "test", Ops: []*ir.OpDef{
		{Name: "test.func", Traits: ir.AffineScope | ir.IsolatedFromAbove | ir.NoTerminator},
		{Name: "test.constant", Traits: ir.ConstantLike | ir.Pure},
		{Name: "test.use"},
		{Name: "test.def"},
	}}
}

type env struct {
	t    *testing.T
	ctx  *ir.Context
	b    *ir.Builder
	fn   *ir.Operation
	args []*ir.Value
}

// newEnv builds `test.func` with the given argument types and positions a
// builder in its body.
func newEnv(t *testing.T, argTypes ...ir.Type) *env {
	ctx := ir.NewContext(Dialect(), testDialect())
	st := &ir.OperationState{Name: "test.func"}
	r := st.AddRegion()
	fn := ctx.NewOperation(st)
	b := ir.NewBuilder(ctx)
	blk := b.CreateBlock(r, argTypes...)
	b.SetInsertionPointToEnd(blk)
	return &env{t: t, ctx: ctx, b: b, fn: fn, args: blk.Arguments()}
}

func (e *env) constant(v int64) *ir.Value {
	return e.b.CreateOp("test.constant", nil, nil, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(v)}).Result(0)
}

func (e *env) apply(m *aff.Map, ops ...*ir.Value) *ir.Value {
	return e.b.CreateOp(ApplyName, nil, ops, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
}

func (e *env) mapOp(name string, m *aff.Map, ops ...*ir.Value) *ir.Operation {
	return e.b.CreateOp(name, nil, ops, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)})
}

// forLoop creates an affine.for with the given bounds and steps into its
// body; done() returns to after the loop.
func (e *env) forLoop(lb *aff.Map, lbOps []*ir.Value, ub *aff.Map, ubOps []*ir.Value, step int64, inits ...*ir.Value) (ForOp, func()) {
	st := &ir.OperationState{Name: ForName}
	st.Operands = append(append(append(st.Operands, lbOps...), ubOps...), inits...)
	st.AddAttr("lowerBoundMap", ir.AffineMapOf(lb))
	st.AddAttr("upperBoundMap", ir.AffineMapOf(ub))
	st.AddAttr("step", ir.IndexAttr(step))
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(int32(len(lbOps)), int32(len(ubOps)), int32(len(inits))))
	types := []ir.Type{ir.Index}
	for _, v := range inits {
		st.Types = append(st.Types, v.Type())
		types = append(types, v.Type())
	}
	r := st.AddRegion()
	op := e.b.Create(st)
	ip := e.b.Save()
	e.b.CreateBlock(r, types...)
	return ForOp{op}, func() {
		e.b.Restore(ip)
	}
}

func (e *env) yield(vs ...*ir.Value) *ir.Operation {
	return e.b.CreateOp(YieldName, nil, vs, nil)
}

func (e *env) use(vs ...*ir.Value) *ir.Operation {
	return e.b.CreateOp("test.use", nil, vs, nil)
}

// verifyAll runs every registered verifier under fn and returns the first error.
func (e *env) verifyAll() error {
	var err error
	ir.Walk(e.fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if d := op.Def(); d != nil && d.Verify != nil {
			if err = d.Verify(op); err != nil {
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
	return err
}

// canonicalize applies the dialect's folders and patterns to a fixpoint
// (a minimal greedy driver for unit tests).
func (e *env) canonicalize(extra ...ir.Pattern) {
	rw := ir.NewRewriter(e.ctx)
	for iter := 0; iter < 100; iter++ {
		changed := false
		var ops []*ir.Operation
		ir.WalkOps(e.fn, func(op *ir.Operation) { ops = append(ops, op) })
		erased := map[*ir.Operation]bool{}
		rw.OnErase = func(op *ir.Operation) { erased[op] = true }
		for _, op := range ops {
			if erased[op] || op.Block() == nil {
				continue
			}
			d := op.Def()
			if d == nil {
				continue
			}
			if d.Fold != nil {
				cst := make([]ir.Attribute, op.NumOperands())
				for i, v := range op.Operands() {
					if c, ok := ConstantIntValue(v); ok {
						cst[i] = ir.IndexAttr(c)
					}
				}
				if res := d.Fold(op, cst); res != nil {
					var vs []*ir.Value
					for i, r := range res {
						if r.Value != nil {
							vs = append(vs, r.Value)
							continue
						}
						rw.SetInsertionPointBefore(op)
						vs = append(vs, rw.CreateOp("test.constant", nil, nil, []ir.Type{op.Result(i).Type()}, ir.NamedAttribute{Name: "value", Value: r.Attr}).Result(0))
					}
					if len(vs) == op.NumResults() && !(len(vs) > 0 && vs[0] == op.Result(0)) {
						rw.ReplaceOp(op, vs)
						changed = true
						continue
					}
				}
			}
			for _, p := range append(append([]ir.Pattern(nil), d.Canonicalize...), extra...) {
				if p.RootName() != op.Name() || erased[op] {
					continue
				}
				if p.MatchAndRewrite(op, rw) {
					changed = true
					break
				}
			}
		}
		// Dead pure ops.
		ir.Walk(e.fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			if op != e.fn && op.HasTrait(ir.Pure) && !op.HasTrait(ir.Terminator) && op.NumResults() > 0 && op.UseEmpty() {
				op.Erase()
				changed = true
			}
			return ir.Advance
		})
		if !changed {
			return
		}
	}
	e.t.Fatal("canonicalize did not converge")
}

func mapOf(nd, ns int, exprs ...aff.Expr) *aff.Map { return aff.NewMap(nd, ns, exprs) }

var (
	d0, d1 = aff.Dim(0), aff.Dim(1)
	s0, s1 = aff.Symbol(0), aff.Symbol(1)
	c      = aff.Const
)
