// gpu.launch: plain, async with dependencies, with dynamic shared memory,
// attributions, clusters and extra attributes.
func.func @launch(%n: index, %dsm: i32, %buf: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %buf[%tx] : memref<32xf32>
    %s = arith.addi %bx, %gx : index
    gpu.terminator
  }
  %t0 = gpu.wait async
  %t1 = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %dsm workgroup(%w : memref<32xf32, 3>) private(%p : memref<1xf32, 5>) {
    gpu.terminator
  } {foo}
  %t2 = gpu.launch async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c1, %ncy = %c1, %ncz = %c1) blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = arith.addi %cx, %ncz : index
    gpu.terminator
  }
  gpu.wait [%t1, %t2]
  return
}
