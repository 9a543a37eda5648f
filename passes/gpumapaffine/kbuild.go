package gpumapaffine

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/vector"
	"github.com/goopt/goopt/ir"
)

// arith.cmpi predicates (arith::CmpIPredicate).
const (
	cmpEQ  = 0
	cmpSLT = 2
	cmpULT = 6
	cmpUGE = 9
)

// launchArgs is the number of id and size arguments of a gpu.launch body
// without clusters: block ids, thread ids, grid sizes, block sizes.
const launchArgs = 12

// kb emits the scf, arith and gpu ops of a kernel at a builder's insertion
// point. Constants are created where they are needed; canonicalize and cse
// (run by the pipeline) hoist and merge them.
type kb struct {
	ctx *ir.Context
	b   *ir.Builder
	loc ir.Location
}

func (k *kb) op(name string, operands []*ir.Value, t ir.Type, attrs ...ir.NamedAttribute) *ir.Value {
	return k.b.CreateOp(name, k.loc, operands, []ir.Type{t}, attrs...).Result(0)
}

func (k *kb) idx(c int64) *ir.Value {
	return k.op("arith.constant", nil, ir.Index, ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)})
}

func (k *kb) i32(c int64) *ir.Value {
	return k.op("arith.constant", nil, ir.I32, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.I32, c)})
}

func (k *kb) bin(name string, a, b *ir.Value) *ir.Value {
	return k.op(name, []*ir.Value{a, b}, a.Type())
}
func (k *kb) add(a, b *ir.Value) *ir.Value { return k.bin("arith.addi", a, b) }
func (k *kb) mul(a, b *ir.Value) *ir.Value { return k.bin("arith.muli", a, b) }

// addc and mulc fold the identities so that the generated index arithmetic
// stays readable before canonicalize.
func (k *kb) addc(a *ir.Value, c int64) *ir.Value {
	if c == 0 {
		return a
	}
	return k.add(a, k.idx(c))
}

func (k *kb) mulc(a *ir.Value, c int64) *ir.Value {
	if c == 1 {
		return a
	}
	return k.mul(a, k.idx(c))
}

func (k *kb) cmp(pred int64, a, b *ir.Value) *ir.Value {
	return k.op("arith.cmpi", []*ir.Value{a, b}, ir.I1, ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, pred)})
}

// ltc is a < c for an index a that is known non-negative.
func (k *kb) ltc(a *ir.Value, c int64) *ir.Value { return k.cmp(cmpULT, a, k.idx(c)) }

func (k *kb) and(a, b *ir.Value) *ir.Value {
	if a == nil {
		return b
	}
	return k.bin("arith.andi", a, b)
}

// forLoop emits scf.for lb to ub step st with iter_args inits; body gets
// the induction variable and the region iter_args and returns the values
// to yield. It returns the loop's results.
func (k *kb) forLoop(lb, ub, st *ir.Value, inits []*ir.Value, body func(iv *ir.Value, args []*ir.Value) []*ir.Value) []*ir.Value {
	var types []ir.Type
	for _, v := range inits {
		types = append(types, v.Type())
	}
	st0 := &ir.OperationState{Name: "scf.for", Loc: k.loc, Types: types}
	st0.SetOperandGroups(k.ctx.OpDef("scf.for"), []*ir.Value{lb}, []*ir.Value{ub}, []*ir.Value{st}, inits)
	r := st0.AddRegion()
	loop := k.b.Create(st0)
	blk := ir.NewBlock()
	iv := blk.AddArgument(ir.Index, k.loc)
	var args []*ir.Value
	for _, t := range types {
		args = append(args, blk.AddArgument(t, k.loc))
	}
	r.AppendBlock(blk)
	ip := k.b.Save()
	k.b.SetInsertionPointToEnd(blk)
	ys := body(iv, args)
	k.b.CreateOp("scf.yield", k.loc, ys, nil)
	k.b.Restore(ip)
	return loop.Results()
}

// ifThen emits scf.if cond with no results and no else region.
func (k *kb) ifThen(cond *ir.Value, then func()) {
	if cond == nil {
		then()
		return
	}
	st := &ir.OperationState{Name: "scf.if", Loc: k.loc}
	st.Operands = []*ir.Value{cond}
	r := st.AddRegion()
	st.AddRegion()
	k.b.Create(st)
	blk := ir.NewBlock()
	r.AppendBlock(blk)
	ip := k.b.Save()
	k.b.SetInsertionPointToEnd(blk)
	then()
	k.b.CreateOp("scf.yield", k.loc, nil, nil)
	k.b.Restore(ip)
}

// extract is element i of the 1-D vector v (of elements elem).
func (k *kb) extract(v *ir.Value, i int64, elem ir.Type) *ir.Value {
	return vector.BuildExtractOp(k.b, k.loc, v, nil, elem, ir.NamedAttribute{Name: "static_position", Value: ir.DenseI64Array(i)}).Result(0)
}

// insert is v (a 1-D vector) with element i replaced by s.
func (k *kb) insert(s, v *ir.Value, i int64) *ir.Value {
	return vector.BuildInsertOp(k.b, k.loc, s, v, nil, v.Type(), ir.NamedAttribute{Name: "static_position", Value: ir.DenseI64Array(i)}).Result(0)
}

// ifThenElse emits scf.if cond with no results and both regions.
func (k *kb) ifThenElse(cond *ir.Value, then, els func()) {
	st := &ir.OperationState{Name: "scf.if", Loc: k.loc}
	st.Operands = []*ir.Value{cond}
	r0, r1 := st.AddRegion(), st.AddRegion()
	k.b.Create(st)
	ip := k.b.Save()
	for _, p := range []struct {
		r  *ir.Region
		fn func()
	}{{r0, then}, {r1, els}} {
		blk := ir.NewBlock()
		p.r.AppendBlock(blk)
		k.b.SetInsertionPointToEnd(blk)
		p.fn()
		k.b.CreateOp("scf.yield", k.loc, nil, nil)
	}
	k.b.Restore(ip)
}

// ifElse emits scf.if cond yielding one value of type t.
func (k *kb) ifElse(cond *ir.Value, t ir.Type, then, els func() *ir.Value) *ir.Value {
	st := &ir.OperationState{Name: "scf.if", Loc: k.loc, Types: []ir.Type{t}}
	st.Operands = []*ir.Value{cond}
	r0, r1 := st.AddRegion(), st.AddRegion()
	op := k.b.Create(st)
	ip := k.b.Save()
	for _, p := range []struct {
		r  *ir.Region
		fn func() *ir.Value
	}{{r0, then}, {r1, els}} {
		blk := ir.NewBlock()
		p.r.AppendBlock(blk)
		k.b.SetInsertionPointToEnd(blk)
		v := p.fn()
		k.b.CreateOp("scf.yield", k.loc, []*ir.Value{v}, nil)
	}
	k.b.Restore(ip)
	return op.Result(0)
}

func (k *kb) barrier() { k.b.CreateOp("gpu.barrier", k.loc, nil, nil) }

// launch emits a gpu.launch with the given grid and block sizes and fills
// its body with body.
func (k *kb) launch(grid, block [3]int64, body func(a gpuArgs)) *ir.Operation {
	var g, t [3]*ir.Value
	for d := 0; d < 3; d++ {
		g[d], t[d] = k.idx(grid[d]), k.idx(block[d])
	}
	st := &ir.OperationState{Name: "gpu.launch", Loc: k.loc}
	st.SetOperandGroups(k.ctx.OpDef("gpu.launch"), nil, g[0:1], g[1:2], g[2:3], t[0:1], t[1:2], t[2:3], nil, nil, nil, nil)
	r := st.AddRegion()
	launch := k.b.Create(st)
	blk := ir.NewBlock()
	for range launchArgs {
		blk.AddArgument(ir.Index, k.loc)
	}
	r.AppendBlock(blk)
	args, _ := gpu.LaunchBody(launch)
	ip := k.b.Save()
	k.b.SetInsertionPointToEnd(blk)
	term := k.b.CreateOp("gpu.terminator", k.loc, nil, nil)
	k.b.SetInsertionPointBefore(term)
	body(args)
	k.b.Restore(ip)
	return launch
}

// shuffleXor emits gpu.shuffle xor v, offset, 32 and returns the value.
func (k *kb) shuffleXor(v *ir.Value, offset int64) *ir.Value {
	op := k.b.CreateOp("gpu.shuffle", k.loc, []*ir.Value{v, k.i32(offset), k.i32(warpSize)}, []ir.Type{v.Type(), ir.I1},
		ir.NamedAttribute{Name: "mode", Value: gpu.Enum(gpu.ShuffleModeKind, "xor")})
	return op.Result(0)
}

// identity returns the neutral element of a reduction combiner on t, or
// nil when there is none goopt knows.
func (k *kb) identity(combiner string, t ir.Type) *ir.Value {
	a := identityAttr(combiner, t)
	if a == nil {
		return nil
	}
	return k.op("arith.constant", nil, t, ir.NamedAttribute{Name: "value", Value: a})
}

// identityAttr is the neutral element of combiner on t (f32 and i32, the
// types a warp shuffle moves, and the other float types), or nil.
func identityAttr(combiner string, t ir.Type) ir.Attribute {
	if _, ok := t.(*ir.FloatType); !ok && t != ir.I32 {
		return nil
	}
	return arith.NeutralElement(combiner, t)
}

// gpuArgs are the id and size arguments of a gpu.launch body.
type gpuArgs = gpu.LaunchBodyArgs
