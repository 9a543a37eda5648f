package pass

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

func TestFuncPasses(t *testing.T) {
	ran := 0
	var p Pass = &Func{Base: Base{Arg: "count", Desc: "count runs", Display: "Count"}, Fn: func(*ir.Operation, *AnalysisManager) error {
		ran++
		return nil
	}}
	if p.Options() != nil || p.Name() != "count" || DisplayName(p) != "Count" {
		t.Fatalf("Func: options %v, name %q, display %q", p.Options(), p.Name(), DisplayName(p))
	}
	if err := p.Run(nil, nil); err != nil || ran != 1 {
		t.Fatalf("Func.Run: err %v, ran %d", err, ran)
	}

	type opts struct {
		Factor int64 `opt:"factor" desc:"a factor"`
	}
	var seen int64
	q := &OptionsFunc[opts]{Base: Base{Arg: "scale"}, Opts: opts{Factor: 4}, Fn: func(o *opts, _ *ir.Operation, _ *AnalysisManager) error {
		seen = o.Factor
		return nil
	}}
	if got := FormatOptions(q.Options()); got != "factor=4" {
		t.Fatalf("OptionsFunc default options print %q, want factor=4", got)
	}
	if err := ParseOptions(q.Options(), "factor=7"); err != nil {
		t.Fatal(err)
	}
	if err := q.Run(nil, nil); err != nil || seen != 7 {
		t.Fatalf("OptionsFunc.Run saw factor %d (err %v), want the parsed 7", seen, err)
	}
}
