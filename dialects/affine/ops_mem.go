package affine

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// memKind distinguishes the four load/store flavours that share syntax.
type memKind struct {
	store  bool // value operand first
	vector bool // `: memref, vector` type list
}

// verifyMemoryOpIndexing checks the common indexing invariants.
func verifyMemoryOpIndexing(op *ir.Operation, mt *ir.MemRefType) error {
	m, ops, _ := AccessMap(op)
	if len(m.Results) != mt.Rank() {
		return op.Errorf("affine map num results must equal memref rank")
	}
	if m.NumInputs() != len(ops) {
		return op.Errorf("expects as many subscripts as affine map inputs")
	}
	scope := AffineScope(op)
	for _, v := range ops {
		if !IsValidDimIn(v, scope) {
			return op.Errorf("index must be a valid dimension or symbol identifier")
		}
	}
	return nil
}

// verifyMemOp checks what the schema does not: element types and indexing.
func verifyMemOp(k memKind) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		mem := op.NamedOperand("memref")
		val := op.NamedResult("result")
		if k.store {
			val = op.NamedOperand("value")
		}
		mt := mem.Type().(*ir.MemRefType)
		switch {
		case k.vector && val.Type().(*ir.VectorType).Elem != mt.Elem:
			if err := verifyMemoryOpIndexing(op, mt); err != nil {
				return err
			}
			return op.Errorf("requires memref and vector types of the same elemental type")
		case !k.vector && k.store && val.Type() != mt.Elem:
			return op.Errorf("value to store must have the same type as memref element type")
		case !k.vector && !k.store && val.Type() != mt.Elem:
			return op.Errorf("result type must match element type of memref")
		}
		return verifyMemoryOpIndexing(op, mt)
	}
}

// ---- affine.prefetch ----

func verifyPrefetch(op *ir.Operation) error {
	mt := op.Operand(0).Type().(*ir.MemRefType)
	m, _ := mapAttr(op, "map")
	if len(m.Results) != mt.Rank() {
		return op.Errorf("affine.prefetch affine map num results must equal memref rank")
	}
	if m.NumInputs()+1 != op.NumOperands() {
		return op.Errorf("too few operands")
	}
	scope := AffineScope(op)
	for _, v := range op.Operands()[1:] {
		if !IsValidDimIn(v, scope) {
			return op.Errorf("index must be a valid dimension or symbol identifier")
		}
	}
	return nil
}

// ---- affine.dma_start / affine.dma_wait ----

// dmaStartLayout splits dma_start operands by its three maps.
type dmaStartLayout struct {
	srcMap, dstMap, tagMap *aff.Map
	src, dst, tag          int // operand index of each memref
	numElts                int
}

func dmaLayout(op *ir.Operation) (dmaStartLayout, bool) {
	var l dmaStartLayout
	var ok1, ok2, ok3 bool
	l.srcMap, ok1 = mapAttr(op, "src_map")
	l.dstMap, ok2 = mapAttr(op, "dst_map")
	l.tagMap, ok3 = mapAttr(op, "tag_map")
	if !ok1 || !ok2 || !ok3 {
		return l, false
	}
	l.src = 0
	l.dst = l.src + 1 + l.srcMap.NumInputs()
	l.tag = l.dst + 1 + l.dstMap.NumInputs()
	l.numElts = l.tag + 1 + l.tagMap.NumInputs()
	return l, l.numElts < op.NumOperands()
}

func parseDmaStart(p ir.OpParser, st *ir.OperationState) error {
	nameLoc := p.Loc()
	var mems [3]ir.UnresolvedOperand
	var maps [3]*aff.Map
	var idxs [3][]ir.UnresolvedOperand
	for i := range 3 {
		if i > 0 {
			if err := p.Parse(","); err != nil {
				return err
			}
		}
		var err error
		if mems[i], maps[i], idxs[i], err = parseMemRefAccess(p); err != nil {
			return err
		}
	}
	num, err := opsyntax.ParseCommaOperand(p)
	if err != nil {
		return err
	}
	var stride []ir.UnresolvedOperand
	for p.ParseOptional(",") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		stride = append(stride, u)
	}
	if len(stride) != 0 && len(stride) != 2 {
		return ir.Errorf(nameLoc, "expected two stride related operands")
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 3 {
		return ir.Errorf(nameLoc, "expected three types")
	}
	for i := range 3 {
		v, err := p.ResolveOperand(mems[i], ts[i])
		if err != nil {
			return err
		}
		ivs, err := resolveIndex(p, idxs[i])
		if err != nil {
			return err
		}
		st.Operands = append(append(st.Operands, v), ivs...)
	}
	rest, err := resolveIndex(p, append([]ir.UnresolvedOperand{num}, stride...))
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, rest...)
	for i := range 3 {
		if len(idxs[i]) != maps[i].NumInputs() {
			return ir.Errorf(nameLoc, "memref operand count not equal to map.numInputs")
		}
	}
	st.AddAttr("src_map", ir.AffineMapOf(maps[0]))
	st.AddAttr("dst_map", ir.AffineMapOf(maps[1]))
	st.AddAttr("tag_map", ir.AffineMapOf(maps[2]))
	return nil
}

func printDmaStart(p ir.OpPrinter, op *ir.Operation) {
	l, ok := dmaLayout(op)
	if !ok {
		return
	}
	ops := op.Operands()
	p.Print(" ")
	printMemRefAccess(p, ops[l.src], l.srcMap, ops[l.src+1:l.dst])
	p.Print(", ")
	printMemRefAccess(p, ops[l.dst], l.dstMap, ops[l.dst+1:l.tag])
	p.Print(", ")
	printMemRefAccess(p, ops[l.tag], l.tagMap, ops[l.tag+1:l.numElts])
	p.Print(", ")
	p.PrintOperands(ops[l.numElts:])
	p.Print(" : ")
	p.PrintTypes([]ir.Type{ops[l.src].Type(), ops[l.dst].Type(), ops[l.tag].Type()})
}

func verifyDmaStart(op *ir.Operation) error {
	l, ok := dmaLayout(op)
	if !ok {
		if _, ok := mapAttr(op, "src_map"); !ok {
			return op.Errorf("requires attribute 'src_map'")
		}
		if _, ok := mapAttr(op, "dst_map"); !ok {
			return op.Errorf("requires attribute 'dst_map'")
		}
		if _, ok := mapAttr(op, "tag_map"); !ok {
			return op.Errorf("requires attribute 'tag_map'")
		}
		return op.Errorf("incorrect number of operands")
	}
	ops := op.Operands()
	for _, c := range []struct {
		i    int
		what string
	}{{l.src, "source"}, {l.dst, "destination"}, {l.tag, "tag"}} {
		if _, ok := ops[c.i].Type().(*ir.MemRefType); !ok {
			return op.Errorf("expected DMA %s to be of memref type", c.what)
		}
	}
	n := l.srcMap.NumInputs() + l.dstMap.NumInputs() + l.tagMap.NumInputs()
	if len(ops) != n+4 && len(ops) != n+6 {
		return op.Errorf("incorrect number of operands")
	}
	scope := AffineScope(op)
	for _, g := range []struct {
		name     string
		from, to int
	}{{"src", l.src + 1, l.dst}, {"dst", l.dst + 1, l.tag}, {"tag", l.tag + 1, l.numElts}} {
		for _, v := range ops[g.from:g.to] {
			if !isIndex(v) {
				return op.Errorf("%s index to dma_start must have 'index' type", g.name)
			}
			if !IsValidDimIn(v, scope) {
				return op.Errorf("%s index must be a valid dimension or symbol identifier", g.name)
			}
		}
	}
	return nil
}

func parseDmaWait(p ir.OpParser, st *ir.OperationState) error {
	nameLoc := p.Loc()
	mem, m, idx, err := parseMemRefAccess(p)
	if err != nil {
		return err
	}
	num, err := opsyntax.ParseCommaOperand(p)
	if err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	mv, err := p.ResolveOperand(mem, t)
	if err != nil {
		return err
	}
	rest, err := resolveIndex(p, append(idx, num))
	if err != nil {
		return err
	}
	if _, ok := t.(*ir.MemRefType); !ok {
		return ir.Errorf(nameLoc, "expected tag to be of memref type")
	}
	if len(idx) != m.NumInputs() {
		return ir.Errorf(nameLoc, "tag memref operand count != to map.numInputs")
	}
	st.Operands = append(append(st.Operands, mv), rest...)
	st.AddAttr("tag_map", ir.AffineMapOf(m))
	return nil
}

func printDmaWait(p ir.OpPrinter, op *ir.Operation) {
	m, _ := mapAttr(op, "tag_map")
	ops := op.Operands()
	if m == nil || len(ops) < m.NumInputs()+2 {
		return
	}
	p.Print(" ")
	printMemRefAccess(p, ops[0], m, ops[1:1+m.NumInputs()])
	p.Print(", ")
	p.PrintOperand(ops[1+m.NumInputs()])
	p.Print(" : ")
	p.PrintType(ops[0].Type())
}

func verifyDmaWait(op *ir.Operation) error {
	m, ok := mapAttr(op, "tag_map")
	if !ok {
		return op.Errorf("requires attribute 'tag_map'")
	}
	if op.NumOperands() == 0 {
		return op.Errorf("expected DMA tag to be of memref type")
	}
	if _, ok := op.Operand(0).Type().(*ir.MemRefType); !ok {
		return op.Errorf("expected DMA tag to be of memref type")
	}
	if op.NumOperands() != m.NumInputs()+2 {
		return op.Errorf("incorrect number of operands")
	}
	scope := AffineScope(op)
	for _, v := range op.Operands()[1 : 1+m.NumInputs()] {
		if !isIndex(v) {
			return op.Errorf("index to dma_wait must have 'index' type")
		}
		if !IsValidDimIn(v, scope) {
			return op.Errorf("index must be a valid dimension or symbol identifier")
		}
	}
	return nil
}
