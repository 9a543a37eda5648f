// Definitions with bodies, argument and result attributes, and attributes.
func.func @empty() {
  return
}
func.func @id(%a: i32 {test.x, test.y = 1 : i64}, %b: f32) -> (i32 {test.align = 4 : i64}) attributes {z} {
  return %a : i32
}
func.func @multi(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}
func.func private @priv(%a: index) -> index {
  return %a : index
}
func.func @fnresult() -> ((i32) -> i32) {
  %f = func.constant @priv2 : (i32) -> i32
  return %f : (i32) -> i32
}
func.func private @priv2(i32) -> i32
