// Container attributes: arrays, dense arrays, dictionaries, symbol references, type attributes.
"test.op"() {a = [1, "x", [2.0, unit], {k = 3}], e = [], da = array<i64: 1, -2, 3>, d32 = array<i32: 7>, dempty = array<i32>,
  db = array<i1: true, false>, df = array<f32: 1.0, 2.5>, d16 = array<i16: 1, 2>, d8 = array<i8: 3>, dd = array<f64: -1.0>,
  dict = {b = 1 : i32, a = "s", "quoted key" = unit}, edict = {}, sym = @foo, nested = @foo::@bar::@baz, qsym = @"with space",
  ty = i32, ty2 = memref<4xf32>, ty3 = !llvm.ptr, fty = (i32) -> i64} : () -> ()
