package llvm_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// The flag attributes print their keywords as upstream does (`none`,
// `fast`, `, `-separated otherwise) and read any spacing back.
func TestFlagAttrSyntax(t *testing.T) {
	ctx := ir.NewContext(llvm.Dialect())
	for _, tc := range []struct{ in, want string }{
		{"#llvm.fastmath<none>", "#llvm.fastmath<none>"},
		{"#llvm.fastmath<fast>", "#llvm.fastmath<fast>"},
		{"#llvm.fastmath<reassoc,nnan>", "#llvm.fastmath<nnan, reassoc>"},
		{"#llvm.fastmath<nnan, ninf, nsz, arcp, contract, afn, reassoc>", "#llvm.fastmath<fast>"},
		{"#llvm.overflow<none>", "#llvm.overflow<none>"},
		{"#llvm.overflow<nuw>", "#llvm.overflow<nuw>"},
		{"#llvm.overflow<nuw,nsw>", "#llvm.overflow<nsw, nuw>"},
	} {
		a, err := parser.ParseAttribute(ctx, tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if a.String() != tc.want {
			t.Errorf("%s printed %s, want %s", tc.in, a, tc.want)
		}
	}
	if got := llvm.FastMath(llvm.FastMathNNaN | llvm.FastMathAFN).String(); got != "#llvm.fastmath<nnan, afn>" {
		t.Errorf("FastMath(nnan|afn) printed %s", got)
	}
}

// An unknown flag keyword is an error that lists the keywords upstream lists.
func TestFlagAttrErrors(t *testing.T) {
	ctx := ir.NewContext(llvm.Dialect())
	for in, want := range map[string]string{
		"#llvm.fastmath<nnan, quux>": "expected one of [none, nnan, ninf, nsz, arcp, contract, afn, reassoc, fast] for LLVM fastmath flags, got: quux",
		"#llvm.overflow<nsw, fast>":  "expected one of [none, nsw, nuw] for LLVM integer overflow flags, got: fast",
	} {
		_, err := parser.ParseAttribute(ctx, in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", in, err, want)
		}
	}
}
