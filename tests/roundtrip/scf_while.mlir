// scf.while: loop-carried values, different before/after types, empty inits, attributes.
func.func @whiles(%n: i32, %f: f32, %c: i1) -> i32 {
  %0 = scf.while (%x = %n) : (i32) -> i32 {
    %zero = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %x, %zero : i32
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%y: i32):
    %one = arith.constant 1 : i32
    %z = arith.subi %y, %one : i32
    scf.yield %z : i32
  }
  %1:2 = scf.while (%a = %n, %b = %f) : (i32, f32) -> (f32, i32) {
    scf.condition(%c) %b, %a : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    scf.yield %q, %p : i32, f32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  scf.while (%x = %n) : (i32) -> () {
    scf.condition(%c)
  } do {
    scf.yield %n : i32
  } attributes {tag = "w"}
  return %0 : i32
}
