package parser

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

// FuzzParse checks that no input makes the parser panic, with and without
// registered dialects (custom parsers included).
func FuzzParse(f *testing.F) {
	f.Add([]byte(`"foo.x"() : () -> ()`))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, ctx := range []*ir.Context{unregCtx(), testDialects()} {
			fl, err := parseNoRecover(ctx, src)
			if err == nil && fl.Module == nil {
				t.Fatalf("nil module without error")
			}
		}
	})
}

// parseNoRecover parses without the top-level recover so that the fuzzer
// sees real panics.
func parseNoRecover(ctx *ir.Context, src []byte) (*File, error) {
	p := newParser(ctx, "fuzz.mlir", string(src), 0)
	f := p.parseTopLevel()
	if len(p.diags) > 0 {
		return nil, p.diags
	}
	return f, nil
}
