package interp_test

import (
	"fmt"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// toyKernel runs two warps; every thread contributes its x id to
// toy.warp_sum and stores the sum of its warp, and toy.warp_id.
const toyKernel = `
func.func @main(%sums: memref<64xf32>, %warps: memref<64xindex>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.uitofp %i : i32 to f32
    %s = "toy.warp_sum"(%v) : (f32) -> f32
    %w = "toy.warp_id"() : () -> index
    memref.store %s, %sums[%tx] : memref<64xf32>
    memref.store %w, %warps[%tx] : memref<64xindex>
    gpu.terminator
  }
  return
}`

// compileWarpID compiles toy.warp_id from the thread environment.
func compileWarpID(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	r := c.Slot(op.Result(0))
	return interp.Compiled{Exec: func(fr *interp.Frame) error {
		t, err := interp.ThreadOf(fr, op) // a located error on the host
		if err != nil {
			return err
		}
		fr.S[r] = uint64(t.WarpID())
		return nil
	}}, nil
}

// compileWarpSum compiles toy.warp_sum, a warp collective: each lane
// arrives with its value, Combine runs once per warp when all 32 lanes have
// arrived, and each lane resumes with the sum.
func compileWarpSum(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	ft, ok := op.Result(0).Type().(*ir.FloatType)
	if !ok || op.NumOperands() != 1 {
		return interp.Compiled{}, op.Errorf("expects one float operand and result")
	}
	in, out := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	k, err := c.Collective(op, interp.Collective{
		Scope: interp.WarpScope,
		Combine: func(lanes []*interp.Arrival) error {
			sum := 0.0
			for _, l := range lanes {
				sum += interp.Value{Type: ft, Bits: l.In[0]}.Float()
			}
			for _, l := range lanes {
				l.Out[0] = interp.FloatValue(ft, sum).Bits
			}
			return nil
		},
	})
	if err != nil {
		return interp.Compiled{}, err
	}
	return interp.Compiled{Exec: func(fr *interp.Frame) error {
		a, err := fr.Arrive(k, interp.Arrival{In: [3]uint64{fr.S[in]}})
		if err != nil {
			return err
		}
		fr.S[out] = a.Out[0]
		return nil
	}}, nil
}

// A dialect outside the interpreter adds handlers for its ops, here a
// thread-id query and a warp collective of a toy dialect, and runs a kernel
// that uses them.
func Example_handlers() {
	ctx := all.NewContext()
	ctx.AllowUnregistered = true // toy is no registered dialect: generic form
	f, err := parser.ParseFile(ctx, "toy.mlir", []byte(toyKernel))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := interp.New(f.Module, interp.Options{Handlers: []interp.Handler{
		{Name: "toy.warp_sum", Compile: compileWarpSum},
		{Name: "toy.warp_id", Compile: compileWarpID},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	sums := interp.NewMemRef(ir.MemRef([]int64{64}, ir.F32, nil, nil), nil)
	warps := interp.NewMemRef(ir.MemRef([]int64{64}, ir.Index, nil, nil), nil)
	if _, err := m.Call("main", []interp.Value{interp.MemRefValue(sums), interp.MemRefValue(warps)}); err != nil {
		fmt.Println(err)
		return
	}
	for _, tid := range []int64{0, 31, 32, 63} {
		s, _, _ := sums.At(tid)
		w, _, _ := warps.At(tid)
		fmt.Printf("thread %d: warp %d, warp sum %v\n", tid, w, interp.Value{Type: ir.F32, Bits: s}.Float())
	}
	// Output:
	// thread 0: warp 0, warp sum 496
	// thread 31: warp 0, warp sum 496
	// thread 32: warp 1, warp sum 1520
	// thread 63: warp 1, warp sum 1520
}
