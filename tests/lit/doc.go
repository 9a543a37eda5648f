// Package lit holds goopt's lit tests: `tests/lit/<area>/*.mlir` files with
// RUN and CHECK lines, run in-process by `go test ./tests/lit` (`goopt` in a
// RUN line is cli.Main, FileCheck is internal/filecheck) and cross-checked
// against LLVM's FileCheck-19 so the two cannot drift.
package lit
