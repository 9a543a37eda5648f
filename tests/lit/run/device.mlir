// `goopt run --device`: on a machine without an NVIDIA driver (as the test
// machines are), --device=gpu says so and fails, and --device=auto runs the
// interpreter with the same output as --device=interp (and the old name
// --device=cpu).

// RUN: goopt run %s --seed=5 --device=interp | FileCheck %s
// RUN: goopt run %s --seed=5 --device=cpu | FileCheck %s
// RUN: goopt run %s --seed=5 --device=auto | FileCheck %s
// CHECK:      %arg0: memref<64xf32> sum=[[SUM:[-0-9.e]+]] hash=[[HASH:[0-9a-f]+]]
// CHECK-NOT:  {{.}}

// RUN: goopt run %s --seed=5 --device=auto --print --args=zeros,2,3 | FileCheck %s --check-prefix=AUTO
// AUTO:       %arg0: memref<64xf32> =
// AUTO-NEXT:  [3, 3, 3,

// RUN: not goopt run %s --device=gpu 2>&1 | FileCheck %s --check-prefix=GPU
// GPU:        goopt: error: --device=gpu: no GPU to run on: cuda: no NVIDIA driver: cannot load libcuda.so.1: {{.+}}
// GPU-NOT:    {{.}}

// --check-equiv on the GPU needs the GPU too.
// RUN: not goopt run %s --device=gpu --check-equiv=%s 2>&1 | FileCheck %s --check-prefix=EQUIV
// EQUIV:      goopt: error: --device=gpu: no GPU to run on: cuda: no NVIDIA driver

// RUN: not goopt run %s --device=gpu --ptx=%t.missing.ptx 2>&1 | FileCheck %s --check-prefix=PTX
// PTX:        goopt: error: could not open '--ptx' file '{{.*}}missing.ptx'
func.func @scale(%x: memref<64xf32>, %s: f32, %n: i32) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<64xf32>
    %m = arith.mulf %v, %s : f32
    %nf = arith.sitofp %n : i32 to f32
    %r = arith.addf %m, %nf : f32
    memref.store %r, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
