// Package convert is goopt's dialect conversion framework, modelled on
// MLIR's DialectConversion: it rewrites the ops under a root until all are
// legal for a Target, with patterns that see their op's operands already
// converted, and undoes everything when it cannot finish.
//
// The pieces, with their upstream names:
//
//   - TypeConverter (TypeConverter): ordered type conversion functions, 1:1,
//     1:N or 1:0, signature conversion of block arguments
//     (SignatureConversion), and source, target and argument
//     materializations, builtin.unrealized_conversion_cast by default.
//   - Target (ConversionTarget): legal, illegal and dynamically legal ops
//     and dialects, a rule for unknown ops, recursively legal ops.
//   - Pattern and OpPattern (ConversionPattern, OpConversionPattern): match
//     an op by name (or any op) with a benefit; MatchAndRewrite gets the
//     converted operands (Adaptor) and a Rewriter
//     (ConversionPatternRewriter).
//   - ApplyFullConversion and ApplyPartialConversion (applyFullConversion,
//     applyPartialConversion), and ReconcileUnrealizedCasts.
//
// The drivers visit root and its nested ops in pre-order. An op that is not
// legal is folded if it can be, else its patterns are tried by benefit;
// the ops a pattern creates or updates are legalized at once, in turn (to
// MaxDepth), and a pattern whose results do not legalize is undone and the
// next one tried. The Rewriter records every change with its undo and
// defers replacements: a replaced op stays in place, its results mapped to
// their replacements, so that a later pattern can still look at it; the
// uses move and the op goes when the conversion commits, through a source
// materialization where a replacement's type differs and a user was not
// converted. A conversion that fails leaves the IR exactly as it was and
// returns every error as an ir.DiagList: the illegal ops left
// (`'affine.for' op failed to legalize operation 'affine.for'`, with the
// reasons patterns gave as notes) and the errors patterns reported.
//
// Upstream's lower-affine, for instance, is a partial conversion:
//
//	target := convert.NewTarget()
//	target.AddLegalDialect("arith", "memref", "scf", "vector")
//	target.AddIllegalDialect("affine")
//	patterns := convert.NewPatternSet(&convert.OpPattern{
//		Root: "affine.apply",
//		Rewrite: func(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
//			m := op.Attr("map").(*ir.AffineMapAttr).Map
//			vs, err := expand(rw.Builder, m, operands.Operands()) // arith ops
//			if err != nil {
//				return err // a located diagnostic: the conversion fails
//			}
//			rw.ReplaceOp(op, vs)
//			return nil
//		},
//	}) // ... and one pattern for each other affine op
//	err := convert.ApplyPartialConversion(ctx, funcOp, target, patterns)
//
// With a TypeConverter on a pattern, its adaptor holds values of the
// converted types (materialized where needed), and ConvertRegionTypes or
// ApplySignatureConversion change the block signatures of the regions it
// takes over; reconcile-unrealized-casts then removes the casts that
// cancel out.
package convert
