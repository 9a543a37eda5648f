// Float binary and unary ops with every fast-math spelling.
func.func @float_binary(%x: f32, %y: f32, %h: f16, %g: bf16, %d: f64) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y fastmath<fast> : f32
  %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.divf %x, %y fastmath<reassoc,nsz,arcp,contract,afn> : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y fastmath<nnan> : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.negf %x fastmath<fast> : f32
  %11 = arith.addf %h, %h : f16
  %12 = arith.mulf %g, %g : bf16
  %13 = arith.divf %d, %d fastmath<contract> : f64
  %14 = arith.addf %x, %y fastmath<none> : f32
  return %0 : f32
}
