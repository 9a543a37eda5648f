// Barriers, shuffles in every mode, all_reduce with an op or a body, and
// subgroup_reduce.
gpu.module @sync {
  gpu.func @sync(%v: f32, %i: i32, %d: f64, %l: i64) kernel {
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    gpu.barrier
    %r0, %p0 = gpu.shuffle xor %v, %c1, %c32 : f32
    %r1, %p1 = gpu.shuffle up %i, %c1, %c32 : i32
    %r2, %p2 = gpu.shuffle down %d, %c1, %c32 : f64
    %r3, %p3 = gpu.shuffle idx %l, %c1, %c32 : i64
    %a0 = gpu.all_reduce add %v uniform {} : (f32) -> f32
    %a1 = gpu.all_reduce maxnumf %v {} : (f32) -> f32
    %a2 = gpu.all_reduce and %i {} : (i32) -> i32
    %a3 = gpu.all_reduce %v {
    ^bb0(%x: f32, %y: f32):
      %z = arith.mulf %x, %y : f32
      gpu.yield %z : f32
    } : (f32) -> f32
    %s0 = gpu.subgroup_reduce add %v : (f32) -> f32
    %s1 = gpu.subgroup_reduce minsi %i uniform : (i32) -> i32
    %s2 = gpu.subgroup_reduce maximumf %d : (f64) -> f64
    %s3 = gpu.subgroup_reduce xor %l : (i64) -> i64
    gpu.barrier {foo}
    gpu.return
  }
}
