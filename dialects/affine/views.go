package affine

import (
	"slices"

	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// ForOp is a typed view of an `affine.for` operation. Operands are laid
// out as [lower bound operands, upper bound operands, iter_args inits],
// with the split given by the bound maps (and mirrored in the
// operandSegmentSizes property).
type ForOp struct{ *ir.Operation }

// AsFor returns a view of op when it is an affine.for.
func AsFor(op *ir.Operation) (ForOp, bool) {
	if op == nil || !op.Is(ForName) {
		return ForOp{}, false
	}
	return ForOp{op}, true
}

// WalkFors calls fn on every affine.for nested in root (root included), in
// pre-order; fn's result steers the walk as an ir.Walk callback's does
// (ir.Skip leaves that loop's body out, ir.Interrupt stops).
func WalkFors(root *ir.Operation, fn func(ForOp) ir.WalkResult) {
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if f, ok := AsFor(op); ok {
			return fn(f)
		}
		return ir.Advance
	})
}

// FirstFor returns the first affine.for nested in root (root included) in
// pre-order: the outermost loop of root's first nest.
func FirstFor(root *ir.Operation) (ForOp, bool) {
	var first ForOp
	WalkFors(root, func(f ForOp) ir.WalkResult {
		first = f
		return ir.Interrupt
	})
	return first, first.Operation != nil
}

// ForInductionVarOwner returns the affine.for whose induction variable is v.
func ForInductionVarOwner(v *ir.Value) (ForOp, bool) {
	if v == nil || !v.IsBlockArgument() || v.Index() != 0 {
		return ForOp{}, false
	}
	return AsFor(v.OwnerBlock().ParentOp())
}

// LowerBoundMap returns the lower bound map (the loop starts at its max).
func (f ForOp) LowerBoundMap() *aff.Map { m, _ := mapAttr(f.Operation, "lowerBoundMap"); return m }

// UpperBoundMap returns the upper bound map (the loop ends before its min).
func (f ForOp) UpperBoundMap() *aff.Map { m, _ := mapAttr(f.Operation, "upperBoundMap"); return m }

func (f ForOp) numLB() int {
	if m := f.LowerBoundMap(); m != nil {
		return min(m.NumInputs(), f.NumOperands())
	}
	return 0
}

func (f ForOp) numUB() int {
	if m := f.UpperBoundMap(); m != nil {
		return min(m.NumInputs(), f.NumOperands()-f.numLB())
	}
	return 0
}

// LowerBoundOperands returns the operands of the lower bound map.
func (f ForOp) LowerBoundOperands() []*ir.Value { return f.Operands()[:f.numLB()] }

// UpperBoundOperands returns the operands of the upper bound map.
func (f ForOp) UpperBoundOperands() []*ir.Value {
	return f.Operands()[f.numLB() : f.numLB()+f.numUB()]
}

// LowerBound returns the lower bound map and its operands.
func (f ForOp) LowerBound() (*aff.Map, []*ir.Value) { return f.LowerBoundMap(), f.LowerBoundOperands() }

// UpperBound returns the upper bound map and its operands.
func (f ForOp) UpperBound() (*aff.Map, []*ir.Value) { return f.UpperBoundMap(), f.UpperBoundOperands() }

// Inits returns the initial values of the loop-carried variables.
func (f ForOp) Inits() []*ir.Value { return f.Operands()[f.numLB()+f.numUB():] }

// Step returns the (positive) step.
func (f ForOp) Step() int64 {
	if a, ok := f.Attr("step").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 1
}

// SetStep sets the step.
func (f ForOp) SetStep(s int64) { f.SetAttr("step", ir.IndexAttr(s)) }

// Body returns the loop body block.
func (f ForOp) Body() *ir.Block { return f.Region(0).Front() }

// InductionVar returns the induction variable.
func (f ForOp) InductionVar() *ir.Value { return f.Body().Argument(0) }

// RegionIterArgs returns the body arguments of the loop-carried variables.
func (f ForOp) RegionIterArgs() []*ir.Value { return f.Body().Arguments()[1:] }

// Yield returns the body's terminator.
func (f ForOp) Yield() *ir.Operation { return f.Body().Last() }

// SetLowerBound replaces the lower bound.
func (f ForOp) SetLowerBound(m *aff.Map, operands []*ir.Value) {
	f.setOperandsAndMaps(m, operands, f.UpperBoundMap(), f.UpperBoundOperands())
}

// SetUpperBound replaces the upper bound.
func (f ForOp) SetUpperBound(m *aff.Map, operands []*ir.Value) {
	f.setOperandsAndMaps(f.LowerBoundMap(), f.LowerBoundOperands(), m, operands)
}

func (f ForOp) setOperandsAndMaps(lb *aff.Map, lbOps []*ir.Value, ub *aff.Map, ubOps []*ir.Value) {
	inits := f.Inits()
	all := append(append(append([]*ir.Value(nil), lbOps...), ubOps...), inits...)
	f.SetOperands(all)
	f.SetAttr("lowerBoundMap", ir.AffineMapOf(lb))
	f.SetAttr("upperBoundMap", ir.AffineMapOf(ub))
	f.SetAttr("operandSegmentSizes", ir.DenseI32Array(int32(len(lbOps)), int32(len(ubOps)), int32(len(inits))))
}

// SetConstantLowerBound makes the lower bound the constant c.
func (f ForOp) SetConstantLowerBound(c int64) { f.SetLowerBound(aff.ConstantMap(c), nil) }

// SetConstantUpperBound makes the upper bound the constant c.
func (f ForOp) SetConstantUpperBound(c int64) { f.SetUpperBound(aff.ConstantMap(c), nil) }

// ConstantLowerBound returns the lower bound when it is a single constant.
func (f ForOp) ConstantLowerBound() (int64, bool) {
	if m := f.LowerBoundMap(); m != nil {
		return m.IsSingleConstant()
	}
	return 0, false
}

// ConstantUpperBound returns the upper bound when it is a single constant.
func (f ForOp) ConstantUpperBound() (int64, bool) {
	if m := f.UpperBoundMap(); m != nil {
		return m.IsSingleConstant()
	}
	return 0, false
}

// HasConstantBounds reports whether both bounds are single constants.
func (f ForOp) HasConstantBounds() bool {
	_, l := f.ConstantLowerBound()
	_, u := f.ConstantUpperBound()
	return l && u
}

// ConstantTripCount returns the trip count when both bounds are constant
// (getTrivialConstantTripCount), or when the bounds differ by a constant
// over identical operands (lb and ub maps with one result each).
func (f ForOp) ConstantTripCount() (int64, bool) {
	step := f.Step()
	if step <= 0 {
		return 0, false
	}
	lb, lok := f.ConstantLowerBound()
	ub, uok := f.ConstantUpperBound()
	if !lok || !uok {
		d, ok := f.constantBoundDifference()
		if !ok {
			return 0, false
		}
		lb, ub = 0, d
	}
	if ub-lb <= 0 {
		return 0, true
	}
	return (ub - lb + step - 1) / step, true
}

// constantBoundDifference returns ub - lb when both are single-result maps
// over the same operands whose difference simplifies to a constant.
func (f ForOp) constantBoundDifference() (int64, bool) {
	lbm, lbo := f.LowerBound()
	ubm, ubo := f.UpperBound()
	if lbm == nil || ubm == nil || len(lbm.Results) != 1 || len(ubm.Results) != 1 ||
		lbm.NumDims != ubm.NumDims || lbm.NumSymbols != ubm.NumSymbols || !slices.Equal(lbo, ubo) {
		return 0, false
	}
	d := aff.SimplifyExpr(aff.Sub(ubm.Results[0], lbm.Results[0]), lbm.NumDims, lbm.NumSymbols)
	return aff.ConstantValue(d)
}

// IfOp is a typed view of an `affine.if` operation.
type IfOp struct{ *ir.Operation }

// AsIf returns a view of op when it is an affine.if.
func AsIf(op *ir.Operation) (IfOp, bool) {
	if op == nil || !op.Is(IfName) {
		return IfOp{}, false
	}
	return IfOp{op}, true
}

// Condition returns the integer set and its operands.
func (o IfOp) Condition() (*aff.Set, []*ir.Value) {
	s, _ := setAttr(o.Operation, "condition")
	return s, o.Operands()
}

// SetConditional replaces the integer set and its operands.
func (o IfOp) SetConditional(s *aff.Set, operands []*ir.Value) {
	o.SetAttr("condition", ir.IntegerSetOf(s))
	o.SetOperands(operands)
}

// ThenBlock returns the then block.
func (o IfOp) ThenBlock() *ir.Block { return o.Region(0).Front() }

// HasElse reports whether the else region has a block.
func (o IfOp) HasElse() bool { return !o.Region(1).Empty() }

// ElseBlock returns the else block, or nil.
func (o IfOp) ElseBlock() *ir.Block { return o.Region(1).Front() }

// ParallelOp is a typed view of an `affine.parallel` operation. Bounds are
// stored as one flat map per side whose results are grouped: group i
// (lowerBoundsGroups[i] results) is the max (lower) or min (upper) bound of
// dimension i.
type ParallelOp struct{ *ir.Operation }

// AsParallel returns a view of op when it is an affine.parallel.
func AsParallel(op *ir.Operation) (ParallelOp, bool) {
	if op == nil || !op.Is(ParallelName) {
		return ParallelOp{}, false
	}
	return ParallelOp{op}, true
}

// NumDims returns the number of loop dimensions.
func (p ParallelOp) NumDims() int { return len(p.Steps()) }

// Steps returns the steps.
func (p ParallelOp) Steps() []int64 { return intArray(p.Attr("steps")) }

// LowerBoundsMap returns the flat lower bounds map.
func (p ParallelOp) LowerBoundsMap() *aff.Map {
	m, _ := mapAttr(p.Operation, "lowerBoundsMap")
	return m
}

// UpperBoundsMap returns the flat upper bounds map.
func (p ParallelOp) UpperBoundsMap() *aff.Map {
	m, _ := mapAttr(p.Operation, "upperBoundsMap")
	return m
}

// LowerBoundsGroups returns the number of lower bound results per dimension.
func (p ParallelOp) LowerBoundsGroups() []int64 { return intArray(p.Attr("lowerBoundsGroups")) }

// UpperBoundsGroups returns the number of upper bound results per dimension.
func (p ParallelOp) UpperBoundsGroups() []int64 { return intArray(p.Attr("upperBoundsGroups")) }

func (p ParallelOp) numLB() int {
	if m := p.LowerBoundsMap(); m != nil {
		return min(m.NumInputs(), p.NumOperands())
	}
	return 0
}

// LowerBoundsOperands returns the operands of the lower bounds map.
func (p ParallelOp) LowerBoundsOperands() []*ir.Value { return p.Operands()[:p.numLB()] }

// UpperBoundsOperands returns the operands of the upper bounds map.
func (p ParallelOp) UpperBoundsOperands() []*ir.Value { return p.Operands()[p.numLB():] }

// IVs returns the induction variables.
func (p ParallelOp) IVs() []*ir.Value { return p.Body().Arguments() }

// Body returns the body block.
func (p ParallelOp) Body() *ir.Block { return p.Region(0).Front() }

// Reductions returns the reduction kinds (arith::AtomicRMWKind values).
func (p ParallelOp) Reductions() []int64 { return intArray(p.Attr("reductions")) }

// LowerBoundMap returns the lower bound map of dimension i.
func (p ParallelOp) LowerBoundMap(i int) *aff.Map {
	return groupSlice(p.LowerBoundsMap(), p.LowerBoundsGroups(), i)
}

// UpperBoundMap returns the upper bound map of dimension i.
func (p ParallelOp) UpperBoundMap(i int) *aff.Map {
	return groupSlice(p.UpperBoundsMap(), p.UpperBoundsGroups(), i)
}

// SetLowerBounds replaces the lower bounds map (same grouping) and operands.
func (p ParallelOp) SetLowerBounds(m *aff.Map, operands []*ir.Value) {
	ub := p.UpperBoundsOperands()
	p.SetOperands(append(append([]*ir.Value(nil), operands...), ub...))
	p.SetAttr("lowerBoundsMap", ir.AffineMapOf(m))
}

// SetUpperBounds replaces the upper bounds map (same grouping) and operands.
func (p ParallelOp) SetUpperBounds(m *aff.Map, operands []*ir.Value) {
	lb := p.LowerBoundsOperands()
	p.SetOperands(append(append([]*ir.Value(nil), lb...), operands...))
	p.SetAttr("upperBoundsMap", ir.AffineMapOf(m))
}

func groupSlice(m *aff.Map, groups []int64, i int) *aff.Map {
	start := 0
	for j := 0; j < i; j++ {
		start += int(groups[j])
	}
	return m.SliceMap(start, int(groups[i]))
}

// intArray reads an ArrayAttr of integers, a dense array or a dense
// elements attribute of integers.
func intArray(a ir.Attribute) []int64 {
	switch a := a.(type) {
	case *ir.ArrayAttr:
		out := make([]int64, 0, len(a.Elems))
		for _, e := range a.Elems {
			if ia, ok := e.(*ir.IntegerAttr); ok {
				out = append(out, ia.Int())
			}
		}
		return out
	case *ir.DenseElementsAttr:
		n := ir.NumElements(a.ShapedType().Shape())
		out := make([]int64, 0, max(n, 0))
		for i := int64(0); i < n; i++ {
			e := a.Elements[0]
			if !a.Splat {
				if int(i) >= len(a.Elements) {
					break
				}
				e = a.Elements[i]
			}
			if ia, ok := e.(*ir.IntegerAttr); ok {
				out = append(out, ia.Int())
			}
		}
		return out
	case *ir.DenseArrayAttr:
		return append([]int64(nil), a.Ints...)
	}
	return nil
}

// i32Tensor builds `dense<[...]> : tensor<Nxi32>`.
func i32Tensor(vs []int64) *ir.DenseElementsAttr {
	elems := make([]ir.Attribute, len(vs))
	for i, v := range vs {
		elems[i] = ir.IntAttr(ir.I32, v)
	}
	return ir.Dense(ir.RankedTensor([]int64{int64(len(vs))}, ir.I32, nil), elems)
}

// MapOperandsStart returns the index of the first map operand of an affine
// memory or map op (load 1, store 2, apply/min/max 0, ...), or -1.
func MapOperandsStart(op *ir.Operation) int {
	switch op.Name() {
	case ApplyName, MinName, MaxName:
		return 0
	case LoadName, VectorLoadName, PrefetchName:
		return 1
	case StoreName, VectorStoreName:
		return 2
	}
	return -1
}

// AccessMap returns the `map` attribute and its operands of affine.apply,
// min, max, load, store, vector_load, vector_store and prefetch.
func AccessMap(op *ir.Operation) (*aff.Map, []*ir.Value, bool) {
	start := MapOperandsStart(op)
	m, ok := mapAttr(op, "map")
	if start < 0 || !ok || op.NumOperands() < start {
		return nil, nil, false
	}
	return m, op.Operands()[start:], true
}

// SetAccessMap replaces the map and its operands of an op AccessMap accepts.
func SetAccessMap(op *ir.Operation, m *aff.Map, operands []*ir.Value) {
	start := MapOperandsStart(op)
	all := append(op.Operands()[:start:start], operands...)
	op.SetOperands(all)
	op.SetAttr("map", ir.AffineMapOf(m))
}
