// scf.forall (tensor ops in generic form): `in` and explicit-bound forms, static/dynamic bounds, shared_outs, mapping.
func.func @forall(%n: index, %m: index, %t: tensor<8xf32>, %buf: memref<?xf32>, %v: f32) -> tensor<8xf32> {
  scf.forall (%i) in (%n) {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.forall (%i, %j) in (4, %m) {
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) = (2) to (%n) step (3) {
  }
  scf.forall (%i, %j) = (%m, 0) to (64, %n) step (%m, 8) {
  } {mapping = [#gpu.block<x>, #gpu.block<y>]}
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %s = "tensor.extract_slice"(%o, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index) -> tensor<1xf32>
    scf.forall.in_parallel {
      "tensor.parallel_insert_slice"(%s, %o, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<1xf32>, tensor<8xf32>, index) -> ()
    }
  }
  %r2:2 = scf.forall (%i, %j) in (2, 4) shared_outs(%o1 = %t, %o2 = %r) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
  return %r2#1 : tensor<8xf32>
}
