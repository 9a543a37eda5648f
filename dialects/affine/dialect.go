package affine

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
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
				Inherent:     []string{"map"},
				Verify:       verifyApply,
				Parse:        parseApply,
				Print:        printMapOp,
				Fold:         foldApply,
				Canonicalize: mapOps(ApplyName),
			},
			{
				Name:    DelinearizeIndexName,
				Summary: "delinearize an index",
				Doc: "Splits a linear index into a multi-index over a basis:\n\n" +
					"  %i:2 = affine.delinearize_index %idx into (%b0, %b1) : index, index",
				Traits: ir.Pure,
				Verify: verifyDelinearize,
				Parse:  parseDelinearize,
				Print:  printDelinearize,
			},
			{
				Name:    DmaStartName,
				Summary: "non-blocking DMA operation that starts a transfer",
				Doc: "Starts a DMA of %n elements from src to dst, signalling completion on the tag:\n\n" +
					"  affine.dma_start %src[%i + 3], %dst[%i], %tag[%c0], %n : memref<40xf32>, memref<2xf32, 2>, memref<1xi32>",
				Traits:  ir.MemRead | ir.MemWrite,
				Effects: dmaStartEffects,
				Verify:  verifyDmaStart,
				Parse:   parseDmaStart,
				Print:   printDmaStart,
			},
			{
				Name:    DmaWaitName,
				Summary: "blocking DMA operation that waits for transfer completion",
				Doc:     "  affine.dma_wait %tag[%c0], %n : memref<1xi32>",
				Traits:  ir.MemRead,
				Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
				Verify:  verifyDmaWait,
				Parse:   parseDmaWait,
				Print:   printDmaWait,
			},
			{
				Name:    ForName,
				Summary: "for operation",
				Doc: "A loop from max(lower bound map) to min(upper bound map) with a positive step:\n\n" +
					"  %r = affine.for %i = 0 to %n step 2 iter_args(%acc = %init) -> (f32) {\n" +
					"    affine.yield %acc : f32\n  }",
				Traits:       ir.SingleBlock | ir.RecursiveMemoryEffects | ir.LoopLike | ir.AutomaticAllocationScope,
				Inherent:     []string{"lowerBoundMap", "operandSegmentSizes", "step", "upperBoundMap"},
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
				Traits:       ir.SingleBlock | ir.RecursiveMemoryEffects,
				Verify:       verifyIf,
				Parse:        parseIf,
				Print:        printIf,
				Canonicalize: []ir.Pattern{ifCondition, ifDeadElse, ifAlwaysTrueOrFalse},
			},
			{
				Name:         LoadName,
				Summary:      "affine load operation",
				Doc:          "  %v = affine.load %A[%i + 1, %j * 2] : memref<100x100xf32>",
				Traits:       ir.MemRead,
				Effects:      ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
				Inherent:     []string{"map"},
				Verify:       verifyMemOp(memKind{}),
				Parse:        parseMemOp(memKind{}),
				Print:        printMemOp(memKind{}),
				Canonicalize: mapOps(LoadName),
			},
			{
				Name:         MaxName,
				Summary:      "max operation",
				Doc:          "  %m = affine.max affine_map<(d0)[s0] -> (0, d0 - s0)>(%i)[%n]",
				Traits:       ir.Pure,
				Inherent:     []string{"map"},
				Verify:       verifyMinMax,
				Parse:        parseMinMax,
				Print:        printMapOp,
				Fold:         foldMinMax(false),
				Canonicalize: minMaxPatterns(MaxName),
			},
			{
				Name:         MinName,
				Summary:      "min operation",
				Doc:          "  %m = affine.min affine_map<(d0)[s0] -> (1000, d0 + 512, s0)>(%i)[%n]",
				Traits:       ir.Pure,
				Inherent:     []string{"map"},
				Verify:       verifyMinMax,
				Parse:        parseMinMax,
				Print:        printMapOp,
				Fold:         foldMinMax(true),
				Canonicalize: minMaxPatterns(MinName),
			},
			{
				Name:    ParallelName,
				Summary: "multi-index parallel band operation",
				Doc: "A parallel band with optional reductions:\n\n" +
					"  %r = affine.parallel (%i, %j) = (0, 0) to (%n, 10) step (2, 1) reduce (\"addf\") -> (f32) {\n" +
					"    affine.yield %v : f32\n  }",
				Traits:       ir.SingleBlock | ir.RecursiveMemoryEffects | ir.LoopLike | ir.AutomaticAllocationScope | ir.HasParallelRegion,
				Inherent:     []string{"lowerBoundsGroups", "lowerBoundsMap", "reductions", "steps", "upperBoundsGroups", "upperBoundsMap"},
				Verify:       verifyParallel,
				Parse:        parseParallel,
				Print:        printParallel,
				Canonicalize: []ir.Pattern{parallelBounds},
			},
			{
				Name:         PrefetchName,
				Summary:      "affine prefetch operation",
				Doc:          "  affine.prefetch %A[%i, %j + 5], read, locality<3>, data : memref<400x400xi32>",
				Traits:       ir.MemRead | ir.MemWrite,
				Effects:      ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0).In(ir.CacheResource)),
				Inherent:     []string{"isDataCache", "isWrite", "localityHint", "map"},
				Verify:       verifyPrefetch,
				Parse:        parsePrefetch,
				Print:        printPrefetch,
				Canonicalize: mapOps(PrefetchName),
			},
			{
				Name:         StoreName,
				Summary:      "affine store operation",
				Doc:          "  affine.store %v, %A[%i, symbol(%n)] : memref<100x100xf32>",
				Traits:       ir.MemWrite,
				Effects:      ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
				Inherent:     []string{"map"},
				Verify:       verifyMemOp(memKind{store: true}),
				Parse:        parseMemOp(memKind{store: true}),
				Print:        printMemOp(memKind{store: true}),
				Canonicalize: mapOps(StoreName),
			},
			{
				Name:         VectorLoadName,
				Summary:      "affine vector load operation",
				Doc:          "  %v = affine.vector_load %A[%i, %j * 8] : memref<100x100xf32>, vector<8xf32>",
				Traits:       ir.MemRead,
				Effects:      ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
				Inherent:     []string{"map"},
				Verify:       verifyMemOp(memKind{vector: true}),
				Parse:        parseMemOp(memKind{vector: true}),
				Print:        printMemOp(memKind{vector: true}),
				Canonicalize: mapOps(VectorLoadName),
			},
			{
				Name:         VectorStoreName,
				Summary:      "affine vector store operation",
				Doc:          "  affine.vector_store %v, %A[%i, 8] : memref<100x100xf32>, vector<8xf32>",
				Traits:       ir.MemWrite,
				Effects:      ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
				Inherent:     []string{"map"},
				Verify:       verifyMemOp(memKind{store: true, vector: true}),
				Parse:        parseMemOp(memKind{store: true, vector: true}),
				Print:        printMemOp(memKind{store: true, vector: true}),
				Canonicalize: mapOps(VectorStoreName),
			},
			{
				Name:    YieldName,
				Summary: "yield values to parent operation",
				Doc:     "Terminates affine.for/if/parallel bodies:\n\n  affine.yield %v : f32",
				Traits:  ir.Pure | ir.Terminator | ir.ReturnLike,
				Verify:  verifyYield,
				Parse:   opsyntax.ParseOptionalOperandsColonTypes,
				Print:   opsyntax.PrintOptionalOperandsColonTypes,
			},
		},
	}
}

// materialize builds an arith.constant for a folded index value.
func materialize(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if _, ok := attr.(*ir.IntegerAttr); !ok {
		return nil
	}
	return b.CreateOp("arith.constant", loc, nil, []ir.Type{t}, ir.NamedAttribute{Name: "value", Value: attr})
}
