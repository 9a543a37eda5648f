// unrealized_conversion_cast with zero, one and many operands and results.
func.func @casts(%a: i32, %b: f32) {
  %0 = builtin.unrealized_conversion_cast to i64
  %1 = builtin.unrealized_conversion_cast %a : i32 to index
  %2:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64, i8
  %3 = builtin.unrealized_conversion_cast %1 : index to i32
  %4 = builtin.unrealized_conversion_cast %a : i32 to !llvm.ptr {tag}
  return
}
