// Constants of every kind: integers, index, booleans, floats, dense vectors and tensors.
func.func @constants() {
  %c0 = arith.constant 0 : index
  %c42 = arith.constant 42 : i32
  %cm1 = arith.constant -1 : i64
  %t = arith.constant true
  %f = arith.constant false
  %c8 = arith.constant 255 : i8
  %big = arith.constant 170141183460469231731687303715884105727 : i128
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant -2.5 : f64
  %f3 = arith.constant 0.1 : f16
  %f4 = arith.constant 3.0e+38 : bf16
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.constant dense<0.0> : vector<4xf32>
  %tt = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %bv = arith.constant dense<[true, false]> : vector<2xi1>
  %iv = arith.constant dense<7> : vector<2x3xindex>
  return
}
