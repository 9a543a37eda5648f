package interp_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

// llvmUpstreamPrograms are scalar llvm-dialect programs whose @main
// returns an i32 that mixes many results, so that one number compares a
// whole family of ops between the interpreter and mlir-cpu-runner-19.
var llvmUpstreamPrograms = map[string]string{
	"int": `
llvm.func @main() -> i32 {
  %a = llvm.mlir.constant(-123456789 : i32) : i32
  %b = llvm.mlir.constant(97 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %0 = llvm.sdiv %a, %b : i32
  %1 = llvm.urem %a, %b : i32
  %2 = llvm.srem %a, %b : i32
  %3 = llvm.udiv %a, %b : i32
  %4 = llvm.ashr %a, %c5 : i32
  %5 = llvm.lshr %a, %c5 : i32
  %6 = llvm.shl %a, %c5 : i32
  %7 = llvm.intr.bitreverse(%a) : (i32) -> i32
  %8 = llvm.intr.bswap(%a) : (i32) -> i32
  %9 = llvm.intr.umax(%a, %b) : (i32, i32) -> i32
  %10 = llvm.intr.smin(%a, %b) : (i32, i32) -> i32
  %x0 = llvm.xor %0, %1 : i32
  %x1 = llvm.mul %x0, %2 : i32
  %x2 = llvm.add %x1, %3 : i32
  %x3 = llvm.xor %x2, %4 : i32
  %x4 = llvm.sub %x3, %5 : i32
  %x5 = llvm.xor %x4, %6 : i32
  %x6 = llvm.add %x5, %7 : i32
  %x7 = llvm.xor %x6, %8 : i32
  %x8 = llvm.add %x7, %9 : i32
  %x9 = llvm.mul %x8, %10 : i32
  llvm.return %x9 : i32
}`,
	"float": `
llvm.func @main() -> i32 {
  %a = llvm.mlir.constant(3.7 : f32) : f32
  %b = llvm.mlir.constant(-1.25 : f32) : f32
  %0 = llvm.fdiv %a, %b : f32
  %1 = llvm.intr.sqrt(%a) : (f32) -> f32
  %2 = llvm.intr.fma(%0, %1, %b) : (f32, f32, f32) -> f32
  %3 = llvm.intr.floor(%2) : (f32) -> f32
  %4 = llvm.intr.maxnum(%3, %b) : (f32, f32) -> f32
  %5 = llvm.frem %a, %b : f32
  %6 = llvm.fadd %4, %5 : f32
  %7 = llvm.fptrunc %6 : f32 to f16
  %8 = llvm.bitcast %7 : f16 to i16
  %9 = llvm.zext %8 : i16 to i32
  %10 = llvm.bitcast %2 : f32 to i32
  %11 = llvm.fcmp "ult" %a, %b : f32
  %12 = llvm.zext %11 : i1 to i32
  %13 = llvm.fptosi %0 : f32 to i32
  %14 = llvm.uitofp %9 : i32 to f64
  %15 = llvm.fptoui %14 : f64 to i32
  %r0 = llvm.xor %9, %10 : i32
  %r1 = llvm.add %r0, %12 : i32
  %r2 = llvm.mul %r1, %13 : i32
  %r3 = llvm.add %r2, %15 : i32
  llvm.return %r3 : i32
}`,
	"loop": `
llvm.func @step(%x: i64) -> i64 {
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %odd = llvm.and %x, %c1 : i64
  %t = llvm.trunc %odd : i64 to i32
  llvm.switch %t : i32, ^even [
    1: ^odd
  ]
^even:
  %h = llvm.lshr %x, %c1 : i64
  llvm.return %h : i64
^odd:
  %m = llvm.mul %x, %c3 : i64
  %n = llvm.add %m, %c1 : i64
  llvm.return %n : i64
}
llvm.func @main() -> i32 {
  %x0 = llvm.mlir.constant(27 : i64) : i64
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^head(%x0, %c0 : i64, i32)
^head(%x: i64, %n: i32):
  %done = llvm.icmp "eq" %x, %one : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %y = llvm.call @step(%x) : (i64) -> i64
  %n2 = llvm.add %n, %c1 : i32
  llvm.br ^head(%y, %n2 : i64, i32)
^exit:
  llvm.return %n : i32
}`,
	"memory": `
llvm.mlir.global internal @tab(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x i32>>
llvm.mlir.global internal @cell() {addr_space = 0 : i32} : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
llvm.func @main() -> i32 {
  %cell = llvm.mlir.addressof @cell : !llvm.ptr
  %tab = llvm.mlir.addressof @tab : !llvm.ptr
  %row = llvm.getelementptr %tab[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
  %c7 = llvm.mlir.constant(7 : i8) : i8
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %f = llvm.mlir.constant(1.5 : f32) : f32
  %v0 = llvm.mlir.constant(dense<[1.0, 2.0, 3.0]> : vector<3xf32>) : vector<3xf32>
  %v = llvm.insertelement %f, %v0[%c2 : i32] : vector<3xf32>
  %u = llvm.mlir.undef : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s0 = llvm.insertvalue %c7, %u[0] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s1 = llvm.insertvalue %row, %s0[1] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s2 = llvm.insertvalue %v, %s1[2] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  llvm.store %s2, %cell : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>, !llvm.ptr
  %pi = llvm.getelementptr %cell[0, 3, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %c9 = llvm.mlir.constant(9 : i16) : i16
  llvm.store %c9, %pi : i16, !llvm.ptr
  %l = llvm.load %cell : !llvm.ptr -> !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %lp = llvm.extractvalue %l[1] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %e1p = llvm.getelementptr %lp[2] : (!llvm.ptr) -> !llvm.ptr, i32
  %e = llvm.load %e1p : !llvm.ptr -> i32
  %lv = llvm.extractvalue %l[2] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %sh = llvm.shufflevector %lv, %lv [2, 0] : vector<3xf32>
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %x = llvm.extractelement %sh[%c0 : i64] : vector<2xf32>
  %xi = llvm.fptosi %x : f32 to i32
  %h = llvm.load %pi : !llvm.ptr -> i16
  %hi = llvm.sext %h : i16 to i32
  %null = llvm.mlir.zero : !llvm.ptr
  %end = llvm.getelementptr %null[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %size = llvm.ptrtoint %end : !llvm.ptr to i32
  %ok = llvm.cmpxchg %e1p, %e, %size acq_rel monotonic : !llvm.ptr, i32
  %old = llvm.atomicrmw add %e1p, %c2 monotonic : !llvm.ptr, i32
  %c100 = llvm.mlir.constant(100 : i32) : i32
  %r0 = llvm.mul %e, %c100 : i32
  %r1 = llvm.add %r0, %xi : i32
  %r2 = llvm.mul %r1, %hi : i32
  %r3 = llvm.mul %r2, %old : i32
  llvm.return %r3 : i32
}`,
}

// TestLLVMAgainstUpstream runs each program in the interpreter and in
// mlir-cpu-runner-19 (JIT-compiled by LLVM on the host, whose data layout
// agrees with NVPTX's for these types) and compares the i32 results.
func TestLLVMAgainstUpstream(t *testing.T) {
	runner := testutil.Tool(t, "mlir-cpu-runner-19")
	for name, src := range llvmUpstreamPrograms {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := machine(t, src).Call("main", nil)
			if err != nil {
				t.Fatalf("interpreter: %v", err)
			}
			file := filepath.Join(t.TempDir(), name+".mlir")
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			checkInt(t, res[0], cpuRun(t, runner, file, "main", "i32"))
		})
	}
}
