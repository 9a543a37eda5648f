// Every cast, including truncf's rounding modes and fast-math on extf/truncf.
func.func @casts(%a: i32, %x: f32, %i: index, %h: f16, %v: vector<4xi32>, %m: memref<4xi32>) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %a : i32 to i8
  %3 = arith.extf %x : f32 to f64
  %4 = arith.extf %h fastmath<fast> : f16 to f32
  %5 = arith.truncf %x : f32 to f16
  %6 = arith.truncf %x to_nearest_even : f32 to f16
  %7 = arith.truncf %x downward fastmath<nnan> : f32 to bf16
  %8 = arith.truncf %x upward : f32 to f16
  %9 = arith.truncf %x toward_zero : f32 to f16
  %10 = arith.truncf %x to_nearest_away : f32 to f16
  %11 = arith.sitofp %a : i32 to f32
  %12 = arith.uitofp %a : i32 to f64
  %13 = arith.fptosi %x : f32 to i32
  %14 = arith.fptoui %x : f32 to i16
  %15 = arith.index_cast %a : i32 to index
  %16 = arith.index_cast %i : index to i64
  %17 = arith.index_castui %i : index to i32
  %18 = arith.bitcast %a : i32 to f32
  %19 = arith.bitcast %x : f32 to i32
  %20 = arith.extsi %v : vector<4xi32> to vector<4xi64>
  %21 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %22 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  %23 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
  return
}
