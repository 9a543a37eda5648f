// Math on tensors.
func.func @tensor(%t: tensor<4x?xf32>, %u: tensor<*xf64>, %i: tensor<8xi16>) {
  %0 = math.sqrt %t : tensor<4x?xf32>
  %1 = math.log %u fastmath<nnan> : tensor<*xf64>
  %2 = math.ctlz %i : tensor<8xi16>
  %3 = math.powf %t, %t : tensor<4x?xf32>
  return
}
