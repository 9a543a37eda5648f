// Arith on vectors (fixed and scalable) and tensors.
func.func @shaped(%v: vector<4xi32>, %s: vector<[4]xf32>, %t: tensor<2x?xi64>, %u: tensor<*xf32>, %w: vector<2x3xf16>) {
  %0 = arith.addi %v, %v overflow<nsw> : vector<4xi32>
  %1 = arith.mulf %s, %s fastmath<fast> : vector<[4]xf32>
  %2 = arith.divsi %t, %t : tensor<2x?xi64>
  %3 = arith.negf %u : tensor<*xf32>
  %4 = arith.maximumf %w, %w : vector<2x3xf16>
  %5 = arith.cmpi sge, %t, %t : tensor<2x?xi64>
  %6 = arith.select %5, %t, %t : tensor<2x?xi1>, tensor<2x?xi64>
  %7 = arith.extf %w : vector<2x3xf16> to vector<2x3xf32>
  %8 = arith.trunci %t : tensor<2x?xi64> to tensor<2x?xi16>
  %9 = arith.cmpf oeq, %u, %u : tensor<*xf32>
  return
}
