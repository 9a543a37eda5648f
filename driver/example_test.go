package driver_test

import (
	"context"
	"fmt"
	"os"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
	"github.com/goopt/goopt/printer"
)

const exampleSrc = `func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
`

// The library flow: parse, run a pipeline, print. The pipeline may be
// anchored (`builtin.module(...)`) or not, as here.
func Example_library() {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "in.mlir", []byte(exampleSrc))
	if err != nil {
		fmt.Println(err)
		return
	}
	pm := pass.New(ctx, "builtin.module")
	if err := registry.All().AddPipeline(pm.OpPassManager, "func.func(cse),canonicalize"); err != nil {
		fmt.Println(err)
		return
	}
	pm.Verify = ir.Verify
	if err := pm.Run(f.Module); err != nil {
		fmt.Println(err)
		return
	}
	printer.PrintFile(os.Stdout, f.Module, f.Resources, printer.Options{})
	// Output:
	// module {
	//   func.func @f(%arg0: i32) -> i32 {
	//     %0 = arith.addi %arg0, %arg0 : i32
	//     %1 = arith.muli %0, %0 : i32
	//     return %1 : i32
	//   }
	// }
}

// Opt is the same flow as `goopt opt`, diagnostics included.
func ExampleOpt() {
	out, diags := driver.Opt(context.Background(), []byte(exampleSrc), "in.mlir", driver.OptOptions{
		Pipeline: "builtin.module(func.func(cse))",
	})
	driver.Sources{"in.mlir": []byte(exampleSrc)}.WriteDiagnostics(os.Stderr, diags)
	fmt.Print(string(out))
	// Output:
	// module {
	//   func.func @f(%arg0: i32) -> i32 {
	//     %0 = arith.addi %arg0, %arg0 : i32
	//     %1 = arith.muli %0, %0 : i32
	//     return %1 : i32
	//   }
	// }
}
