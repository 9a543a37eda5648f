// Direct calls, indirect calls and function constants.
func.func private @callee(i32, f32) -> (i32, f32)
func.func private @noresult(i32)
func.func private @none()
func.func @caller(%a: i32, %b: f32) -> i32 {
  %0:2 = func.call @callee(%a, %b) : (i32, f32) -> (i32, f32)
  func.call @noresult(%a) : (i32) -> ()
  call @none() : () -> ()
  %f = func.constant @callee : (i32, f32) -> (i32, f32)
  %1:2 = func.call_indirect %f(%a, %b) : (i32, f32) -> (i32, f32)
  %g = constant @noresult : (i32) -> ()
  call_indirect %g(%a) : (i32) -> ()
  %2 = func.call @callee2(%a) {tag} : (i32) -> i32
  return %0#0 : i32
}
func.func private @callee2(i32) -> i32
