// A hand-written row softmax in gpu.launch form with dynamic sizes: one
// thread per row (max, sum of exponentials, normalise). exp(d) is
// 2^(d·log2 e) through PTX's ex2.approx.f32 (relative error about 2^-22):
// goopt does not lower math.exp for NVPTX yet.
func.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %log2e = arith.constant 1.44269504 : f32
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %g = arith.ceildivui %rows, %c128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c128 : index
    %r = arith.addi %base, %tx : index
    %in = arith.cmpi ult, %r, %rows : index
    scf.if %in {
      %m = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %ninf) -> (f32) {
        %v = memref.load %x[%r, %j] : memref<?x?xf32>
        %n = arith.maximumf %acc, %v : f32
        scf.yield %n : f32
      }
      %s = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %x[%r, %j] : memref<?x?xf32>
        %d = arith.subf %v, %m : f32
        %t = arith.mulf %d, %log2e : f32
        %e = llvm.inline_asm "ex2.approx.f32 $0, $1;", "=f,f" %t : (f32) -> f32
        %n = arith.addf %acc, %e : f32
        scf.yield %n : f32
      }
      scf.for %j = %c0 to %cols step %c1 {
        %v = memref.load %x[%r, %j] : memref<?x?xf32>
        %d = arith.subf %v, %m : f32
        %t = arith.mulf %d, %log2e : f32
        %e = llvm.inline_asm "ex2.approx.f32 $0, $1;", "=f,f" %t : (f32) -> f32
        %o = arith.divf %e, %s : f32
        memref.store %o, %y[%r, %j] : memref<?x?xf32>
      }
    }
    gpu.terminator
  }
  return
}
