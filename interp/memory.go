package interp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// Buffer is one allocation: its elements in register form and, per element,
// whether it has been written. Descriptors (*MemRef) view buffers.
//
// GPU checks attach per-element shadow state here (the last writer's thread
// and barrier epoch); the sequential interpreter leaves it nil.
type Buffer struct {
	Elem ir.Type
	Data []uint64
	// Init[i] reports whether Data[i] has been written (or was an input).
	Init []bool
	// Space is the integer memory space (3 is GPU shared memory).
	Space int64
	// ReadOnly buffers back constant globals: stores into them are errors.
	ReadOnly bool
	// Freed is set by dealloc (and at the end of an alloca's scope); Data is
	// then nil so every later access fails its bounds check.
	Freed bool
	// Shadow is per-element state for concurrency checks (nil when unused).
	Shadow any
	// workgroup is set on the host's instance of a workgroup memref.global.
	workgroup *workgroupGlobal
	// flat is the rank-1 view that pointer accesses go through.
	flat *MemRef
	// tensorMap is set on the 128-byte image of a TMA descriptor (tma.go).
	tensorMap *TensorMap
}

// NewBuffer returns a buffer of n poisoned (uninitialised) elements.
func NewBuffer(elem ir.Type, n int64) *Buffer {
	return &Buffer{Elem: elem, Data: make([]uint64, n), Init: make([]bool, n)}
}

func (b *Buffer) free() {
	b.Freed = true
	b.Data, b.Init = nil, nil
}

// MemRef is a memref descriptor: a view of a buffer with an offset, sizes
// and strides, or (for a layout that is not strided) a layout map from
// logical indices to the buffer's physical index space.
type MemRef struct {
	Type    *ir.MemRefType
	Buf     *Buffer
	Offset  int64
	Sizes   []int64
	Strides []int64
	// layout is set when Type's layout is an affine map that is not strided;
	// physical indices are then linearised with Strides (of the physical shape).
	layout *mapLayout
}

// mapLayout is a non-strided layout: indices go through Map (with Syms bound)
// and the results are linearised row-major with the strides of the physical shape.
type mapLayout struct {
	m    *cmap
	syms []int64
}

// Rank returns the number of dimensions.
func (m *MemRef) Rank() int { return len(m.Sizes) }

// NumElements returns the number of logical elements.
func (m *MemRef) NumElements() int64 {
	n := int64(1)
	for _, s := range m.Sizes {
		n *= s
	}
	return n
}

func (m *MemRef) String() string {
	return fmt.Sprintf("%s{offset: %d, sizes: %v, strides: %v}", m.Type, m.Offset, m.Sizes, m.Strides)
}

// NewMemRef allocates a fresh, fully initialised (zero) buffer for type t.
// shape gives the dynamic sizes in full (nil: t's static shape). Layouts:
// identity gets row-major strides; a strided layout with static strides is
// honoured (the buffer is sized to cover the view); an affine-map layout is
// applied to a buffer of the map's physical extent.
func NewMemRef(t *ir.MemRefType, shape []int64) *MemRef {
	m, err := allocMemRef(t, shape, nil)
	if err != nil {
		panic(err) // programming error: caller gave an invalid shape
	}
	for i := range m.Buf.Init {
		m.Buf.Init[i] = true
	}
	return m
}

// allocMemRef allocates a poisoned buffer for t with the given sizes and
// layout symbols.
func allocMemRef(t *ir.MemRefType, shape []int64, syms []int64) (*MemRef, error) {
	if shape == nil {
		shape = t.Dims
	}
	if len(shape) != len(t.Dims) {
		return nil, fmt.Errorf("shape %v does not match rank of %s", shape, t)
	}
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("negative or dynamic size in shape %v for %s", shape, t)
		}
	}
	m := &MemRef{Type: t, Sizes: append([]int64(nil), shape...)}
	switch l := t.Layout.(type) {
	case nil:
		m.Strides = rowMajorStrides(shape)
		m.Buf = NewBuffer(t.Elem, product(shape))
	case *ir.StridedLayoutAttr:
		m.Strides = append([]int64(nil), l.Strides...)
		m.Offset = l.Offset
		if m.Offset == ir.Dynamic {
			m.Offset = 0
		}
		canon := rowMajorStrides(shape)
		for i, s := range m.Strides {
			if s == ir.Dynamic {
				m.Strides[i] = canon[i]
			}
		}
		m.Buf = NewBuffer(t.Elem, extent(m))
	case *ir.AffineMapAttr:
		if strides, off, ok := linearLayout(l.Map, shape, syms); ok {
			m.Strides, m.Offset = strides, off
			m.Buf = NewBuffer(t.Elem, extent(m))
			return m, nil
		}
		cm, err := compileMap(l.Map)
		if err != nil {
			return nil, err
		}
		// The physical shape is one past the largest value each result takes
		// over the logical index space.
		phys := make([]int64, len(l.Map.Results))
		idx := make([]int64, len(shape))
		out := make([]int64, len(phys))
		if product(shape) > 0 {
			for {
				if err := cm.eval(idx, syms, out); err != nil {
					return nil, err
				}
				for i, v := range out {
					if v < 0 {
						return nil, fmt.Errorf("layout %s maps an index to negative position %d", l.Map, v)
					}
					phys[i] = max(phys[i], v+1)
				}
				if !nextIndex(idx, shape) {
					break
				}
			}
		}
		m.layout = &mapLayout{m: cm, syms: append([]int64(nil), syms...)}
		m.Strides = rowMajorStrides(phys)
		m.Buf = NewBuffer(t.Elem, product(phys))
	default:
		return nil, fmt.Errorf("unsupported memref layout %s", t.Layout)
	}
	m.Buf.Space = t.MemorySpaceInt()
	return m, nil
}

// linearLayout recognises a single-result map that is linear in the dims
// (a strided layout in map form) and returns its strides and offset.
func linearLayout(m *affine.Map, shape []int64, syms []int64) ([]int64, int64, bool) {
	if len(m.Results) != 1 || m.NumDims != len(shape) {
		return nil, 0, false
	}
	lf, ok := linearize(m.Results[0], m.NumDims, m.NumSymbols)
	if !ok || len(syms) < m.NumSymbols {
		return nil, 0, false
	}
	off := lf.c
	for i := 0; i < m.NumSymbols; i++ {
		off += lf.coef[m.NumDims+i] * syms[i]
	}
	return append([]int64(nil), lf.coef[:m.NumDims]...), off, true
}

func extent(m *MemRef) int64 {
	if product(m.Sizes) == 0 {
		return 0
	}
	hi := m.Offset
	for i, s := range m.Sizes {
		if m.Strides[i] > 0 {
			hi += (s - 1) * m.Strides[i]
		}
	}
	return hi + 1
}

func rowMajorStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= shape[i]
	}
	return st
}

func product(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// nextIndex advances idx in row-major order; false when it wraps around.
func nextIndex(idx, shape []int64) bool {
	for i := len(idx) - 1; i >= 0; i-- {
		idx[i]++
		if idx[i] < shape[i] {
			return true
		}
		idx[i] = 0
	}
	return false
}

// linear maps in-bounds logical indices to a buffer position.
func (m *MemRef) linear(idx []int64) (int64, error) {
	if m.layout != nil {
		var tmp [8]int64
		out := tmp[:0]
		if n := len(m.layout.m.results); n > len(tmp) {
			out = make([]int64, n)
		} else {
			out = tmp[:n]
		}
		if err := m.layout.m.eval(idx, m.layout.syms, out); err != nil {
			return 0, err
		}
		p := m.Offset
		for i, v := range out {
			p += v * m.Strides[i]
		}
		return p, nil
	}
	p := m.Offset
	for i, v := range idx {
		p += v * m.Strides[i]
	}
	return p, nil
}

// inBounds reports whether idx lies within the sizes.
func (m *MemRef) inBounds(idx []int64) bool {
	if len(idx) != len(m.Sizes) {
		return false
	}
	for i, v := range idx {
		if uint64(v) >= uint64(m.Sizes[i]) {
			return false
		}
	}
	return true
}

// Index returns the buffer position of the element at idx, or an error when
// idx is out of bounds.
func (m *MemRef) Index(idx ...int64) (int64, error) {
	if !m.inBounds(idx) {
		return 0, fmt.Errorf("index %v out of bounds for sizes %v", idx, m.Sizes)
	}
	p, err := m.linear(idx)
	if err != nil {
		return 0, err
	}
	if uint64(p) >= uint64(len(m.Buf.Data)) {
		return 0, fmt.Errorf("index %v maps to position %d outside the buffer of %d elements", idx, p, len(m.Buf.Data))
	}
	return p, nil
}

// At returns the element at idx (register form) and whether it was initialised.
func (m *MemRef) At(idx ...int64) (uint64, bool, error) {
	p, err := m.Index(idx...)
	if err != nil {
		return 0, false, err
	}
	return m.Buf.Data[p], m.Buf.Init[p], nil
}

// Set stores bits (register form) at idx and marks the element initialised.
func (m *MemRef) Set(bits uint64, idx ...int64) error {
	p, err := m.Index(idx...)
	if err != nil {
		return err
	}
	m.Buf.Data[p] = bits
	m.Buf.Init[p] = true
	return nil
}

// SetFloat stores v rounded to the element type at idx.
func (m *MemRef) SetFloat(v float64, idx ...int64) error {
	ft, ok := m.Type.Elem.(*ir.FloatType)
	if !ok {
		return fmt.Errorf("element type %s is not a float", m.Type.Elem)
	}
	return m.Set(encodeFloat(ft, v), idx...)
}

// FloatAt returns the float element at idx as a float64 (exact for every
// supported float type); an error for an out-of-bounds index, an
// uninitialised element or a non-float memref.
func (m *MemRef) FloatAt(idx ...int64) (float64, error) {
	ft, ok := m.Type.Elem.(*ir.FloatType)
	if !ok {
		return 0, fmt.Errorf("element type %s is not a float", m.Type.Elem)
	}
	bits, err := m.initialisedAt(idx)
	return decodeFloat(ft, bits), err
}

// Float32At is FloatAt for f32 (and narrower float) memrefs.
func (m *MemRef) Float32At(idx ...int64) (float32, error) {
	v, err := m.FloatAt(idx...)
	return float32(v), err
}

// IntAt returns the integer or index element at idx, sign-extended.
func (m *MemRef) IntAt(idx ...int64) (int64, error) {
	if !ir.IsIntOrIndex(m.Type.Elem) {
		return 0, fmt.Errorf("element type %s is not an integer", m.Type.Elem)
	}
	bits, err := m.initialisedAt(idx)
	return signExtend(bits, ir.BitWidth(m.Type.Elem)), err
}

// SetInt stores v wrapped to the integer element type at idx.
func (m *MemRef) SetInt(v int64, idx ...int64) error {
	if !ir.IsIntOrIndex(m.Type.Elem) {
		return fmt.Errorf("element type %s is not an integer", m.Type.Elem)
	}
	return m.Set(truncBits(uint64(v), ir.BitWidth(m.Type.Elem)), idx...)
}

func (m *MemRef) initialisedAt(idx []int64) (uint64, error) {
	bits, init, err := m.At(idx...)
	if err == nil && !init {
		err = fmt.Errorf("element %v is uninitialised", idx)
	}
	return bits, err
}

// Elements returns every logical element in row-major order (register form)
// with its initialisation bit.
func (m *MemRef) Elements() ([]uint64, []bool) {
	n := m.NumElements()
	vals := make([]uint64, 0, n)
	init := make([]bool, 0, n)
	m.forEach(func(_ []int64, p int64) {
		if uint64(p) < uint64(len(m.Buf.Data)) {
			vals = append(vals, m.Buf.Data[p])
			init = append(init, m.Buf.Init[p])
		} else {
			vals = append(vals, 0)
			init = append(init, false)
		}
	})
	return vals, init
}

// SetElements writes vals (row-major, register form) into every logical element.
func (m *MemRef) SetElements(vals []uint64) error {
	if int64(len(vals)) != m.NumElements() {
		return fmt.Errorf("got %d values for %d elements", len(vals), m.NumElements())
	}
	i := 0
	var err error
	m.forEach(func(idx []int64, p int64) {
		if uint64(p) >= uint64(len(m.Buf.Data)) {
			err = fmt.Errorf("index %v outside the buffer", idx)
		} else {
			m.Buf.Data[p] = vals[i]
			m.Buf.Init[p] = true
		}
		i++
	})
	return err
}

// forEach visits every logical index in row-major order with its position.
func (m *MemRef) forEach(f func(idx []int64, p int64)) {
	if m.NumElements() == 0 {
		return
	}
	idx := make([]int64, len(m.Sizes))
	for {
		p, err := m.linear(idx)
		if err != nil {
			p = -1
		}
		f(idx, p)
		if !nextIndex(idx, m.Sizes) {
			return
		}
	}
}

// FillRandom fills every element deterministically from seed: floats
// uniformly in [-1, 1) rounded to the element type, integers in [-8, 8)
// (i1: 0 or 1), index in [0, 8).
func (m *MemRef) FillRandom(seed int64) {
	r := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	vals := make([]uint64, m.NumElements())
	for i := range vals {
		vals[i] = randomScalar(r, m.Type.Elem)
	}
	_ = m.SetElements(vals)
}

func randomScalar(r *rand.Rand, t ir.Type) uint64 {
	switch t := t.(type) {
	case *ir.FloatType:
		return encodeFloat(t, r.Float64()*2-1)
	case *ir.IntegerType:
		if t.Width == 1 {
			return uint64(r.IntN(2))
		}
		return truncBits(uint64(r.Int64N(16)-8), t.Width)
	case *ir.IndexType:
		return uint64(r.Int64N(8))
	}
	return 0
}

// Clone returns a deep copy with a fresh buffer of the same contents and layout.
func (m *MemRef) Clone() *MemRef {
	c := *m
	c.Sizes = append([]int64(nil), m.Sizes...)
	c.Strides = append([]int64(nil), m.Strides...)
	nb := *m.Buf
	nb.Data = append([]uint64(nil), m.Buf.Data...)
	nb.Init = append([]bool(nil), m.Buf.Init...)
	c.Buf = &nb
	return &c
}

// Mismatch describes the first differing element of two memrefs.
type Mismatch struct {
	Index      []int64
	Got, Want  string
	Diff       float64
	Uninit     bool // one side was never written
	ShapeError string
}

func (d *Mismatch) String() string {
	if d.ShapeError != "" {
		return d.ShapeError
	}
	return fmt.Sprintf("element %v: %s vs %s", d.Index, d.Got, d.Want)
}

// Compare reports the first element where m and o differ: floats by relative
// tolerance relTol (0: bit-exact, NaN equal to NaN), others exactly. An
// element initialised on one side only is a mismatch. It returns nil when equal.
func (m *MemRef) Compare(o *MemRef, relTol float64) *Mismatch {
	if m.Type.Elem != o.Type.Elem || len(m.Sizes) != len(o.Sizes) {
		return &Mismatch{ShapeError: fmt.Sprintf("type %s vs %s", m.Type, o.Type)}
	}
	for i := range m.Sizes {
		if m.Sizes[i] != o.Sizes[i] {
			return &Mismatch{ShapeError: fmt.Sprintf("sizes %v vs %v", m.Sizes, o.Sizes)}
		}
	}
	a, ai := m.Elements()
	b, bi := o.Elements()
	for i := range a {
		if ai[i] != bi[i] {
			return &Mismatch{Index: unflatten(int64(i), m.Sizes), Got: elemString(m.Type.Elem, a[i], ai[i]), Want: elemString(m.Type.Elem, b[i], bi[i]), Uninit: true}
		}
		if ok, diff := scalarEqual(m.Type.Elem, a[i], b[i], relTol); !ok {
			return &Mismatch{Index: unflatten(int64(i), m.Sizes), Got: elemString(m.Type.Elem, a[i], true), Want: elemString(m.Type.Elem, b[i], true), Diff: diff}
		}
	}
	return nil
}

// Equal reports whether m and o hold the same elements bit for bit.
func (m *MemRef) Equal(o *MemRef) bool { return m.Compare(o, 0) == nil }

func elemString(t ir.Type, bits uint64, init bool) string {
	if !init {
		return "<uninitialised>"
	}
	return formatScalar(t, bits)
}

// scalarEqual compares two register-form scalars of type t.
func scalarEqual(t ir.Type, a, b uint64, relTol float64) (bool, float64) {
	ft, ok := t.(*ir.FloatType)
	if !ok || relTol == 0 {
		if a == b {
			return true, 0
		}
		if ok { // NaN payloads may differ
			x, y := decodeFloat(ft, a), decodeFloat(ft, b)
			if math.IsNaN(x) && math.IsNaN(y) {
				return true, 0
			}
			return false, math.Abs(x - y)
		}
		return false, 0
	}
	x, y := decodeFloat(ft, a), decodeFloat(ft, b)
	if x == y || math.IsNaN(x) && math.IsNaN(y) {
		return true, 0
	}
	diff := math.Abs(x - y)
	scale := math.Max(math.Max(math.Abs(x), math.Abs(y)), 1)
	return diff <= relTol*scale, diff
}

func unflatten(i int64, sizes []int64) []int64 {
	idx := make([]int64, len(sizes))
	for d := len(sizes) - 1; d >= 0; d-- {
		if sizes[d] > 0 {
			idx[d] = i % sizes[d]
			i /= sizes[d]
		}
	}
	return idx
}

func fmtIndex(idx []int64) string {
	parts := make([]string, len(idx))
	for i, v := range idx {
		parts[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
