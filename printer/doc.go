// Package printer writes IR in MLIR 19's textual form, byte for byte as
// mlir-opt-19 prints it where the ops' custom printers agree with upstream.
//
// It follows MLIR's AsmPrinter:
//   - ops print in custom form through their OpDef.Print hook (this package
//     implements ir.OpPrinter), or in generic form
//     (`%0:2 = "d.op"(%a)[^bb1] <{props}> ({...}) {attrs} : (i32) -> (f32, f32)`)
//     when unregistered, hookless, or with Options.Generic;
//   - op names drop the enclosing op's default dialect (`return` inside
//     func.func, `module` at top level);
//   - SSA names follow SSANameState: `%0, %1, ...` and `%argN` counted per
//     region tree (a nested region continues from where its parent region's
//     numbering ended, so sibling regions reuse numbers), name hints from
//     OpDef.ResultNames / BlockArgNames deduplicated as `%c0`, `%c0_0`,
//     `%c0_1`..., result groups (`%0:2`, `%0#1`), blocks `^bbN` per region
//     with `// pred:` comments; the generic form numbers every value uniquely;
//   - aliases are collected in a dry run of the whole print (custom printers
//     included) and numbered as MLIR does: `#map`, `#map1`, ..., `#set`,
//     `#distinct`, `!tuple` (tuples of more than 16 types) before the op, and
//     with Options.DebugInfo `#loc`... after it.
//
// Example:
//
//	var b strings.Builder
//	if err := printer.Print(&b, module, printer.Options{}); err != nil { ... }
//	// #map = affine_map<(d0) -> (d0 + 1)>
//	// module {
//	//   func.func @f(%arg0: memref<4xf32, #map>) {
//	//     %c0 = arith.constant 0 : index
//	//     return
//	//   }
//	// }
//
// mlir-opt writes one extra newline after the printed module; Print does not.
package printer
