package gpumatmulwmma_test

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
	"github.com/goopt/goopt/printer"
)

// Build the pipeline as a library, run it on a small matmul and check the
// generated gpu.launch against the input on the interpreter.
func Example() {
	src := matmul(64, 64, 64)
	ctx := all.NewContext()
	in, _ := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	out, _ := parser.ParseFile(ctx, "matmul.mlir", []byte(src))

	o := gpumatmulwmma.DefaultOptions()
	o.TBTile, o.WarpTile = []int64{32, 32, 32}, []int64{16, 16, 16}
	pm := pass.New(ctx, "builtin.module")
	if err := gpumatmulwmma.Build(pm.OpPassManager, o); err != nil {
		fmt.Println(err)
		return
	}
	pm.Verify = ir.Verify
	if err := pm.Run(out.Module); err != nil {
		fmt.Println(err)
		return
	}
	text := printer.String(out.Module, printer.Options{})
	fmt.Println(strings.Contains(text, "threads(%arg6, %arg7, %arg8) in (%arg12 = %c128"))
	fmt.Println(equiv.Check(in.Module, out.Module, "matmul", equiv.Options{RelTol: 1e-5}))
	// Output:
	// true
	// <nil>
}
