// Package expectdiag implements the checking half of MLIR's
// --verify-diagnostics: parsing expected-error/-warning/-note/-remark
// annotations (with @+N, @-N, @above, @below and @unknown designators and
// the -re regex form) and comparing them with the diagnostics a tool
// produced. It does not depend on the IR package; callers convert their
// diagnostics to Diag.
//
// Messages match as substrings, as in MLIR. In -re annotations the {{...}}
// pieces are regular expressions, compiled with Go's RE2 syntax; unlike
// LLVM's POSIX regexes, escapes such as \d and \s are character classes.
//
// Example:
//
//	exp, err := expectdiag.ParseExpectations("t.mlir",
//		"%0 = \"foo\"() : () -> i32 // expected-error {{'foo' op is invalid}}\n")
//	if err != nil { ... }
//	for _, msg := range expectdiag.Verify(exp, []expectdiag.Diag{
//		{File: "t.mlir", Line: 1, Col: 6, Severity: "error", Message: "'foo' op is invalid"},
//	}) {
//		fmt.Println(msg) // nothing: every expectation was met
//	}
package expectdiag
