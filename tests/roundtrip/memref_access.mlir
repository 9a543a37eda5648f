// memref.load / store (nontemporal), prefetch and atomic_rmw with every kind.
func.func @load_store(%m: memref<8x8xf32>, %z: memref<f32>, %g: memref<4xf16, 3>, %i: index, %j: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<8x8xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<8x8xf32>
  %2 = memref.load %z[] : memref<f32>
  %3 = memref.load %g[%i] : memref<4xf16, 3>
  memref.store %v, %m[%i, %j] : memref<8x8xf32>
  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x8xf32>
  memref.store %v, %z[] : memref<f32>
  memref.store %3, %g[%j] : memref<4xf16, 3>
  return %2 : f32
}

func.func @prefetch(%m: memref<400x400xi32>, %i: index) {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<400x400xi32>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<400x400xi32>
  memref.prefetch %m[%i, %i], read, locality<1>, instr : memref<400x400xi32>
  memref.prefetch %m[%i, %i], write, locality<2>, data : memref<400x400xi32>
  return
}

func.func @atomics(%f: memref<10xf32>, %n: memref<10xi32>, %x: f32, %y: i32, %i: index) {
  %0 = memref.atomic_rmw addf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw addi %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %2 = memref.atomic_rmw assign %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %3 = memref.atomic_rmw maximumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw maxs %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %5 = memref.atomic_rmw maxu %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %6 = memref.atomic_rmw minimumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %7 = memref.atomic_rmw mins %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %8 = memref.atomic_rmw minu %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %9 = memref.atomic_rmw mulf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %10 = memref.atomic_rmw muli %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %11 = memref.atomic_rmw ori %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %12 = memref.atomic_rmw andi %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %13 = memref.atomic_rmw maxnumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %14 = memref.atomic_rmw minnumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %15 = memref.atomic_rmw assign %y, %n[%i] : (i32, memref<10xi32>) -> i32
  return
}
