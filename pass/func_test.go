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

// TestDefineMakesFreshPasses checks that the factories Define and
// DefineFunc return hand out independent instances: options parsed into
// one must not leak into the defaults of the next.
func TestDefineMakesFreshPasses(t *testing.T) {
	type opts struct {
		Factor int64 `opt:"factor" desc:"a factor"`
	}
	var seen []int64
	newScale := Define(Base{Arg: "scale", Display: "Scale"}, opts{Factor: 4}, func(o *opts, _ *ir.Operation, _ *AnalysisManager) error {
		seen = append(seen, o.Factor)
		return nil
	})
	a, b := newScale(), newScale()
	if err := ParseOptions(a.Options(), "factor=9"); err != nil {
		t.Fatal(err)
	}
	if err := a.Run(nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Run(nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != 9 || seen[1] != 4 {
		t.Fatalf("runs saw factors %v, want [9 4]: instances share options", seen)
	}
	if _, ok := newScale().(*OptionsFunc[opts]); !ok || DisplayName(a) != "Scale" {
		t.Fatalf("Define made %T named %q, want *OptionsFunc[opts] named Scale", newScale(), DisplayName(a))
	}

	runs := 0
	newCount := DefineFunc(Base{Arg: "count"}, func(*ir.Operation, *AnalysisManager) error { runs++; return nil })
	c := newCount()
	if c == newCount() || c.Options() != nil || c.Name() != "count" {
		t.Fatalf("DefineFunc: shared instance or wrong description (options %v, name %q)", c.Options(), c.Name())
	}
	if err := c.Run(nil, nil); err != nil || runs != 1 {
		t.Fatalf("DefineFunc pass: err %v, runs %d", err, runs)
	}
}
