// Vector ops in generic form with their properties spelled out
// (defaults included), and the dialect attributes.
"func.func"() <{function_type = (vector<4xf32>, vector<4x8xf32>, memref<8x8xf32>, index, f32) -> (), sym_name = "g"}> ({
^bb0(%v: vector<4xf32>, %a: vector<4x8xf32>, %m: memref<8x8xf32>, %i: index, %s: f32):
  %0 = "vector.reduction"(%v) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<minimumf>}> : (vector<4xf32>) -> f32
  %1 = "vector.transfer_read"(%m, %i, %i, %s) <{in_bounds = [true, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1, d0)>}> : (memref<8x8xf32>, index, index, f32) -> vector<4x2xf32>
  %2 = "vector.extract"(%a, %i) <{static_position = array<i64: -9223372036854775808>}> : (vector<4x8xf32>, index) -> vector<8xf32>
  %3 = "vector.load"(%m, %i, %i) <{nontemporal = true}> : (memref<8x8xf32>, index, index) -> vector<4xf32>
  "vector.print"() <{punctuation = #vector.punctuation<open>}> : () -> ()
  "vector.print"(%v) <{punctuation = #vector.punctuation<close>}> : (vector<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()
