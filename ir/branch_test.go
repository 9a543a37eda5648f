package ir_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func TestSuccessorOperands(t *testing.T) {
	ctx := ir.NewContext(all.All()...)
	src := `func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %b : i32, i32)
^bb1(%x: i32):
  cf.switch %x : i32, [default: ^bb1(%x : i32)]
^bb2(%y: i32, %z: i32):
  return
}`
	f, err := parser.ParseFile(ctx, "f.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var br, sw *ir.Operation
	ir.WalkOps(f.Module, func(op *ir.Operation) {
		switch op.Name() {
		case "cf.cond_br":
			br = op
		case "cf.switch":
			sw = op
		}
	})
	if !ir.IsBranchOp(br) || ir.IsBranchOp(sw) {
		t.Fatalf("IsBranchOp: cond_br %v (want true), switch %v (want false)", ir.IsBranchOp(br), ir.IsBranchOp(sw))
	}
	a, b := br.Operand(1), br.Operand(3)
	if got := ir.SuccessorOperands(br, 1); len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("false successor operands = %v", got)
	}
	if !ir.SetSuccessorOperands(br, 0, []*ir.Value{a, b}) || !ir.SetSuccessorOperands(br, 1, []*ir.Value{b}) {
		t.Fatal("SetSuccessorOperands failed")
	}
	want := "cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb2(%arg2 : i32)"
	if got := printer.String(br, printer.Options{}); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
