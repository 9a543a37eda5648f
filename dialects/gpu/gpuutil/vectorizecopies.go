package gpuutil

import (
	"fmt"
	"slices"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// Copy vectorization (affine-gpu-vectorize-copies).
//
// A copy loop is an innermost affine.for whose body is exactly an
// affine.load from a memref outside workgroup memory and an affine.store of
// that value into a workgroup memref, the loop's induction variable
// indexing the last (contiguous) dimension of both with coefficient 1 and
// no other dimension. It becomes a loop of vector length VL = bits /
// element bits times the step whose body moves vector<VLxT> with
// affine.vector_load / affine.vector_store at the same indices, so that a
// thread moves 128 bits with one instruction (the paper's 128-bit copies).
//
// The vector accesses must stay aligned to their size, as the hardware's
// vector loads require: the trip count, the last dimension of both memrefs
// (the padded leading dimension of the shared buffer) and the start index
// of every vector (the index's constant part and the alignment of the
// other loop variables in it) must all be multiples of VL.

// CopyLoop is a candidate copy loop with its load and store.
type CopyLoop struct {
	Loop  affine.ForOp
	Load  *ir.Operation
	Store *ir.Operation
}

// CopyLoops returns the copy loops nested in root (global → workgroup
// memory, see VectorizeCopyLoop), in program order.
func CopyLoops(root *ir.Operation) []CopyLoop {
	var out []CopyLoop
	affine.WalkFors(root, func(f affine.ForOp) ir.WalkResult {
		if c, ok := asCopyLoop(f); ok {
			out = append(out, c)
		}
		return ir.Advance
	})
	return out
}

// asCopyLoop matches a loop whose body is load; store; yield.
func asCopyLoop(f affine.ForOp) (CopyLoop, bool) {
	ops := f.Body().Ops()
	if len(ops) != 3 || len(f.Inits()) != 0 {
		return CopyLoop{}, false
	}
	ld, st := ops[0], ops[1]
	if !ld.Is(affine.LoadName) || !st.Is(affine.StoreName) || st.Operand(0) != ld.Result(0) || !ld.Result(0).HasOneUse() {
		return CopyLoop{}, false
	}
	if isWorkgroup(ld.Operand(0)) || !isWorkgroup(st.Operand(1)) {
		return CopyLoop{}, false
	}
	return CopyLoop{Loop: f, Load: ld, Store: st}, true
}

// VectorizeCopyLoop rewrites copy loop c to move vectors of vectorBits
// bits. It returns an error saying why, and leaves the IR unchanged, when
// the copy cannot be vectorized with aligned accesses.
func VectorizeCopyLoop(ctx *ir.Context, c CopyLoop, vectorBits int) error {
	elem := c.Load.Result(0).Type()
	eb := ir.BitWidth(elem)
	if eb <= 0 || vectorBits%eb != 0 || vectorBits < eb {
		return fmt.Errorf("element type %s does not divide the vector width of %d bits", elem, vectorBits)
	}
	vl := int64(vectorBits / eb)
	f := c.Loop
	if f.Step() != 1 {
		return fmt.Errorf("the loop step is %d, not 1", f.Step())
	}
	lb, ok := f.ConstantLowerBound()
	if !ok {
		return fmt.Errorf("the loop's lower bound is not constant")
	}
	tc, ok := looputil.ConstantTripCount(f)
	if !ok {
		return fmt.Errorf("the loop's trip count is not constant")
	}
	if tc%vl != 0 {
		return fmt.Errorf("trip count %d is not a multiple of the vector length %d", tc, vl)
	}
	if lb%vl != 0 {
		return fmt.Errorf("lower bound %d is not a multiple of the vector length %d", lb, vl)
	}
	for _, acc := range []struct {
		op  *ir.Operation
		mem *ir.Value
	}{{c.Load, c.Load.Operand(0)}, {c.Store, c.Store.Operand(1)}} {
		if err := checkContiguous(acc.op, acc.mem, f, vl); err != nil {
			return err
		}
	}
	// Checked: rewrite.
	vt := ir.Vector([]int64{vl}, elem, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(c.Load)
	lm, lops, _ := affine.AccessMap(c.Load)
	vload := b.CreateOp(affine.VectorLoadName, c.Load.Loc(), append([]*ir.Value{c.Load.Operand(0)}, lops...), []ir.Type{vt})
	vload.SetAttr("map", ir.AffineMapOf(lm))
	sm, sops, _ := affine.AccessMap(c.Store)
	vstore := b.CreateOp(affine.VectorStoreName, c.Store.Loc(), append([]*ir.Value{vload.Result(0), c.Store.Operand(1)}, sops...), nil)
	vstore.SetAttr("map", ir.AffineMapOf(sm))
	c.Store.Erase()
	c.Load.Erase()
	f.SetStep(vl)
	return nil
}

// checkContiguous checks that the access of op to mem walks the last
// dimension with the loop's induction variable (coefficient 1, in no other
// dimension) and that each vector of vl elements starts aligned.
func checkContiguous(op *ir.Operation, mem *ir.Value, f affine.ForOp, vl int64) error {
	t, ok := mem.Type().(*ir.MemRefType)
	if !ok || t.Rank() == 0 || t.Layout != nil {
		return fmt.Errorf("%s is not a memref with the identity layout", mem.Type())
	}
	if ld := t.Dims[t.Rank()-1]; ld < 0 || ld%vl != 0 {
		return fmt.Errorf("leading dimension %d of %s is not a multiple of the vector length %d", ld, t, vl)
	}
	m, operands, ok := affine.AccessMap(op)
	if !ok {
		return fmt.Errorf("malformed access")
	}
	iv := f.InductionVar()
	last := len(m.Results) - 1
	for r, e := range m.Results {
		row, locals, err := aff.Flatten(e, m.NumDims, m.NumSymbols)
		if err != nil {
			return fmt.Errorf("index %s is not affine", e)
		}
		var coef int64
		for i, v := range operands {
			if v == iv {
				coef += row[i]
			}
		}
		usesIV := coef != 0 || (len(locals) > 0 && slices.Contains(operands, iv))
		if r != last {
			if usesIV {
				return fmt.Errorf("the copy loop indexes dimension %d of %s, not only the contiguous one", r, t)
			}
			continue
		}
		if len(locals) > 0 || coef != 1 {
			return fmt.Errorf("the copy does not walk the contiguous dimension of %s with unit stride", t)
		}
		// The start of each vector: the constant term plus the other
		// operands' terms must be multiples of vl.
		if row[len(row)-1]%vl != 0 {
			return fmt.Errorf("the contiguous index of %s has offset %d, not a multiple of the vector length %d", t, row[len(row)-1], vl)
		}
		for i, v := range operands {
			if v == iv || row[i] == 0 {
				continue
			}
			if a := alignment(v); a != 0 && (row[i]*a)%vl != 0 {
				return fmt.Errorf("the contiguous index of %s is not provably aligned to the vector length %d", t, vl)
			}
		}
	}
	return nil
}

// alignment returns a number that v is always a multiple of: 0 for the
// constant 0, |c| for a constant c, gcd(lower bound, step) for the
// induction variable of an affine.for with a constant lower bound, and 1
// when nothing is known.
func alignment(v *ir.Value) int64 {
	if d := v.DefiningOp(); d != nil && d.HasTrait(ir.ConstantLike) {
		if ia, ok := d.Attr("value").(*ir.IntegerAttr); ok {
			c := ia.Int()
			if c < 0 {
				c = -c
			}
			return c
		}
		return 1
	}
	if !v.IsBlockArgument() || v.Index() != 0 {
		return 1
	}
	owner := v.OwnerBlock().ParentOp()
	if owner == nil {
		return 1
	}
	f, ok := affine.AsFor(owner)
	if !ok {
		return 1
	}
	lb, ok := f.ConstantLowerBound()
	if !ok {
		return 1
	}
	g, s := lb, f.Step()
	if g < 0 {
		g = -g
	}
	for s != 0 {
		g, s = s, g%s
	}
	if g == 0 {
		return 1
	}
	return g
}
