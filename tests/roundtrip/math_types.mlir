// Math on every common float type.
func.func @types(%h: f16, %b: bf16, %f: f32, %d: f64) {
  %0 = math.sin %h : f16
  %1 = math.cos %b : bf16
  %2 = math.tan %f : f32
  %3 = math.erf %d : f64
  %4 = math.floor %h fastmath<fast> : f16
  %5 = math.rsqrt %b : bf16
  return
}
