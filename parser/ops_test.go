package parser

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

func parseOK(t *testing.T, ctx *ir.Context, src string) *File {
	t.Helper()
	f, err := ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse failed:\n%v\nsource:\n%s", err, src)
	}
	return f
}

func TestGenericOps(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", ``, `"builtin.module"() ({
^bb0():
}) : () -> ()
`},
		{"results and operands", `%0 = "foo.a"() : () -> i32
%1:2 = "foo.b"(%0, %0) : (i32, i32) -> (i32, f32)
"foo.c"(%1#1, %1#0) : (f32, i32) -> ()
`, `"builtin.module"() ({
^bb0():
  %0 = "foo.a"() : () -> i32
  %1, %2 = "foo.b"(%0, %0) : (i32, i32) -> (i32, f32)
  "foo.c"(%2, %1) : (f32, i32) -> ()
}) : () -> ()
`},
		{"result groups", `%a, %b:2, %c = "foo.a"() : () -> (i1, i2, i3, i4)
"foo.u"(%a, %b#1, %c) : (i1, i3, i4) -> ()
`, `"builtin.module"() ({
^bb0():
  %0, %1, %2, %3 = "foo.a"() : () -> (i1, i2, i3, i4)
  "foo.u"(%0, %2, %3) : (i1, i3, i4) -> ()
}) : () -> ()
`},
		{"forward reference", `"foo.use"(%x) : (i32) -> ()
%x = "foo.def"() : () -> i32
`, `"builtin.module"() ({
^bb0():
  "foo.use"(%0) : (i32) -> ()
  %0 = "foo.def"() : () -> i32
}) : () -> ()
`},
		{"props attrs regions successors", `"foo.op"() <{p = 1 : i32}> ({
^bb0(%a: i32, %b: f32):
  "foo.br"(%a)[^bb1] : (i32) -> ()
^bb1:
  "foo.cond"(%b)[^bb1, ^bb2] : (f32) -> ()
^bb2(%c: i32):
  "foo.ret"(%c) : (i32) -> ()
}, {
}) {d = "x", u} : () -> ()
`, `"builtin.module"() ({
^bb0():
  "foo.op"() <{p = 1 : i32}> ({
  ^bb0(%0: i32, %1: f32):
    "foo.br"(%0)[^bb1] : (i32) -> ()
  ^bb1():
    "foo.cond"(%1)[^bb1, ^bb2] : (f32) -> ()
  ^bb2(%2: i32):
    "foo.ret"(%2) : (i32) -> ()
  }, {
  }) {d = "x", u} : () -> ()
}) : () -> ()
`},
		{"entry block without label", `"foo.op"() ({
  %0 = "foo.x"() : () -> i32
  "foo.y"(%0) : (i32) -> ()
}) : () -> ()
`, `"builtin.module"() ({
^bb0():
  "foo.op"() ({
  ^bb0():
    %0 = "foo.x"() : () -> i32
    "foo.y"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`},
		{"sibling regions reuse names", `"foo.a"() ({
  %0 = "foo.x"() : () -> i32
}) : () -> ()
"foo.b"() ({
  %0 = "foo.x"() : () -> f32
}) : () -> ()
`, `"builtin.module"() ({
^bb0():
  "foo.a"() ({
  ^bb0():
    %0 = "foo.x"() : () -> i32
  }) : () -> ()
  "foo.b"() ({
  ^bb0():
    %1 = "foo.x"() : () -> f32
  }) : () -> ()
}) : () -> ()
`},
		{"aliases", `#m = affine_map<(d0) -> (d0 + 1)>
!t = memref<4xf32, #m>
"foo.a"() {m = #m} : () -> !t
`, `"builtin.module"() ({
^bb0():
  %0 = "foo.a"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
}) : () -> ()
`},
		{"quoted op name and escapes", `"foo.a\62"() : () -> ()`, `"builtin.module"() ({
^bb0():
  "foo.ab"() : () -> ()
}) : () -> ()
`},
		{"explicit module", `"builtin.module"() ({
  "foo.a"() : () -> ()
}) {sym_name = "m"} : () -> ()
`, `"builtin.module"() ({
^bb0():
  "foo.a"() : () -> ()
}) {sym_name = "m"} : () -> ()
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseOK(t, unregCtx(), tc.in)
			if got := dump(f.Module); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestForwardReferenceUses(t *testing.T) {
	f := parseOK(t, unregCtx(), `"foo.use"(%x, %x) : (i32, i32) -> ()
%x = "foo.def"() : () -> i32
`)
	body := f.Module.Region(0).Front()
	def := body.Last()
	if n := len(def.Result(0).Uses()); n != 2 {
		t.Errorf("forward-referenced value has %d uses, want 2", n)
	}
	if body.First().Operand(0) != def.Result(0) {
		t.Errorf("forward reference not resolved to the definition")
	}
}

func TestPropsAndInherentAttrs(t *testing.T) {
	d := &ir.Dialect{Name: "reg", Ops: []*ir.OpDef{{Name: "reg.op", Inherent: []string{"value"}}, {Name: "reg.term", Traits: ir.Terminator}}}
	ctx := ir.NewContext(d)
	f := parseOK(t, ctx, `"reg.op"() {value = 1 : i32, other = 2 : i32} : () -> ()
"reg.op"() <{value = 3 : i32}> : () -> ()
`)
	ops := f.Module.Region(0).Front().Ops()
	if p := ops[0].Props(); len(p) != 1 || p[0].Name != "value" {
		t.Errorf("inherent attr not moved to props: %v", p)
	}
	if a := ops[0].DiscardableAttrs(); len(a) != 1 || a[0].Name != "other" {
		t.Errorf("discardable attrs = %v", a)
	}
	if ops[1].Attr("value").String() != "3 : i32" {
		t.Errorf("props = %v", ops[1].Props())
	}
	if !ops[0].IsRegistered() {
		t.Errorf("registered op has no def")
	}
	_, err := ParseFile(ctx, "t.mlir", []byte(`"reg.op"() [^bb1] : () -> ()`))
	if err == nil || !strings.Contains(err.Error(), "t.mlir:1:12: error: successors in non-terminator") {
		t.Errorf("got %v", err)
	}
}

func TestOpLocations(t *testing.T) {
	src := `%0 = "foo.a"() : () -> i32
  "foo.b"() : () -> () loc("file.mlir":10:20)
"foo.c"() : () -> () loc("name")
"foo.d"() : () -> () loc("name"("f":1:2))
"foo.e"() : () -> () loc(callsite("a":1:1 at "b":2:2))
"foo.f"() : () -> () loc(fused["a":1:1, "b":2:2])
"foo.g"() : () -> () loc(fused<"meta">["a":1:1])
"foo.h"() : () -> () loc(unknown)
"foo.i"() : () -> () loc(#loc1)
"foo.j"() ({
^bb0(%arg: i32 loc(#loc2), %b: f32):
  "foo.k"() : () -> () loc(callsite("y":1:1 at "z":9:9))
}) : () -> ()
"foo.l"() : () -> () loc(fused["a":1:1])
#loc1 = loc("late":7:8)
#loc2 = loc("arg":1:1)
`
	f := parseOK(t, unregCtx(), src)
	ops := f.Module.Region(0).Front().Ops()
	want := []string{
		`loc("t.mlir":1:6)`,
		`loc("file.mlir":10:20)`,
		`loc("name")`,
		`loc("name"("f":1:2))`,
		`loc(callsite("a":1:1 at "b":2:2))`,
		`loc(fused["a":1:1, "b":2:2])`,
		`loc(fused<"meta">["a":1:1])`,
		`loc(unknown)`,
		`loc("late":7:8)`,
		`loc("t.mlir":10:1)`,
		`loc("a":1:1)`,
	}
	for i, w := range want {
		if got := ops[i].Loc().String(); got != w {
			t.Errorf("op %d (%s) loc = %s, want %s", i, ops[i].Name(), got, w)
		}
	}
	entry := ops[9].Region(0).Front()
	if got := entry.Argument(0).Loc().String(); got != `loc("arg":1:1)` {
		t.Errorf("arg loc = %s", got)
	}
	if got := entry.Argument(1).Loc().String(); got != `loc("t.mlir":11:28)` {
		t.Errorf("arg loc = %s", got)
	}
	if got := entry.First().Loc().String(); got != `loc(callsite("y":1:1 at "z":9:9))` {
		t.Errorf("nested deferred loc = %s", got)
	}
	if got := f.Module.Loc().String(); got != `loc("t.mlir":0:0)` {
		t.Errorf("implicit module loc = %s", got)
	}
}

func TestParseFileAtOffsetsLines(t *testing.T) {
	_, err := ParseFileAt(unregCtx(), "big.mlir", []byte("\n\"foo.a\"(%x) : (i32) -> ()\n"), 40)
	if err == nil || err.Error() != "big.mlir:42:9: error: use of undeclared SSA value name" {
		t.Errorf("got %v", err)
	}
	f, err := ParseFileAt(unregCtx(), "big.mlir", []byte("\n\"foo.a\"() : () -> ()\n"), 40)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Module.Region(0).Front().First().Loc().String(); got != `loc("big.mlir":42:1)` {
		t.Errorf("loc = %s", got)
	}
}

func TestSplitInputFile(t *testing.T) {
	src := "a\nb\n// -----\nc\n// -----\n\nd\n"
	chunks := SplitInputFile([]byte(src))
	if len(chunks) != 3 {
		t.Fatalf("got %d chunks", len(chunks))
	}
	wantText := []string{"a\nb\n", "\nc\n", "\n\nd\n"}
	wantOff := []int{0, 2, 4}
	for i, c := range chunks {
		if string(c.Text) != wantText[i] || c.LineOffset != wantOff[i] {
			t.Errorf("chunk %d = %q @%d, want %q @%d", i, c.Text, c.LineOffset, wantText[i], wantOff[i])
		}
	}
	// A line in chunk 2 reports its line in the original buffer.
	src2 := "\"foo.a\"() : () -> ()\n// -----\n\"foo.b\"(%x) : (i32) -> ()\n"
	cs := SplitInputFile([]byte(src2))
	_, err := ParseFileAt(unregCtx(), "s.mlir", cs[1].Text, cs[1].LineOffset)
	if err == nil || err.Error() != "s.mlir:3:9: error: use of undeclared SSA value name" {
		t.Errorf("got %v", err)
	}
}

func TestResources(t *testing.T) {
	src := `"foo.a"() {r = dense_resource<blob> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000A000000"
    }
  }
#-}
`
	f := parseOK(t, unregCtx(), src)
	if !strings.HasPrefix(f.Resources, "{-#") || !strings.HasSuffix(f.Resources, "#-}") || !strings.Contains(f.Resources, "blob: \"0x040000000A000000\"") {
		t.Errorf("resources = %q", f.Resources)
	}
}

// TestErrors checks messages and positions against mlir-opt-19
// --allow-unregistered-dialect.
func TestErrors(t *testing.T) {
	tests := []textCase{
		{"\"foo.x\"(%0) : (i32) -> ()\n", "t.mlir:1:9: error: use of undeclared SSA value name"},
		{"\"foo.x\"(%0) : (i32) -> ()\n\"foo.y\"(%1) : (i32) -> ()\n", "t.mlir:1:9: error: use of undeclared SSA value name\nt.mlir:2:9: error: use of undeclared SSA value name"},
		{"%0 = \"foo.x\"() : () -> i32\n%0 = \"foo.y\"() : () -> i32\n", "t.mlir:2:1: error: redefinition of SSA value '%0'\nt.mlir:1:1: note: previously defined here"},
		{"\"foo.x\"(%0) : (i32) -> ()\n\"foo.y\"(%0) : (f32) -> ()\n%0 = \"foo.z\"() : () -> i32\n", "t.mlir:2:9: error: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'\nt.mlir:1:9: note: prior use here"},
		{"\"foo.x\"(%0) : (i32) -> ()\n%0 = \"foo.z\"() : () -> f32\n", "t.mlir:2:1: error: definition of SSA value '%0#0' has type 'f32'\nt.mlir:1:9: note: previously used here with type 'i32'"},
		{"\"foo.x\"() : () -> (\n", "t.mlir:1:20: error: expected non-function type"},
		{"\"foo.x\"() : i32\n", "t.mlir:1:13: error: expected function type"},
		{"\"foo.x\"(%a) : () -> ()\n", "t.mlir:1:15: error: expected 1 operand type but had 0"},
		{"%x:2 = \"foo.x\"() : () -> i32\n", "t.mlir:1:1: error: operation defines 1 results but was provided 2 to bind"},
		{"%x = \"foo.x\"() : () -> ()\n", "t.mlir:1:1: error: cannot name an operation with no results"},
		{"\"foo.x\"() {a = 1 : i8, b = 300 : i8} : () -> ()\n", "t.mlir:1:28: error: integer constant out of range for attribute"},
		{"\"foo.x\"() {a = #undefined} : () -> ()\n", "t.mlir:1:26: error: undefined symbol alias id 'undefined'"},
		{"\"foo.x\"() {a = 1, b = !undef\n} : () -> ()\n", "t.mlir:1:29: error: undefined symbol alias id 'undef'"},
		{"\"foo.x\"() {a = \"abc} : () -> ()\n", "t.mlir:1:32: error: expected '\"' in string literal"},
		{"\"foo.x\"() : () -> memref<4xf32, 3, 4>\n", "t.mlir:1:37: error: multiple memory spaces specified in memref type"},
		{"\"foo.x\"() : () -> vector<0xf32>\n", "t.mlir:1:28: error: vector types must have positive constant sizes"},
		{"\"foo.x\"() : () -> tensor<4x?xf32\n", "t.mlir:1:33: error: expected '>' in tensor type"},
		{"\"foo.x\"() ({\n^bb0:\n  \"foo.br\"()[^bb2] : () -> ()\n}) : () -> ()\n", "t.mlir:3:14: error: reference to an undefined block"},
		{"\"foo.x\"() ({\n^bb0:\n  \"foo.y\"() : () -> ()\n^bb0:\n  \"foo.y\"() : () -> ()\n}) : () -> ()\n", "t.mlir:4:1: error: redefinition of block '^bb0'"},
		{"\"foo.x\"() : () -> () loc(#loc9)\n", "t.mlir:1:26: error: operation location alias was never defined"},
		{"\"foo.x\"() {a = 1.5 : i32} : () -> ()\n", "t.mlir:1:25: error: floating point value not valid for specified type"},
		{"!a = i32\n!a = i64\n", "t.mlir:2:1: error: redefinition of type alias id 'a'"},
		{"#a = 1\n#a = 2\n", "t.mlir:2:1: error: redefinition of attribute alias id 'a'"},
		{"\"foo.x\"(%0#3) : (i32) -> ()\n%0 = \"foo.y\"() : () -> i32\n", "t.mlir:1:9: error: use of undeclared SSA value name"},
		{"%0 = \"foo.y\"() : () -> i32\n\"foo.x\"(%0#3) : (i32) -> ()\n", "t.mlir:2:9: error: reference to invalid result number"},
		{"$\n", "t.mlir:1:1: error: unexpected character"},
		{"\"foo.x\"() [^bb1] : () -> ()\n", "t.mlir:1:12: error: reference to an undefined block"},
		{"\"foo.x\"(\n", "t.mlir:1:9: error: expected ')' to end operand list"},
		{"\"foo.x\"() :\n() -> i32 }\n", "t.mlir:2:10: error: expected operation name in quotes"},
		{"%0 \"foo.x\"() : () -> i32\n", "t.mlir:1:3: error: expected '=' after SSA name"},
		{"\"\"() : () -> ()\n", "t.mlir:1:1: error: empty operation name is invalid"},
		{"\"foo.x\"() ({\n  \"foo.y\"() : () -> ()\n) : () -> ()\n", "t.mlir:2:23: error: expected operation name in quotes"},
		{"\"foo.x\"() {a = affine_map<(d0) -> (d0 floordiv d0)>} : () -> ()\n", "t.mlir:1:39: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic"},
		{"\"foo.x\"() : () -> () loc(\"a\":x)\n", "t.mlir:1:30: error: expected integer line number in FileLineColLoc"},
		// parseUint's three callers, positioned as mlir-opt-19 positions them.
		{"\"foo.x\"() : () -> () loc(\"a\":1:x)\n", "t.mlir:1:32: error: expected integer column number in FileLineColLoc"},
		{"\"foo.x\"() {a = distinct[x]<1>} : () -> ()\n", "t.mlir:1:25: error: expected distinct ID"},
		{"%0:0 = \"foo.x\"() : () -> ()\n", "t.mlir:1:4: error: expected named operation to have at least 1 result"},
		{"%0:x = \"foo.x\"() : () -> ()\n", "t.mlir:1:4: error: expected integer number of results"},
		{"\"foo.x\"() : () -> () loc(callsite(\"a\" on \"b\"))\n", "t.mlir:1:38: error: expected 'at' in callsite location"},
		{"#l = 1\n\"foo.x\"() : () -> () loc(#l)\n", "t.mlir:2:26: error: expected location, but found '1 : i64'"},
		{"\"foo.x\"() ({\n^bb0(%a: i32, %a: i32):\n  \"foo.y\"() : () -> ()\n}) : () -> ()\n", "t.mlir:2:15: error: redefinition of SSA value '%a'\nt.mlir:2:6: note: previously defined here"},
	}
	wantDiagnostics(t, "ParseFile", fileParser(unregCtx), tests)
}

func TestUnregisteredDialectOp(t *testing.T) {
	_, err := ParseFile(ir.NewContext(), "t.mlir", []byte("\"foo.x\"() : () -> ()\n"))
	want := "t.mlir:1:1: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"
	if err == nil || err.Error() != want {
		t.Errorf("got %v", err)
	}
}
