// memref.generic_atomic_rmw with atomic_yield, and alloca_scope with and without results.
func.func @generic_atomic(%m: memref<10xf32>, %n: memref<4x4xi32>, %v: f32, %i: index) -> f32 {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %x = arith.addf %cur, %v : f32
    memref.atomic_yield %x : f32
  }
  %1 = memref.generic_atomic_rmw %n[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %cur, %c1 : i32
    memref.atomic_yield %x : i32
  }
  return %0 : f32
}

func.func @scopes(%v: f32, %d: index) -> f32 {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  }
  %0 = memref.alloca_scope -> (f32) {
    %a = memref.alloca(%d) : memref<?xf32>
    memref.alloca_scope.return %v : f32
  }
  %1:2 = memref.alloca_scope -> (f32, index) {
    memref.alloca_scope.return %v, %d : f32, index
  }
  memref.alloca_scope {
    memref.alloca_scope.return
  } {tag = "explicit"}
  return %0 : f32
}
