// Module attributes of many kinds.
module attributes {test.arr = [1, 2], test.dict = {a = 1 : i32}, test.ty = i32, test.f = 1.5 : f32, test.sym = @s} {
}
