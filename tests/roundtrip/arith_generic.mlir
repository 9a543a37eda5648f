// Generic forms, with properties spelled out, round-trip to the same IR.
func.func @generic(%a: i32, %x: f32) {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
  %1 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
  %2 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i1
  %3 = "arith.cmpf"(%x, %x) <{fastmath = #arith.fastmath<fast>, predicate = 4 : i64}> : (f32, f32) -> i1
  %4 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  %5 = "arith.truncf"(%x) <{roundingmode = 3 : i32}> : (f32) -> f16
  %6 = "arith.muli"(%a, %a) <{overflowFlags = #arith.overflow<none>}> {other = #arith.fastmath<fast>} : (i32, i32) -> i32
  return
}
