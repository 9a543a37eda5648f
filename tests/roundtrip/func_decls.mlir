// Declarations: visibility, argument and result attributes, attribute dictionaries.
func.func private @d0()
func.func private @d1(i32) -> i32
func.func private @d2(i32, f32) -> (i32, f32)
func.func private @d3(memref<4xf32> {llvm.noalias}, f32 {test.attr = 1 : i64}) -> (i32 {test.r})
func.func nested @d4() -> i32 attributes {a, b = 2 : i32}
func.func private @d5() -> ((i32) -> i32)
func.func private @d6(i32) -> () attributes {llvm.emit_c_interface}
