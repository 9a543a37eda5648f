package affine

import (
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Constraints of the affine ops, described as MLIR 19 describes them.
var (
	variadicIndex     = ir.TypeIs(ir.Index, "variadic of index")
	anyVector         = ir.TypeOf("vector of any type values", func(t ir.Type) bool { _, ok := t.(*ir.VectorType); return ok })
	positiveIndexAttr = ir.AttrOf("index attribute whose value is positive", func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ia.Type() == ir.Index && ia.Int() > 0
	})
	localityHint = ir.AttrOf("32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3", func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ia.Type() == ir.I32 && ia.Int() >= 0 && ia.Int() <= 3
	})
	i32Elements = ir.AttrOf("32-bit signless integer elements attribute", func(a ir.Attribute) bool {
		d, ok := a.(*ir.DenseElementsAttr)
		return ok && ir.ElementTypeOrSelf(d.Type()) == ir.I32
	})
	i64Array = ir.I64ArrayAttrKind
)

// Dialect returns the affine dialect: its ops, their MLIR 19 custom syntax,
// verifiers, folders and canonicalization patterns.
func Dialect() *ir.Dialect {
	mapOps := func(name string) []ir.Pattern { return []ir.Pattern{simplifyAffineOp(name)} }
	return &ir.Dialect{
		Name:        "affine",
		Materialize: materialize,
		Ops: []*ir.OpDef{
			{
				Name:    ApplyName,
				Summary: "affine apply operation",
				Doc: "Applies a single-result affine map to dimension and symbol operands:\n\n" +
					"  %1 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]",
				Traits:       ir.Pure,
				Operands:     []ir.ValueDef{ir.Var("mapOperands", variadicIndex)},
				Results:      []ir.ValueDef{ir.Operand("result", ir.IndexConstraint)},
				Attrs:        []ir.AttrDef{ir.Attr("map", ir.AffineMapAttrKind)},
				Custom:       customs,
				Format:       "custom<MapOperands>($map, $mapOperands) attr-dict",
				Verify:       verifyApply,
				Fold:         foldApply,
				Canonicalize: mapOps(ApplyName),
			},
			{
				Name:    DelinearizeIndexName,
				Summary: "delinearize an index",
				Doc: "Splits a linear index into a multi-index over a basis:\n\n" +
					"  %i:2 = affine.delinearize_index %idx into (%b0, %b1) : index, index",
				Traits:   ir.Pure,
				Operands: []ir.ValueDef{ir.Operand("linear_index", ir.IndexConstraint), ir.Var("basis", variadicIndex)},
				Results:  []ir.ValueDef{ir.Var("multi_index", variadicIndex)},
				Format:   "$linear_index `into` ` ` `(` $basis `)` attr-dict `:` type($multi_index)",
				Verify:   verifyDelinearize,
			},
			{
				Name:    DmaStartName,
				Summary: "non-blocking DMA operation that starts a transfer",
				Doc: "Starts a DMA of %n elements from src to dst, signalling completion on the tag:\n\n" +
					"  affine.dma_start %src[%i + 3], %dst[%i], %tag[%c0], %n : memref<40xf32>, memref<2xf32, 2>, memref<1xi32>",
				Traits:   ir.MemRead | ir.MemWrite,
				Effects:  dmaStartEffects,
				Operands: []ir.ValueDef{ir.Var("operands", nil)},
				Results:  ir.NoValues,
				Regions:  ir.NoRegions,
				Verify:   verifyDmaStart,
				Parse:    parseDmaStart,
				Print:    printDmaStart,
			},
			{
				Name:     DmaWaitName,
				Summary:  "blocking DMA operation that waits for transfer completion",
				Doc:      "  affine.dma_wait %tag[%c0], %n : memref<1xi32>",
				Traits:   ir.MemRead,
				Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
				Operands: []ir.ValueDef{ir.Var("operands", nil)},
				Results:  ir.NoValues,
				Regions:  ir.NoRegions,
				Verify:   verifyDmaWait,
				Parse:    parseDmaWait,
				Print:    printDmaWait,
			},
			{
				Name:    ForName,
				Summary: "for operation",
				Doc: "A loop from max(lower bound map) to min(upper bound map) with a positive step:\n\n" +
					"  %r = affine.for %i = 0 to %n step 2 iter_args(%acc = %init) -> (f32) {\n" +
					"    affine.yield %acc : f32\n  }",
				Traits: ir.SingleBlock | ir.RecursiveMemoryEffects | ir.LoopLike | ir.AutomaticAllocationScope,
				Operands: []ir.ValueDef{
					ir.Var("lowerBoundOperands", variadicIndex),
					ir.Var("upperBoundOperands", variadicIndex),
					ir.Var("inits", nil),
				},
				Attrs: []ir.AttrDef{
					ir.Attr("lowerBoundMap", ir.AffineMapAttrKind),
					ir.Attr("upperBoundMap", ir.AffineMapAttrKind),
					ir.Attr("step", positiveIndexAttr),
				},
				Results:      []ir.ValueDef{ir.Var("results", nil)},
				Regions:      []ir.RegionDef{{Name: "region"}},
				Verify:       verifyFor,
				Parse:        parseFor,
				Print:        printFor,
				Fold:         foldFor,
				Canonicalize: []ir.Pattern{forBounds, forEmptyLoop},
			},
			{
				Name:    IfName,
				Summary: "if-then-else operation",
				Doc: "Runs its then region when the integer set holds:\n\n" +
					"  affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%i)[%n] {\n  } else {\n  }",
				Traits: ir.SingleBlock | ir.RecursiveMemoryEffects,
				// The integer set is a discardable `condition` attribute upstream, not declared.
				Operands:     []ir.ValueDef{ir.Var("operands", nil)},
				Results:      []ir.ValueDef{ir.Var("results", nil)},
				Regions:      []ir.RegionDef{{Name: "thenRegion"}, {Name: "elseRegion"}},
				Verify:       verifyIf,
				Parse:        parseIf,
				Print:        printIf,
				Canonicalize: []ir.Pattern{ifCondition, ifDeadElse, ifAlwaysTrueOrFalse},
			},
			memOp(LoadName, "affine load operation", "  %v = affine.load %A[%i + 1, %j * 2] : memref<100x100xf32>", ir.MemRead, memKind{}),
			minMaxOp(MaxName, "max operation", "  %m = affine.max affine_map<(d0)[s0] -> (0, d0 - s0)>(%i)[%n]", false),
			minMaxOp(MinName, "min operation", "  %m = affine.min affine_map<(d0)[s0] -> (1000, d0 + 512, s0)>(%i)[%n]", true),
			{
				Name:    ParallelName,
				Summary: "multi-index parallel band operation",
				Doc: "A parallel band with optional reductions:\n\n" +
					"  %r = affine.parallel (%i, %j) = (0, 0) to (%n, 10) step (2, 1) reduce (\"addf\") -> (f32) {\n" +
					"    affine.yield %v : f32\n  }",
				Traits:   ir.SingleBlock | ir.RecursiveMemoryEffects | ir.LoopLike | ir.AutomaticAllocationScope | ir.HasParallelRegion,
				Operands: []ir.ValueDef{ir.Var("mapOperands", variadicIndex)},
				Attrs: []ir.AttrDef{
					ir.Attr("reductions", ir.ArrayAttrKind),
					ir.Attr("lowerBoundsMap", ir.AffineMapAttrKind),
					ir.Attr("lowerBoundsGroups", i32Elements),
					ir.Attr("upperBoundsMap", ir.AffineMapAttrKind),
					ir.Attr("upperBoundsGroups", i32Elements),
					ir.Attr("steps", i64Array),
				},
				Results:      []ir.ValueDef{ir.Var("results", nil)},
				Regions:      []ir.RegionDef{{Name: "region"}},
				Verify:       verifyParallel,
				Parse:        parseParallel,
				Print:        printParallel,
				Canonicalize: []ir.Pattern{parallelBounds},
			},
			{
				Name:     PrefetchName,
				Summary:  "affine prefetch operation",
				Doc:      "  affine.prefetch %A[%i, %j + 5], read, locality<3>, data : memref<400x400xi32>",
				Traits:   ir.MemRead | ir.MemWrite,
				Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0).In(ir.CacheResource)),
				Operands: []ir.ValueDef{ir.Operand("memref", ir.AnyMemRef), ir.Var("indices", variadicIndex)},
				Results:  ir.NoValues,
				Attrs: []ir.AttrDef{
					ir.Attr("isWrite", ir.BoolAttrKind),
					ir.Attr("localityHint", localityHint),
					ir.Attr("isDataCache", ir.BoolAttrKind),
					ir.Attr("map", ir.AffineMapAttrKind),
				},
				Custom:       customs,
				Format:       "custom<AffineAccess>($memref, $indices, $map) `` custom<PrefetchSpecifiers>($isWrite, $localityHint, $isDataCache) attr-dict `:` type($memref)",
				Verify:       verifyPrefetch,
				Canonicalize: mapOps(PrefetchName),
			},
			memOp(StoreName, "affine store operation", "  affine.store %v, %A[%i, symbol(%n)] : memref<100x100xf32>", ir.MemWrite, memKind{store: true}),
			memOp(VectorLoadName, "affine vector load operation", "  %v = affine.vector_load %A[%i, %j * 8] : memref<100x100xf32>, vector<8xf32>", ir.MemRead, memKind{vector: true}),
			memOp(VectorStoreName, "affine vector store operation", "  affine.vector_store %v, %A[%i, 8] : memref<100x100xf32>, vector<8xf32>", ir.MemWrite, memKind{store: true, vector: true}),
			opsyntax.ReturnLikeOp(YieldName, "operands", "yield values to parent operation",
				"Terminates affine.for/if/parallel bodies:\n\n  affine.yield %v : f32", verifyYield),
		},
	}
}

// minMaxOp declares affine.max or affine.min: the two differ only in which
// end of the map's results they fold and canonicalize to.
func minMaxOp(name, summary, doc string, isMin bool) *ir.OpDef {
	return &ir.OpDef{
		Name:         name,
		Summary:      summary,
		Doc:          doc,
		Traits:       ir.Pure,
		Operands:     []ir.ValueDef{ir.Var("operands", variadicIndex)},
		Results:      []ir.ValueDef{ir.Operand("result", ir.IndexConstraint)},
		Attrs:        []ir.AttrDef{ir.Attr("map", ir.AffineMapAttrKind)},
		Custom:       customs,
		Format:       "custom<MinMaxMapOperands>($map, $operands) attr-dict",
		Verify:       verifyMinMax,
		Fold:         foldMinMax(isMin),
		Canonicalize: minMaxPatterns(name),
	}
}

// materialize builds an arith.constant for a folded index value.
func materialize(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if _, ok := attr.(*ir.IntegerAttr); !ok {
		return nil
	}
	return b.CreateOp("arith.constant", loc, nil, []ir.Type{t}, ir.NamedAttribute{Name: "value", Value: attr})
}

// memOp declares one of the four load/store ops: `[%value ,] %memref[map
// of indices] attr-dict : memref type [, vector type]`.
func memOp(name, summary, doc string, traits ir.Trait, k memKind) *ir.OpDef {
	valueType, typeSuffix := (*ir.TypeConstraint)(nil), "custom<MemRefAndElemType>(type($memref), type($%s))"
	if k.vector {
		valueType, typeSuffix = anyVector, "type($memref) `,` type($%s)"
	}
	access := "custom<AffineAccess>($memref, $indices, $map) attr-dict `:` "
	d := &ir.OpDef{
		Name:         name,
		Summary:      summary,
		Doc:          doc,
		Traits:       traits,
		Operands:     []ir.ValueDef{ir.Operand("memref", ir.AnyMemRef), ir.Var("indices", variadicIndex)},
		Results:      []ir.ValueDef{ir.Operand("result", valueType)},
		Attrs:        []ir.AttrDef{ir.Attr("map", ir.AffineMapAttrKind)},
		Custom:       customs,
		Format:       access + strings.ReplaceAll(typeSuffix, "%s", "result"),
		Effects:      ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		Verify:       verifyMemOp(k),
		Canonicalize: []ir.Pattern{simplifyAffineOp(name)},
	}
	if k.store {
		d.Effects = ir.FixedEffects(ir.OnOperand(ir.Write, 1))
		d.Operands = append([]ir.ValueDef{ir.Operand("value", valueType)}, d.Operands...)
		d.Results = ir.NoValues
		d.Format = "$value `,` " + access + strings.ReplaceAll(typeSuffix, "%s", "value")
	}
	return d
}
