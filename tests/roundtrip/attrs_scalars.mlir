// Scalar attributes: integers (typed, default i64, wide, negative, hex), bools, floats incl. hex and special values, strings with escapes, unit.
"test.op"() {i = 42, i32v = -7 : i32, ui = 255 : ui8, si = -1 : si16, wide = 170141183460469231731687303715884105727 : i128, hex = 0x1F : i32,
  idx = 5 : index, t = true, f = false, b1 = 1 : i1,
  f64v = 1.5, f32v = -0.125 : f32, f16v = 6.550400e+04 : f16, bf = 2.5 : bf16, exp = 1.0e-10 : f64,
  nan = 0x7FC00000 : f32, inf = 0x7FF0000000000000 : f64, ninf = 0xFC00 : f16,
  s = "hello", esc = "q\"uote\\back\nnl\tt\00\FF", ts = "typed" : i32, u} : () -> ()
