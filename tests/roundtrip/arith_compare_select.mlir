// Every cmpi and cmpf predicate, and select on scalars and vectors.
func.func @compare(%a: i32, %b: i32, %x: f32, %y: f32, %va: vector<4xi32>, %vx: vector<4xf32>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpf false, %x, %y : f32
  %11 = arith.cmpf oeq, %x, %y : f32
  %12 = arith.cmpf ogt, %x, %y : f32
  %13 = arith.cmpf oge, %x, %y : f32
  %14 = arith.cmpf olt, %x, %y : f32
  %15 = arith.cmpf ole, %x, %y : f32
  %16 = arith.cmpf one, %x, %y : f32
  %17 = arith.cmpf ord, %x, %y : f32
  %18 = arith.cmpf ueq, %x, %y : f32
  %19 = arith.cmpf ugt, %x, %y : f32
  %20 = arith.cmpf uge, %x, %y : f32
  %21 = arith.cmpf ult, %x, %y : f32
  %22 = arith.cmpf ule, %x, %y : f32
  %23 = arith.cmpf une, %x, %y : f32
  %24 = arith.cmpf uno, %x, %y : f32
  %25 = arith.cmpf true, %x, %y fastmath<fast> : f32
  %26 = arith.cmpi slt, %va, %va : vector<4xi32>
  %27 = arith.cmpf olt, %vx, %vx fastmath<nnan> : vector<4xf32>
  %28 = arith.select %0, %a, %b : i32
  %29 = arith.select %26, %va, %va : vector<4xi1>, vector<4xi32>
  %30 = arith.select %0, %vx, %vx : vector<4xf32>
  %31 = arith.select %0, %x, %y {tag} : f32
  return
}
