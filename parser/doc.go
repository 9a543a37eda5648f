// Package parser reads MLIR 19's textual IR: the generic and custom operation
// forms, every builtin type and attribute, affine maps and sets, locations
// (with aliases used before their definition, as --mlir-print-debuginfo
// emits them), type and attribute aliases and the trailing `{-# ... #-}`
// resource section.
//
// The lexer is hand-written and allocation-free; the parser follows
// mlir/lib/AsmParser closely so that diagnostics carry MLIR's wording and
// positions (`file:line:col: error: ...`). Ops in custom form are parsed by
// their OpDef.Parse hook through the ir.OpParser this package implements.
// Parsing never panics on user input.
//
// Example:
//
//	ctx := ir.NewContext(builtin.Dialect, fn.Dialect, arith.Dialect)
//	f, err := parser.ParseFile(ctx, "in.mlir", src)
//	if err != nil {
//		for _, d := range ir.Diagnostics(err) {
//			fmt.Fprintln(os.Stderr, d)
//		}
//		return
//	}
//	module := f.Module // builtin.module
//
// For --split-input-file, SplitInputFile cuts a buffer on `// -----` lines
// and ParseFileAt parses each chunk with its line offset.
package parser
