// Binary and ternary float math ops, and fpowi.
func.func @binary(%x: f64, %y: f64, %z: f64, %n: i32, %m: i64) {
  %0 = math.atan2 %x, %y : f64
  %1 = math.copysign %x, %y : f64
  %2 = math.powf %x, %y : f64
  %3 = math.fma %x, %y, %z : f64
  %4 = math.fpowi %x, %n : f64, i32
  %5 = math.fpowi %x, %m fastmath<fast> : f64, i64
  return
}
