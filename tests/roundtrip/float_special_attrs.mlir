// Float attributes whose values print in hex (NaN, infinities) or as
// special decimals, in every attribute context: arrays (where an f64's type
// is elided only for a decimal value), dictionaries, dense elements, dense
// arrays, constants and globals, for every float type.
memref.global "private" constant @g : memref<2xf32> = dense<[0x7FC00000, 0xFF800000]>
func.func @f() {
  "test.op"() {
    arr = [0x7FF0000000000000 : f64, 0xFFF0000000000000 : f64, 0x7FF8000000000000 : f64, -0.000000e+00 : f64, 1.000000e+00 : f64, 4.940660e-324 : f64, 0x7C00 : f16, 0xFC00 : f16, 0x7F80 : bf16, 0x7F800000 : f32, 0xFFC00000 : f32, 0x7F : f8E4M3FN, 0x7C : f8E5M2, 2.500000e-01 : f16],
    nested = [[0x7FF0000000000000 : f64], {x = 0xFFF0000000000000 : f64}],
    one = 0x7FF0000000000000 : f64,
    d16 = dense<[0x7C00, 1.000000e+00, 0xFE00]> : tensor<3xf16>,
    dsplat = dense<0xFFF0000000000000> : tensor<4xf64>,
    darr64 = array<f64: 0x7FF0000000000000, -0.000000e+00, 2.000000e+00>,
    darr32 = array<f32: 0x7FC00000, 1.500000e+00>
  } : () -> ()
  %0 = arith.constant 0x7FF0000000000000 : f64
  %1 = arith.constant 0xFF800000 : f32
  %2 = arith.constant 0x7E00 : f16
  %3 = arith.constant 0x7FC0 : bf16
  %4 = arith.constant dense<0x7F800000> : vector<4xf32>
  %5 = arith.constant -0.000000e+00 : f64
  return
}
