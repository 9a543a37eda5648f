package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// effectsDialect has one op per way of declaring effects: by trait, by hook,
// recursively, and not at all.
func effectsDialect() *ir.Dialect {
	return &ir.Dialect{Name: "t", Ops: []*ir.OpDef{
		{Name: "t.pure", Traits: ir.Pure},
		{Name: "t.const", Traits: ir.ConstantLike},
		{Name: "t.read", Traits: ir.MemRead},
		{Name: "t.write", Traits: ir.MemWrite},
		{Name: "t.alloc", Traits: ir.MemAlloc},
		{Name: "t.free", Traits: ir.MemFree},
		{Name: "t.plain"},
		{Name: "t.scope", Traits: ir.RecursiveMemoryEffects | ir.NoTerminator},
		{Name: "t.opaque_region", Traits: ir.NoTerminator},
		{Name: "t.term", Traits: ir.Terminator | ir.Pure},
		{Name: "t.sym", Traits: ir.Symbol | ir.Pure},
		// The hook wins over the (coarser) traits.
		{Name: "t.copy", Traits: ir.MemRead | ir.MemWrite, Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 1))},
		{Name: "t.drop_last", Effects: ir.FixedEffects(ir.OnOperand(ir.Free, -1))},
		{Name: "t.new", Effects: ir.FixedEffects(ir.OnResult(ir.Allocate, 0), ir.OnResult(ir.Write, 0))},
		{Name: "t.stack", Effects: ir.FixedEffects(ir.OnResult(ir.Allocate, 0).In(ir.AutomaticAllocationScopeResource))},
		{Name: "t.realloc", Effects: ir.FixedEffects(ir.OnOperand(ir.Free, 0), ir.OnResult(ir.Allocate, 0))},
		{Name: "t.hint", Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0).In(ir.CacheResource))},
		{Name: "t.load", Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0))},
		{Name: "t.none", Effects: ir.FixedEffects()},
	}}
}

// parseOps parses body inside a block with arguments %a and %b (memrefs) and
// returns its ops by the `tag` attribute each carries.
func parseOps(t *testing.T, body string) map[string]*ir.Operation {
	t.Helper()
	ctx := ir.NewContext(effectsDialect())
	ctx.AllowUnregistered = true
	src := `"t.scope"() ({
^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
` + body + `
}) {tag = "root"} : () -> ()`
	f, err := parser.ParseFile(ctx, "effects.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	ops := map[string]*ir.Operation{}
	ir.WalkOps(f.Module, func(o *ir.Operation) {
		if s, ok := o.Attr("tag").(*ir.StringAttr); ok {
			ops[s.Value] = o
		}
	})
	return ops
}

// describe prints effects as `Read(%a)`, `Write(?)`, `Allocate(#0)@Stack`:
// values as the block argument or result they are, ? for unknown.
func describe(op *ir.Operation, effects []ir.EffectInstance, known bool) string {
	if !known {
		return "unknown"
	}
	var parts []string
	for _, e := range effects {
		v := "?"
		switch {
		case e.Value == nil:
		case e.Value.IsBlockArgument():
			v = fmt.Sprintf("arg%d", e.Value.Index())
		case e.Value.DefiningOp() == op:
			v = fmt.Sprintf("#%d", e.Value.Index())
		default:
			v = "other"
		}
		s := fmt.Sprintf("%s(%s)", e.Kind, v)
		if e.Resource != ir.DefaultResource {
			s += "@" + string(e.Resource)
		}
		parts = append(parts, s)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

const effectsBody = `
  "t.pure"() {tag = "pure"} : () -> ()
  "t.const"() {tag = "const"} : () -> ()
  "t.read"(%a) {tag = "read"} : (memref<4xf32>) -> ()
  "t.write"(%a) {tag = "write"} : (memref<4xf32>) -> ()
  %m = "t.alloc"() {tag = "alloc"} : () -> memref<4xf32>
  "t.free"(%a) {tag = "free"} : (memref<4xf32>) -> ()
  "t.plain"() {tag = "plain"} : () -> ()
  "x.unregistered"() {tag = "unregistered"} : () -> ()
  "t.copy"(%a, %b) {tag = "copy"} : (memref<4xf32>, memref<4xf32>) -> ()
  "t.copy"(%a) {tag = "copy_short"} : (memref<4xf32>) -> ()
  "t.drop_last"(%a, %b) {tag = "drop_last"} : (memref<4xf32>, memref<4xf32>) -> ()
  %n = "t.new"() {tag = "new"} : () -> memref<4xf32>
  %s = "t.stack"() {tag = "stack"} : () -> memref<4xf32>
  %r = "t.realloc"(%a) {tag = "realloc"} : (memref<4xf32>) -> memref<4xf32>
  "t.hint"(%a) {tag = "hint"} : (memref<4xf32>) -> ()
  "t.none"(%a) {tag = "none"} : (memref<4xf32>) -> ()
  "t.scope"() ({
    "t.load"(%a) {tag = "nested_load"} : (memref<4xf32>) -> ()
    "t.scope"() ({
      "t.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
    }) : () -> ()
  }) {tag = "scope_rw"} : () -> ()
  "t.scope"() ({
    "t.load"(%a) : (memref<4xf32>) -> ()
    "t.pure"() : () -> ()
  }) {tag = "scope_r"} : () -> ()
  "t.scope"() ({
    "t.pure"() : () -> ()
    "t.plain"() : () -> ()
  }) {tag = "scope_unknown"} : () -> ()
  "t.scope"() ({
    %t = "t.new"() : () -> memref<4xf32>
  }) {tag = "scope_alloc"} : () -> ()
  "t.opaque_region"() ({
    "t.pure"() : () -> ()
  }) {tag = "opaque_region"} : () -> ()
  "t.sym"() {tag = "sym"} : () -> ()
  "t.term"() {tag = "term"} : () -> ()
`

func TestMemoryEffects(t *testing.T) {
	ops := parseOps(t, effectsBody)
	for _, tc := range []struct{ tag, local, all string }{
		{"pure", "[]", "[]"},
		{"const", "[]", "[]"},
		{"read", "[Read(?)]", "[Read(?)]"},
		{"write", "[Write(?)]", "[Write(?)]"},
		{"alloc", "[Allocate(?)]", "[Allocate(?)]"},
		{"free", "[Free(?)]", "[Free(?)]"},
		{"plain", "unknown", "unknown"},
		{"unregistered", "unknown", "unknown"},
		{"copy", "[Read(arg0) Write(arg1)]", "[Read(arg0) Write(arg1)]"},
		// A missing operand (unverified IR) is an unknown value.
		{"copy_short", "[Read(arg0) Write(?)]", "[Read(arg0) Write(?)]"},
		// -1 is the last operand.
		{"drop_last", "[Free(arg1)]", "[Free(arg1)]"},
		{"new", "[Allocate(#0) Write(#0)]", "[Allocate(#0) Write(#0)]"},
		{"stack", "[Allocate(#0)@AutomaticAllocationScope]", "[Allocate(#0)@AutomaticAllocationScope]"},
		{"realloc", "[Free(arg0) Allocate(#0)]", "[Free(arg0) Allocate(#0)]"},
		{"hint", "[Read(arg0) Write(arg0)@Cache]", "[Read(arg0) Write(arg0)@Cache]"},
		{"none", "[]", "[]"},
		// Recursive effects: the op's own (none) plus its nested ops', at any depth.
		{"scope_rw", "[]", "[Read(arg0) Read(arg0) Write(arg1)]"},
		{"scope_r", "[]", "[Read(arg0)]"},
		{"scope_unknown", "[]", "unknown"},
		{"scope_alloc", "[]", "[Allocate(other) Write(other)]"},
		// Without RecursiveMemoryEffects regions do not count, and an op
		// without traits is unknown however harmless its body.
		{"opaque_region", "unknown", "unknown"},
		{"term", "[]", "[]"},
	} {
		op := ops[tc.tag]
		if op == nil {
			t.Fatalf("no op tagged %q", tc.tag)
		}
		local, lk := ir.LocalMemoryEffects(op)
		all, ak := ir.MemoryEffects(op)
		if got := describe(op, local, lk); got != tc.local {
			t.Errorf("%s: LocalMemoryEffects = %s, want %s", tc.tag, got, tc.local)
		}
		if got := describe(op, all, ak); got != tc.all {
			t.Errorf("%s: MemoryEffects = %s, want %s", tc.tag, got, tc.all)
		}
	}
}

func TestEffectPredicates(t *testing.T) {
	ops := parseOps(t, effectsBody)
	// Columns: IsMemoryEffectFree, OnlyReadsMemory, HasWriteEffects, WouldBeTriviallyDead.
	for _, tc := range []struct{ tag, want string }{
		{"pure", "yy-y"},
		{"const", "yy-y"},
		{"read", "-y-y"},
		{"write", "--y-"},
		{"alloc", "---y"}, // an allocation of no named value is still droppable
		{"free", "--y-"},
		{"plain", "--y-"},
		{"unregistered", "--y-"},
		{"copy", "--y-"},
		{"new", "--yy"}, // writes only memory it allocates itself
		{"stack", "---y"},
		{"realloc", "--y-"}, // frees its operand
		{"hint", "--y-"},    // a hint is kept: it writes the cache
		{"none", "yy-y"},
		{"scope_rw", "--y-"},
		{"scope_r", "-y-y"},
		{"scope_unknown", "--y-"},
		{"scope_alloc", "--yy"},
		{"opaque_region", "--y-"},
		{"sym", "yy--"},  // symbols are never trivially dead
		{"term", "yy--"}, // nor are terminators
	} {
		op := ops[tc.tag]
		got := yesNo(ir.IsMemoryEffectFree(op)) + yesNo(ir.OnlyReadsMemory(op)) + yesNo(ir.HasWriteEffects(op)) + yesNo(ir.WouldBeTriviallyDead(op))
		if got != tc.want {
			t.Errorf("%s: free/reads-only/writes/dead = %s, want %s", tc.tag, got, tc.want)
		}
	}
	if !ir.IsTriviallyDead(ops["alloc"]) {
		t.Errorf("alloc: an unused allocation is not trivially dead")
	}
}

func TestPerValueEffects(t *testing.T) {
	ops := parseOps(t, effectsBody+`
  "t.load"(%m) {tag = "use_m"} : (memref<4xf32>) -> ()
  "t.load"(%n) {tag = "use_n"} : (memref<4xf32>) -> ()
  "t.load"(%s) {tag = "use_s"} : (memref<4xf32>) -> ()
  "t.load"(%r) {tag = "use_r"} : (memref<4xf32>) -> ()
`)
	root := ops["root"]
	a, b := root.Region(0).Front().Argument(0), root.Region(0).Front().Argument(1)
	names := func(vs []*ir.Value) string {
		var s []string
		for _, v := range vs {
			s = append(s, fmt.Sprintf("arg%d", v.Index()))
		}
		return strings.Join(s, ",")
	}
	// Columns: MayRead a, MayWrite a, MayRead b, MayWrite b, then the values
	// read and written (* marks an unknown value as well).
	for _, tc := range []struct{ tag, want string }{
		{"pure", "---- | "},
		{"read", "y-y- * | "},
		{"write", "-y-y | *"},
		{"free", "-y-y | *"},
		{"alloc", "---- | "},
		{"plain", "yyyy * | *"},
		{"copy", "y--y arg0 | arg1"},
		{"hint", "y--- arg0 | "}, // the cache is no memref's memory
		{"realloc", "-y-- | arg0"},
		{"scope_rw", "y--y arg0 | arg1"},
		{"scope_unknown", "yyyy * | *"},
	} {
		op := ops[tc.tag]
		r, rUnknown := ir.ValuesRead(op)
		w, wUnknown := ir.ValuesWritten(op)
		star := func(u bool) string {
			if u {
				return "*"
			}
			return ""
		}
		got := strings.TrimSpace(fmt.Sprintf("%s%s%s%s %s %s | %s %s",
			yesNo(ir.MayRead(op, a)), yesNo(ir.MayWrite(op, a)), yesNo(ir.MayRead(op, b)), yesNo(ir.MayWrite(op, b)),
			names(r), star(rUnknown), names(w), star(wUnknown)))
		got = strings.Join(strings.Fields(got), " ")
		want := strings.Join(strings.Fields(tc.want), " ")
		if got != want {
			t.Errorf("%s: got %q, want %q", tc.tag, got, want)
		}
	}
	// Fresh allocations: only the op's effects on the value itself count.
	for _, tc := range []struct {
		tag  string
		want bool
	}{{"use_m", false}, {"use_n", false}, {"use_s", true}, {"use_r", true}} {
		if got := ir.IsAllocation(ops[tc.tag].Operand(0)); got != tc.want {
			t.Errorf("IsAllocation(operand of %s) = %v, want %v", tc.tag, got, tc.want)
		}
	}
	if ir.IsTriviallyDead(ops["alloc"]) {
		t.Errorf("alloc: trivially dead although its result is used")
	}
	if ir.IsAllocation(a) {
		t.Errorf("IsAllocation(block argument) = true")
	}
}

func yesNo(b bool) string {
	if b {
		return "y"
	}
	return "-"
}
