package pass

import (
	"errors"
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

type tileOptions struct {
	TileSizes []int64 `opt:"tile-sizes" desc:"tile sizes"`
	TileSize  int     `opt:"tile-size" desc:"one tile size"`
	CacheSize int64   `opt:"cache-size" desc:"cache size in KiB"`
	Separate  bool    `opt:"separate" desc:"separate full and partial tiles"`
	Mode      string  `opt:"mode" desc:"a mode" enum:"fast,slow"`
	Names     []string
	Ratio     float64  `opt:"ratio" desc:"a ratio"`
	Labels    []string `opt:"labels" desc:"labels"`
}

type fakePass struct {
	Base
	opts  tileOptions
	runFn func(op *ir.Operation, am *AnalysisManager) error
}

func (p *fakePass) Options() any { return &p.opts }
func (p *fakePass) Run(op *ir.Operation, am *AnalysisManager) error {
	if p.runFn != nil {
		return p.runFn(op, am)
	}
	return nil
}

func newFake(name, anchor string, run func(*ir.Operation, *AnalysisManager) error) Factory {
	return func() Pass {
		p := &fakePass{Base: Base{Arg: name, Desc: "fake " + name, On: anchor}, runFn: run}
		p.opts.CacheSize = 512
		p.opts.Mode = "fast"
		return p
	}
}

func testRegistry() *Registry {
	return NewRegistry(
		newFake("test-any", "", nil),
		newFake("test-func", "t.func", nil),
		newFake("test-panic", "", func(*ir.Operation, *AnalysisManager) error { panic("boom") }),
		newFake("test-fail", "", func(op *ir.Operation, _ *AnalysisManager) error { return op.Errorf("failed here") }),
	)
}

func TestPipelineRoundTrip(t *testing.T) {
	r := testRegistry()
	tests := []struct{ in, want string }{
		{"t.module()", "t.module()"},
		{"t.module(test-any)", "t.module(test-any{cache-size=512 mode=fast ratio=0 separate=false tile-size=0})"},
		{"t.module( t.func( test-func{tile-sizes=32,32 separate}) , test-any{mode=slow ratio=0.5 labels={a b},c})",
			"t.module(t.func(test-func{cache-size=512 mode=fast ratio=0 separate=true tile-size=0 tile-sizes=32,32}),test-any{cache-size=512 labels=\"a b\",c mode=slow ratio=0.5 separate=false tile-size=0})"},
		{"any(test-any{tile-size=-3 cache-size='7'})", "any(test-any{cache-size=7 mode=fast ratio=0 separate=false tile-size=-3})"},
	}
	for _, tc := range tests {
		pm, err := r.ParsePipeline(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := pm.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
			continue
		}
		// Printing must be a fixed point.
		pm2, err := r.ParsePipeline(tc.want)
		if err != nil || pm2.String() != tc.want {
			t.Errorf("re-parse of %s: %v %v", tc.want, err, pm2)
		}
	}
}

func TestPipelineErrors(t *testing.T) {
	r := testRegistry()
	tests := []struct{ in, want string }{
		{"test-any", "<pass-pipeline>:1:1: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"},
		{"t.module(test-any, foo)", "<pass-pipeline>:1:20: error: 'foo' does not refer to a registered pass or pass pipeline"},
		{"t.module(t.func(test-func)", "<pass-pipeline>:1:9: error: encountered unbalanced parentheses while parsing pipeline"},
		{"t.module(test-any{)", "<pass-pipeline>:1:18: error: missing closing '}' while processing pass options"},
		{"t.module(test-any,)", "<pass-pipeline>:1:19: error: expected pass or pipeline name, found ')'"},
		{"t.module(test-any test-func)", "<pass-pipeline>:1:19: error: expected ',' or ')' before 'test-func'"},
		{"t.module(test-any{foo=1})", "<pass-pipeline>:1:19: error: no such option 'foo' for pass 'test-any'"},
		{"t.module(test-any{tile-size=abc})", "<pass-pipeline>:1:29: error: invalid value 'abc' for option 'tile-size': expected an integer for pass 'test-any'"},
		{"t.module(test-any{separate=3})", "<pass-pipeline>:1:28: error: invalid value '3' for option 'separate': expected 'true' or 'false' for pass 'test-any'"},
		{"t.module(test-any{mode=medium})", "<pass-pipeline>:1:24: error: invalid value 'medium' for option 'mode': expected one of 'fast', 'slow' for pass 'test-any'"},
		{"t.module(test-any{tile-size})", "<pass-pipeline>:1:19: error: option 'tile-size' expects a value for pass 'test-any'"},
		{"t.module(test-func)", "<pass-pipeline>:1:10: error: can't add pass 'test-func' restricted to 't.func' on a pass manager intended to run on 't.module', did you intend to nest?"},
		{"t.module(test-any))", "<pass-pipeline>:1:19: error: encountered extra closing ')' while parsing pipeline"},
		{"t.module(t.func(test-func),,test-any)", "<pass-pipeline>:1:28: error: expected pass or pipeline name, found ','"},
		{"t.module(test-any,", "<pass-pipeline>:1:9: error: encountered unbalanced parentheses while parsing pipeline"},
		{"t.module(@x)", "<pass-pipeline>:1:10: error: unexpected character '@' in pass pipeline"},
		{"t.module(t.func{a=1}(test-func))", "<pass-pipeline>:1:10: error: op anchor 't.func' cannot take options"},
	}
	for _, tc := range tests {
		_, err := r.ParsePipeline(tc.in)
		if err == nil {
			t.Errorf("%s: no error", tc.in)
			continue
		}
		if got := err.Error(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestImplicitNesting(t *testing.T) {
	r := testRegistry()
	pm := New(nil, "t.module")
	for _, n := range []string{"test-any", "test-func", "test-func"} {
		p, err := r.Create(n, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.AddPass(p); err != nil {
			t.Fatal(err)
		}
	}
	want := "t.module(test-any{cache-size=512 mode=fast ratio=0 separate=false tile-size=0},t.func(test-func{cache-size=512 mode=fast ratio=0 separate=false tile-size=0}),t.func(test-func{cache-size=512 mode=fast ratio=0 separate=false tile-size=0}))"
	if got := pm.String(); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if got := len(pm.merged()); got != 2 {
		t.Errorf("merged items = %d, want 2", got)
	}
}

func testModule(ctx *ir.Context) *ir.Operation {
	st := &ir.OperationState{Name: "t.module"}
	body := st.AddRegion()
	blk := ir.NewBlock()
	body.AppendBlock(blk)
	mod := ctx.NewOperation(st)
	for i := 0; i < 2; i++ {
		fst := &ir.OperationState{Name: "t.func", Loc: ir.FileLoc("f.mlir", i+1, 1)}
		fst.AddRegion().AppendBlock(ir.NewBlock())
		blk.Append(ctx.NewOperation(fst))
	}
	return mod
}

func testContext() *ir.Context {
	return ir.NewContext(&ir.Dialect{Name: "t", Ops: []*ir.OpDef{
		{Name: "t.module", Traits: ir.IsolatedFromAbove | ir.SymbolTableTrait},
		{Name: "t.func", Traits: ir.IsolatedFromAbove},
	}})
}

type recorder struct{ log []string }

func (r *recorder) BeforePass(p Pass, op *ir.Operation) {
	r.log = append(r.log, "before "+p.Name()+" on "+op.Name())
}
func (r *recorder) AfterPass(p Pass, op *ir.Operation, failed bool) {
	s := "after " + p.Name()
	if failed {
		s += " (failed)"
	}
	r.log = append(r.log, s)
}

func TestRunNestedAndFailures(t *testing.T) {
	ctx := testContext()
	r := testRegistry()
	mod := testModule(ctx)

	pm := New(ctx, "t.module")
	if err := r.AddPipeline(pm.OpPassManager, "t.func(test-func),test-any"); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	pm.AddInstrumentation(rec)
	if err := pm.Run(mod); err != nil {
		t.Fatal(err)
	}
	want := "before test-func on t.func|after test-func|before test-func on t.func|after test-func|before test-any on t.module|after test-any"
	if got := strings.Join(rec.log, "|"); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}

	// Failures in nested pipelines are all reported; panics become diagnostics.
	pm = New(ctx, "t.module")
	if err := r.AddPipeline(pm.OpPassManager, "t.func(test-fail),test-any"); err != nil {
		t.Fatal(err)
	}
	err := pm.Run(mod)
	var dl ir.DiagList
	if !errors.As(err, &dl) || len(dl) != 2 || dl[0].Error() != "f.mlir:1:1: error: 't.func' op failed here" {
		t.Errorf("unexpected result %v", err)
	}
	pm = New(ctx, "t.module")
	if err := r.AddPipeline(pm.OpPassManager, "test-panic"); err != nil {
		t.Fatal(err)
	}
	err = pm.Run(mod)
	if err == nil || !strings.Contains(err.Error(), "internal error: pass 'test-panic' panicked while running on 't.module' op: boom") {
		t.Errorf("panic not reported: %v", err)
	}
	// Verification failure after a pass fails it.
	pm = New(ctx, "t.module")
	pm.Verify = func(op *ir.Operation) error { return op.Errorf("bad IR") }
	if err := r.AddPipeline(pm.OpPassManager, "test-any"); err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(mod); err == nil || !strings.Contains(err.Error(), "'t.module' op bad IR") {
		t.Errorf("verifier failure not reported: %v", err)
	}
	// Anchor mismatch at the top.
	pm = New(ctx, "t.func")
	if err := pm.Run(mod); err == nil || !strings.Contains(err.Error(), "can't run 't.func' pass manager on 't.module' op") {
		t.Errorf("anchor mismatch not reported: %v", err)
	}
}

func TestTimingReport(t *testing.T) {
	ctx := testContext()
	r := testRegistry()
	pm := New(ctx, "t.module")
	if err := r.AddPipeline(pm.OpPassManager, "t.func(test-func),test-any"); err != nil {
		t.Fatal(err)
	}
	tm := NewTiming()
	pm.AddInstrumentation(tm)
	stop := tm.Start("Parser")
	stop()
	if err := pm.Run(testModule(ctx)); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	tm.Report(&b)
	for _, s := range []string{"Execution time report", "Parser", "'t.func' Pipeline", "    test-func", "test-any", "Total"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, b.String())
		}
	}
}

func TestOptionsHelp(t *testing.T) {
	opts := Options(&tileOptions{CacheSize: 512})
	var names []string
	for _, o := range opts {
		names = append(names, o.Name+":"+o.Type+"="+o.Default)
	}
	want := "cache-size:long=512 labels:list<string>= mode:string=\"\" ratio:number=0 separate:bool=false tile-size:int=0 tile-sizes:list<long>="
	if got := strings.Join(names, " "); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// FuzzParsePipeline checks that no pipeline string panics the parser and
// that whatever parses prints back to a fixed point.
func FuzzParsePipeline(f *testing.F) {
	for _, s := range []string{"t.module(test-any)", "t.module(t.func(test-func{tile-sizes=1,2 separate}),test-any{labels={a b},'c'})", "t.module(,)", "x{", "t.module(test-any{mode=\"fast\"})"} {
		f.Add(s)
	}
	r := testRegistry()
	f.Fuzz(func(t *testing.T, s string) {
		pm, err := r.ParsePipeline(s)
		if err != nil {
			return
		}
		printed := pm.String()
		pm2, err := r.ParsePipeline(printed)
		if err != nil {
			t.Fatalf("re-parse of %q (from %q): %v", printed, s, err)
		}
		if pm2.String() != printed {
			t.Fatalf("not a fixed point: %q -> %q", printed, pm2.String())
		}
	})
}

// One spelling everywhere: AddPipeline and ParsePipelineOn take a pipeline
// anchored on the pass manager's op or the bare list, with the same result.
func TestPipelineSpellings(t *testing.T) {
	r := testRegistry()
	want := "t.module(t.func(test-func{cache-size=512 mode=fast ratio=0 separate=false tile-size=0}),test-any{cache-size=512 mode=fast ratio=0 separate=false tile-size=0})"
	for _, text := range []string{"t.func(test-func),test-any", "t.module(t.func(test-func),test-any)"} {
		pm, err := r.ParsePipelineOn("t.module", text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := pm.String(); got != want {
			t.Errorf("ParsePipelineOn(%s) = %s", text, got)
		}
		pm = NewOpPassManager("t.module", Explicit)
		if err := r.AddPipeline(pm, text); err != nil {
			t.Fatalf("AddPipeline(%s): %v", text, err)
		}
		if got := pm.String(); got != want {
			t.Errorf("AddPipeline(%s) = %s", text, got)
		}
	}
	// The strict form keeps mlir-opt's --pass-pipeline rule.
	if _, err := r.ParsePipeline("test-any,t.func(test-func)"); err == nil {
		t.Error("ParsePipeline accepted an unanchored pipeline")
	}
}
