package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// Tests of the interpreter's extension points, through handlers of a toy
// dialect defined here, outside the package: the thread environment,
// collectives at each scope, handler-allocated shared memory.

// toyHandlers are the toy dialect's ops:
//
//	toy.ids -> (lane, warp, warpgroup, linear id) of the thread
//	toy.wg_max(index) -> index: warpgroup collective, the max of the group
//	toy.wg_publish(index): warpgroup collective whose Combine stores the
//	    group's sum at [warpgroup] of the shared buffer "toy.sums"
//	toy.shared -> memref: the block's shared buffer "toy.sums" (AllocShared)
//	toy.lookup {name} -> memref: the block's shared memory name (Shared)
func toyHandlers() []interp.Handler {
	return []interp.Handler{
		{Name: "toy.ids", Compile: compileToyIDs},
		{Name: "toy.wg_max", Compile: compileToyWGMax},
		{Name: "toy.wg_publish", Compile: compileToyPublish},
		{Name: "toy.shared", Compile: compileToyShared},
		{Name: "toy.warp_id", Compile: compileWarpID},
		{Name: "toy.lookup", Compile: compileToyLookup},
	}
}

func compileToyIDs(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	rs := c.ResultSlots(op)
	return interp.Compiled{Exec: func(fr *interp.Frame) error {
		t, err := interp.ThreadOf(fr, op)
		if err != nil {
			return err
		}
		for i, v := range []int{t.LaneID(), t.WarpID(), t.WarpgroupID(), t.LinearID()} {
			fr.S[rs[i]] = uint64(v)
		}
		return nil
	}}, nil
}

func compileToyWGMax(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	in, out := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	return c.CollectiveKernel(op, interp.Collective{Scope: interp.WarpgroupScope, Combine: func(ps []*interp.Arrival) error {
		m := ps[0].In[0]
		for _, p := range ps {
			m = max(m, p.In[0])
		}
		for _, p := range ps {
			p.Out[0] = m
		}
		return nil
	}},
		func(fr *interp.Frame) interp.Arrival { return interp.Arrival{In: [3]uint64{fr.S[in]}} },
		func(fr *interp.Frame, a *interp.Arrival) { fr.S[out] = a.Out[0] })
}

var toySumsType = ir.MemRef([]int64{8}, ir.Index, nil, ir.IntAttr(ir.I64, 3))

func compileToyPublish(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	in := c.Slot(op.Operand(0))
	return c.CollectiveKernel(op, interp.Collective{Scope: interp.WarpgroupScope, Combine: func(ps []*interp.Arrival) error {
		t := ps[0].Thread
		buf, err := t.AllocShared(op, "toy.sums", toySumsType)
		if err != nil {
			return err
		}
		var sum uint64
		for _, p := range ps {
			sum += p.In[0]
		}
		return interp.Store(op, buf, []int64{int64(t.WarpgroupID())}, sum)
	}},
		func(fr *interp.Frame) interp.Arrival { return interp.Arrival{In: [3]uint64{fr.S[in]}} },
		nil)
}

func compileToyShared(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return interp.Compiled{}, op.Errorf("result must be a memref")
	}
	r := c.Slot(op.Result(0))
	return interp.Compiled{Exec: func(fr *interp.Frame) error {
		t, err := interp.ThreadOf(fr, op)
		if err != nil {
			return err
		}
		fr.M[r], err = t.AllocShared(op, "toy.sums", rt)
		return err
	}}, nil
}

func compileToyLookup(c *interp.Compiler, op *ir.Operation) (interp.Compiled, error) {
	name, ok := op.Attr("name").(*ir.StringAttr)
	if !ok {
		return interp.Compiled{}, op.Errorf("requires a 'name' string")
	}
	r := c.Slot(op.Result(0))
	return interp.Compiled{Exec: func(fr *interp.Frame) error {
		t, err := interp.ThreadOf(fr, op)
		if err != nil {
			return err
		}
		if fr.M[r] = t.Shared(name.Value); fr.M[r] == nil {
			return ir.Errorf(op.Loc(), "block %v has no shared memory '%s'", t.BlockID(), name.Value)
		}
		return nil
	}}, nil
}

func toyMachine(t *testing.T, src string) *interp.Machine {
	t.Helper()
	return extMachine(t, src, toyHandlers())
}

func toyRun(t *testing.T, src string, outs ...*interp.MemRef) error {
	t.Helper()
	var args []interp.Value
	for _, o := range outs {
		args = append(args, interp.MemRefValue(o))
	}
	_, err := toyMachine(t, src).Call("main", args)
	return err
}

func indexBuf(n int64) *interp.MemRef {
	return newBuf(ir.Index, n)
}

// toyLaunch wraps body in a one-block launch of 128x2 threads (two
// warpgroups of four warps) with %lin, the linear thread id, defined.
func toyLaunch(params, body string) string {
	return `
func.func @main(` + params + `) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c2, %sz = %c1) {
    %row = arith.muli %ty, %c128 : index
    %lin = arith.addi %row, %tx : index
` + body + `
    gpu.terminator
  }
  return
}`
}

func TestThreadEnvironment(t *testing.T) {
	src := toyLaunch("%out: memref<1024xindex>", `
    %lane, %warp, %wg, %l = "toy.ids"() : () -> (index, index, index, index)
    %base = arith.muli %lin, %c2 : index
    %b2 = arith.muli %base, %c2 : index
    %i1 = arith.addi %b2, %c1 : index
    %i2 = arith.addi %i1, %c1 : index
    %c3 = arith.constant 3 : index
    %i3 = arith.addi %b2, %c3 : index
    memref.store %lane, %out[%b2] : memref<1024xindex>
    memref.store %warp, %out[%i1] : memref<1024xindex>
    memref.store %wg, %out[%i2] : memref<1024xindex>
    memref.store %l, %out[%i3] : memref<1024xindex>`)
	out := indexBuf(1024)
	if err := toyRun(t, src, out); err != nil {
		t.Fatal(err)
	}
	for lin := int64(0); lin < 256; lin++ {
		want := []int64{lin % 32, lin / 32, lin / 128, lin}
		for i, w := range want {
			if got, _, _ := out.At(4*lin + int64(i)); int64(got) != w {
				t.Fatalf("thread %d: id #%d is %d, want %d", lin, i, got, w)
			}
		}
	}
}

func TestWarpgroupCollective(t *testing.T) {
	src := toyLaunch("%out: memref<256xindex>", `
    %m = "toy.wg_max"(%lin) : (index) -> index
    memref.store %m, %out[%lin] : memref<256xindex>`)
	out := indexBuf(256)
	if err := toyRun(t, src, out); err != nil {
		t.Fatal(err)
	}
	for lin := int64(0); lin < 256; lin++ {
		want := lin/128*128 + 127
		if got, _, _ := out.At(lin); int64(got) != want {
			t.Fatalf("thread %d: got %d, want %d", lin, got, want)
		}
	}
}

func TestWarpgroupPartialParticipation(t *testing.T) {
	src := toyLaunch("%out: memref<256xindex>", `
    %c64 = arith.constant 64 : index
    %lo = arith.cmpi ult, %lin, %c64 : index
    scf.if %lo {
      %m = "toy.wg_max"(%lin) : (index) -> index
      memref.store %m, %out[%lin] : memref<256xindex>
    }`)
	err := toyRun(t, src, indexBuf(256))
	want := "'toy.wg_max' op reached by 64 of 128 threads of warpgroup 0 of block (0,0,0)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
	d := ir.Diagnostics(err)
	if len(d) != 1 || len(d[0].Notes) != 1 || !strings.Contains(d[0].Notes[0].Msg, "thread (64,0,0) finished without reaching it") {
		t.Fatalf("want a note naming thread (64,0,0): %v", err)
	}
}

// TestCollectiveMemoryAgent checks race detection around a Combine that
// writes shared memory: its own warpgroup may read the result without a
// barrier, another warpgroup may not.
func TestCollectiveMemoryAgent(t *testing.T) {
	const body = `
    "toy.wg_publish"(%lin) : (index) -> ()
    %s = "toy.shared"() : () -> memref<8xindex, 3>
    %lane, %warp, %wg, %l = "toy.ids"() : () -> (index, index, index, index)
    %from = arith.addi %wg, %c0 : index
    %other = arith.subi %c1, %wg : index
    %x = memref.load %s[FROM] : memref<8xindex, 3>
    memref.store %x, %out[%lin] : memref<256xindex>`
	out := indexBuf(256)
	if err := toyRun(t, toyLaunch("%out: memref<256xindex>", strings.Replace(body, "FROM", "%from", 1)), out); err != nil {
		t.Fatal(err)
	}
	for lin := int64(0); lin < 256; lin++ {
		g := lin / 128
		want := (g*128 + (g*128 + 127)) * 128 / 2
		if got, _, _ := out.At(lin); int64(got) != want {
			t.Fatalf("thread %d: got %d, want %d", lin, got, want)
		}
	}
	err := toyRun(t, toyLaunch("%out: memref<256xindex>", strings.Replace(body, "FROM", "%other", 1)), out)
	want := "data race on workgroup memory memref<8xindex, 3> at index [1]: write by warpgroup 1 and read by thread (0,0,0)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}

func TestAllocSharedTypeMismatch(t *testing.T) {
	src := toyLaunch("", `
    %a = "toy.shared"() : () -> memref<8xindex, 3>
    %b = "toy.shared"() : () -> memref<4xindex, 3>`)
	err := toyRun(t, src)
	want := "shared memory 'toy.sums' of block (0,0,0) is memref<8xindex, 3>, not memref<4xindex, 3>"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}

func TestThreadQueryOnHost(t *testing.T) {
	const src = `
func.func @main() -> index {
  %w = "toy.warp_id"() : () -> index
  return %w : index
}`
	err := toyRun(t, src)
	if err == nil || !strings.Contains(err.Error(), "'toy.warp_id' executed outside a GPU kernel") {
		t.Fatalf("got %v", err)
	}
}

// TestBarrierInCallee checks that a kernel calling a function that reaches
// gpu.barrier runs its threads as coroutines.
func TestBarrierInCallee(t *testing.T) {
	const src = `
memref.global "private" @buf : memref<64xf32, 3>
func.func @sync() {
  gpu.barrier
  return
}
func.func @reverse(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @buf : memref<64xf32, 3>
    %v = memref.load %in[%tx] : memref<64xf32>
    memref.store %v, %s[%tx] : memref<64xf32, 3>
    func.call @sync() : () -> ()
    %r = arith.subi %c63, %tx : index
    %x = memref.load %s[%r] : memref<64xf32, 3>
    memref.store %x, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}`
	in := newBuf(ir.F32, 64)
	out := newBuf(ir.F32, 64)
	in.FillRandom(3)
	if _, err := machine(t, src).Call("reverse", []interp.Value{interp.MemRefValue(in), interp.MemRefValue(out)}); err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 64; i++ {
		x, _, _ := in.At(63 - i)
		y, _, _ := out.At(i)
		if x != y {
			t.Fatalf("out[%d] = %x, want %x", i, y, x)
		}
	}
}

// TestSharedFindsWorkgroupGlobal checks that Thread.Shared finds the
// block's instance of a workgroup memref.global by its symbol name.
func TestSharedFindsWorkgroupGlobal(t *testing.T) {
	const src = `
memref.global "private" @buf : memref<64xindex, 3>
func.func @main(%out: memref<64xindex>) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %g = memref.get_global @buf : memref<64xindex, 3>
    memref.store %tx, %g[%tx] : memref<64xindex, 3>
    gpu.barrier
    %h = "toy.lookup"() {name = "buf"} : () -> memref<64xindex, 3>
    %r = arith.subi %c63, %tx : index
    %x = memref.load %h[%r] : memref<64xindex, 3>
    memref.store %x, %out[%tx] : memref<64xindex>
    gpu.terminator
  }
  return
}`
	out := indexBuf(64)
	if err := toyRun(t, src, out); err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 64; i++ {
		if got, _, _ := out.At(i); int64(got) != 63-i {
			t.Fatalf("out[%d] = %d, want %d", i, got, 63-i)
		}
	}
	err := toyRun(t, strings.Replace(src, `name = "buf"`, `name = "nope"`, 1), out)
	if err == nil || !strings.Contains(err.Error(), "block [0 0 0] has no shared memory 'nope'") {
		t.Fatalf("got %v", err)
	}
}
