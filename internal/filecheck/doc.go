// Package filecheck is an in-process implementation of LLVM FileCheck
// (LLVM 19 semantics), used by goopt's lit runner and tests so that check
// files written for upstream MLIR work unchanged without shelling out.
//
// Supported: CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG (groups
// bounded by CHECK-NOT, no overlapping matches), CHECK-LABEL (input
// partitioning), CHECK-EMPTY, CHECK-COUNT-n, the {LITERAL} modifier, COM:/RUN:
// comment directives, several prefixes, {{regex}} blocks, [[VAR:regex]]
// definitions and [[VAR]] uses (same-line uses become back-references),
// [[$VAR]] globals, numeric blocks [[#%fmt,VAR: expr]] with + - add sub mul
// div min max and @LINE, -D/-D# command-line variables, --implicit-check-not,
// --match-full-lines, --strict-whitespace, --ignore-case, --allow-empty,
// --allow-unused-prefixes and --enable-var-scope. As in FileCheck, local
// variables are cleared at CHECK-LABEL boundaries only with
// --enable-var-scope.
//
// Regular expressions follow LLVM's POSIX ERE dialect rather than RE2: `\d`
// means the letter d, backslash is literal inside brackets, `.` and negated
// brackets never match a newline, and matching is leftmost-longest. Patterns
// are executed with Go's regexp where that is exact and with a small
// backtracking matcher otherwise (back-references).
//
// Check returns nil or an *Error whose text imitates FileCheck diagnostics:
//
//	opts, checkFile, err := filecheck.ParseArgs([]string{"t.mlir", "--check-prefix=FOO"})
//	if err != nil { ... }
//	err = filecheck.Check(checkFile, "// FOO: func.func @[[NAME:.*]](\n// FOO: return\n",
//		"func.func @f() {\n  return\n}\n", opts)
//	// err == nil
//
// TestAgainstFileCheck19 compares verdicts and exit statuses with
// /usr/bin/FileCheck-19 on a table of cases.
package filecheck
