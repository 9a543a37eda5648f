package interp

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

func compileNop(c *Compiler, op *ir.Operation) (Compiled, error) {
	return Compiled{Exec: func(*Frame) error { return nil }}, nil
}

func memrefType(op *ir.Operation, t ir.Type) (*ir.MemRefType, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, unsupported(op, "type %s (expected a ranked memref)", t)
	}
	return mt, nil
}

// allocSized allocates a memref of type t for op (memref.alloc, alloca,
// gpu.alloc): its dynamic sizes come, in order, from the slots dyn and its
// layout's symbols from syms; a missing or negative size is a runtime error.
func allocSized(fr *Frame, op *ir.Operation, t *ir.MemRefType, dyn, syms []int) (*MemRef, error) {
	shape := make([]int64, len(t.Dims))
	k := 0
	for i, d := range t.Dims {
		if d == ir.Dynamic {
			if k >= len(dyn) {
				return nil, runtimeError(op, "missing dynamic size")
			}
			shape[i] = int64(fr.S[dyn[k]])
			if shape[i] < 0 {
				return nil, runtimeError(op, "negative dynamic size %d in allocation of %s", shape[i], t)
			}
			k++
		} else {
			shape[i] = d
		}
	}
	var sv []int64
	for _, s := range syms {
		sv = append(sv, int64(fr.S[s]))
	}
	m, err := allocMemRef(t, shape, sv)
	if err != nil {
		return nil, runtimeError(op, "%v", err)
	}
	return m, nil
}

func compileAlloc(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	segs, ok := segments(op)
	if !ok || len(segs) != 2 {
		segs = [][]*ir.Value{op.Operands(), nil}
	}
	dyn, syms := c.Slots(segs[0]), c.Slots(segs[1])
	r := c.Slot(op.Result(0))
	isAlloca := op.Name() == "memref.alloca"
	return Compiled{Exec: func(fr *Frame) error {
		m, err := allocSized(fr, op, t, dyn, syms)
		if err != nil {
			return err
		}
		if isAlloca {
			fr.allocas = append(fr.allocas, m.Buf)
		}
		fr.M[r] = m
		return nil
	}}, nil
}

func compileDealloc(c *Compiler, op *ir.Operation) (Compiled, error) {
	return deallocOf(c, op, op.Operand(0)), nil
}

// deallocOf frees the buffer of the memref v for op (memref.dealloc,
// gpu.dealloc), failing on a null memref or a second free.
func deallocOf(c *Compiler, op *ir.Operation, v *ir.Value) Compiled {
	s := c.Slot(v)
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[s]
		if m == nil {
			return runtimeError(op, "dealloc of a null memref")
		}
		if m.Buf.Freed {
			return runtimeError(op, "double free of %s", m.Type)
		}
		m.Buf.free()
		return nil
	}}
}

// Load reads the element at idx of m for op: it checks bounds and
// initialisation and, in kernels, data races on workgroup memory, and fails
// with a diagnostic located at op. Handlers of other dialects access memory
// through Load and Store so that they get the same checks.
func Load(op *ir.Operation, m *MemRef, idx []int64) (uint64, error) {
	if m == nil || !m.inBounds(idx) {
		return 0, accessError(op, "load", m, idx)
	}
	p, err := m.linear(idx)
	if err != nil || uint64(p) >= uint64(len(m.Buf.Data)) {
		return 0, accessError(op, "load", m, idx)
	}
	if sh, ok := m.Buf.Shadow.(AccessChecker); ok {
		if err := sh.CheckAccess(op, m, idx, p, false); err != nil {
			return 0, err
		}
		if !m.Buf.Init[p] {
			return m.Buf.Data[p], sh.UninitLoad(op, m, idx, p)
		}
	}
	if !m.Buf.Init[p] {
		return 0, uninitError(op, m, idx)
	}
	return m.Buf.Data[p], nil
}

// AccessChecker is implemented by a Buffer's Shadow when every access of
// the buffer is checked (GPU shared memory: data races between threads).
// Load and Store call it for each element after the bounds check.
type AccessChecker interface {
	// CheckAccess checks a read (write false) or write of the element at
	// logical index idx, buffer position p.
	CheckAccess(op *ir.Operation, m *MemRef, idx []int64, p int64, write bool) error
	// UninitLoad is called, instead of failing at once, when a load reads
	// an element not yet written: another thread may still write it, which
	// is a race rather than an uninitialised read. A nil result lets the
	// load return the element's current bits.
	UninitLoad(op *ir.Operation, m *MemRef, idx []int64, p int64) error
}

// Store writes the element at idx of m for op, with Load's checks plus
// writability.
func Store(op *ir.Operation, m *MemRef, idx []int64, v uint64) error {
	if m == nil || !m.inBounds(idx) {
		return accessError(op, "store", m, idx)
	}
	p, err := m.linear(idx)
	if err != nil || uint64(p) >= uint64(len(m.Buf.Data)) {
		return accessError(op, "store", m, idx)
	}
	if m.Buf.ReadOnly {
		return runtimeError(op, "store to constant memory %s", m.Type)
	}
	if sh, ok := m.Buf.Shadow.(AccessChecker); ok {
		if err := sh.CheckAccess(op, m, idx, p, true); err != nil {
			return err
		}
	}
	m.Buf.Data[p] = v
	m.Buf.Init[p] = true
	return nil
}

func (fr *Frame) gather(slots []int) []int64 {
	idx := fr.idx[:0]
	for _, s := range slots {
		idx = append(idx, int64(fr.S[s]))
	}
	fr.idx = idx
	return idx
}

// plainPos is the fast path of loads and stores: the position in m's buffer
// of the indices in slots idx, when m is a plain strided, unshadowed memref
// and every index is in bounds. Otherwise Load and Store take the checked
// path, which also reports the error.
func (fr *Frame) plainPos(m *MemRef, idx []int) (int64, bool) {
	if m == nil || m.layout != nil || m.Buf.Shadow != nil || len(idx) != len(m.Sizes) {
		return 0, false
	}
	p := m.Offset
	for k, s := range idx {
		i := fr.S[s]
		if i >= uint64(m.Sizes[k]) {
			return 0, false
		}
		p += int64(i) * m.Strides[k]
	}
	return p, uint64(p) < uint64(len(m.Buf.Data))
}

func compileMemLoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed load")
	}
	src := c.Slot(op.Operand(0))
	idx := c.Slots(op.Operands()[1:])
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		if p, ok := fr.plainPos(m, idx); ok && m.Buf.Init[p] {
			fr.S[r] = m.Buf.Data[p]
			return nil
		}
		v, err := Load(op, m, fr.gather(idx))
		fr.S[r] = v
		return err
	}}, nil
}

func compileMemStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() < 2 {
		return Compiled{}, op.Errorf("malformed store")
	}
	val, dst := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	idx := c.Slots(op.Operands()[2:])
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[dst]
		if p, ok := fr.plainPos(m, idx); ok && !m.Buf.ReadOnly {
			m.Buf.Data[p] = fr.S[val]
			m.Buf.Init[p] = true
			return nil
		}
		return Store(op, m, fr.gather(idx), fr.S[val])
	}}, nil
}

func compileDim(c *Compiler, op *ir.Operation) (Compiled, error) {
	src, d, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		i := fr.S[d]
		if m == nil || i >= uint64(len(m.Sizes)) {
			return runtimeError(op, "dimension index %d out of range", int64(i))
		}
		fr.S[r] = uint64(m.Sizes[i])
		return nil
	}}, nil
}

func compileRank(c *Compiler, op *ir.Operation) (Compiled, error) {
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		fr.S[r] = uint64(len(fr.M[src].Sizes))
		return nil
	}}, nil
}

// compileRetype handles casts that keep the descriptor and change its type;
// static sizes and strides of the new type are checked against the value.
func compileRetype(c *Compiler, op *ir.Operation) (Compiled, error) {
	if _, ok := op.Result(0).Type().(*ir.UnrankedMemRefType); ok && op.Name() == "memref.cast" {
		// An unranked memref is its ranked descriptor with the rank
		// forgotten: the value keeps the view (a cast back checks it).
		src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			fr.M[r] = fr.M[src]
			return nil
		}}, nil
	}
	t, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	var strides []int64
	var offset int64 = ir.Dynamic
	if l, ok := t.Layout.(*ir.StridedLayoutAttr); ok {
		strides, offset = l.Strides, l.Offset
	} else if t.Layout == nil {
		strides = rowMajorStrides(t.Dims)
		offset = 0
		for i, d := range t.Dims {
			if d == ir.Dynamic {
				for j := 0; j < i; j++ {
					strides[j] = ir.Dynamic
				}
			}
		}
	}
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		if m == nil {
			return runtimeError(op, "cast of a null memref")
		}
		if len(m.Sizes) != len(t.Dims) {
			return runtimeError(op, "cast of rank-%d memref to %s", len(m.Sizes), t)
		}
		for i, d := range t.Dims {
			if d != ir.Dynamic && d != m.Sizes[i] {
				return runtimeError(op, "cast of memref with sizes %s to incompatible type %s", fmtIndex(m.Sizes), t)
			}
		}
		if m.layout == nil && strides != nil {
			for i, s := range strides {
				if s != ir.Dynamic && s != m.Strides[i] && m.Sizes[i] != 1 {
					return runtimeError(op, "cast of memref with strides %s to incompatible type %s", fmtIndex(m.Strides), t)
				}
			}
			if offset != ir.Dynamic && offset != m.Offset {
				return runtimeError(op, "cast of memref with offset %d to incompatible type %s", m.Offset, t)
			}
		}
		n := *m
		n.Type = t
		fr.M[r] = &n
		return nil
	}}, nil
}

// mixed reads a static array attribute whose ir.Dynamic entries come, in
// order, from dynamic operand slots.
type mixed struct {
	static []int64
	dyn    []int
}

func (x mixed) values(fr *Frame) []int64 {
	out := make([]int64, len(x.static))
	k := 0
	for i, v := range x.static {
		if v == ir.Dynamic {
			out[i] = int64(fr.S[x.dyn[k]])
			k++
		} else {
			out[i] = v
		}
	}
	return out
}

func mixedOf(c *Compiler, op *ir.Operation, attr string, dyn []*ir.Value) (mixed, error) {
	a, ok := op.Attr(attr).(*ir.DenseArrayAttr)
	if !ok {
		return mixed{}, op.Errorf("requires '%s'", attr)
	}
	n := 0
	for _, v := range a.Ints {
		if v == ir.Dynamic {
			n++
		}
	}
	if n != len(dyn) {
		return mixed{}, op.Errorf("'%s' has %d dynamic entries for %d operands", attr, n, len(dyn))
	}
	return mixed{static: a.Ints, dyn: c.Slots(dyn)}, nil
}

// viewOf compiles an op whose result is a new descriptor over its first
// operand's buffer (subview, reinterpret_cast, reshapes, transpose): view
// checks the source descriptor and builds the result's at run time.
func viewOf(c *Compiler, op *ir.Operation, view func(fr *Frame, m *MemRef) (*MemRef, error)) Compiled {
	src, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		n, err := view(fr, fr.M[src])
		if err != nil {
			return err
		}
		fr.M[r] = n
		return nil
	}}
}

// offsetsSizesStrides reads the result type and the three mixed lists of
// subview-like ops.
func offsetsSizesStrides(c *Compiler, op *ir.Operation) (t *ir.MemRefType, o, s, st mixed, err error) {
	if t, err = memrefType(op, op.Result(0).Type()); err != nil {
		return
	}
	segs, ok := segments(op)
	if !ok || len(segs) != 4 || len(segs[0]) != 1 {
		err = op.Errorf("malformed operand segments")
		return
	}
	if o, err = mixedOf(c, op, "static_offsets", segs[1]); err != nil {
		return
	}
	if s, err = mixedOf(c, op, "static_sizes", segs[2]); err != nil {
		return
	}
	st, err = mixedOf(c, op, "static_strides", segs[3])
	return
}

func compileSubView(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, offs, sizes, strides, err := offsetsSizesStrides(c, op)
	if err != nil {
		return Compiled{}, err
	}
	return viewOf(c, op, func(fr *Frame, m *MemRef) (*MemRef, error) {
		if m == nil || m.layout != nil {
			return nil, unsupported(op, "subview of a memref without strided layout")
		}
		o, s, st := offs.values(fr), sizes.values(fr), strides.values(fr)
		if len(o) != len(m.Sizes) || len(s) != len(m.Sizes) || len(st) != len(m.Sizes) {
			return nil, runtimeError(op, "subview rank mismatch")
		}
		n := &MemRef{Type: t, Buf: m.Buf, Offset: m.Offset}
		for i := range o {
			if s[i] < 0 || o[i] < 0 || s[i] > 0 && o[i]+(s[i]-1)*st[i] >= m.Sizes[i] || s[i] == 0 && o[i] > m.Sizes[i] {
				return nil, runtimeError(op, "out-of-bounds subview of %s: offsets %s, sizes %s, strides %s with source sizes %s",
					m.Type, fmtIndex(o), fmtIndex(s), fmtIndex(st), fmtIndex(m.Sizes))
			}
			n.Offset += o[i] * m.Strides[i]
		}
		// Drop unit dimensions to reach the result rank (rank-reducing subview).
		drop := len(s) - len(t.Dims)
		j := 0
		for i := range s {
			keep := drop == 0 || s[i] != 1 || j < len(t.Dims) && t.Dims[j] == 1 && len(s)-i-1 < len(t.Dims)-j
			if !keep {
				drop--
				continue
			}
			n.Sizes = append(n.Sizes, s[i])
			n.Strides = append(n.Strides, m.Strides[i]*st[i])
			j++
		}
		if len(n.Sizes) != len(t.Dims) {
			return nil, runtimeError(op, "cannot reduce sizes %s to the rank of %s", fmtIndex(s), t)
		}
		return n, nil
	}), nil
}

func compileReinterpretCast(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, offs, sizes, strides, err := offsetsSizesStrides(c, op)
	if err != nil {
		return Compiled{}, err
	}
	return viewOf(c, op, func(fr *Frame, m *MemRef) (*MemRef, error) {
		if m == nil {
			return nil, runtimeError(op, "reinterpret_cast of a null memref")
		}
		o := offs.values(fr)
		if len(o) != 1 {
			return nil, runtimeError(op, "expected one offset")
		}
		return &MemRef{Type: t, Buf: m.Buf, Offset: o[0], Sizes: sizes.values(fr), Strides: strides.values(fr)}, nil
	}), nil
}

// reassociation reads the result type of a reshape and its
// `reassociation` attribute ([[0, 1], [2]]).
func reassociation(op *ir.Operation) (*ir.MemRefType, [][]int, error) {
	t, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return nil, nil, err
	}
	a, ok := op.Attr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil, nil, op.Errorf("requires 'reassociation'")
	}
	var out [][]int
	for _, g := range a.Elems {
		ga, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil, nil, op.Errorf("malformed 'reassociation'")
		}
		var grp []int
		for _, e := range ga.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, nil, op.Errorf("malformed 'reassociation'")
			}
			grp = append(grp, int(ia.Int()))
		}
		out = append(out, grp)
	}
	return t, out, nil
}

func compileExpandShape(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, groups, err := reassociation(op)
	if err != nil {
		return Compiled{}, err
	}
	var shape mixed
	if _, ok := op.Attr("static_output_shape").(*ir.DenseArrayAttr); ok {
		if shape, err = mixedOf(c, op, "static_output_shape", op.Operands()[1:]); err != nil {
			return Compiled{}, err
		}
	} else {
		shape = mixed{static: t.Dims}
	}
	return viewOf(c, op, func(fr *Frame, m *MemRef) (*MemRef, error) {
		if m == nil || m.layout != nil || len(groups) != len(m.Sizes) {
			return nil, unsupported(op, "expand_shape of this memref")
		}
		out := shape.values(fr)
		n := &MemRef{Type: t, Buf: m.Buf, Offset: m.Offset, Sizes: out, Strides: make([]int64, len(out))}
		for g, grp := range groups {
			stride := m.Strides[g]
			prod := int64(1)
			for k := len(grp) - 1; k >= 0; k-- {
				d := grp[k]
				if d >= len(out) {
					return nil, runtimeError(op, "malformed reassociation")
				}
				n.Strides[d] = stride
				stride *= out[d]
				prod *= out[d]
			}
			if prod != m.Sizes[g] {
				return nil, runtimeError(op, "expand_shape of dimension %d of size %d into sizes with product %d", g, m.Sizes[g], prod)
			}
		}
		return n, nil
	}), nil
}

func compileCollapseShape(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, groups, err := reassociation(op)
	if err != nil {
		return Compiled{}, err
	}
	return viewOf(c, op, func(fr *Frame, m *MemRef) (*MemRef, error) {
		if m == nil || m.layout != nil {
			return nil, unsupported(op, "collapse_shape of a memref without strided layout")
		}
		n := &MemRef{Type: t, Buf: m.Buf, Offset: m.Offset}
		for _, grp := range groups {
			size := int64(1)
			stride := int64(1)
			for k := len(grp) - 1; k >= 0; k-- {
				d := grp[k]
				if d >= len(m.Sizes) {
					return nil, runtimeError(op, "malformed reassociation")
				}
				if m.Sizes[d] != 1 && k < len(grp)-1 && m.Strides[d] != m.Strides[grp[k+1]]*m.Sizes[grp[k+1]] {
					return nil, runtimeError(op, "collapse_shape of non-contiguous dimensions (sizes %s, strides %s)", fmtIndex(m.Sizes), fmtIndex(m.Strides))
				}
				size *= m.Sizes[d]
			}
			if len(grp) > 0 {
				stride = m.Strides[grp[len(grp)-1]]
			}
			n.Sizes = append(n.Sizes, size)
			n.Strides = append(n.Strides, stride)
		}
		return n, nil
	}), nil
}

func compileTranspose(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	pa, ok := op.Attr("permutation").(*ir.AffineMapAttr)
	if !ok || !pa.Map.IsPermutation() {
		return Compiled{}, op.Errorf("requires a permutation map")
	}
	perm := make([]int, len(pa.Map.Results))
	for i, e := range pa.Map.Results {
		lf, ok := linearize(e, pa.Map.NumDims, 0)
		if !ok {
			return Compiled{}, op.Errorf("requires a permutation map")
		}
		for d, cf := range lf.coef {
			if cf == 1 {
				perm[i] = d
			}
		}
	}
	return viewOf(c, op, func(fr *Frame, m *MemRef) (*MemRef, error) {
		if m == nil || m.layout != nil || len(m.Sizes) != len(perm) {
			return nil, unsupported(op, "transpose of this memref")
		}
		n := &MemRef{Type: t, Buf: m.Buf, Offset: m.Offset}
		for _, d := range perm {
			n.Sizes = append(n.Sizes, m.Sizes[d])
			n.Strides = append(n.Strides, m.Strides[d])
		}
		return n, nil
	}), nil
}

func compileCopy(c *Compiler, op *ir.Operation) (Compiled, error) {
	src, dst := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	return Compiled{Exec: func(fr *Frame) error {
		a, b := fr.M[src], fr.M[dst]
		if a == nil || b == nil {
			return runtimeError(op, "copy with a null memref")
		}
		if len(a.Sizes) != len(b.Sizes) {
			return runtimeError(op, "copy between memrefs of different ranks")
		}
		for i := range a.Sizes {
			if a.Sizes[i] != b.Sizes[i] {
				return runtimeError(op, "copy from sizes %s to sizes %s", fmtIndex(a.Sizes), fmtIndex(b.Sizes))
			}
		}
		if b.Buf.ReadOnly {
			return runtimeError(op, "copy to constant memory %s", b.Type)
		}
		// Copying uninitialised elements copies their poison: only reading them is an error.
		var err error
		type elem struct {
			v    uint64
			init bool
		}
		vals := make([]elem, 0, a.NumElements())
		a.forEach(func(idx []int64, p int64) {
			if err == nil && (p < 0 || p >= int64(len(a.Buf.Data))) {
				err = accessError(op, "load", a, idx)
				return
			}
			if err == nil {
				vals = append(vals, elem{a.Buf.Data[p], a.Buf.Init[p]})
			}
		})
		if err != nil {
			return err
		}
		i := 0
		b.forEach(func(idx []int64, p int64) {
			if err == nil && (p < 0 || p >= int64(len(b.Buf.Data))) {
				err = accessError(op, "store", b, idx)
				return
			}
			if err == nil {
				b.Buf.Data[p], b.Buf.Init[p] = vals[i].v, vals[i].init
				i++
			}
		})
		return err
	}}, nil
}

func compileGetGlobal(c *Compiler, op *ir.Operation) (Compiled, error) {
	ref, ok := op.Attr("name").(*ir.SymbolRefAttr)
	if !ok {
		return Compiled{}, op.Errorf("requires a 'name' symbol reference")
	}
	name := ref.Leaf()
	g := c.m.Symbol(name)
	if g == nil {
		// A global nested in a symbol table (e.g. a gpu.module).
		g = ir.LookupNearestSymbolFrom(op, ref)
	}
	if g == nil || g.Name() != "memref.global" {
		return Compiled{}, op.Errorf("'%s' does not reference a valid global memref", name)
	}
	t, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	r := c.Slot(op.Result(0))
	m := c.m
	create := func() (*MemRef, error) { return instantiateGlobal(g, t) }
	return Compiled{Exec: func(fr *Frame) error {
		if t.MemorySpaceInt() != 0 {
			// Inside a kernel, globals in a non-default memory space are
			// instantiated once per thread block.
			if th := fr.thread; th != nil {
				v, err := th.sharedGlobal(name, create)
				if err != nil {
					return runtimeError(op, "%v", err)
				}
				fr.M[r] = v
				return nil
			}
		}
		buf, ok := m.globals[name]
		if !ok {
			v, err := create()
			if err != nil {
				return runtimeError(op, "%v", err)
			}
			if v.Buf.Space == gpu.WorkgroupMemorySpace {
				// A kernel that reaches this buffer through a host value
				// uses its block's instance instead (gpu.go).
				v.Buf.workgroup = &workgroupGlobal{name: name, create: create}
			}
			m.globals[name] = v.Buf
			buf = v.Buf
		}
		fr.M[r] = &MemRef{Type: t, Buf: buf, Sizes: append([]int64(nil), t.Dims...), Strides: rowMajorStrides(t.Dims)}
		return nil
	}}, nil
}

func instantiateGlobal(g *ir.Operation, t *ir.MemRefType) (*MemRef, error) {
	m, err := allocMemRef(t, nil, nil)
	if err != nil {
		return nil, err
	}
	if d, ok := g.Attr("initial_value").(*ir.DenseElementsAttr); ok {
		vals, err := denseBits(g, d, m.NumElements())
		if err != nil {
			return nil, err
		}
		if err := m.SetElements(vals); err != nil {
			return nil, err
		}
	}
	m.Buf.ReadOnly = g.HasAttr("constant")
	return m, nil
}

// reductionKernel returns the combining function of an atomic kind for
// type t: its arith combiner's kernel, or a plain store for assign.
func reductionKernel(op *ir.Operation, kind int64, t ir.Type) (func(a, b uint64) uint64, error) {
	k := arith.AtomicRMWKind(kind)
	switch k {
	case arith.AtomicAssign:
		return func(_, b uint64) uint64 { return b }, nil
	case arith.AtomicAddF, arith.AtomicMulF, arith.AtomicMaximumF, arith.AtomicMinimumF, arith.AtomicMaxNumF, arith.AtomicMinNumF:
		ft, err := floatOf(op, t)
		if err != nil {
			return nil, err
		}
		return floatBin(ft, floatBinaryKernels()[k.Combiner()]), nil
	}
	kernel, ok := intBinaryKernels()[k.Combiner()]
	if !ok {
		return nil, op.Errorf("unknown atomic kind %d", kind)
	}
	w, err := intWidth(op, t)
	if err != nil {
		return nil, err
	}
	_, fast := kernel(w)
	return fast, nil
}

func compileAtomicRMW(c *Compiler, op *ir.Operation) (Compiled, error) {
	ka, ok := op.Attr("kind").(*ir.IntegerAttr)
	if !ok || op.NumOperands() < 2 {
		return Compiled{}, op.Errorf("malformed atomic_rmw")
	}
	f, err := reductionKernel(op, ka.Int(), op.Operand(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	val, dst := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	idx := c.Slots(op.Operands()[2:])
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[dst]
		i := fr.gather(idx)
		old, err := Load(op, m, i)
		if err != nil {
			return err
		}
		if err := Store(op, m, i, f(old, fr.S[val])); err != nil {
			return err
		}
		fr.S[r] = old
		return nil
	}}, nil
}

func compileExtractStridedMetadata(c *Compiler, op *ir.Operation) (Compiled, error) {
	src := c.Slot(op.Operand(0))
	res := c.ResultSlots(op)
	bt, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		if m == nil || m.layout != nil || len(res) != 2+2*len(m.Sizes) {
			return unsupported(op, "extract_strided_metadata of this memref")
		}
		fr.M[res[0]] = &MemRef{Type: bt, Buf: m.Buf}
		fr.S[res[1]] = uint64(m.Offset)
		for i := range m.Sizes {
			fr.S[res[2+i]] = uint64(m.Sizes[i])
			fr.S[res[2+len(m.Sizes)+i]] = uint64(m.Strides[i])
		}
		return nil
	}}, nil
}

func compileView(c *Compiler, op *ir.Operation) (Compiled, error) {
	src, err := memrefType(op, op.Operand(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	dst, err := memrefType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	if src.Elem != dst.Elem {
		return Compiled{}, unsupported(op, "views that change the element type (%s to %s): buffers hold typed elements", src.Elem, dst.Elem)
	}
	return Compiled{}, unsupported(op, "memref.view")
}
