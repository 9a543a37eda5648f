// Generic forms with explicit fast-math properties.
func.func @generic(%x: f32, %n: i32) {
  %0 = "math.sqrt"(%x) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %1 = "math.exp"(%x) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
  %2 = "math.fpowi"(%x, %n) <{fastmath = #arith.fastmath<reassoc>}> : (f32, i32) -> f32
  %3 = "math.absi"(%n) : (i32) -> i32
  %4 = math.sin %x {tag = 1 : i32} : f32
  return
}
