// Package layering checks that goopt's dependencies point down, as
// DESIGN.md states: nothing under ir/, parser/, printer/, rewrite/, pass/
// or dialects/ imports the interpreter (interp/...), the CLI flows
// (driver/..., cli/...), the passes (passes/...) or the test harness above
// the layers (internal/passtest, formerly internal/passcheck).
//
// What it checks, from the transitive Deps that `go list -json` and
// `go list -test -json` report:
//
//   - every package under those trees, with all of its transitive non-test
//     dependencies: none is a forbidden package;
//   - the tests of those packages (in-package and external _test files),
//     with their transitive dependencies: none is a forbidden package,
//     except the uses listed in allowedTestImports, each with its reason.
//
// It runs `go list` over the module, so it needs the go command:
//
//	go test ./tests/layering/
package layering
