// Fast-math flags on math ops.
func.func @fastmath(%x: f32, %y: f32, %z: f32) {
  %0 = math.sqrt %x fastmath<fast> : f32
  %1 = math.exp %x fastmath<nnan,ninf> : f32
  %2 = math.powf %x, %y fastmath<afn> : f32
  %3 = math.fma %x, %y, %z fastmath<contract> : f32
  %4 = math.atan2 %x, %y fastmath<nsz> : f32
  %5 = math.copysign %x, %y fastmath<fast> : f32
  %6 = math.absf %x fastmath<none> : f32
  return
}
